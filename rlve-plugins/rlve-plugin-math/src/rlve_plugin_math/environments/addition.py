"""math/addition: the sum of two non-negative integers with 1 + d digits each.

The simplest environment with a clean difficulty ladder (one more digit, usually one more carry, per
level), which is why ``rlve ablate --demo`` trains its tiny model on it.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


class Addition(Environment):
    id = "math/addition"
    version = 1
    description = "Add two non-negative integers with 1 + d digits each."
    difficulty_scales = "digits per addend: 1 + d (past d = 100 about +20 per doubling)"
    size_name = "digits of the two addends together"
    answer_format = "an integer in decimal digits, for example 1052"
    tags = ("math", "arithmetic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        digits = digits_cap(1 + level(difficulty, cap=LEVEL_CAP))
        a, b = random_with_digits(rng, digits), random_with_digits(rng, digits)
        data = {"sum": str(a + b), "max_digits": digits + 2}
        return Instance(prompt=f"Compute {a} + {b}.", answer=str(a + b), data=data, size=2 * digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        if value != int(data["sum"]):
            return Verdict.wrong("that is not the sum")
        return Verdict.right()
