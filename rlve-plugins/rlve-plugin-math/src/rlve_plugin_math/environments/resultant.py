"""math/resultant: the resultant of two integer polynomials, the determinant of their Sylvester matrix."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import determinant
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def sylvester(a: list[int], b: list[int]) -> list[list[int]]:
    """The Sylvester matrix: deg b shifted rows of a's coefficients, then deg a shifted rows of b's."""
    m, n = len(a) - 1, len(b) - 1
    size = m + n
    rows = [[0] * i + a + [0] * (size - m - 1 - i) for i in range(n)]
    rows += [[0] * i + b + [0] * (size - n - 1 - i) for i in range(m)]
    return rows


def _random_polynomial(rng: random.Random, degree: int, bound: int) -> list[int]:
    return [random_signed(rng, bound, nonzero=True)] + [random_signed(rng, bound) for _ in range(degree)]


class Resultant(Environment):
    id = "math/resultant"
    version = 1
    description = "Compute the resultant of two polynomials with integer coefficients."
    difficulty_scales = (
        "degrees: 2 + d // 8 and d // 8 or 1 + d // 8, at least 1 (past d = 100 +1 per 160 levels); coefficients "
        "up to 2 + d in absolute value (past d = 100 +1 per 10 levels); the resultant is never 0"
    )
    size_name = "largest allowed absolute value of a coefficient"
    answer_format = "an integer, for example -1350"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 2 + slow(lvl, 1, 10)
        first, second = 2 + slow(lvl, 8, 160), 1 + slow(lvl, 8, 160)
        for _ in range(20):  # a common root makes the resultant 0, which must not be a free guess
            a = _random_polynomial(rng, first, bound)
            b = _random_polynomial(rng, rng.randint(max(1, second - 1), second), bound)
            value = determinant(sylvester(a, b))
            if value:
                break
        else:  # x^m + 1 and x^n + 2 have no common root
            a, b = [1] + [0] * (first - 1) + [1], [1] + [0] * (second - 1) + [2]
            value = determinant(sylvester(a, b))
        prompt = (
            f"Compute the resultant Res(A, B) of\n\nA(x) = {format_polynomial(a)}\nB(x) = {format_polynomial(b)}\n\n"
            "With m = deg A and n = deg B, Res(A, B) is the determinant of the (m + n) x (m + n) Sylvester matrix: "
            "its first n rows hold the coefficients of A, from x^m down to the constant, the first row starting in "
            "column 1 and each next row shifted one column to the right, and its last m rows hold the coefficients "
            "of B in the same way; every other entry is 0. Equivalently, Res(A, B) = a^n B(r_1) B(r_2) ... B(r_m), "
            "where a is the leading coefficient of A and r_1, ..., r_m are the roots of A (with multiplicity)."
        )
        data = {"a": a, "b": b, "resultant": str(value), "max_digits": digits_of(value) + 2}
        return Instance(prompt=prompt, answer=str(value), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value == -int(data["resultant"]):
            return Verdict.wrong("the sign is wrong (are the rows of A first in the Sylvester matrix?)")
        if value != int(data["resultant"]):
            return Verdict.wrong("that is not the resultant")
        return Verdict.right()
