"""math/gcd_sum: Pillai's function, the sum of gcd(k, n) over k = 1..n, for n given with its factorisation."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS


def pillai(factors: dict[int, int]) -> int:
    """sum_{k=1..n} gcd(k, n), multiplicative, with p^e contributing p^(e-1) * ((e + 1) p - e)."""
    value = 1
    for p, e in factors.items():
        value *= p ** (e - 1) * ((e + 1) * p - e)
    return value


class GcdSum(Environment):
    id = "math/gcd_sum"
    version = 1
    description = "Compute Pillai's function, the sum of gcd(k, n) for k = 1..n, for n given with its factorisation."
    difficulty_scales = "n has at most 6 + 3d bits; its largest prime factor has 3 + d // 2 bits (at most 60)"
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 15"
    tags = ("math", "number_theory", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = min(6 + 3 * lvl, 3 * MAX_DIGITS)
        factors = random_factorisation(rng, max_bits, min(3 + lvl // 2, 60))
        n, total = product(factors), pillai(factors)
        prompt = (
            f"Let n = {n} = {format_factorisation(factors)}. Compute the sum of gcd(k, n) over all integers k "
            "with 1 \u2264 k \u2264 n, that is, gcd(1, n) + gcd(2, n) + \u2026 + gcd(n, n), exactly."
        )
        data = {"total": str(total), "max_digits": digits_of(total) + 2}
        return Instance(prompt=prompt, answer=str(total), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value != int(data["total"]):
            return Verdict.wrong("that is not the sum of gcd(k, n)")
        return Verdict.right()
