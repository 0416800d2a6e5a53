"""logic/logic_grid_negative_clues: a who-has-what logic grid whose clues only say what is NOT so, or that one of
two things is so; match every person with one value of each category.

Variables are the values of the non-person categories; each one's domain is a bitmask of the people who
may have it. Clues: "P is not V" (a person lacks a value), "V is not W" (values of two categories belong to
different people), "P is V or W" and "V is P or Q" (either/or). Facts "P is V" fix some cells, so the number
of unknown cells grows by one per level. The solver propagates every clue and each category's all-different
rule (``narrow_all_different``) and branches on the smallest domain; the generator adds a clue that a second
solution breaks until the solution is unique, proved.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names
from rlve_plugin_logic.solvers.latin import narrow_all_different
from rlve_plugin_logic.zebra_words import ATTRIBUTES, attribute_name, attribute_values, capitalised, refer

#: Search nodes one uniqueness check may visit; past it the generator adds an either/or clue about the truth.
NODE_LIMIT = 3000
#: Solutions one round of the generator asks for; it rules out each of them (but the truth) with a clue.
SOLUTIONS_PER_ROUND = 6
#: Clues per unknown cell drawn before the solver is first asked for a second solution.
FIRST_BATCH = 4
#: The most unknown cells, reached at absurd levels only (12 people, four categories).
MAX_UNKNOWN = 48
#: Clue kinds and how often a second solution is ruled out by each.
KIND_WEIGHTS = {"person_not": 3, "value_not": 3, "person_either": 2, "value_either": 2}

Clue = list[Any]  # ["person_not", p, x] | ["value_not", x, y] | ["person_either", p, x, y] | ["value_either", x, p, q]


def plan(difficulty: int) -> tuple[int, int, int]:
    """(people, categories besides the people, facts): 3 + s unknown cells (s = d up to 30, then one per two
    levels; at most ``MAX_UNKNOWN``) in the smallest table that holds them: one category besides the people up
    to 4 cells, two up to 12, three up to 24, then four (few people: the search branches over people)."""
    unknown = min(MAX_UNKNOWN, 3 + slow(level(difficulty), 1, 2, knee=30))
    categories = 1 if unknown <= 4 else 2 if unknown <= 12 else 3 if unknown <= 24 else 4
    people = -(-unknown // categories)
    return people, categories, people * categories - unknown


def holds(clue: Clue, owner: list[int]) -> bool:
    """Whether ``clue`` holds when value ``x`` belongs to person ``owner[x]``."""
    kind = clue[0]
    if kind == "person_not":
        return owner[clue[2]] != clue[1]
    if kind == "value_not":
        return owner[clue[1]] != owner[clue[2]]
    if kind == "person_either":
        return clue[1] in (owner[clue[2]], owner[clue[3]])
    return owner[clue[1]] in (clue[2], clue[3])


def solve(n: int, c: int, clues: list[Clue], facts: list[list[int]], limit: int = 2) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solutions (the owner of each value ``a * n + i``) and whether the search finished."""
    full = (1 << n) - 1
    dom = [full] * (n * c)
    for x, p in facts:
        dom[x] &= 1 << p
    pairs = []
    for clue in clues:
        kind = clue[0]
        if kind == "person_not":
            dom[clue[2]] &= ~(1 << clue[1])
        elif kind == "value_either":
            dom[clue[1]] &= (1 << clue[2]) | (1 << clue[3])
        else:
            pairs.append(clue)
    solutions: list[list[int]] = []
    nodes = 0

    def propagate(dom: list[int]) -> bool:
        changed = True
        while changed:
            changed = False
            for clue in pairs:
                if clue[0] == "value_not":
                    x, y = clue[1], clue[2]
                    for a, b in ((x, y), (y, x)):
                        if dom[a] & (dom[a] - 1) == 0 and dom[b] & dom[a]:
                            dom[b] &= ~dom[a]
                            changed = True
                else:  # person p has x or y: if one cannot be p's, the other is
                    bit, x, y = 1 << clue[1], clue[2], clue[3]
                    for a, b in ((x, y), (y, x)):
                        if not dom[a] & bit and dom[b] != bit:
                            if not dom[b] & bit:
                                return False
                            dom[b] = bit
                            changed = True
            for a in range(c):
                flag = []
                if not narrow_all_different(dom, range(a * n, a * n + n), full, flag.append):
                    return False
                changed = changed or bool(flag)
            if not all(dom):
                return False
        return True

    def search(dom: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        if not propagate(dom):
            return True
        if all(d & (d - 1) == 0 for d in dom):
            solutions.append([d.bit_length() - 1 for d in dom])
            return True
        v = min((d.bit_count(), v) for v, d in enumerate(dom) if d & (d - 1))[1]
        d = dom[v]
        while d and len(solutions) < limit:
            bit = d & -d
            d ^= bit
            child = list(dom)
            child[v] = bit
            if not search(child):
                return False
        return True

    finished = search(dom)
    return solutions, finished


def ruling_out(truth: list[int], other: list[int], n: int, c: int, rng: random.Random) -> Clue:
    """A random clue that holds for ``truth`` and fails for ``other`` (the two differ somewhere)."""
    x = rng.choice([x for x in range(n * c) if truth[x] != other[x]])
    a, p = x // n, truth[x]
    category = range(a * n, a * n + n)
    kind = rng.choices(list(KIND_WEIGHTS), list(KIND_WEIGHTS.values()))[0]
    if kind == "value_not" and c > 1:
        b = rng.choice([b for b in range(c) if b != a])
        y = next(y for y in range(b * n, b * n + n) if other[y] == other[x])  # together in other ...
        if truth[y] != truth[x]:  # ... apart in truth
            return ["value_not", *sorted((x, y))]
    if kind == "person_either" and n > 2:
        u = next(u for u in category if other[u] == p)  # p's value in other; p has x in truth
        w = rng.choice([w for w in category if w not in (x, u)])
        return ["person_either", p, *sorted((x, w))]
    if kind == "value_either" and n > 2:
        q = rng.choice([q for q in range(n) if q not in (truth[x], other[x])])
        return ["value_either", x, *sorted((truth[x], q))]
    return ["person_not", other[x], x]


def make_grid(n: int, c: int, fact_count: int, rng: random.Random) -> tuple[list[int], list[Clue], list[list[int]]]:
    truth = []
    for _ in range(c):
        owners = list(range(n))
        rng.shuffle(owners)
        truth += owners
    facts = sorted([x, truth[x]] for x in rng.sample(range(n * c), fact_count))
    clues: list[Clue] = []
    # a first batch of clues, each ruling out a random matching, saves most of the solver's rounds
    for _ in range(round(FIRST_BATCH * (n * c - fact_count))):
        other = list(truth)
        for a in range(c):
            block = other[a * n : a * n + n]
            rng.shuffle(block)
            other[a * n : a * n + n] = block
        if other != truth:
            clue = ruling_out(truth, other, n, c, rng)
            if clue not in clues:
                clues.append(clue)
    while True:
        solutions, finished = solve(n, c, clues, facts, SOLUTIONS_PER_ROUND)
        if finished and len(solutions) == 1:
            return truth, clues, facts
        others = [s for s in solutions if s != truth]
        if not others:  # the search ran out of nodes: narrow a value to two people, its owner among them
            x = rng.randrange(n * c)
            q = rng.choice([q for q in range(n) if q != truth[x]])
            clues.append(["value_either", x, *sorted((truth[x], q))])
        added: list[Clue] = []
        for other in others:  # one clue per other solution that the clues of this round leave standing
            if all(holds(clue, other) for clue in added):
                added.append(ruling_out(truth, other, n, c, rng))
        clues += [clue for clue in added if clue not in clues]


def read_grid(answer: str, names: list[str], values: list[list[str]]) -> list[int]:
    """The owner of every value ``a * n + i`` from one line per person: ``Name: value, value``."""
    n, c = len(names), len(values)
    if len(answer) > 40 * n * (c + 1) + 40:
        raise ParseError("the answer is too long for the grid")
    lookup = {value.lower(): (a, i) for a, vals in enumerate(values) for i, value in enumerate(vals)}
    person_of = {name.lower(): p for p, name in enumerate(names)}
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    if len(lines) != n:
        raise ParseError(f"expected {n} lines, one per person, got {len(lines)}")
    owner = [-1] * (n * c)
    seen_people: set[int] = set()
    for line in lines:
        words = [w for w in line.replace(":", " ").replace(",", " ").replace(";", " ").split() if w]
        people = [person_of[w.lower()] for w in words if w.lower() in person_of]
        if len(people) != 1:
            raise ParseError("each line needs exactly one person's name")
        p = people[0]
        if p in seen_people:
            raise ParseError(f"{names[p]} has two lines")
        seen_people.add(p)
        rest = [w for w in words if w.lower() not in person_of]
        if len(rest) != c:
            raise ParseError(f"the line for {names[p]} has {len(rest)} values, expected {c}")
        for word in rest:
            found = lookup.get(word.lower())
            if found is None:
                raise ParseError(f"{word[:30]!r} is not one of the values")
            a, i = found
            if owner[a * n + i] >= 0:
                raise ParseError(f"{values[a][i]} appears twice")
            owner[a * n + i] = p
    for a in range(c):
        if any(owner[a * n + i] < 0 for i in range(n)):
            raise ParseError(f"each person needs exactly one of {', '.join(values[a])}")
    return owner


class LogicGridNegativeClues(Environment):
    id = "logic/logic_grid_negative_clues"
    version = 1
    description = "Logic grid from negative and either/or clues: match each person with one value per category."
    difficulty_scales = (
        "unknown cells 3 + s (s = d up to 30, then one per two levels) in the smallest grid that holds them: one "
        "category besides the people up to 4 unknown cells, two up to 12, three up to 24, then four; the other cells "
        f"are facts; at most {MAX_UNKNOWN} unknown cells; clues until the matching is unique"
    )
    size_name = "unknown cells"
    answer_format = "one line per person: the name, a colon, then the person's values separated by commas"
    tags = ("logic", "puzzle", "deduction", "logic-grid", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, c, fact_count = plan(difficulty)
        names = sorted(person_names(n, rng))
        categories = sorted(rng.sample(range(1, len(ATTRIBUTES)), c))
        values = [rng.sample(attribute_values(a, max(n, 16)), n) for a in categories]
        truth, clues, facts = make_grid(n, c, fact_count, rng)
        refs = [refer(categories[x // n], values[x // n][x % n]) for x in range(n * c)]
        lines = []
        for clue in clues:
            kind = clue[0]
            if kind == "person_not":
                lines.append(f"{names[clue[1]]} is not {refs[clue[2]]}.")
            elif kind == "value_not":
                lines.append(capitalised(f"{refs[clue[1]]} is not {refs[clue[2]]}."))
            elif kind == "person_either":
                lines.append(f"{names[clue[1]]} is either {refs[clue[2]]} or {refs[clue[3]]}.")
            else:
                lines.append(capitalised(f"{refs[clue[1]]} is either {names[clue[2]]} or {names[clue[3]]}."))
        lines += [f"{names[p]} is {refs[x]}." for x, p in facts]
        rng.shuffle(lines)
        listing = "\n".join(
            f"- {attribute_name(a)}: {', '.join(sorted(vals, key=str.lower))}" for a, vals in zip(categories, values)
        )
        prompt = (
            f"{n} people, {', '.join(names)}, each have exactly one value of each of these categories, and every "
            f"value belongs to exactly one person:\n\n{listing}\n\nClues (\"either A or B\" means one of the two, "
            "which cannot be both here; \"is not\" means they are different people or the person lacks that "
            "value):\n\n"
            + "\n".join(f"{i + 1}. {line}" for i, line in enumerate(lines))
            + "\n\nExactly one matching fits all the clues. Give it: one line per person, the name, a colon, then "
            f"that person's values in the order {', '.join(attribute_name(a) for a in categories)}, separated by "
            "commas."
        )
        answer = "\n".join(
            f"{names[p]}: {', '.join(values[a][i] for a in range(c) for i in range(n) if truth[a * n + i] == p)}"
            for p in range(n)
        )
        data = {"names": names, "values": values, "clues": clues, "facts": facts}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * c - fact_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        names, values = data["names"], data["values"]
        owner = read_grid(answer, names, values)
        for x, p in data["facts"]:
            if owner[x] != p:
                return Verdict.wrong(f"a fact about {names[p]} does not hold")
        for clue in data["clues"]:
            if not holds(clue, owner):
                return Verdict.wrong(f"a clue ({clue[0].replace('_', ' ')}) does not hold")
        return Verdict.right()
