"""logic/syllogisms: which categorical conclusions follow from a chain of categorical premises?

Statements are the four classical forms: all X are Y, no X are Y, some X are Y, some X are not Y, read
in the modern way (no existential import: "all X are Y" does not say that any X exists). Validity is
decided exactly over the Venn regions of the terms: a region is a set of terms an individual belongs to
(``2 ** n`` of them, as bits of an integer, see truth_tables). Universal statements empty regions,
existential ones need some region of theirs non-empty. Premises plus the negation of a conclusion
are consistent exactly when every existential statement keeps a region that no universal one
empties, so the conclusion follows exactly when that fails. Premises are drawn among the statements
true in a random world, so they are always consistent.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import read_index_set
from rlve_plugin_logic.truth_tables import all_true, variable_table

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


def region(statement: Statement, terms: int) -> tuple[bool, int]:
    """(universal?, regions): the regions a universal statement empties or an existential one needs."""
    form, x, y = statement
    tx, ty = variable_table(x, terms), variable_table(y, terms)
    full = all_true(terms)
    if form in ("all", "some_not"):
        return FORMS[form][2], tx & (full ^ ty)
    return FORMS[form][2], tx & ty


def negation(statement: Statement) -> Statement:
    return [FORMS[statement[0]][1], statement[1], statement[2]]


class Premises:
    """The premises, digested once: what the universal ones empty and what each existential one needs."""

    def __init__(self, premises: list[Statement], terms: int):
        self.terms = terms
        self.emptied = 0
        self.needs: list[int] = []
        for statement in premises:
            universal, regions = region(statement, terms)
            if universal:
                self.emptied |= regions
            else:
                self.needs.append(regions)

    def entail(self, conclusion: Statement) -> bool:
        """Whether the premises plus the negation of ``conclusion`` are inconsistent."""
        universal, regions = region(negation(conclusion), self.terms)
        if universal:
            emptied = self.emptied | regions
            return not all(needed & ~emptied for needed in self.needs)
        return not regions & ~self.emptied


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


def true_in(statement: Statement, people: list[int]) -> bool:
    form, x, y = statement
    xs = [p for p in people if p >> x & 1]
    if form == "all":
        return bool(xs) and all(p >> y & 1 for p in xs)  # never vacuous: the world has some x
    if form == "no":
        return bool(xs) and not any(p >> y & 1 for p in xs)
    if form == "some":
        return any(p >> y & 1 for p in xs)
    return any(not p >> y & 1 for p in xs)


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
    true_statements = [
        [f, a, b] for a in range(terms) for b in range(terms) if a != b for f in forms if true_in([f, a, b], people)
    ]
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
