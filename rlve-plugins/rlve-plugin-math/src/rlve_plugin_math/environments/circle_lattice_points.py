"""math/circle_lattice_points: count the lattice points in a disc x^2 + y^2 <= N, or in an axis-parallel
ellipse, closed or open. No closed form exists (Gauss's circle problem); the count is a sum over the columns
x of the integer square root of what the curve allows there."""

from __future__ import annotations

import random
from math import isqrt
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP


def count_in_ellipse(a: int, b: int, *, strict: bool) -> int:
    """Lattice points with b^2 x^2 + a^2 y^2 <= a^2 b^2 (or < when ``strict``): in column x the allowed y
    satisfy a^2 y^2 <= room with room = b^2 (a^2 - x^2); for integers that is y^2 <= room // a^2."""
    total = 0
    for x in range(-a, a + 1):
        room = b * b * (a * a - x * x) - (1 if strict else 0)
        if room >= 0:
            total += 2 * isqrt(room // (a * a)) + 1
    return total


def count_in_disc(n: int, *, strict: bool) -> int:
    """Lattice points with x^2 + y^2 <= n (or < n when ``strict``)."""
    limit = n - 1 if strict else n
    if limit < 0:
        return 0
    r = isqrt(limit)
    return sum(2 * isqrt(limit - x * x) + 1 for x in range(-r, r + 1))


def _times(coefficient: int) -> str:
    """A coefficient before a variable: ``4`` as "4", ``1`` left out."""
    return "" if coefficient == 1 else str(coefficient)


class CircleLatticePoints(Environment):
    id = "math/circle_lattice_points"
    version = 1
    description = (
        "Count the lattice points (x, y) in a disc x^2 + y^2 <= N or in an axis-parallel ellipse, "
        "boundary included or not."
    )
    difficulty_scales = (
        "the radius, or the longer semi-axis, is 2 + 2d (past d = 100 about +40 per doubling); half the "
        "problems are discs, half ellipses; half count the boundary, half not"
    )
    size_name = "the radius or longer semi-axis (the integer part of the radius for a disc)"
    answer_format = "a non-negative integer, for example 1234 (commas as thousands separators are allowed)"
    tags = ("math", "geometry", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        r = 2 + 2 * level(difficulty, cap=LEVEL_CAP)
        strict = rng.random() < 0.5
        relation = "<" if strict else "\u2264"
        which = "strictly inside" if strict else "inside or on"
        if rng.random() < 0.5:
            # N = r^2 half the time, so that the boundary holds the points (+-r, 0), (0, +-r) at least
            n = r * r if rng.random() < 0.5 else rng.randint(r * r + 1, r * r + 2 * r)
            count = count_in_disc(n, strict=strict)
            shape = f"the circle x\u00b2 + y\u00b2 = {n}"
            condition = f"x\u00b2 + y\u00b2 {relation} {n}"
        else:
            a, b = r, rng.randint(1, r - 1)
            if rng.random() < 0.5:
                a, b = b, a
            count = count_in_ellipse(a, b, strict=strict)
            shape = f"the ellipse x\u00b2/{a}\u00b2 + y\u00b2/{b}\u00b2 = 1"
            condition = f"{_times(b * b)}x\u00b2 + {_times(a * a)}y\u00b2 {relation} {a * a * b * b}"
        prompt = (
            f"How many points (x, y) with both coordinates integers lie {which} {shape}, that is, satisfy "
            f"{condition}?"
        )
        data = {"count": count, "max_digits": digits_of(count) + 2}
        return Instance(prompt=prompt, answer=str(count), data=data, size=r)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        if value != data["count"]:
            return Verdict.wrong("that is not the number of lattice points")
        return Verdict.right()
