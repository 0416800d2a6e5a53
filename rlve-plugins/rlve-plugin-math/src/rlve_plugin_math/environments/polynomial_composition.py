"""math/polynomial_composition: the expanded polynomial p(q(x)) for two integer polynomials p and q."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.polynomial_maps import compose
from rlve_plugin_math.polynomial_tasks import parse_rational_polynomial
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def _random_polynomial(rng: random.Random, degree: int, bound: int) -> list[int]:
    """Leading and constant coefficients non-zero, so that neither the degree nor a shift is free."""
    middle = [random_signed(rng, bound) for _ in range(degree - 1)]
    return [random_signed(rng, bound, nonzero=True), *middle, random_signed(rng, bound, nonzero=True)]


class PolynomialComposition(Environment):
    id = "math/polynomial_composition"
    version = 1
    description = "Expand the composition p(q(x)) of two integer polynomials."
    difficulty_scales = (
        "coefficients up to 2 + d in absolute value; degree of p: 2 + d // 10, degree of q: 1 + d // 12 "
        "(past d = 100 each +1 per 300 levels)"
    )
    size_name = "largest allowed absolute value of a coefficient of p and q"
    answer_format = "the expanded polynomial in powers of x, for example 4x^4 - 12x^3 + 9x^2 + 2"
    tags = ("math", "algebra", "polynomials")
    # At the level cap p(q(x)) has degree 180 and coefficients of about 65 digits.
    max_answer_chars = 50_000

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 2 + lvl
        outer = _random_polynomial(rng, 2 + slow(lvl, 10, 300), bound)
        inner = _random_polynomial(rng, 1 + slow(lvl, 12, 300), bound)
        composition = compose(outer, inner)
        prompt = (
            f"Let\n\np(x) = {format_polynomial(outer)}\nq(x) = {format_polynomial(inner)}\n\n"
            f"Compute the composition p(q(x)), that is, p with q(x) substituted for x, and write it as one "
            f"expanded polynomial in x (of degree {len(composition) - 1}), like terms collected."
        )
        data = {
            "outer": [str(c) for c in outer],
            "inner": [str(c) for c in inner],
            "composition": [str(c) for c in composition],
            "max_digits": max(digits_of(c) for c in composition) + 2,
        }
        return Instance(prompt=prompt, answer=format_polynomial(composition), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [int(c) for c in data["composition"]]
        degree = len(expected) - 1
        claimed = parse_rational_polynomial(answer, max_degree=degree, max_digits=data["max_digits"])
        if claimed == expected:
            return Verdict.right()
        outer, inner = [int(c) for c in data["outer"]], [int(c) for c in data["inner"]]
        swapped = compose(inner, outer)
        if claimed == [0] * (degree + 1 - len(swapped)) + swapped:
            return Verdict.wrong("that is q(p(x)), not p(q(x))")
        power = next(i for i, (got, want) in enumerate(zip(claimed, expected)) if got != want)
        return Verdict.wrong(f"the coefficient of x^{degree - power} is wrong")
