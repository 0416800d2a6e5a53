"""math/totient_summatory: the sum of Euler's phi(k) over k = 1..N."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP


def totient_summatory(n: int) -> int:
    """phi(1) + ... + phi(n), with a sieve: phi(k) starts at k and loses phi(k) / p for each prime p of k.

    N stays below about 10^4 (the level's cap), where the sieve takes a few milliseconds.
    """
    phi = list(range(n + 1))
    for p in range(2, n + 1):
        if phi[p] == p:  # untouched so far: p is prime
            for multiple in range(p, n + 1, p):
                phi[multiple] -= phi[multiple] // p
    return sum(phi[1:])


class TotientSummatory(Environment):
    id = "math/totient_summatory"
    version = 1
    description = "Add up Euler's totient phi(k) over all k from 1 to N."
    difficulty_scales = "N: from 6 + 5d to 10 + 10d (past d = 100 about +200 per doubling, at most 10010)"
    size_name = "largest possible N"
    answer_format = "an integer, for example 32"
    tags = ("math", "number_theory", "sieve")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        high = 10 + 10 * level(difficulty, cap=LEVEL_CAP)
        n = rng.randint(high // 2 + 1, high)
        total = totient_summatory(n)
        prompt = (
            "Euler's totient \u03c6(k) is the number of integers j with 1 \u2264 j \u2264 k and gcd(j, k) = 1 "
            f"(so \u03c6(1) = 1). Compute \u03c6(1) + \u03c6(2) + \u2026 + \u03c6({n}), the sum of \u03c6(k) over "
            f"every integer k with 1 \u2264 k \u2264 {n}."
        )
        data = {"n": n, "total": str(total)}
        return Instance(prompt=prompt, answer=str(total), data=data, size=high)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        total = int(data["total"])
        value = parse_integer(answer, max_digits=digits_of(total) + 2)
        if value != total:
            return Verdict.wrong("that is not the sum of \u03c6(k) for k = 1..N")
        return Verdict.right()
