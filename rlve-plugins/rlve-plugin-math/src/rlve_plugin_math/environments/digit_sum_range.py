"""math/digit_sum_range: the total of the decimal digit sums of every integer from A to B (a digit DP)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


def digit_sum_total(n: int) -> int:
    """s(0) + s(1) + ... + s(n), one decimal place at a time, for n >= -1.

    The numbers below n that agree with it before place i and have a smaller digit there contribute, for
    each digit c of n with r places after it: c * prefix_sum * 10^r (the digits before), c (c - 1) / 2 * 10^r
    (place i itself) and c * r * 45 * 10^(r - 1) (the free places after). Summed by Horner's rule over
    10 times the total, so the 45 * 10^(r - 1) terms stay integers.
    """
    if n < 0:
        return 0
    digits = str(n)
    tenfold, prefix_sum = 0, 0
    for i, ch in enumerate(digits):
        c, r = int(ch), len(digits) - 1 - i
        tenfold = tenfold * 10 + 10 * (c * prefix_sum + c * (c - 1) // 2) + 45 * c * r
        prefix_sum += c
    return tenfold // 10 + prefix_sum  # + s(n) itself, which the sum over smaller numbers left out


class DigitSumRange(Environment):
    id = "math/digit_sum_range"
    version = 1
    description = "Add up the decimal digit sums of all integers from A to B inclusive."
    difficulty_scales = "B has 2 + d digits (past d = 100 about +20 per doubling); A has 1 to as many digits as B"
    size_name = "digits of B"
    answer_format = "an integer, for example 1342"
    tags = ("math", "number_theory", "digits", "dynamic_programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        digits = digits_cap(2 + level(difficulty, cap=LEVEL_CAP))
        high = random_with_digits(rng, digits)
        low = random_with_digits(rng, rng.randint(1, digits))
        low, high = min(low, high), max(low, high)
        if low == high:
            low -= 1
        total = digit_sum_total(high) - digit_sum_total(low - 1)
        prompt = (
            "Let s(n) be the sum of the decimal digits of n, so s(407) = 4 + 0 + 7 = 11. "
            f"Compute s({low}) + s({low + 1}) + \u2026 + s({high}), the sum of s(n) over every integer n with "
            f"{low} \u2264 n \u2264 {high}."
        )
        data = {"total": str(total)}
        return Instance(prompt=prompt, answer=str(total), data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        total = data["total"]
        value = parse_integer(answer, max_digits=len(total) + 2)
        if value != int(total):
            return Verdict.wrong("that is not the sum of the digit sums")
        return Verdict.right()
