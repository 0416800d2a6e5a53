"""math/polynomial_expansion: the coefficients of a product of small polynomials, expanded."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integers
from rlve_plugin_math.polynomials import format_polynomial, multiply, parse_polynomial
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def _factor(rng: random.Random, degree: int, bound: int) -> list[int]:
    lead = 1 if rng.random() < 0.6 else random_signed(rng, bound, nonzero=True)
    middle = [random_signed(rng, bound) for _ in range(degree - 1)]
    return [lead, *middle, random_signed(rng, bound, nonzero=True)]


class PolynomialExpansion(Environment):
    id = "math/polynomial_expansion"
    version = 1
    description = "Expand a product of linear and quadratic polynomials and give its coefficients."
    difficulty_scales = (
        "degree of the product: 2 + d (past d = 100 +1 per 20 levels); coefficients of the factors up to "
        "2 + d // 20 in absolute value"
    )
    size_name = "degree of the product"
    answer_format = (
        "the coefficients from the highest power of x down to the constant term, separated by spaces, "
        "for example 2 0 -3 1 for 2x^3 - 3x + 1"
    )
    tags = ("math", "algebra", "polynomials")
    max_answer_chars = 50_000

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        degree = 2 + slow(lvl, 1, 20)
        bound = 2 + slow(lvl, 20, 200)
        factors, left = [], degree
        while left:
            # Never one factor alone (that would be expanded already): a first factor leaves room for more.
            part = 1 if left == 1 or (not factors and left == 2) or rng.random() < 0.6 else 2
            factors.append(_factor(rng, part, bound))
            left -= part
        product = [1]
        for factor in factors:
            product = multiply(product, factor)
        shown = "".join(f"({format_polynomial(f)})" for f in factors)
        prompt = (
            f"Expand the product\n\n{shown}\n\ninto a single polynomial of degree {degree} and give all of its "
            f"{degree + 1} coefficients, zeros included. (Writing the expanded polynomial itself, such as "
            "2x^3 - 3x + 1, is also accepted.)"
        )
        data = {
            "coefficients": [str(c) for c in product],
            "max_digits": max(digits_of(c) for c in product) + 2,
        }
        return Instance(prompt=prompt, answer=" ".join(map(str, product)), data=data, size=degree)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [int(c) for c in data["coefficients"]]
        degree = len(expected) - 1
        if "x" in answer:
            claimed = parse_polynomial(answer, max_degree=degree, max_digits=data["max_digits"])
        else:
            claimed = parse_integers(answer, max_items=degree + 2, max_digits=data["max_digits"])
            if len(claimed) != degree + 1:
                return Verdict.wrong(f"expected {degree + 1} coefficients, got {len(claimed)}")
        for power, (got, want) in enumerate(zip(claimed, expected)):
            if got != want:
                return Verdict.wrong(f"the coefficient of x^{degree - power} is wrong")
        return Verdict.right()
