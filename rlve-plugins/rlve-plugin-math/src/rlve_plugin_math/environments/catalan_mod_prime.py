"""math/catalan_mod_prime: the n-th Catalan number modulo a prime, for a long n."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.combinatorics import LucasBinomial, base_digits
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.primes import random_prime
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

MAX_PRIME_BITS = 17  # the reference needs a factorial table of p entries


class CatalanModPrime(Environment):
    id = "math/catalan_mod_prime"
    version = 1
    description = "Compute the n-th Catalan number C_n = C(2n, n) / (n + 1) modulo a prime p."
    difficulty_scales = (
        f"digits of n: 1 + d (past d = 100 about +20 per doubling); p has 5 + d // 4 bits (at most {MAX_PRIME_BITS})"
    )
    size_name = "digits of n"
    answer_format = "an integer from 0 to p - 1, for example 5"
    tags = ("math", "combinatorics", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(1 + lvl)
        p = random_prime(rng, min(5 + lvl // 4, MAX_PRIME_BITS))
        n = random_with_digits(rng, digits)
        if rng.random() < 0.95 and n >= p:
            # C(2n, n) mod p is 0 unless every base-p digit of n is below p / 2 (no carry in n + n), so a
            # random n almost always gives 0, a winning guess. Mostly keep n's length but halve its digits.
            n = sum(min(digit, rng.randint(0, (p - 1) // 2)) * p**i for i, digit in enumerate(base_digits(n, p)))
            n = max(n, 1)
        binomial = LucasBinomial(p)
        # C_n = C(2n, n) - C(2n, n + 1): no division, so it holds modulo p even when p divides n + 1.
        value = (binomial(2 * n, n) - binomial(2 * n, n + 1)) % p
        prompt = (
            f"The Catalan numbers are C_n = (2n)! / (n! (n + 1)!): C_0 = 1, C_1 = 1, C_2 = 2, C_3 = 5, C_4 = 14, ... "
            f"Compute C_{n} modulo the prime {p}."
        )
        data = {"n": str(n), "p": p, "value": value}
        return Instance(prompt=prompt, answer=str(value), data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=len(str(data["p"])) + 2)
        if not 0 <= value < data["p"]:
            return Verdict.wrong(f"the answer must be between 0 and {data['p'] - 1}")
        if value != data["value"]:
            return Verdict.wrong("that is not C_n mod p")
        return Verdict.right()
