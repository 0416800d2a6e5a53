"""math/multiplication: the exact product of two long integers."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


class Multiplication(Environment):
    id = "math/multiplication"
    version = 1
    description = "Multiply two long integers exactly."
    difficulty_scales = "digits: 2 + d and 1 + (d + 1) // 2 (past d = 100 about +20 per doubling); signs from d = 3"
    size_name = "digits of the two factors together"
    answer_format = "an integer in decimal digits, for example -56088 (commas as thousands separators are allowed)"
    tags = ("math", "arithmetic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        first_digits, second_digits = digits_cap(2 + lvl), digits_cap(1 + (lvl + 1) // 2)
        a, b = random_with_digits(rng, first_digits), random_with_digits(rng, second_digits)
        if lvl >= 3:
            a, b = a * rng.choice((1, -1)), b * rng.choice((1, -1))
        if rng.random() < 0.5:
            a, b = b, a
        shown_b = f"({b})" if b < 0 else str(b)
        prompt = f"Compute the exact product:\n\n{a} \u00d7 {shown_b}"
        data = {"product": str(a * b), "max_digits": first_digits + second_digits + 2}
        return Instance(prompt=prompt, answer=str(a * b), data=data, size=first_digits + second_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        if value != int(data["product"]):
            return Verdict.wrong("that is not the product")
        return Verdict.right()
