"""graph/max_points_on_line: the most integer points of a set that lie on one straight line, and which they are."""

from __future__ import annotations

import random
from math import gcd
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_graph.points import Point, cross, describe_points, distinct_points, read_point_numbers
from rlve_plugin_graph.sequences import first_repeat, split_optimum

#: Past this level the set stops growing (206 points): the reference compares every pair of points.
LEVEL_CAP = 200
#: Steps of the planted lines: every direction (dx, dy) with coprime components of size at most 3, one per line.
STEPS = [(dx, dy) for dx in range(4) for dy in range(-3, 4) if gcd(dx, dy) == 1 and (dx > 0 or dy > 0)]


def most_on_a_line(points: list[Point]) -> list[int]:
    """The 0-based numbers of one largest set of points on a common line, in increasing order. O(n^2).

    Each point i is taken as the first point of a line, and the later points are grouped by their
    direction from i, reduced by the gcd and given a sign, so that two points are in one group exactly
    when they lie on one line through i.
    """
    best = [0, 1] if len(points) > 1 else [0]
    for i, (x, y) in enumerate(points):
        groups: dict[tuple[int, int], list[int]] = {}
        for j in range(i + 1, len(points)):
            dx, dy = points[j][0] - x, points[j][1] - y
            g = gcd(dx, dy)
            dx, dy = dx // g, dy // g
            if dx < 0 or (dx == 0 and dy < 0):
                dx, dy = -dx, -dy
            groups.setdefault((dx, dy), []).append(j)
        for group in groups.values():
            if len(group) + 1 > len(best):
                best = [i, *group]
    return best


def lattice_line(start: Point, step: Point, side: int) -> list[Point]:
    """Every point of the line through ``start`` with direction ``step`` inside the square 0..side - 1."""
    x, y = start
    while 0 <= x - step[0] < side and 0 <= y - step[1] < side:
        x, y = x - step[0], y - step[1]
    out = []
    while 0 <= x < side and 0 <= y < side:
        out.append((x, y))
        x, y = x + step[0], y + step[1]
    return out


def planted_line(rng: random.Random, count: int, side: int, taken: set[Point]) -> list[Point]:
    """``count`` points of the square that lie on one line with a small step and are not ``taken``."""
    while True:
        start = (rng.randrange(side), rng.randrange(side))
        free = [p for p in lattice_line(start, rng.choice(STEPS), side) if p not in taken]
        if len(free) >= count:
            return rng.sample(free, count)


class MaxPointsOnLine(Environment):
    id = "graph/max_points_on_line"
    version = 1
    description = "Find the largest number of given integer points that lie on one straight line, and name them."
    difficulty_scales = (
        f"points: 6 + L (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}) in a square of side "
        "8 + L / 2; one line of 3 + L / 6 points planted (steps of up to 3 in x and y, not only rows, columns and "
        "diagonals) and a decoy line one point shorter, the rest random"
    )
    size_name = "points"
    answer_format = "the number of points, a colon, then the numbers of those points, for example 4: 2 5 9 11"
    tags = ("geometry", "points", "hashing", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        n, side, planted = 6 + lev, 8 + lev // 2, 3 + lev // 6
        points: list[Point] = []
        for count in (planted, planted - 1):
            points += planted_line(rng, count, side, set(points))
        points += distinct_points(rng, n - len(points), 0, side - 1, set(points))
        rng.shuffle(points)
        best = most_on_a_line(points)
        prompt = (
            f"Here are {n} different points in the plane, with integer coordinates (x, y):\n"
            f"{describe_points(points)}\n\n"
            "Find a straight line (in any direction, not only horizontal, vertical or diagonal) that passes "
            "through as many of these points as possible. Give how many of the points lie on it, and the numbers "
            "of all those points, in any order. Any line with the largest number of points is accepted."
        )
        answer = f"{len(best)}: {' '.join(str(i + 1) for i in best)}"
        return Instance(prompt=prompt, answer=answer, data={"points": points, "best": len(best)}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        points, best = data["points"], data["best"]
        stated, rest = split_optimum(answer, "the number of points", len(str(len(points))) + 2)
        chosen = read_point_numbers(rest, len(points))
        if len(chosen) < 2:
            raise ParseError("name at least the two points that fix the line")
        repeated = first_repeat(chosen)
        if repeated is not None:
            return Verdict.wrong(f"point {repeated} is named twice")
        a, b = points[chosen[0] - 1], points[chosen[1] - 1]
        for number in chosen[2:]:
            if cross(a, b, points[number - 1]) != 0:
                return Verdict.wrong(f"point {number} is not on the line through points {chosen[0]} and {chosen[1]}")
        if len(chosen) != best:
            return Verdict.wrong(f"the {len(chosen)} points lie on one line, but {best} points do")
        if stated != best:
            return Verdict.wrong(f"the stated number {stated} is not the {best} points named")
        return Verdict.right()
