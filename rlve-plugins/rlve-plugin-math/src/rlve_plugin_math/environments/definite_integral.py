"""math/definite_integral: the exact definite integral of an integer polynomial between two rational bounds."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.calculus import EXACT_FORMAT, check_exact_value
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.probability import exact_data
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def antiderivative_at(coefficients: list[int], x: Fraction) -> Fraction:
    """F(x) for the antiderivative F of the polynomial (highest power first) with F(0) = 0."""
    degree = len(coefficients) - 1
    value = Fraction(0)
    for i, c in enumerate(coefficients):  # Horner on c_k / (k + 1) x^(k + 1), constant term 0
        value = value * x + Fraction(c, degree - i + 1)
    return value * x


def _bound(rng: random.Random, reach: int, max_denominator: int) -> Fraction:
    denominator = rng.randint(2, max_denominator) if max_denominator >= 2 and rng.random() < 0.6 else 1
    return Fraction(rng.randint(-reach * denominator, reach * denominator), denominator)


class DefiniteIntegral(Environment):
    id = "math/definite_integral"
    version = 1
    description = "Compute the exact definite integral of a polynomial with integer coefficients between two bounds."
    difficulty_scales = (
        "coefficients up to 2 + d in absolute value; degree: 2 + d // 3 (past d = 100 +1 per 40 levels); "
        "bounds up to 2 + d // 4 (at most 20) in absolute value, fractions with denominators up to 1 + d // 3 "
        "(at most 12) from d = 3; from d = 6 the lower bound may exceed the upper one"
    )
    size_name = "largest allowed absolute value of a coefficient"
    answer_format = EXACT_FORMAT
    tags = ("math", "calculus", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound, degree = 2 + lvl, 2 + slow(lvl, 3, 40)
        coefficients = [random_signed(rng, bound, nonzero=True)] + [random_signed(rng, bound) for _ in range(degree)]
        reach, max_denominator = min(20, 2 + lvl // 4), min(12, 1 + lvl // 3) if lvl >= 3 else 1
        lower = _bound(rng, reach, max_denominator)
        upper = _bound(rng, reach, max_denominator)
        while upper == lower:
            upper += 1
        if (lower > upper) != (lvl >= 6 and rng.random() < 0.2):
            lower, upper = upper, lower  # the reversed order only where the prompt's rule is meant to matter
        value = antiderivative_at(coefficients, upper) - antiderivative_at(coefficients, lower)
        prompt = (
            f"Let p(x) = {format_polynomial(coefficients)}.\n\nCompute the exact value of the definite integral of "
            f"p(x) dx from x = {format_fraction(lower)} (lower limit) to x = {format_fraction(upper)} (upper limit). "
            "As usual, when the lower limit is larger than the upper limit the integral is the negative of the "
            "integral with the limits swapped."
        )
        return Instance(prompt=prompt, answer=format_fraction(value), data=exact_data(value), size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact_value(data, answer, "the value of the integral")
