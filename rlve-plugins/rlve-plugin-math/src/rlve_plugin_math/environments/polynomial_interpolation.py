"""math/polynomial_interpolation: the unique polynomial of degree below n through n given points."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, format_fraction
from rlve_plugin_math.polynomial_tasks import (
    PROMPT_CONVENTION,
    format_rational_polynomial,
    from_strings,
    parse_rational_polynomial,
    to_strings,
)
from rlve_plugin_math.polynomials import evaluate
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


class PolynomialInterpolation(Environment):
    id = "math/polynomial_interpolation"
    version = 1
    description = "Find the unique polynomial of degree less than n whose graph passes through n given points."
    difficulty_scales = (
        "points: 2 + d // 4 (past d = 100 +1 per 40 levels); the polynomial is q(x) / m with integer coefficients "
        "of q up to 2 + d in absolute value and, in half the problems from d = 2, m up to 2 + d // 4 (at most 12)"
    )
    size_name = "largest allowed absolute value of a coefficient of q"
    answer_format = "the polynomial written out in powers of x, for example 3/2 x^2 - x + 1/4"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 2 + slow(lvl, 4, 40), 2 + lvl
        denominator = rng.randint(2, min(12, 2 + lvl // 4)) if lvl >= 2 and rng.random() < 0.5 else 1
        # Degree exactly n - 1, so every point matters and no shorter formula fits them all.
        numerators = [random_signed(rng, bound, nonzero=True)] + [random_signed(rng, bound) for _ in range(n - 1)]
        polynomial = [Fraction(c, denominator) for c in numerators]
        span = max(n // 2 + 1, 2 + lvl // 10)
        xs = sorted(rng.sample(range(-span, span + 1), n))
        points = [(x, Fraction(evaluate(numerators, x), denominator)) for x in xs]
        shown = ", ".join(f"({x}, {format_fraction(y)})" for x, y in points)
        prompt = (
            f"Find the polynomial p(x) of degree less than {n} whose graph passes through these {n} points (x, y):"
            f"\n\n{shown}\n\nExactly one such polynomial exists; its coefficients may be fractions. Give it written "
            f"out in powers of x. {PROMPT_CONVENTION}."
        )
        data = {
            "coefficients": to_strings(polynomial),
            "max_digits": max(max(digits_of(c.numerator), digits_of(c.denominator)) for c in polynomial) + 2,
        }
        return Instance(prompt=prompt, answer=format_rational_polynomial(polynomial), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = from_strings(data["coefficients"])
        degree = len(expected) - 1
        claimed = parse_rational_polynomial(answer, max_degree=degree, max_digits=data["max_digits"])
        for power, (got, want) in enumerate(zip(claimed, expected)):
            if got != want:
                return Verdict.wrong(f"the coefficient of x^{degree - power} is wrong")
        return Verdict.right()
