"""math/taylor_coefficient: the coefficient of x^k in the power series at 0 of P(x)/Q(x), Q(0) != 0.

The series c_0 + c_1 x + ... satisfies Q(x) (c_0 + c_1 x + ...) = P(x), so c_i = (p_i - sum_j q_j c_(i-j)) / q_0:
long division of power series, or a linear recurrence once i passes the degree of P.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.calculus import EXACT_FORMAT, check_exact_value, format_quotient
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import exact_data
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def series_coefficient(numerator: list[int], denominator: list[int], k: int) -> Fraction:
    """The coefficient of x^k in the series of numerator / denominator (both lowest power FIRST).

    Works with e_i = c_i q_0^(i + 1), which are integers: e_i = p_i q_0^i - sum_j q_j q_0^(j - 1) e_(i - j),
    so no fraction is reduced until the end.
    """
    q0 = denominator[0]
    scaled: list[int] = []
    for i in range(k + 1):
        p_i = numerator[i] if i < len(numerator) else 0
        total = p_i * q0**i
        for j in range(1, min(i, len(denominator) - 1) + 1):
            total -= denominator[j] * q0 ** (j - 1) * scaled[i - j]
        scaled.append(total)
    return Fraction(scaled[k], q0 ** (k + 1))


class TaylorCoefficient(Environment):
    id = "math/taylor_coefficient"
    version = 1
    description = "Find the coefficient of x^k in the power series at 0 of a quotient of integer polynomials."
    difficulty_scales = (
        "k: 3 + d (past d = 100 +1 per 10 levels); denominator degree: 1 + d // 8 (at most 5), its coefficients "
        "up to 1 + d // 6 (at most 9) in absolute value, constant term +-1, or +-2 or +-3 in a third of the "
        "problems from d = 4; numerator degree up to 1 + d // 5 (at most 6), coefficients up to 2 + d // 3"
    )
    size_name = "k, the power of x asked for"
    answer_format = EXACT_FORMAT
    tags = ("math", "calculus", "power-series")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        k = 3 + slow(lvl, 1, 10)
        q_degree, q_bound = min(5, 1 + lvl // 8), min(9, 1 + lvl // 6)
        q0 = rng.choice((2, 3)) if lvl >= 4 and rng.random() < 1 / 3 else 1
        denominator = [q0 * rng.choice((1, -1))] + [random_signed(rng, q_bound) for _ in range(q_degree)]
        denominator[-1] = denominator[-1] or random_signed(rng, q_bound, nonzero=True)
        p_bound = 2 + lvl // 3
        numerator = [random_signed(rng, p_bound) for _ in range(rng.randint(1, min(6, 1 + lvl // 5)) + 1)]
        if not any(numerator):
            numerator[0] = 1
        value = series_coefficient(numerator, denominator, k)
        shown = format_quotient(numerator[::-1], denominator[::-1])
        prompt = (
            f"Let f(x) = {shown}.\n\nThe denominator is not 0 at x = 0, so f has a power series (its Taylor series at "
            f"x = 0) f(x) = c_0 + c_1 x + c_2 x^2 + ... Find the exact value of the coefficient c_{k} of x^{k}."
        )
        data = {**exact_data(value), "k": k}
        return Instance(prompt=prompt, answer=format_fraction(value), data=data, size=k)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact_value(data, answer, f"the coefficient of x^{data['k']}")
