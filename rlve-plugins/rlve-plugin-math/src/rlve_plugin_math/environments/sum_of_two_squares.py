"""math/sum_of_two_squares: r2(n), the number of ordered pairs of integers (x, y) with x^2 + y^2 = n."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer, refuse_leading_zeros
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS

#: Share of problems whose primes 3 (mod 4) are all made to appear to even powers, so that r2(n) > 0; a random
#: n is rarely a sum of two squares, and an answer of 0 should stay the exception.
REPRESENTABLE_SHARE = 0.75


def r2(factors: dict[int, int]) -> int:
    """Jacobi's two-square theorem: 0 if a prime 3 (mod 4) has an odd exponent, else 4 prod (e + 1) over p = 1 (4)."""
    count = 4
    for p, e in factors.items():
        if p % 4 == 3 and e % 2:
            return 0
        if p % 4 == 1:
            count *= e + 1
    return count


class SumOfTwoSquares(Environment):
    id = "math/sum_of_two_squares"
    version = 1
    description = (
        "Count the ordered pairs of integers (x, y), signs and order included, with x^2 + y^2 = n, for n given "
        "with its factorisation."
    )
    difficulty_scales = (
        "n has at most 6 + 2d bits; its largest prime factor has 3 + d // 2 bits (at most 60); in 75% of problems "
        "the primes 3 (mod 4) have even exponents"
    )
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 8"
    tags = ("math", "number_theory", "diophantine", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = min(6 + 2 * lvl, 3 * MAX_DIGITS)
        factors = random_factorisation(rng, max_bits, min(3 + lvl // 2, 60))
        if rng.random() < REPRESENTABLE_SHARE:
            # Lowering an odd exponent of a prime 3 (mod 4) by one keeps n within max_bits.
            factors = {p: e - (p % 4 == 3 and e % 2) for p, e in factors.items()}
            factors = {p: e for p, e in factors.items() if e} or {2: 1}
        n, count = product(factors), r2(factors)
        written = format_factorisation(factors)
        stated = f"{n}" if written == str(n) else f"{n} = {written}"
        prompt = (
            f"Let n = {stated}. How many ordered pairs of integers (x, y) satisfy "
            f"x^2 + y^2 = n? Negative values and zero are allowed, and order and signs count: (x, y), (y, x), "
            "(-x, y), ... are different pairs whenever they differ as pairs (for example, x^2 + y^2 = 25 has the "
            "12 solutions (\u00b13, \u00b14), (\u00b14, \u00b13), (0, \u00b15) and (\u00b15, 0))."
        )
        data = {"count": str(count), "max_digits": digits_of(count) + 2}
        return Instance(prompt=prompt, answer=str(count), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        count = int(data["count"])
        refuse_leading_zeros(answer)  # "00" is the reference 0 glued to itself
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value != count:
            if count and value * 4 == count:
                return Verdict.wrong("that counts only one sign pattern; signs and order count")
            return Verdict.wrong("that is not the number of ordered integer pairs (x, y)")
        return Verdict.right()
