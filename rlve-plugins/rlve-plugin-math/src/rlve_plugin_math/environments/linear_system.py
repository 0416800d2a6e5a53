"""math/linear_system: the unique rational solution of a square system of linear equations."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import determinant, equation_text
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rationals
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def _system(rng: random.Random, n: int, bound: int, numerators: list[int], q: int) -> list[list[int]]:
    """A random matrix whose rows, applied to ``numerators / q``, give integers.

    The last entry of each row is chosen modulo ``q`` to cancel the rest; ``numerators[-1]`` is coprime to q.
    """
    inverse = pow(numerators[-1], -1, q) if q > 1 else 0
    rows = []
    for _ in range(n):
        row = [random_signed(rng, bound) for _ in range(n - 1)]
        partial = sum(a * p for a, p in zip(row, numerators))
        residue = (-partial * inverse) % q if q > 1 else 0
        low, high = -((bound + residue) // q), (bound - residue) // q
        row.append(residue + q * rng.randint(low, high))
        rows.append(row)
    return rows


class LinearSystem(Environment):
    id = "math/linear_system"
    version = 1
    description = "Solve a square system of linear equations with integer coefficients exactly (unique solution)."
    difficulty_scales = (
        "coefficients up to 3 + d in absolute value; unknowns: 2 + d // 5 (past d = 100 +1 per 60 levels); "
        "solutions are fractions with denominators up to 1 + d // 4 (at most 12) from d = 3"
    )
    size_name = "largest allowed absolute value of a coefficient"
    answer_format = (
        "the values of x1, x2, ... in order, separated by spaces, each an integer or a fraction p/q, "
        "for example 3 -1/2 7/3"
    )
    tags = ("math", "linear_algebra")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 2 + slow(lvl, 5, 60), 3 + lvl
        span = 2 + lvl // 2
        q = 1 if lvl < 3 else rng.randint(1, min(12, 1 + lvl // 4))
        for _ in range(30):  # a random matrix is almost never singular; retry the rare one
            numerators = [random_signed(rng, span) for _ in range(n)]
            while math.gcd(numerators[-1], q) != 1:
                numerators[-1] = random_signed(rng, span, nonzero=True)
            matrix = _system(rng, n, bound, numerators, q)
            if determinant(matrix):
                break
        else:  # unreachable in practice; an upper unitriangular matrix is always invertible
            q = 1
            matrix = [[1 if i == j else random_signed(rng, bound) if j > i else 0 for j in range(n)] for i in range(n)]
        solution = [Fraction(p, q) for p in numerators]
        rhs = [sum(a * x for a, x in zip(row, solution)) for row in matrix]
        assert all(b.denominator == 1 for b in rhs)
        equations = "\n".join(equation_text(row, int(b)) for row, b in zip(matrix, rhs))
        names = ", ".join(f"x{i}" for i in range(1, n + 1))
        prompt = (
            f"Solve this system of {n} linear equations in the unknowns {names}. "
            f"It has exactly one solution.\n\n{equations}"
        )
        data = {
            "matrix": matrix,
            "rhs": [int(b) for b in rhs],
            "solution": [format_fraction(x) for x in solution],
            "max_digits": max(digits_of(x.numerator) for x in solution) + 8,
        }
        answer = " ".join(format_fraction(x) for x in solution)
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [Fraction(x) for x in data["solution"]]
        n = len(expected)
        names = [(f"x{i}",) for i in range(1, n + 1)]
        values = parse_rationals(answer, max_items=n + 1, max_digits=data["max_digits"], names=names)
        if len(values) != n:
            return Verdict.wrong(f"expected {n} values, got {len(values)}")
        for i, (got, want) in enumerate(zip(values, expected), start=1):
            if got != want:
                return Verdict.wrong(f"x{i} is wrong")
        return Verdict.right()
