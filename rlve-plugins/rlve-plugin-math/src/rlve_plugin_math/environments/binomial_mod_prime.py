"""math/binomial_mod_prime: C(n, k) mod p for a long n and a prime p (Lucas' theorem territory)."""

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


class BinomialModPrime(Environment):
    id = "math/binomial_mod_prime"
    version = 1
    description = "Compute the binomial coefficient C(n, k) modulo a prime p."
    difficulty_scales = (
        f"digits of n: 2 + d (past d = 100 about +20 per doubling); p has 5 + d // 4 bits (at most {MAX_PRIME_BITS})"
    )
    size_name = "digits of n"
    answer_format = "an integer from 0 to p - 1, for example 3"
    tags = ("math", "combinatorics", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(2 + lvl)
        p = random_prime(rng, min(5 + lvl // 4, MAX_PRIME_BITS))
        n = random_with_digits(rng, digits)
        if rng.random() < 0.95:
            # By Lucas, C(n, k) mod p is 0 as soon as one base-p digit of k exceeds n's; a random k
            # almost always has one, which would make "0" a winning guess. So mostly pick k's digits
            # at most n's digits, and only sometimes a fully random k.
            k = sum(rng.randint(0, digit) * p**i for i, digit in enumerate(base_digits(n, p)))
        else:
            k = rng.randint(1, n - 1)
        if not 0 < k < n:
            k = rng.randint(1, n - 1)
        value = LucasBinomial(p)(n, k)
        prompt = f'Compute the binomial coefficient C({n}, {k}) ("{n} choose {k}") modulo the prime {p}.'
        data = {"n": str(n), "k": str(k), "p": p, "value": value}
        return Instance(prompt=prompt, answer=str(value), data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=len(str(data["p"])) + 2)
        if not 0 <= value < data["p"]:
            return Verdict.wrong(f"the answer must be between 0 and {data['p'] - 1}")
        if value != data["value"]:
            return Verdict.wrong("that is not C(n, k) mod p")
        return Verdict.right()
