"""math/derangements_mod_prime: the number of derangements of n objects modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.primes import random_prime
from rlve_plugin_math.scaling import LEVEL_CAP

MAX_PRIME_BITS = 61


def derangements_mod(n: int, p: int) -> int:
    """D(n) mod p by D(i) = i D(i - 1) + (-1)^i, D(0) = 1."""
    value = 1
    for i in range(1, n + 1):
        value = (i * value + (-1 if i % 2 else 1)) % p
    return value


class DerangementsModPrime(Environment):
    id = "math/derangements_mod_prime"
    version = 1
    description = "Count the permutations of n objects that leave no object in place, modulo a prime."
    difficulty_scales = (
        f"n: 4 + 2d (past d = 100 about +40 per doubling); p has 7 + d // 3 bits (at most {MAX_PRIME_BITS})"
    )
    size_name = "objects"
    answer_format = "an integer from 0 to p - 1, for example 44"
    tags = ("math", "combinatorics", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n = 4 + 2 * lvl
        p = random_prime(rng, min(7 + lvl // 3, MAX_PRIME_BITS))
        value = derangements_mod(n, p)
        prompt = (
            f"A derangement of {n} objects is a permutation of them in which no object stays in its original "
            f"position (for example there are 2 derangements of 3 objects and 9 of 4). Let D be the number of "
            f"derangements of {n} objects. Compute D modulo the prime {p}."
        )
        data = {"n": n, "p": str(p), "value": str(value)}
        return Instance(prompt=prompt, answer=str(value), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p = int(data["p"])
        value = parse_integer(answer, max_digits=len(data["p"]) + 2)
        if not 0 <= value < p:
            return Verdict.wrong(f"the answer must be between 0 and {p - 1}")
        if value != int(data["value"]):
            return Verdict.wrong("that is not the number of derangements mod p")
        return Verdict.right()
