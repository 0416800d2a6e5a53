"""logic/kinship_relations: a family described by sentences about marriages and children; name how one person
is related to another, from a vocabulary whose every term is defined in the prompt.

The generator grows a family from one couple: children are born to couples and some children marry people
from outside the family. The question pair is drawn among the related pairs, a kind of relation first (so the
distant kinds, cousins, in-laws and great-grandparents, come up as often as parents). The checker computes
every term of the vocabulary that holds and accepts any of them.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import FIRST_NAMES

#: The most people, reached at absurd levels only.
MAX_PEOPLE = 80
_FEMALE = {
    "Alice", "Carol", "Erin", "Grace", "Heidi", "Judy", "Laura", "Mallory", "Nina", "Peggy", "Sybil", "Ursula",
    "Wendy", "Yvonne", "Amelia", "Chloe", "Elena", "Flora", "Gina", "Iris", "Kira", "Mona", "Olga", "Rosa", "Tara",
    "Vera", "Ximena", "Zora", "Bianca", "Daphne", "Hanna",
}  # fmt: skip
WOMEN = tuple(name for name in FIRST_NAMES if name in _FEMALE)
MEN = tuple(name for name in FIRST_NAMES if name not in _FEMALE)

#: (male term, female term, definition of "X is Y's <term>"); a kind with one term uses it for both.
KINDS = (
    ("father", "mother", "X is a parent of Y"),
    ("son", "daughter", "Y is a parent of X"),
    ("brother", "sister", "X and Y are different people with the same two parents"),
    ("husband", "wife", "X and Y are married to each other"),
    ("grandfather", "grandmother", "X is a parent of a parent of Y"),
    ("grandson", "granddaughter", "Y is a parent of a parent of X"),
    ("great-grandfather", "great-grandmother", "X is a parent of a parent of a parent of Y"),
    ("great-grandson", "great-granddaughter", "Y is a parent of a parent of a parent of X"),
    ("uncle", "aunt", "X is a brother or sister of a parent of Y"),
    ("nephew", "niece", "X is a child of a brother or sister of Y"),
    ("first cousin", "first cousin", "a parent of X and a parent of Y are brothers or sisters"),
    ("father-in-law", "mother-in-law", "X is a parent of Y's husband or wife"),
    ("son-in-law", "daughter-in-law", "X is the husband or wife of a child of Y"),
    ("brother-in-law", "sister-in-law", "X is a brother or sister of Y's husband or wife, or the husband or wife "
     "of a brother or sister of Y"),
)  # fmt: skip
TERMS = {term for male, female, _ in KINDS for term in (male, female)}


def people_count(difficulty: int) -> int:
    """5 + L people up to level 30 (one more per level), then one more per four levels, at most ``MAX_PEOPLE``."""
    return min(MAX_PEOPLE, 5 + slow(level(difficulty), 1, 4, knee=30))


class Family:
    """People 0..n-1 with a sex (True for women), their parents (a married couple) and spouses."""

    def __init__(self) -> None:
        self.female: list[bool] = []
        self.parents: list[tuple[int, int] | None] = []
        self.spouse: list[int | None] = []
        self.generation: list[int] = []

    def add(self, female: bool, parents: tuple[int, int] | None, generation: int) -> int:
        self.female.append(female)
        self.parents.append(parents)
        self.spouse.append(None)
        self.generation.append(generation)
        return len(self.female) - 1

    def marry(self, a: int, b: int) -> None:
        self.spouse[a], self.spouse[b] = b, a

    # -- the relations, each "x is y's ..." ----------------------------------------------------------------

    def parents_of(self, y: int) -> tuple[int, ...]:
        return self.parents[y] or ()

    def siblings(self, x: int, y: int) -> bool:
        return x != y and self.parents[x] is not None and self.parents[x] == self.parents[y]

    def ancestor(self, x: int, y: int, steps: int) -> bool:
        """x is a parent of a parent ... (``steps`` times) of y."""
        if steps == 0:
            return x == y
        return any(self.ancestor(x, p, steps - 1) for p in self.parents_of(y))

    def kinds(self, x: int, y: int) -> list[int]:
        """The indices in ``KINDS`` of every relation x has to y."""
        sp_x, sp_y = self.spouse[x], self.spouse[y]
        holds = [
            self.ancestor(x, y, 1),
            self.ancestor(y, x, 1),
            self.siblings(x, y),
            sp_x == y,
            self.ancestor(x, y, 2),
            self.ancestor(y, x, 2),
            self.ancestor(x, y, 3),
            self.ancestor(y, x, 3),
            any(self.siblings(x, p) for p in self.parents_of(y)),
            any(self.siblings(y, p) for p in self.parents_of(x)),
            any(self.siblings(p, q) for p in self.parents_of(x) for q in self.parents_of(y)),
            sp_y is not None and self.ancestor(x, sp_y, 1),
            sp_x is not None and self.ancestor(y, sp_x, 1),
            (sp_y is not None and self.siblings(x, sp_y)) or (sp_x is not None and self.siblings(sp_x, y)),
        ]
        return [k for k, h in enumerate(holds) if h]

    def terms(self, x: int, y: int) -> set[str]:
        return {KINDS[k][1] if self.female[x] else KINDS[k][0] for k in self.kinds(x, y)}


def grow_family(n: int, rng: random.Random) -> Family:
    """A family of ``n`` people from one couple: children of couples, and spouses from outside for some."""
    family = Family()
    a, b = family.add(False, None, 0), family.add(True, None, 0)
    family.marry(a, b)
    couples = [(a, b)]
    while len(family.female) < n:
        singles = [p for p in range(len(family.female)) if family.spouse[p] is None and family.parents[p]]
        if singles and len(family.female) < n - 1 and rng.random() < 0.4:
            person = rng.choice(singles)
            partner = family.add(not family.female[person], None, family.generation[person])
            family.marry(person, partner)
            couples.append((person, partner) if not family.female[person] else (partner, person))
        else:
            father, mother = rng.choice(couples)
            family.add(rng.random() < 0.5, (father, mother), family.generation[father] + 1)
    return family


def pick_question(family: Family, rng: random.Random) -> tuple[int, int]:
    """A related pair (x, y): a kind of relation drawn among those present, then a pair of that kind.

    The pairs of each kind are built from the family's links (linear in its size), not by testing all pairs.
    """
    n = len(family.female)
    children: list[list[int]] = [[] for _ in range(n)]
    for child, parents in enumerate(family.parents):
        for parent in parents or ():
            children[parent].append(child)
    sibs = [[s for p in family.parents_of(x)[:1] for s in children[p] if s != x] for x in range(n)]
    up1 = [(p, y) for y in range(n) for p in family.parents_of(y)]
    up2 = [(g, y) for p, y in up1 for g in family.parents_of(p)]
    up3 = [(g, y) for p, y in up2 for g in family.parents_of(p)]
    uncles = [(s, y) for p, y in up1 for s in sibs[p]]
    cousins = [(x, y) for s, y in uncles for x in children[s]]
    married = [(x, s) for x, s in enumerate(family.spouse) if s is not None]
    in_laws = [(p, y) for y, s in married for p in family.parents_of(s)]
    sibling_in_laws = [(x, y) for y, s in married for x in sibs[s]]
    sibling_in_laws += [(family.spouse[b], y) for y in range(n) for b in sibs[y] if family.spouse[b] is not None]
    pairs = [
        up1,
        [(y, x) for x, y in up1],
        [(x, y) for y in range(n) for x in sibs[y]],
        married,
        up2,
        [(y, x) for x, y in up2],
        up3,
        [(y, x) for x, y in up3],
        uncles,
        [(y, x) for x, y in uncles],
        cousins,
        in_laws,
        [(y, x) for x, y in in_laws],
        sibling_in_laws,
    ]
    kind = rng.choice([k for k, found in enumerate(pairs) if found])
    return rng.choice(sorted(set(pairs[kind])))


def name_people(family: Family, rng: random.Random) -> list[str]:
    pools = {}
    for female, base in ((True, WOMEN), (False, MEN)):
        count = sum(1 for f in family.female if f == female)
        pool, copy = list(base), 2
        while len(pool) < count:
            pool += [f"{name}{copy}" for name in base]
            copy += 1
        pools[female] = rng.sample(pool, count)
    return [pools[female].pop() for female in family.female]


def describe(family: Family, names: list[str], rng: random.Random) -> list[str]:
    """One sentence per marriage and per child, in random order and wording."""
    lines = []
    for person, partner in enumerate(family.spouse):
        if partner is not None and person < partner:
            lines.append(f"{names[person]} and {names[partner]} are married.")
    for child, parents in enumerate(family.parents):
        if parents is None:
            continue
        father, mother = parents
        form = rng.randrange(3)
        if form == 0:
            lines.append(f"{names[child]} is a child of {names[father]} and {names[mother]}.")
        elif form == 1:
            lines.append(f"{names[mother]} and {names[father]} are the parents of {names[child]}.")
        else:
            parent = rng.choice(parents)
            lines.append(f"{names[parent]} is a parent of {names[child]}.")
    rng.shuffle(lines)
    return lines


def read_term(answer: str) -> str:
    text = " ".join(answer.strip().rstrip(".").lower().replace("_", " ").split())
    if len(text) > 40:
        raise ParseError("expected one term of the list")
    text = re.sub(r"^(?:x is y's|the|a|an)\s+", "", text)
    text = text.replace("great grand", "great-grand").replace(" in law", "-in-law")
    text = {"cousin": "first cousin"}.get(text, text)
    if text not in TERMS:
        raise ParseError(f"{text[:40]!r} is not one of the terms listed")
    return text


class KinshipRelations(Environment):
    id = "logic/kinship_relations"
    version = 1
    description = "Kinship: from sentences about marriages and children, name how one person is related to another."
    difficulty_scales = (
        f"people 5 + L (L = d up to 30, then one more per four levels; at most {MAX_PEOPLE}) in a family grown "
        "from one couple; the asked relation's kind drawn uniformly among those present"
    )
    size_name = "people"
    answer_format = "one term from the list in the prompt, e.g. sister-in-law"
    tags = ("logic", "deduction", "kinship", "relations")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = people_count(difficulty)
        family = grow_family(n, rng)
        names = name_people(family, rng)
        x, y = pick_question(family, rng)
        lines = describe(family, names, rng)
        women = sorted(names[p] for p in range(n) if family.female[p])
        men = sorted(names[p] for p in range(n) if not family.female[p])
        vocabulary = "\n".join(
            f"- {male}" + (f" / {female}" if female != male else "") + f": {definition}"
            for male, female, definition in KINDS
        )
        prompt = (
            f"A family of {n} people. The women are {', '.join(women)}; the men are {', '.join(men)}. Every child "
            "is the child of a married couple (a man and a woman, both in the family), nobody has married more "
            "than once, and nobody not mentioned below is a parent or spouse of anyone here. So a sentence that "
            "names one parent of a child also tells you the other: that parent's husband or wife.\n\n"
            + "\n".join(lines)
            + "\n\nTerms (\"X is Y's term\"; the first form for a man X, the second for a woman X):\n"
            + vocabulary
            + f"\n\nWhat is {names[x]} to {names[y]}? Complete \"{names[x]} is {names[y]}'s ...\" with one term of "
            "the list that holds (if several hold, any one of them)."
        )
        terms = sorted(family.terms(x, y))
        data = {
            "female": family.female,
            "parents": family.parents,
            "spouse": family.spouse,
            "x": x,
            "y": y,
        }
        return Instance(prompt=prompt, answer=terms[0], data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        term = read_term(answer)
        family = Family()
        family.female = data["female"]
        family.parents = [tuple(p) if p else None for p in data["parents"]]
        family.spouse = data["spouse"]
        if term not in family.terms(data["x"], data["y"]):
            return Verdict.wrong(f"the relation is not {term}")
        return Verdict.right()
