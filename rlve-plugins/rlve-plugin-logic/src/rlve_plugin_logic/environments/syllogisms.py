"""logic/syllogisms: which categorical conclusions follow from a chain of categorical premises?

Statements are the four classical forms: all X are Y, no X are Y, some X are Y, some X are not Y, read
in the modern way (no existential import: "all X are Y" does not say that any X exists). Validity is
decided exactly over the Venn regions of the terms: a region is a set of terms an individual belongs to.
Universal statements empty regions, existential ones need some region of theirs non-empty. Premises
plus the negation of a conclusion are consistent exactly when every existential statement keeps a
region that no universal one empties, so the conclusion follows exactly when that fails. Premises are
drawn among the statements true in a random world, so they are always consistent.

The regions are not enumerated (there are ``2 ** n``): a universal statement forbids the regions that
break a Horn clause (all X are Y: X implies Y; no X are Y: not both), so an existential statement keeps
a region exactly when the least region containing its terms, closed under the "all" implications,
breaks no "no" clause and (for some X are not Y) leaves Y out. That is exact and takes microseconds.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import read_index_set

TERMS = (
    "artists", "bakers", "chemists", "dancers", "engineers", "farmers", "gardeners", "hikers", "inventors",
    "jugglers", "knitters", "lawyers", "musicians", "novelists", "painters", "poets", "runners", "sailors",
    "tailors", "violinists",
)  # fmt: skip
MAX_TERMS = len(TERMS)

# form: (text, negation, universal?)
FORMS = {
    "all": ("All {0} are {1}.", "some_not", True),
    "no": ("No {0} are {1}.", "some", True),
    "some": ("Some {0} are {1}.", "no", False),
    "some_not": ("Some {0} are not {1}.", "all", False),
}

Statement = list[Any]  # [form, subject term, predicate term]


def plan(difficulty: int) -> tuple[int, int, int]:
    """(terms, premises, candidate conclusions)."""
    lvl = level(difficulty)
    premises = 2 + slow(lvl, 1, 2, knee=30)
    terms = min(MAX_TERMS, 3 + slow(lvl, 2, 20, knee=30))
    # every ordered pair of terms has at least two true forms, so this many premises always exist
    return terms, min(premises, 2 * terms * (terms - 1)), 4 + min(4, lvl // 8)


def negation(statement: Statement) -> Statement:
    return [FORMS[statement[0]][1], statement[1], statement[2]]


class Premises:
    """The premises, digested once: the universal ones as Horn clauses, the existential ones as needs."""

    def __init__(self, premises: list[Statement], terms: int):
        self.terms = terms
        self.implied = [0] * terms  # implied[x]: bit set of the terms every x is (from "all x are y")
        self.disjoint = [0] * terms  # disjoint[x]: bit set of the terms no x is (from "no x are y", both ways)
        self.needs: list[Statement] = []
        for statement in premises:
            if FORMS[statement[0]][2]:
                self.add_universal(self.implied, self.disjoint, statement)
            else:
                self.needs.append(statement)

    @staticmethod
    def add_universal(implied: list[int], disjoint: list[int], statement: Statement) -> None:
        form, x, y = statement
        if form == "all":
            implied[x] |= 1 << y
        else:
            disjoint[x] |= 1 << y
            disjoint[y] |= 1 << x

    @staticmethod
    def kept(implied: list[int], disjoint: list[int], need: Statement) -> bool:
        """Whether some region the universal statements leave non-empty satisfies the existential ``need``."""
        form, x, y = need
        members = 1 << x | (1 << y if form == "some" else 0)
        frontier = members
        while frontier:  # the least region holding the need's terms: close under "all" implications
            low = frontier & -frontier
            frontier ^= low
            more = implied[low.bit_length() - 1] & ~members
            members |= more
            frontier |= more
        if form == "some_not" and members >> y & 1:
            return False
        rest = members
        while rest:
            low = rest & -rest
            rest ^= low
            if disjoint[low.bit_length() - 1] & members:
                return False
        return True

    def entail(self, conclusion: Statement) -> bool:
        """Whether the premises plus the negation of ``conclusion`` are inconsistent."""
        denial = negation(conclusion)
        if FORMS[denial[0]][2]:
            implied, disjoint = list(self.implied), list(self.disjoint)
            self.add_universal(implied, disjoint, denial)
            return not all(self.kept(implied, disjoint, need) for need in self.needs)
        return not self.kept(self.implied, self.disjoint, denial)


def sentence(statement: Statement) -> str:
    form, x, y = statement
    return FORMS[form][0].format(TERMS[x], TERMS[y])


def random_world(terms: int, rng: random.Random) -> list[int]:
    """Individuals (each a bit set of the terms it belongs to) from a random taxonomy of the terms.

    Every term but the first may get a parent among the earlier ones; an individual takes a random term
    and all its ancestors, and now and then one unrelated term more. Premises true in such a world are
    consistent and read naturally: chains of "all", disjoint branches, overlaps.
    """
    parent = [-1] + [rng.randrange(t) if rng.random() < 0.7 else -1 for t in range(1, terms)]
    people = []
    for _ in range(3 * terms):
        t = rng.randrange(terms)
        member = 0
        while t >= 0:
            member |= 1 << t
            t = parent[t]
        if rng.random() < 0.3:
            member |= 1 << rng.randrange(terms)
        people.append(member)
    return people


def true_statements_of(terms: int, people: list[int]) -> list[Statement]:
    """Every statement true in the world, pairs in order, forms in FORMS order, decided from how many people
    are x and how many are both x and y. "All" and "no" are never vacuous: the world must have some x."""
    of_term = [sum(1 << i for i, p in enumerate(people) if p >> t & 1) for t in range(terms)]
    out = []
    for a in range(terms):
        xs = of_term[a].bit_count()
        for b in range(terms):
            if a == b:
                continue
            both = (of_term[a] & of_term[b]).bit_count()
            truth = {"all": xs > 0 and both == xs, "no": xs > 0 and both == 0, "some": both > 0, "some_not": xs > both}
            out.extend([f, a, b] for f in FORMS if truth[f])
    return out


def make_problem(
    terms: int, premise_count: int, candidates: int, rng: random.Random
) -> tuple[list[Statement], list[Statement], list[int]]:
    """Premises true in a random world, candidate conclusions, and the numbers of those that follow.

    A candidate follows from the premises, not from the world: one that is true in the world but not
    forced by the premises is a distractor, and so is one the world makes false.
    """
    people = random_world(terms, rng)
    weights = {"all": 5, "no": 2, "some": 2, "some_not": 1}
    forms = list(weights)
    true_statements = true_statements_of(terms, people)
    rng.shuffle(true_statements)
    premises: list[Statement] = []
    # draw by form weight, without repeats, until the count is reached (every pair has two true forms,
    # so there are always at least 2 * terms * (terms - 1) candidates, more than the premises needed)
    pool = list(true_statements)
    while len(premises) < premise_count:
        statement = rng.choices(pool, [weights[s[0]] for s in pool])[0]
        pool.remove(statement)
        premises.append(statement)
    digest = Premises(premises, terms)
    wanted = rng.randint(0, candidates)
    valid: list[Statement] = []
    invalid: list[Statement] = []
    for _try in range(600):
        if len(valid) >= wanted and len(invalid) >= candidates - wanted:
            break
        a, b = rng.sample(range(terms), 2)
        statement = [rng.choice(forms), a, b]
        if statement in premises or statement in valid or statement in invalid:
            continue
        (valid if digest.entail(statement) else invalid).append(statement)
    take_valid = min(len(valid), wanted)
    take_invalid = min(len(invalid), candidates - take_valid)
    take_valid = min(len(valid), candidates - take_invalid)
    chosen = [(s, True) for s in valid[:take_valid]] + [(s, False) for s in invalid[:take_invalid]]
    rng.shuffle(chosen)
    return premises, [s for s, _ in chosen], [i + 1 for i, (_, ok) in enumerate(chosen) if ok]


class Syllogisms(Environment):
    id = "logic/syllogisms"
    version = 1
    description = (
        "Decide which categorical conclusions (all / no / some / some ... not) follow from the premises, in the "
        "modern reading (no existential import)."
    )
    difficulty_scales = (
        "premises 2 + L to level 30, then one more per two levels; terms 3 + L/2 (at most 20); "
        "candidate conclusions 4 + L/8 (at most 8)"
    )
    size_name = "premises"
    answer_format = (
        "the numbers of every conclusion that follows, separated by spaces (for example 2 3), or none if none "
        "of them follows"
    )
    tags = ("logic", "syllogism", "entailment", "deduction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        terms, premise_count, candidates = plan(difficulty)
        premises, conclusions, valid = make_problem(terms, premise_count, candidates, rng)
        prompt = (
            "Assume the following statements are true.\n\n"
            + "\n".join(f"P{i + 1}. {sentence(p)}" for i, p in enumerate(premises))
            + '\n\nRead every statement in the modern way: "All X are Y" and "No X are Y" do not claim that '
            'any X exist, while "Some X are Y" and "Some X are not Y" claim that at least one such X exists. '
            "A conclusion follows when it must be true whenever all the statements above are true. Which of "
            "these conclusions follow?\n\n" + "\n".join(f"{i + 1}. {sentence(c)}" for i, c in enumerate(conclusions))
        )
        answer = " ".join(map(str, valid)) if valid else "none"
        data = {"terms": terms, "premises": premises, "conclusions": conclusions, "valid": valid}
        return Instance(prompt=prompt, answer=answer, data=data, size=len(premises))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        chosen = read_index_set(answer, len(data["conclusions"]))
        valid = set(data["valid"])
        extra, missing = sorted(chosen - valid), sorted(valid - chosen)
        if extra:
            return Verdict.wrong(f"conclusion {extra[0]} does not follow")
        if missing:
            return Verdict.wrong(f"conclusion {missing[0]} also follows")
        return Verdict.right()
