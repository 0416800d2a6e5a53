"""math/divisor_count: the number of positive divisors of a number built from known primes."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS


class DivisorCount(Environment):
    id = "math/divisor_count"
    version = 1
    description = "Count the positive divisors of n."
    difficulty_scales = "n has at most 8 + 4d bits; its largest prime factor has 2 + d // 4 bits (at most 40)"
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 24"
    tags = ("math", "number_theory", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = min(8 + 4 * lvl, 3 * MAX_DIGITS)
        # Small largest primes make repeated factors likely, so the exponents (the whole point) matter.
        factors = random_factorisation(rng, max_bits, min(2 + lvl // 4, 40))
        n = product(factors)
        count = math.prod(e + 1 for e in factors.values())
        prompt = f"How many positive integers divide {n} (including 1 and {n} itself)?"
        data = {"n": str(n), "count": str(count), "max_digits": len(str(count)) + 2}
        return Instance(prompt=prompt, answer=str(count), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value != int(data["count"]):
            return Verdict.wrong("that is not the number of divisors")
        return Verdict.right()
