"""math/lucas_sequence_gcd: gcd(U_a, U_b) for a Lucas sequence U_n(P, Q) with gcd(P, Q) = 1 and far indices a, b.

Such a sequence is a strong divisibility sequence, gcd(U_a, U_b) = |U_gcd(a, b)|, so the answer needs the gcd of
the indices, not the (astronomically large) terms themselves.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS

#: The gcd of the indices stays at most this, so the answer |U_g| keeps under about a thousand digits.
MAX_INDEX_GCD = 600


def lucas_u(n: int, p: int, q: int) -> int:
    """U_n(P, Q) exactly, step by step (callers keep n at most MAX_INDEX_GCD)."""
    previous, current = 0, 1
    if n == 0:
        return 0
    for _ in range(n - 1):
        previous, current = current, p * current - q * previous
    return current


def random_parameters(rng: random.Random, bound: int) -> tuple[int, int]:
    """P >= 1 and Q != 0 with gcd(P, Q) = 1 and P^2 not 1, 2, 3 or 4 times Q, where U_n is never 0 for n >= 1
    (the roots of x^2 - P x + Q are not a root of unity apart): the strong divisibility gcd rule then holds."""
    while True:
        p, q = rng.randint(1, bound), rng.randint(-bound - 1, bound + 1)
        if q and math.gcd(p, q) == 1 and p * p not in (q, 2 * q, 3 * q, 4 * q):
            return p, q


class LucasSequenceGcd(Environment):
    id = "math/lucas_sequence_gcd"
    version = 1
    description = (
        "Find the greatest common divisor of two far terms U_a and U_b of a Lucas sequence U_n(P, Q) with "
        "gcd(P, Q) = 1 (a strong divisibility sequence)."
    )
    difficulty_scales = (
        "the indices a, b have at most 5 + 2d bits (past d = 100 about +40 per doubling); gcd(a, b) is at most "
        "2 + d // 2 (at most 600); |P|, |Q| at most 2 + d // 5 (at most 20)"
    )
    size_name = "bits of the indices (at most)"
    answer_format = "a non-negative integer, for example 8"
    tags = ("math", "number_theory", "recurrences", "divisibility")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bits = min(5 + 2 * lvl, 3 * MAX_DIGITS)
        p, q = random_parameters(rng, min(2 + lvl // 5, 20))
        g = rng.randint(1, min(2 + lvl // 2, MAX_INDEX_GCD))
        top = ((1 << bits) - 1) // g
        while True:
            x, y = rng.randint(1, top), rng.randint(1, top)
            if x != y and math.gcd(x, y) == 1:
                break
        a, b = g * x, g * y
        value = abs(lucas_u(g, p, q))
        prompt = (
            f"The Lucas sequence with P = {p} and Q = {q} is U_0 = 0, U_1 = 1 and U_n = {p}\u00b7U_(n-1) "
            f"{'-' if q > 0 else '+'} {abs(q)}\u00b7U_(n-2) for n \u2265 2 (that is, U_n = P\u00b7U_(n-1) - "
            f"Q\u00b7U_(n-2)). Find gcd(U_{a}, U_{b}), the greatest common divisor of the terms with indices "
            f"a = {a} and b = {b} (a greatest common divisor is never negative)."
        )
        data = {"value": str(value), "signed": str(lucas_u(g, p, q))}
        return Instance(prompt=prompt, answer=str(value), data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = int(data["value"])
        value = parse_integer(answer, max_digits=digits_of(expected) + 2)
        if value != expected:
            if value == -expected:
                return Verdict.wrong("a greatest common divisor is never negative")
            return Verdict.wrong("that is not gcd(U_a, U_b)")
        return Verdict.right()
