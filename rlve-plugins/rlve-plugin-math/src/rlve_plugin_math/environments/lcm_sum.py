"""math/lcm_sum: the sum of lcm(k, n) over k = 1..n, for n given with its factorisation."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS


def lcm_sum(factors: dict[int, int]) -> int:
    """sum_{k=1..n} lcm(k, n) = n (1 + sum_{d | n} d phi(d)) / 2.

    Grouping k by g = gcd(k, n) and writing d = n / g, the k / g are the units below d, whose sum is
    d phi(d) / 2 for d > 1. The divisor sum is multiplicative, with p^e contributing
    1 + sum_{j=1..e} p^j p^(j-1) (p - 1) = (p^(2e+1) + 1) / (p + 1).
    """
    divisor_sum = 1
    for p, e in factors.items():
        divisor_sum *= (p ** (2 * e + 1) + 1) // (p + 1)
    return product(factors) * (1 + divisor_sum) // 2


class LcmSum(Environment):
    id = "math/lcm_sum"
    version = 1
    description = "Compute the sum of lcm(k, n) for k = 1..n, for n given with its factorisation."
    difficulty_scales = "n has at most 6 + 3d bits; its largest prime factor has 3 + d // 2 bits (at most 60)"
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 2496"
    tags = ("math", "number_theory", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        # The sum is about n^2 / 2 or more, so n keeps to half the digits any number may have.
        max_bits = min(6 + 3 * lvl, 3 * MAX_DIGITS // 2)
        factors = random_factorisation(rng, max_bits, min(3 + lvl // 2, 60))
        n, total = product(factors), lcm_sum(factors)
        prompt = (
            f"Let n = {n} = {format_factorisation(factors)}. Compute the sum of lcm(k, n), the least common "
            "multiple of k and n, over all integers k with 1 \u2264 k \u2264 n, that is, "
            "lcm(1, n) + lcm(2, n) + \u2026 + lcm(n, n), exactly."
        )
        data = {"total": str(total)}
        return Instance(prompt=prompt, answer=str(total), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        total = int(data["total"])
        value = parse_integer(answer, max_digits=digits_of(total) + 2)
        if value != total:
            return Verdict.wrong("that is not the sum of lcm(k, n)")
        return Verdict.right()
