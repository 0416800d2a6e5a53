"""math/matrix_inverse: the inverse of an invertible integer matrix, in exact fractions."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import determinant
from rlve_plugin_math.matrices import matrix_rows
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rationals
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def inverse(matrix: list[list[int]]) -> list[list[Fraction]]:
    """The inverse by Gauss-Jordan elimination on ``[matrix | I]`` in exact fractions (the matrix is invertible)."""
    n = len(matrix)
    rows = [[Fraction(v) for v in row] + [Fraction(int(i == j)) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor != 0:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [row[n:] for row in rows]


class MatrixInverse(Environment):
    id = "math/matrix_inverse"
    version = 1
    description = "Find the inverse of an invertible square matrix of integers, in exact fractions."
    difficulty_scales = (
        "size: 2 + d // 8 (past d = 100 +1 per 300 levels); entries up to 2 + d in absolute value (past d = 100 "
        "+1 per 10 levels)"
    )
    size_name = "largest allowed absolute value of an entry"
    answer_format = (
        "the rows of the inverse, one row per line, entries separated by spaces, each an integer or a fraction "
        "p/q in lowest terms, for example 2 -1 on the first line and -3/2 1/2 on the second"
    )
    tags = ("math", "linear_algebra")
    max_answer_chars = 100_000

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 2 + slow(lvl, 8, 300), 2 + slow(lvl, 1, 10)
        for _ in range(30):  # small random matrices are often singular
            matrix = [[random_signed(rng, bound) for _ in range(n)] for _ in range(n)]
            if determinant(matrix):
                break
        else:  # upper unitriangular: always invertible
            matrix = [[1 if i == j else random_signed(rng, bound) if j > i else 0 for j in range(n)] for i in range(n)]
        result = inverse(matrix)
        width = len(str(bound)) + 1
        rows = "\n".join(" ".join(f"{v:>{width}}" for v in row) for row in matrix)
        prompt = (
            f"Find the inverse of this invertible {n} \u00d7 {n} matrix of integers (one row per line):\n\n{rows}\n\n"
            "Its entries are rational numbers; give them exactly."
        )
        entries = [v for row in result for v in row]
        data = {
            "inverse": [[format_fraction(v) for v in row] for row in result],
            "max_digits": max(max(digits_of(v.numerator), digits_of(v.denominator)) for v in entries) + 8,
        }
        answer = "\n".join(" ".join(format_fraction(v) for v in row) for row in result)
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [[Fraction(v) for v in row] for row in data["inverse"]]
        n = len(expected)
        if answer.count("\n") > 4 * n + 8:
            raise ParseError(f"far more than {n} rows")
        factor, lines = matrix_rows(answer)
        if len(lines) != n:
            return Verdict.wrong(f"expected {n} rows, got {len(lines)}")
        for i, (line, want) in enumerate(zip(lines, expected), start=1):
            values = parse_rationals(line.strip(" ,;"), max_items=n + 1, max_digits=data["max_digits"])
            if len(values) != n:
                return Verdict.wrong(f"row {i} has {len(values)} entries, not {n}")
            for j, (got, value) in enumerate(zip(values, want), start=1):
                if factor * got != value:
                    return Verdict.wrong(f"the entry in row {i}, column {j} is wrong")
        return Verdict.right()
