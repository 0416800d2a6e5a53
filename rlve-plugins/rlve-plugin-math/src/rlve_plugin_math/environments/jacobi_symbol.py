"""math/jacobi_symbol: the Jacobi symbol (a/n) for an odd n > 1, by quadratic reciprocity."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

#: How often a symbol of 0 (a and n sharing a factor) is kept, so that 0 is neither absent nor a good guess.
ZERO_SHARE = 0.1


def jacobi(a: int, n: int) -> int:
    """(a/n) for odd n > 0: reciprocity and the rules for 2, in time quadratic in the digits."""
    a %= n
    sign = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                sign = -sign
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            sign = -sign
        a %= n
    return sign if n == 1 else 0


class JacobiSymbol(Environment):
    id = "math/jacobi_symbol"
    version = 1
    description = "Compute the Jacobi symbol (a/n) for an odd n > 1: -1, 0 or 1."
    difficulty_scales = (
        f"digits of n: 2 + d (past d = 100 about +20 per doubling); a has about as many; the symbol is 0 in about "
        f"{ZERO_SHARE:.0%} of problems"
    )
    size_name = "digits of n"
    answer_format = "-1, 0 or 1"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        digits = digits_cap(2 + level(difficulty, cap=LEVEL_CAP))
        n = random_with_digits(rng, digits) | 1
        if n == 1:
            n = rng.choice((3, 5, 7, 9))
        keep_zero = rng.random() < ZERO_SHARE
        for _ in range(50):
            # Sometimes a is larger than n, so reducing it first is part of the task.
            a = random_with_digits(rng, rng.randint(max(1, digits - 1), digits + 1))
            if (math.gcd(a, n) > 1) == keep_zero:
                break
        symbol = jacobi(a, n)
        prompt = (
            f"Compute the Jacobi symbol (a/n) for a = {a} and n = {n}. For an odd n > 0 with prime factorisation "
            "n = p1^e1 \u00b7 p2^e2 \u00b7\u00b7\u00b7 pk^ek, (a/n) is the product of the Legendre symbols (a/pi)^ei, "
            "where the Legendre symbol (a/p) is 0 if p divides a, 1 if a is a non-zero square modulo p, and "
            "\u22121 otherwise."
        )
        return Instance(prompt=prompt, answer=str(symbol), data={"symbol": symbol}, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=1)  # one digit: "00" or "11" is not a way to write a symbol
        if value not in (-1, 0, 1):
            return Verdict.wrong("a Jacobi symbol is -1, 0 or 1")
        if value != data["symbol"]:
            return Verdict.wrong("that is not (a/n)")
        return Verdict.right()
