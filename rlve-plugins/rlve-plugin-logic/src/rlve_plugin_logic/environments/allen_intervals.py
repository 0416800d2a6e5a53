"""logic/allen_intervals: which of Allen's 13 relations holds between two time intervals.

One interval is given by its endpoints; every other is placed relative to an earlier one ("B starts 3
units after A ends and lasts 4 units"), so the endpoints of the two asked about follow from a chain of
placements. The asked relation is drawn uniformly from the 13 first, so meets, starts, finishes and
equals, which random endpoints would rarely produce, come up as often as before or overlaps.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

#: The 13 relations of X to Y, with their definitions for X = [a, b], Y = [c, d] (a < b, c < d).
RELATIONS = (
    ("before", "b < c"),
    ("meets", "b = c"),
    ("overlaps", "a < c < b < d"),
    ("starts", "a = c and b < d"),
    ("during", "c < a and b < d"),
    ("finishes", "b = d and c < a"),
    ("equals", "a = c and b = d"),
    ("after", "d < a"),
    ("met-by", "d = a"),
    ("overlapped-by", "c < a < d < b"),
    ("started-by", "a = c and d < b"),
    ("contains", "a < c and d < b"),
    ("finished-by", "b = d and a < c"),
)


def relation(x: tuple[int, int], y: tuple[int, int]) -> str:
    (a, b), (c, d) = x, y
    if b < c:
        return "before"
    if d < a:
        return "after"
    if b == c:
        return "meets"
    if d == a:
        return "met-by"
    if a == c:
        return "equals" if b == d else "starts" if b < d else "started-by"
    if b == d:
        return "finishes" if c < a else "finished-by"
    if c < a:
        return "during" if b < d else "overlapped-by"
    return "contains" if d < b else "overlaps"


def plan(difficulty: int) -> int:
    """Intervals: 2 + L (L = level, capped at 60)."""
    return 2 + level(difficulty, cap=60)


def _offset(delta: int) -> str:
    return "exactly when" if delta == 0 else f"{delta} units after" if delta > 0 else f"{-delta} units before"


class AllenIntervals(Environment):
    id = "logic/allen_intervals"
    version = 1
    description = "Place time intervals from relative clues and name Allen's relation between two of them."
    difficulty_scales = (
        "intervals 2 + L (L = d up to 60, then capped), each but the first placed relative to an earlier one"
    )
    size_name = "intervals"
    answer_format = "one relation name from the list in the prompt, for example overlapped-by"
    tags = ("logic", "temporal-reasoning", "allen-intervals")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = plan(difficulty)
        target = rng.choice(RELATIONS)[0]
        while True:
            x = tuple(sorted(rng.sample(range(9), 2)))
            y = tuple(sorted(rng.sample(range(9), 2)))
            if relation(x, y) == target:
                break
        base = rng.randint(0, 20)
        spans = [(rng.randint(0, 30), 0) for _ in range(count)]
        spans = [(a, a + rng.randint(1, 9)) for a, _ in spans]
        order = list(range(count))
        ix, iy = rng.sample(range(count), 2)
        spans[ix], spans[iy] = (x[0] + base, x[1] + base), (y[0] + base, y[1] + base)
        letters = [chr(ord("A") + i) if i < 26 else f"I{i + 1}" for i in range(count)]
        rng.shuffle(letters)
        rng.shuffle(order)
        lines = []
        for position, i in enumerate(order):
            start, end = spans[i]
            if position == 0:
                lines.append(f"{letters[i]} runs from time {start} to time {end}.")
                continue
            j = order[position - 1] if rng.random() < 0.6 else order[rng.randrange(position)]
            own, ref = rng.randrange(2), rng.randrange(2)
            delta = spans[i][own] - spans[j][ref]
            lines.append(
                f"{letters[i]} {('starts', 'ends')[own]} {_offset(delta)} {letters[j]} {('starts', 'ends')[ref]}, "
                f"and lasts {end - start} unit{'' if end - start == 1 else 's'}."
            )
        definitions = "\n".join(f"- {name}: {rule}" for name, rule in RELATIONS)
        prompt = (
            f"There are {count} time intervals, each from a start time to a strictly later end time (times are "
            "integers on one time line):\n" + "\n".join(lines)
            + f"\n\nWrite X = [a, b] and Y = [c, d]. X stands in exactly one of these 13 relations to Y:\n{definitions}"
            f"\n\nWhich relation does {letters[ix]} (as X) stand in to {letters[iy]} (as Y)? Answer with the "
            "relation's name only, as written above."
        )
        return Instance(prompt=prompt, answer=target, data={"relation": target}, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip().lower()
        if len(text) > 30:
            raise ParseError("expected one relation name")
        key = re.sub(r"[\s_-]+", "-", text)
        names = [name for name, _ in RELATIONS]
        if key not in names:
            raise ParseError(f"expected one of {', '.join(names)}")
        if key != data["relation"]:
            return Verdict.wrong(f"the relation is not {key}")
        return Verdict.right()
