"""math/euler_totient: Euler's phi(n) for a number built from known primes."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS


def totient(factors: dict[int, int]) -> int:
    value = 1
    for p, e in factors.items():
        value *= (p - 1) * p ** (e - 1)
    return value


class EulerTotient(Environment):
    id = "math/euler_totient"
    version = 1
    description = "Compute Euler's totient phi(n), the count of 1 <= k <= n coprime to n."
    difficulty_scales = "n has at most 8 + 3d bits; its largest prime factor has 3 + d // 2 bits (at most 60)"
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 96"
    tags = ("math", "number_theory", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = min(8 + 3 * lvl, 3 * MAX_DIGITS)
        factors = random_factorisation(rng, max_bits, min(3 + lvl // 2, 60))
        n, phi = product(factors), totient(factors)
        prompt = (
            f"Compute Euler's totient \u03c6({n}), the number of integers k with 1 \u2264 k \u2264 {n} "
            f"and gcd(k, {n}) = 1."
        )
        data = {"n": str(n), "phi": str(phi), "max_digits": digits_of(n) + 2}
        return Instance(prompt=prompt, answer=str(phi), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value != int(data["phi"]):
            return Verdict.wrong("that is not \u03c6(n)")
        return Verdict.right()
