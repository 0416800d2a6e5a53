"""math/mertens_function: Mertens' function M(N), the sum of the Moebius function mu(k) over k = 1..N."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer, refuse_leading_zeros
from rlve_plugin_math.scaling import LEVEL_CAP


def mertens(n: int) -> int:
    """mu(1) + ... + mu(n) with a linear sieve (each composite is struck once, by its smallest prime).

    N stays below about 10^4 (the level's cap), where the sieve takes a few milliseconds.
    """
    mu = [0] * (n + 1)
    if n >= 1:
        mu[1] = 1
    primes: list[int] = []
    composite = bytearray(n + 1)
    for k in range(2, n + 1):
        if not composite[k]:
            primes.append(k)
            mu[k] = -1
        for p in primes:
            if p * k > n:
                break
            composite[p * k] = 1
            if k % p == 0:  # p^2 divides p k: mu is 0 there (the list starts at 0)
                break
            mu[p * k] = -mu[k]
    return sum(mu)


class MertensFunction(Environment):
    id = "math/mertens_function"
    version = 1
    description = "Compute Mertens' function M(N), the sum of the Moebius function mu(k) over k = 1..N."
    difficulty_scales = "N: from 6 + 5d to 10 + 10d (past d = 100 about +200 per doubling, at most 10010)"
    size_name = "largest possible N"
    answer_format = "an integer (it may be negative), for example -2"
    tags = ("math", "number_theory", "sieve", "moebius")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        high = 10 + 10 * level(difficulty, cap=LEVEL_CAP)
        n = rng.randint(high // 2 + 1, high)
        total = mertens(n)
        prompt = (
            "The M\u00f6bius function \u03bc(k) is 1 for k = 1; 0 if k is divisible by the square of a prime; "
            "otherwise (-1)^r, where r is the number of distinct primes dividing k. Compute Mertens' function "
            f"M({n}) = \u03bc(1) + \u03bc(2) + \u2026 + \u03bc({n}), the sum of \u03bc(k) over every integer k "
            f"with 1 \u2264 k \u2264 {n}."
        )
        data = {"n": n, "total": total}
        return Instance(prompt=prompt, answer=str(total), data=data, size=high)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        total = data["total"]
        refuse_leading_zeros(answer)  # "00" is the reference 0 glued to itself
        value = parse_integer(answer, max_digits=digits_of(total) + 2)
        if value != total:
            if value == -total:
                return Verdict.wrong("the sign is wrong")
            return Verdict.wrong("that is not the sum of \u03bc(k) for k = 1..N")
        return Verdict.right()
