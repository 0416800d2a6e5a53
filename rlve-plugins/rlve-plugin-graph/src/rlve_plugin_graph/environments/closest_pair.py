"""graph/closest_pair: the two closest of a set of integer points, with their squared distance."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_graph.points import Point, describe_points, distinct_points, read_point_numbers, squared_distance
from rlve_plugin_graph.sequences import split_optimum

#: Past this level the set stops growing (505 points), so the prompt stays a few kilobytes.
LEVEL_CAP = 500


def closest_pair(points: list[Point]) -> tuple[int, int, int]:
    """(squared distance, i, j), 0-based with i < j, of one closest pair, by a sweep in x order.

    Once two points are further apart in x than the best distance so far, no point further right can beat
    it either, so each point is compared only with the points right after it within that band.
    """
    order = sorted(range(len(points)), key=lambda k: points[k])
    best = (squared_distance(points[order[0]], points[order[1]]), *sorted(order[:2]))
    for a, i in enumerate(order):
        xi = points[i][0]
        for b in range(a + 1, len(order)):
            j = order[b]
            if (points[j][0] - xi) ** 2 >= best[0]:
                break
            d = squared_distance(points[i], points[j])
            if d < best[0]:
                best = (d, min(i, j), max(i, j))
    return best


class ClosestPair(Environment):
    id = "graph/closest_pair"
    version = 1
    description = "Find the two closest of a set of integer points and their squared distance."
    difficulty_scales = (
        f"points: 5 + L (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}); coordinates: -(6 + 4 L) to "
        "6 + 4 L, all points different"
    )
    size_name = "points"
    answer_format = "the smallest squared distance, a colon, then the numbers of the two points, for example 13: 2 7"
    tags = ("geometry", "points", "divide-and-conquer", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        n, reach = 5 + lev, 6 + 4 * lev
        points = distinct_points(rng, n, -reach, reach)
        best, i, j = closest_pair(points)
        prompt = (
            f"Here are {n} different points in the plane, with integer coordinates (x, y):\n"
            f"{describe_points(points)}\n\n"
            "Find two of these points that are as close to each other as possible. The distance is the usual "
            "straight-line (Euclidean) distance; give its square, (x1 - x2)^2 + (y1 - y2)^2, which is an "
            "integer, and the numbers of the two points. Any closest pair is accepted."
        )
        return Instance(prompt=prompt, answer=f"{best}: {i + 1} {j + 1}", data={"points": points, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        points, best = data["points"], data["best"]
        stated, rest = split_optimum(answer, "the squared distance", len(str(best)) + 2)
        chosen = read_point_numbers(rest, len(points))
        if len(chosen) != 2:
            raise ParseError(f"expected the numbers of two points, got {len(chosen)} numbers")
        a, b = chosen
        if a == b:
            return Verdict.wrong(f"point {a} is named twice; a pair is two different points")
        distance = squared_distance(points[a - 1], points[b - 1])
        if distance != best:
            return Verdict.wrong(f"points {a} and {b} are at squared distance {distance}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated squared distance {stated} is not {best}, that of points {a} and {b}")
        return Verdict.right()
