"""math/prime_factorization: the prime factorisation of a number built from known primes."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.factorisations import explain_mismatch, format_factorisation, parse_factorisation
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.primes import MAX_PRIME_BITS, product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS


class PrimeFactorization(Environment):
    id = "math/prime_factorization"
    version = 1
    description = "Write a number as a product of primes."
    difficulty_scales = (
        "the number has at most 8 + 4d bits; its largest prime factor has 3 + d // 2 bits "
        f"(at most {MAX_PRIME_BITS}, beyond that the number of factors grows)"
    )
    size_name = "bits of the number (at most)"
    answer_format = "the prime factors in increasing order as p^e joined by *, for example 2^3 * 3 * 5^2"
    tags = ("math", "number_theory", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = min(8 + 4 * lvl, 3 * MAX_DIGITS)
        # The reference is built, not computed: the primes are chosen first, so no factoring is ever needed.
        factors = random_factorisation(rng, max_bits, 3 + lvl // 2)
        n = product(factors)
        prompt = f"Find the prime factorisation of {n}."
        data = {
            "n": str(n),
            "factors": [[str(p), e] for p, e in factors.items()],
            "count": sum(factors.values()),
            "max_prime_digits": digits_of(max(factors)) + 1,
        }
        return Instance(prompt=prompt, answer=format_factorisation(factors), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = int(data["n"])
        factors = {int(p): e for p, e in data["factors"]}
        claimed = parse_factorisation(
            answer, n, max_factors=data["count"] + 1, max_prime_digits=data["max_prime_digits"]
        )
        reason = explain_mismatch(claimed, factors, n)
        return Verdict.wrong(reason) if reason else Verdict.right()
