"""math/polygon_area: the exact area of a simple polygon with integer vertices (the shoelace formula)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.geometry import format_points, random_star_polygon, twice_signed_area
from rlve_plugin_math.numbers import digits_of, parse_rational
from rlve_plugin_math.scaling import LEVEL_CAP


class PolygonArea(Environment):
    id = "math/polygon_area"
    version = 1
    description = "Find the exact area of a simple polygon whose integer vertices are listed in order around it."
    difficulty_scales = (
        "vertices: 4 + d // 2 (past d = 100 +1 per 10 levels); coordinates up to 4 + 2d in absolute value"
    )
    size_name = "largest allowed absolute value of a coordinate"
    answer_format = "an integer or a fraction p/q, for example 37/2 (a decimal such as 18.5 is also accepted)"
    tags = ("math", "geometry")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        vertices, bound = 4 + slow(lvl, 2, 10), 4 + 2 * lvl
        polygon = random_star_polygon(rng, vertices, bound)
        twice = abs(twice_signed_area(polygon))
        prompt = (
            f"A simple polygon (its sides meet only where neighbouring sides share a vertex) has these "
            f"{vertices} vertices, listed in order around its boundary:\n\n{format_points(polygon)}\n\n"
            "What is the area of the polygon? Give the exact value."
        )
        area = Fraction(twice, 2)
        answer = str(area.numerator) if area.denominator == 1 else f"{area.numerator}/2"
        data = {"twice_area": twice, "max_digits": digits_of(twice) + 4}
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_rational(answer, max_digits=data["max_digits"])
        twice = data["twice_area"]
        if value == Fraction(twice, 2):
            return Verdict.right()
        if value == twice:
            return Verdict.wrong("that is twice the area: the shoelace sum must be halved")
        if value < 0:
            return Verdict.wrong("an area is never negative")
        return Verdict.wrong("that is not the area of the polygon")
