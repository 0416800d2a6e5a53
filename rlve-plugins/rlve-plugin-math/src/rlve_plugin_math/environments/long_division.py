"""math/long_division: quotient and remainder of a long integer divided by a shorter one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

_NAMES = (("q", "quotient"), ("r", "remainder"))


class LongDivision(Environment):
    id = "math/long_division"
    version = 1
    description = "Divide a long integer by a shorter one: the quotient and the remainder."
    difficulty_scales = "dividend digits: 3 + d; divisor digits: 1 + (d + 1) // 2 (past d = 100 about +20 per doubling)"
    size_name = "digits of the dividend"
    answer_format = "the quotient and then the remainder separated by a space, for example 1234 56"
    tags = ("math", "arithmetic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        dividend_digits, divisor_digits = digits_cap(3 + lvl), digits_cap(1 + (lvl + 1) // 2)
        a = random_with_digits(rng, dividend_digits)
        b = random_with_digits(rng, divisor_digits)
        if b == 1:
            b = rng.randint(2, 9)
        q, r = divmod(a, b)
        prompt = (
            f"Divide {a} by {b}: find the integers q (the quotient) and r (the remainder) "
            f"with {a} = {b} \u00d7 q + r and 0 \u2264 r < {b}."
        )
        data = {"a": str(a), "b": str(b), "max_digits": dividend_digits + 2}
        return Instance(prompt=prompt, answer=f"{q} {r}", data=data, size=dividend_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values = parse_integers(answer, max_items=3, max_digits=data["max_digits"], names=_NAMES)
        if len(values) != 2:
            return Verdict.wrong(f"expected two numbers, the quotient and the remainder, got {len(values)}")
        q, r = values
        a, b = int(data["a"]), int(data["b"])
        if not 0 <= r < b:
            return Verdict.wrong(f"the remainder must be between 0 and {b - 1}")
        if b * q + r != a:
            return Verdict.wrong("divisor \u00d7 quotient + remainder is not the dividend")
        return Verdict.right()
