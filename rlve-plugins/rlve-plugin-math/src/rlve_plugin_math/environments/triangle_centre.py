"""math/triangle_centre: the circumcentre, orthocentre, centroid or nine-point centre of a triangle with
integer vertices, exactly. All four are rational for integer vertices (the incentre, usually irrational,
is left out)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.geometry import Point, cross, format_point, read_point
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.scaling import LEVEL_CAP

#: Each centre as the prompt defines it.
_DEFINITIONS = {
    "centroid": "the centroid (where the three medians meet)",
    "circumcentre": "the circumcentre (the point at the same distance from all three vertices)",
    "orthocentre": "the orthocentre (where the three altitudes, or the lines through them, meet)",
    "nine-point centre": (
        "the nine-point centre (the centre of the circle through the midpoints of the three sides)"
    ),
}


def triangle_centres(a: Point, b: Point, c: Point) -> dict[str, tuple[Fraction, Fraction]]:
    """The four centres of a non-degenerate triangle: O from the perpendicular bisectors, then H = A + B + C - 2O
    (Euler's line: H - O = 3(G - O)) and N, the midpoint of O and H."""
    d = 2 * cross((0, 0), (b[0] - a[0], b[1] - a[1]), (c[0] - a[0], c[1] - a[1]))
    # circumcentre relative to a: |b - a|^2 and |c - a|^2 weighted by the other side's perpendicular
    bx, by, cx, cy = b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1]
    bb, cc = bx * bx + by * by, cx * cx + cy * cy
    o = (a[0] + Fraction(cy * bb - by * cc, d), a[1] + Fraction(bx * cc - cx * bb, d))
    g = (Fraction(a[0] + b[0] + c[0], 3), Fraction(a[1] + b[1] + c[1], 3))
    h = (a[0] + b[0] + c[0] - 2 * o[0], a[1] + b[1] + c[1] - 2 * o[1])
    n = ((o[0] + h[0]) / 2, (o[1] + h[1]) / 2)
    return {"centroid": g, "circumcentre": o, "orthocentre": h, "nine-point centre": n}


class TriangleCentre(Environment):
    id = "math/triangle_centre"
    version = 1
    description = (
        "Find the circumcentre, orthocentre, centroid or nine-point centre of a triangle with integer vertices, "
        "exactly."
    )
    difficulty_scales = (
        "coordinates up to 3 + 2d in absolute value (past d = 100 about +40 per doubling); "
        "below d = 2 only the centroid or the circumcentre, then any of the four"
    )
    size_name = "largest allowed absolute value of a coordinate"
    answer_format = "the point as (x, y) with exact integer or fraction coordinates, for example (7/2, -5/3)"
    tags = ("math", "geometry")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 3 + 2 * lvl
        kinds = ("centroid", "circumcentre") if lvl < 2 else tuple(_DEFINITIONS)
        kind = rng.choice(kinds)
        while True:
            a, b, c = ((rng.randint(-bound, bound), rng.randint(-bound, bound)) for _ in range(3))
            if cross(a, b, c):
                break
        centre = triangle_centres(a, b, c)[kind]
        prompt = (
            f"A triangle has vertices A = {format_point(a)}, B = {format_point(b)} and C = {format_point(c)}. "
            f"Find {_DEFINITIONS[kind]}. Give its coordinates exactly, as integers or fractions p/q."
        )
        largest = max(abs(v.numerator) + v.denominator for v in centre)
        data = {"kind": kind, "centre": [str(v) for v in centre], "max_digits": digits_of(largest) + 4}
        return Instance(prompt=prompt, answer=format_point(centre), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        x, y = read_point(answer, max_digits=data["max_digits"])
        want_x, want_y = (Fraction(v) for v in data["centre"])
        if (x, y) == (want_x, want_y):
            return Verdict.right()
        if (x, y) == (want_y, want_x):
            return Verdict.wrong("x and y are swapped")
        return Verdict.wrong(f"that is not the {data['kind']}" + (" (x is right)" if x == want_x else ""))
