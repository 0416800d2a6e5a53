"""math/gcd_lcm: the greatest common divisor and least common multiple of several integers."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS, digits_cap, random_with_digits

_NAMES = (("gcd", "g"), ("lcm", "l"))


class GcdLcm(Environment):
    id = "math/gcd_lcm"
    version = 1
    description = "Find the greatest common divisor and the least common multiple of several integers."
    difficulty_scales = (
        "digits per number: up to 2 + d, all sharing a factor; numbers: 2 + d // 10 (past d = 100 slower)"
    )
    size_name = "digits of the largest number (at most)"
    answer_format = "the gcd and then the lcm separated by a space, for example 6 360"
    tags = ("math", "number_theory")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_digits = digits_cap(2 + lvl)
        count = 2 + slow(lvl, 10, 40)
        count = max(2, min(count, MAX_DIGITS // (2 * max_digits)))  # keeps the lcm printable at absurd levels
        # A shared factor makes the gcd more than 1; cofactors with common small factors make the lcm
        # smaller than the product, so neither number falls out of a shortcut.
        shared_digits = rng.randint(1, max(1, max_digits // 2))
        shared = random_with_digits(rng, shared_digits)
        common = random_with_digits(rng, max(1, (max_digits - shared_digits) // 3))
        numbers = []
        for _ in range(count):
            rest = max(1, max_digits - shared_digits)
            cofactor = random_with_digits(rng, rng.randint(max(1, rest - 2), rest))
            if rng.random() < 0.5 and digits_of(cofactor * common) <= rest:
                cofactor *= common
            numbers.append(shared * cofactor)
        gcd, lcm = math.gcd(*numbers), math.lcm(*numbers)
        listed = ", ".join(map(str, numbers))
        prompt = f"Find the greatest common divisor (gcd) and the least common multiple (lcm) of {listed}."
        data = {
            "numbers": [str(n) for n in numbers],
            "gcd": str(gcd),
            "lcm": str(lcm),
            "max_digits": digits_of(lcm) + 2,
        }
        return Instance(prompt=prompt, answer=f"{gcd} {lcm}", data=data, size=max_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values = parse_integers(answer, max_items=3, max_digits=data["max_digits"], names=_NAMES)
        if len(values) != 2:
            return Verdict.wrong(f"expected two numbers, the gcd and the lcm, got {len(values)}")
        gcd, lcm = values
        if gcd != int(data["gcd"]):
            return Verdict.wrong("the gcd is wrong")
        if lcm != int(data["lcm"]):
            return Verdict.wrong("the lcm is wrong")
        return Verdict.right()
