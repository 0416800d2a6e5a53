"""math/convex_hull: the corners of the convex hull of integer points, counter-clockwise from a stated one."""

from __future__ import annotations

import random
from math import gcd
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.geometry import BOUNDARY, OUTSIDE, convex_hull, edges, format_points, locate, read_points
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.scaling import LEVEL_CAP


def _plant_on_sides(rng: random.Random, points: set[tuple[int, int]], count: int) -> None:
    """Add up to ``count`` lattice points strictly between two corners of the current hull, so the hull has
    points on its sides that are not corners (the trap the prompt warns about)."""
    for _ in range(count):
        sides = [(a, b) for a, b in edges(convex_hull(list(points))) if gcd(b[0] - a[0], b[1] - a[1]) > 1]
        if not sides:
            return
        a, b = rng.choice(sides)
        g = gcd(b[0] - a[0], b[1] - a[1])
        t = rng.randint(1, g - 1)
        points.add((a[0] + t * (b[0] - a[0]) // g, a[1] + t * (b[1] - a[1]) // g))


class ConvexHull(Environment):
    id = "math/convex_hull"
    version = 1
    description = (
        "List the corners of the convex hull of a set of integer points, counter-clockwise from the lowest "
        "(then leftmost) one; points on a side are not corners."
    )
    difficulty_scales = (
        "points: 5 + d (past d = 100 +1 per 5 levels); coordinates up to 3 + 2d in absolute value; "
        "1 + n // 6 of the n points are put on sides of the hull without being corners (where a side has room)"
    )
    size_name = "points"
    answer_format = "the corners as (x, y) pairs separated by commas, for example (0, -2), (3, 1), (-1, 4)"
    tags = ("math", "geometry")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 5 + slow(lvl, 1, 5), 3 + 2 * lvl
        planted = 1 + n // 6
        while True:  # n - planted >= 4 random points, drawn again in the rare case that they are all on one line
            points: set[tuple[int, int]] = set()
            while len(points) < n - planted:
                points.add((rng.randint(-bound, bound), rng.randint(-bound, bound)))
            if len(convex_hull(list(points))) >= 3:
                break
        _plant_on_sides(rng, points, planted)
        hull = convex_hull(list(points))
        for _ in range(50 * n):  # where no side had room for a point, a point that leaves the hull as it is
            if len(points) == n:
                break
            p = (rng.randint(-bound, bound), rng.randint(-bound, bound))
            if locate(p, hull) != OUTSIDE:
                points.add(p)
        while len(points) < n:  # a hull too thin to hold more: any new point (it may move the hull)
            points.add((rng.randint(-bound, bound), rng.randint(-bound, bound)))
        hull = convex_hull(list(points))
        shown = sorted(points)
        rng.shuffle(shown)
        prompt = (
            f"Here are {n} distinct points in the plane:\n\n{format_points(shown)}\n\n"
            "Find the vertices (corners) of their convex hull, the smallest convex polygon that contains them "
            "all. A point lying on a side of the hull between two corners is not a vertex. List the vertices "
            "in counter-clockwise order, starting from the vertex with the smallest y-coordinate (if two "
            "have the smallest y, the one of them with the smaller x)."
        )
        data = {"points": [list(p) for p in shown], "hull": [list(p) for p in hull], "max_digits": digits_of(bound) + 2}
        return Instance(prompt=prompt, answer=format_points(hull), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        hull = [tuple(p) for p in data["hull"]]
        points = {tuple(p) for p in data["points"]}
        listed = read_points(answer, max_items=len(points) + 2, max_digits=data["max_digits"])
        if len(listed) == len(hull) + 1 and listed[0] == listed[-1]:
            listed = listed[:-1]  # the polygon closed by repeating its first vertex: the same list
        for p in listed:
            if p not in points:
                return Verdict.wrong(f"{format_points([p])} is not one of the given points")
            if p not in hull:
                where = "on a side of the hull" if locate(p, hull) == BOUNDARY else "inside the hull"
                return Verdict.wrong(f"{format_points([p])} lies {where}, so it is not a vertex")
        if len(set(listed)) != len(listed):
            return Verdict.wrong("a vertex is listed twice")
        if len(listed) != len(hull):
            return Verdict.wrong(f"the hull has {len(hull)} vertices, {len(listed)} listed")
        if listed[0] != hull[0]:
            return Verdict.wrong("the list must start at the lowest vertex (the leftmost of the lowest)")
        if listed != hull:
            return Verdict.wrong("the vertices are not in counter-clockwise order")
        return Verdict.right()
