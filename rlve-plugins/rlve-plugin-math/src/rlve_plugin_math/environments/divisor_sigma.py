"""math/divisor_sigma: sigma_k(n), the sum of the k-th powers of the divisors of n, for k = 1, 2 or 3."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS

#: The powers asked for, from the first level each comes in at: sigma_1 at d = 0, sigma_2 from 2, sigma_3 from 5.
POWERS_FROM = {1: 0, 2: 2, 3: 5}


def divisor_sigma(factors: dict[int, int], k: int) -> int:
    """sigma_k is multiplicative, with p^e contributing 1 + p^k + ... + p^(ek) = (p^(k(e+1)) - 1) / (p^k - 1)."""
    value = 1
    for p, e in factors.items():
        value *= (p ** (k * (e + 1)) - 1) // (p**k - 1)
    return value


class DivisorSigma(Environment):
    id = "math/divisor_sigma"
    version = 1
    description = (
        "Compute sigma_k(n), the sum of the k-th powers of the positive divisors of n (k = 1, 2 or 3); n is given "
        "without its factorisation."
    )
    difficulty_scales = (
        "n has at most 8 + 3d bits; its largest prime factor has 3 + d // 3 bits (at most 40); k = 1 below d = 2, "
        "up to 2 below d = 5, then 1 to 3"
    )
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 28"
    tags = ("math", "number_theory", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        # sigma_3(n) is below 2 n^3: with n below 2^MAX_DIGITS it has at most 0.91 MAX_DIGITS digits.
        max_bits = min(8 + 3 * lvl, MAX_DIGITS)
        k = rng.choice([power for power, first in POWERS_FROM.items() if difficulty >= first])
        factors = random_factorisation(rng, max_bits, min(3 + lvl // 3, 40))
        n, value = product(factors), divisor_sigma(factors, k)
        terms = "d" if k == 1 else f"d^{k}"
        prompt = (
            f"Compute \u03c3_{k}({n}): the sum of {terms} over all positive divisors d of {n} (1 and {n} "
            "included)."
        )
        data = {"n": str(n), "k": k, "sigma": str(value)}
        return Instance(prompt=prompt, answer=str(value), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = int(data["sigma"])
        claimed = parse_integer(answer, max_digits=digits_of(value) + 2)
        if claimed != value:
            return Verdict.wrong(f"that is not \u03c3_{data['k']}(n)")
        return Verdict.right()
