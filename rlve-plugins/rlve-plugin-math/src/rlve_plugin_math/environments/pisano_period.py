"""math/pisano_period: the period of the Fibonacci numbers modulo m."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.residues import trial_factor
from rlve_plugin_math.scaling import LEVEL_CAP

#: Prime factors of m stay below 2^20, so p - 1 and 2 (p + 1) are factored by trial division in generation.
MAX_PRIME_BITS = 20


def fibonacci_pair(n: int, m: int) -> tuple[int, int]:
    """(F_n mod m, F_(n+1) mod m) by fast doubling: F_2k = F_k (2 F_(k+1) - F_k), F_(2k+1) = F_k^2 + F_(k+1)^2."""
    a, b = 0, 1
    for bit in bin(n)[2:]:
        a, b = a * (2 * b - a) % m, (a * a + b * b) % m
        if bit == "1":
            a, b = b, (a + b) % m
    return a, b


def _reduce_period(multiple: int, primes: list[int], m: int) -> int:
    """The period modulo m, from a multiple of it: divide out primes while what is left is still a period."""
    for r in primes:
        while multiple % r == 0 and fibonacci_pair(multiple // r, m) == (0, 1 % m):
            multiple //= r
    return multiple


def pisano_prime_power(p: int, e: int) -> int:
    """pi(p^e): pi(p) divides p - 1 when p = +-1 (mod 5), 2 (p + 1) when p = +-2, and pi(p^e) divides p^(e-1) pi(p)."""
    if p == 2:
        base = 3
    elif p == 5:
        base = 20
    else:
        bound = p - 1 if p % 5 in (1, 4) else 2 * (p + 1)
        base = _reduce_period(bound, sorted(trial_factor(bound)), p)
    return _reduce_period(p ** (e - 1) * base, [p], p**e)


def pisano(factors: dict[int, int]) -> int:
    return math.lcm(*(pisano_prime_power(p, e) for p, e in factors.items()))


class PisanoPeriod(Environment):
    id = "math/pisano_period"
    version = 1
    description = "Find the Pisano period: the length of the period of the Fibonacci numbers modulo m."
    difficulty_scales = (
        f"m has at most 4 + d bits (past d = 100 about +20 per doubling); its largest prime factor has 3 + d // 3 "
        f"bits (at most {MAX_PRIME_BITS})"
    )
    size_name = "bits of m (at most)"
    answer_format = "an integer, for example 60"
    tags = ("math", "number_theory", "modular", "recurrences")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = 4 + lvl
        factors = random_factorisation(rng, max_bits, min(3 + lvl // 3, MAX_PRIME_BITS))
        m, period = product(factors), pisano(factors)
        prompt = (
            "The Fibonacci numbers are F_0 = 0, F_1 = 1 and F_(k+2) = F_(k+1) + F_k. Taken modulo m they repeat. "
            f"Find the Pisano period for m = {m}: the smallest k \u2265 1 with F_k \u2261 0 and F_(k+1) \u2261 1 "
            f"(mod {m})."
        )
        data = {"m": str(m), "period": str(period)}
        return Instance(prompt=prompt, answer=str(period), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        period = int(data["period"])
        value = parse_integer(answer, max_digits=digits_of(period) + 2)
        if value < 1:
            return Verdict.wrong("the period is at least 1")
        if value != period:
            if fibonacci_pair(value, int(data["m"])) == (0, 1):
                return Verdict.wrong("the sequence repeats after that many terms, but also after fewer")
            return Verdict.wrong("the sequence does not repeat after that many terms")
        return Verdict.right()
