"""math/lattice_points_pick: count the lattice points strictly inside, on, or in a simple lattice polygon.

The coordinates soon outgrow any scan of the bounding box, so the way through is Pick's theorem,
A = I + B/2 - 1, with the area A from the shoelace formula and the boundary count B from one gcd per side.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.geometry import boundary_lattice_points, format_points, random_star_polygon, twice_signed_area
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP

#: What is counted: the question asked, and how the count is named in a wrong answer's reason.
_QUESTIONS = {
    "interior": "How many lattice points lie strictly inside the polygon (not on a side and not at a vertex)?",
    "boundary": "How many lattice points lie on the boundary of the polygon (on a side, vertices included)?",
    "closed": "How many lattice points lie inside the polygon or on its boundary (vertices included)?",
}


class LatticePointsPick(Environment):
    id = "math/lattice_points_pick"
    version = 1
    description = (
        "Count the lattice points strictly inside, on the boundary of, or in a simple polygon with integer "
        "vertices (Pick's theorem)."
    )
    difficulty_scales = (
        "vertices: 4 + d // 3 (past d = 100 +1 per 10 levels); coordinates up to 4 + 3d in absolute value; "
        "half the problems ask for the points strictly inside, a quarter each for the boundary or both"
    )
    size_name = "largest allowed absolute value of a coordinate"
    answer_format = "a non-negative integer, for example 1234 (commas as thousands separators are allowed)"
    tags = ("math", "geometry", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        vertices, bound = 4 + slow(lvl, 3, 10), 4 + 3 * lvl
        polygon = random_star_polygon(rng, vertices, bound)
        twice = abs(twice_signed_area(polygon))
        boundary = boundary_lattice_points(polygon)
        interior = (twice - boundary + 2) // 2  # Pick: 2A = 2I + B - 2
        counts = {"interior": interior, "boundary": boundary, "closed": interior + boundary}
        kind = rng.choice(("interior", "interior", "boundary", "closed"))
        prompt = (
            "A lattice point is a point whose coordinates are both integers. A simple polygon (its sides meet "
            f"only where neighbouring sides share a vertex) has these {vertices} vertices, listed in order "
            f"around its boundary:\n\n{format_points(polygon)}\n\n{_QUESTIONS[kind]}"
        )
        data = {"kind": kind, "counts": counts, "max_digits": digits_of(twice) + 4}
        return Instance(prompt=prompt, answer=str(counts[kind]), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        counts, kind = data["counts"], data["kind"]
        if value == counts[kind]:
            return Verdict.right()
        for other, count in counts.items():
            if other != kind and value == count:
                return Verdict.wrong(f"that counts the {other} points, not the {kind} ones")
        return Verdict.wrong(f"that is not the number of {kind} lattice points")
