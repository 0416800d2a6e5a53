"""math/legendre_factorial_exponent: the exponent of a prime p in n! (Legendre's formula), or the number of
trailing zeros of n! written in a base b given with its factorisation."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.calculus import refuse_leading_zeros
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import random_prime
from rlve_plugin_math.residues import trial_factor
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS

#: Bases for trailing zeros stay small enough to factor by trial division and to read as a "base".
MAX_BASE_BITS = 16


def legendre_exponent(n: int, p: int) -> int:
    """v_p(n!) = floor(n/p) + floor(n/p^2) + ...: one term per power of p up to n."""
    total, power = 0, p
    while power <= n:
        total += n // power
        power *= p
    return total


def trailing_zeros(n: int, base_factors: dict[int, int]) -> int:
    """Zeros at the end of n! in base b = prod p^e: how many times b divides n!, the scarcest prime deciding."""
    return min(legendre_exponent(n, p) // e for p, e in base_factors.items())


class LegendreFactorialExponent(Environment):
    id = "math/legendre_factorial_exponent"
    version = 1
    description = (
        "Find the exponent of a prime p in n! (Legendre's formula), or the number of trailing zeros of n! written "
        "in a base b given with its factorisation."
    )
    difficulty_scales = (
        "n has 6 + 2d bits (past d = 100 about +40 per doubling); the prime p has 2 + d // 3 bits (at most 40), "
        "the base b at most 4 + d // 2 bits (at most 16); half the problems ask for trailing zeros"
    )
    size_name = "bits of n"
    answer_format = "an integer, for example 12"
    tags = ("math", "number_theory", "primes", "factorials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bits = min(6 + 2 * lvl, 3 * MAX_DIGITS)
        n = rng.randint(1 << (bits - 1), (1 << bits) - 1)
        if rng.random() < 0.5:
            p = random_prime(rng, min(2 + lvl // 3, 40, bits - 1))
            value = legendre_exponent(n, p)
            prompt = (
                f"Let n = {n}. Find the exponent of the prime {p} in the prime factorisation of n! = 1 \u00d7 2 "
                f"\u00d7 \u2026 \u00d7 n, that is, the largest integer k such that {p}^k divides {n}!."
            )
        else:
            base = rng.randint(2, (1 << min(4 + lvl // 2, MAX_BASE_BITS)) - 1)
            factors = dict(sorted(trial_factor(base).items()))
            value = trailing_zeros(n, factors)
            prompt = (
                f"Let n = {n}. Write n! = 1 \u00d7 2 \u00d7 \u2026 \u00d7 n in base {base} (where "
                f"{base} = {format_factorisation(factors)}). How many zeros does it end with? That is, find the "
                f"largest integer k such that {base}^k divides {n}!."
            )
        data = {"value": str(value)}
        return Instance(prompt=prompt, answer=str(value), data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = int(data["value"])
        refuse_leading_zeros(answer)  # "00" is the reference 0 glued to itself
        value = parse_integer(answer, max_digits=digits_of(expected) + 2)
        if value < 0:
            return Verdict.wrong("the exponent is at least 0")
        if value != expected:
            return Verdict.wrong("too large: that power does not divide n!" if value > expected else "too small")
        return Verdict.right()
