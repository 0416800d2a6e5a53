"""Integer points in the plane, for the pack's environments on sets of points (closest_pair and
max_points_on_line): distinct random points, the one way prompts list them, exact integer geometry, and
a bounded reader for answers that name points by their numbers.

Coordinates are integers and every test is exact (squared distances, cross products), so no answer
depends on rounding. The reader follows ``reading``'s rules: sizes are capped by the instance, nothing
is evaluated, every regular expression is linear, and anything unreadable raises ``ParseError``.
"""

from __future__ import annotations

import random
import re

from rlve_plugin_graph.sequences import read_numbered

Point = tuple[int, int]

#: Harmless words and signs between two point numbers: "2 and 7", "2 & 7", "2-7" (a dash only after a
#: digit, so that "-3" stays unreadable). No pattern starts with a repeat, so a substitution stays linear.
_JOINERS = re.compile(r"&|\band\b|(?<=[0-9])\s*-")


def distinct_points(
    rng: random.Random, count: int, low: int, high: int, taken: set[Point] | None = None
) -> list[Point]:
    """``count`` random points with both coordinates in low..high, all different and none in ``taken``.

    The square must have room for about twice as many points as asked, so the rejection loop ends quickly.
    """
    side = high - low + 1
    used = set(taken or ())
    if side * side < 2 * (count + len(used)):
        raise ValueError(f"a {side} x {side} square is too small for {count} more points")
    out: list[Point] = []
    while len(out) < count:
        point = (rng.randint(low, high), rng.randint(low, high))
        if point not in used:
            used.add(point)
            out.append(point)
    return out


def describe_points(points: list[Point]) -> str:
    """One line per point, numbered from 1: ``point 1: (3, -2)``."""
    return "\n".join(f"point {i}: ({x}, {y})" for i, (x, y) in enumerate(points, start=1))


def squared_distance(p: Point, q: Point) -> int:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2


def cross(o: Point, a: Point, b: Point) -> int:
    """The cross product of o->a and o->b: zero exactly when the three points lie on one line."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def read_point_numbers(text: str, count: int) -> list[int]:
    """Point numbers, each from 1 to ``count``, at most count + 1 of them: ``2 7``, ``2, 7``, ``(2, 7)``,
    ``2-7`` or ``2 and 7``."""
    return read_numbered(_JOINERS.sub(" ", text), count, "a point")
