"""logic/zebra: a zebra (Einstein) puzzle; give the whole table of who lives where with what."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.solvers.zebra import Clue, clue_holds, make_zebra
from rlve_plugin_logic.zebra_words import ATTRIBUTES, attribute_name, attribute_values, capitalised, refer

_HOUSE_PREFIX = re.compile(r"(?:house ?)?([0-9]{1,3}) ?[:.)=-]? ?", re.IGNORECASE)
_VALUE_SEPARATORS = re.compile(r"[\s,;|]+")


def plan(difficulty: int) -> tuple[int, int, int]:
    """(houses, attributes, facts): 3 + s unknown cells (s = d up to 30, then one per two levels) in the
    smallest table of the sequence 3x2, 3x3, 4x3, 4x4, 5x4, ... that holds them; the rest are facts."""
    lvl = level(difficulty)
    step = slow(lvl, 1, 2, knee=30)
    unknown = 3 + step
    houses, attributes = 3, 2
    while houses * attributes < unknown:
        houses, attributes = (houses + 1, attributes) if houses == attributes else (houses, attributes + 1)
    return houses, attributes, houses * attributes - unknown


def describe(clue: Clue, refs: list[str]) -> str:
    """A clue as a sentence; ``refs[v]`` names the person with value ``v``."""
    kind, x, y = clue[0], refs[clue[1]], refs[clue[2]]
    if kind == "same":
        return f"{x} and {y} are the same person."
    if kind == "not_same":
        return f"{x} and {y} are different people."
    if kind == "left":
        return f"{x} lives directly left of {y}."
    if kind == "before":
        return f"{x} lives somewhere to the left of {y}."
    if kind == "next":
        return f"{x} and {y} live next to each other."
    gap = clue[3]
    between = "is one house" if gap == 1 else f"are {gap} houses"
    return f"There {between} between {x} and {y}."


class Zebra(Environment):
    id = "logic/zebra"
    # version 2: clues come from one search (after trades of two houses), not a search per clue: 11 -> 3.5 ms
    version = 2
    description = "Solve a zebra (Einstein) puzzle: deduce every house's attributes from the clues."
    difficulty_scales = (
        "unknown table cells 3 + s (s = d to 30, then one per two levels) in tables 3x2, 3x3, 4x3, 4x4, ... "
        "(houses x attributes); the table's other cells are given as facts; clues: as few as keep it unique"
    )
    size_name = "unknown cells"
    answer_format = (
        "one line per house, from house 1 to the last: the house number, a colon, then the house's values in "
        "the order of the attributes, separated by commas, for example 1: Alice, red, dog"
    )
    tags = ("logic", "puzzle", "deduction", "zebra", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        k, m, fact_count = plan(difficulty)
        attributes = [0] + sorted(rng.sample(range(1, max(m, len(ATTRIBUTES))), m - 1))
        values = [rng.sample(attribute_values(a, max(k, 16)), k) for a in attributes]
        truth, clues, facts = make_zebra(k, m, fact_count, rng)
        refs = [refer(attributes[v // k], values[v // k][v % k]) for v in range(k * m)]
        listing = "\n".join(
            f"- {attribute_name(a)}: {', '.join(sorted(vals, key=str.lower))}" for a, vals in zip(attributes, values)
        )
        lines = [capitalised(describe(clue, refs)) for clue in clues]
        lines += [capitalised(f"{refs[var]} lives in house {house + 1}.") for var, house in facts]
        rng.shuffle(lines)
        prompt = (
            f"There are {k} houses in a row, numbered 1 to {k} from left to right. One person lives in each house, "
            f"and each house has exactly one value of each of these {m} attributes, every value used exactly once:"
            f"\n\n{listing}\n\n"
            '"Directly left" means in the house with the number one lower; "next to each other" means in '
            "neighbouring houses. Clues:\n\n"
            + "\n".join(f"{i + 1}. {line}" for i, line in enumerate(lines))
            + "\n\nExactly one arrangement fits all the clues. Give the whole table: attributes in the order "
            f"{', '.join(attribute_name(a) for a in attributes)}."
        )
        table = [[""] * m for _ in range(k)]
        for v, house in enumerate(truth):
            table[house][v // k] = values[v // k][v % k]
        answer = "\n".join(f"{house + 1}: {', '.join(row)}" for house, row in enumerate(table))
        data = {"houses": k, "values": values, "clues": clues, "facts": facts}
        return Instance(prompt=prompt, answer=answer, data=data, size=k * m - fact_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        k, values = data["houses"], data["values"]
        houses = read_table(answer, k, values)
        names = [value for vals in values for value in vals]
        for clue in data["clues"]:
            if not clue_holds(clue, houses):
                return Verdict.wrong(f"the clue about {names[clue[1]]} and {names[clue[2]]} does not hold")
        for var, house in data["facts"]:
            if houses[var] != house:
                return Verdict.wrong(f"{values[var // k][var % k]} must be in house {house + 1}")
        return Verdict.right()


def read_table(answer: str, k: int, values: list[list[str]]) -> list[int]:
    """The house (0-based) of every variable ``a * k + i`` from an answer of ``k`` lines.

    Each line may start with its house number (``1:``, ``House 1 -``); then numbered lines may come in
    any order. Values are matched case-insensitively and may come in any order within a line, since no
    word belongs to two attributes; each line needs exactly one value of every attribute.
    """
    m = len(values)
    if len(answer) > 40 * k * (m + 1):
        raise ParseError("the answer is too long for the table")
    lookup = {value.lower(): (a, i) for a, vals in enumerate(values) for i, value in enumerate(vals)}
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    if len(lines) != k:
        raise ParseError(f"expected {k} lines, one per house, got {len(lines)}")
    houses = [-1] * (k * m)
    numbered = 0
    for index, line in enumerate(lines):
        line = " ".join(line.split())
        match = _HOUSE_PREFIX.match(line)
        house = index
        if match and match.group(1) and match.end() < len(line):
            house = int(match.group(1)) - 1
            numbered += 1
            line = line[match.end() :]
        if not 0 <= house < k:
            raise ParseError(f"there is no house {house + 1}")
        words = [w for w in _VALUE_SEPARATORS.split(line.strip().rstrip(".")) if w]
        if len(words) != m:
            raise ParseError(f"the line for house {house + 1} has {len(words)} values, expected {m}")
        for word in words:
            found = lookup.get(word.lower())
            if found is None:
                raise ParseError(f"{word[:30]!r} is not one of the values")
            a, i = found
            var = a * k + i
            if houses[var] >= 0:
                raise ParseError(f"{values[a][i]} appears twice")
            houses[var] = house
    if numbered not in (0, k):
        raise ParseError("number every line with its house, or none")
    for a in range(m):
        used = sorted(houses[a * k + i] for i in range(k))
        if used != list(range(k)):
            raise ParseError(f"each house needs exactly one of {', '.join(values[a])}")
    return houses
