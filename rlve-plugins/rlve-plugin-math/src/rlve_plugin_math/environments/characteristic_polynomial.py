"""math/characteristic_polynomial: det(xI - A) of a square integer matrix, written out in powers of x."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.matrices import show_matrix
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.polynomial_tasks import parse_rational_polynomial
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def characteristic_polynomial(matrix: list[list[int]]) -> list[int]:
    """The coefficients of det(xI - A), highest power first, by the Faddeev-LeVerrier recursion.

    With M_1 = I and M_(k+1) = A M_k + c_(n-k) I, the coefficient c_(n-k) = -tr(A M_k) / k; the division is
    exact, so everything stays an integer (no fractions, no determinants of polynomial matrices)."""
    n = len(matrix)
    coefficients = [1]
    product = [row[:] for row in matrix]  # A M_k, starting from A M_1 = A
    for k in range(1, n + 1):
        c = -sum(product[i][i] for i in range(n)) // k
        coefficients.append(c)
        if k < n:
            columns = list(zip(*product))  # A M_(k+1) = A (A M_k) + c A
            product = [
                [sum(a * b for a, b in zip(row, column)) + c * row[j] for j, column in enumerate(columns)]
                for row in matrix
            ]
    return coefficients


class CharacteristicPolynomial(Environment):
    id = "math/characteristic_polynomial"
    version = 1
    description = "Find the characteristic polynomial det(xI - A) of a square integer matrix."
    difficulty_scales = (
        "size: 2 + d // 4 (past d = 100 +1 per 200 levels); entries up to 2 + d in absolute value (past d = 100 "
        "+1 per 10 levels)"
    )
    size_name = "largest allowed absolute value of an entry"
    answer_format = "the polynomial written out in powers of x, for example x^3 - 2x^2 - 5x + 6"
    tags = ("math", "linear_algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 2 + slow(lvl, 4, 200), 2 + slow(lvl, 1, 10)
        matrix = [[random_signed(rng, bound) for _ in range(n)] for _ in range(n)]
        coefficients = characteristic_polynomial(matrix)
        prompt = (
            f"Find the characteristic polynomial p(x) = det(xI - A) of this {n} \u00d7 {n} integer matrix A (one "
            f"row per line), where I is the identity matrix:\n\n{show_matrix(matrix)}\n\n"
            f"p(x) has degree {n} and leading coefficient 1. Give it written out in powers of x."
        )
        data = {
            "coefficients": [str(c) for c in coefficients],
            "max_digits": max(digits_of(c) for c in coefficients) + 2,
        }
        return Instance(prompt=prompt, answer=format_polynomial(coefficients), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [int(c) for c in data["coefficients"]]
        n = len(expected) - 1
        # The rational reader, for its tolerance of "+ -5x" and "(-5)x"; a fraction is simply a wrong coefficient.
        claimed = parse_rational_polynomial(answer, max_degree=n, max_digits=data["max_digits"])
        if claimed[0] != 1:
            if claimed == [-c for c in expected]:
                return Verdict.wrong("that is det(A - xI); the question asks for det(xI - A), which has leading 1")
            return Verdict.wrong(f"the coefficient of x^{n} must be 1")
        for power, (got, want) in enumerate(zip(claimed, expected)):
            if got != want:
                return Verdict.wrong(f"the coefficient of x^{n - power} is wrong")
        return Verdict.right()
