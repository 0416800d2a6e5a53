"""Exact integer linear algebra: determinants (Bareiss) and solving square systems over the rationals."""

from __future__ import annotations

from fractions import Fraction


def determinant(matrix: list[list[int]]) -> int:
    """The determinant by fraction-free Bareiss elimination: every intermediate value is an integer
    minor, so entries stay as small as the answer allows and there is no rational arithmetic."""
    n = len(matrix)
    m = [row[:] for row in matrix]
    sign, previous = 1, 1
    for k in range(n - 1):
        if m[k][k] == 0:
            pivot = next((i for i in range(k + 1, n) if m[i][k] != 0), None)
            if pivot is None:
                return 0
            m[k], m[pivot] = m[pivot], m[k]
            sign = -sign
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) // previous
        previous = m[k][k]
    return sign * m[n - 1][n - 1] if n else 1


def solve(matrix: list[list[int]], rhs: list[int]) -> list[Fraction] | None:
    """The unique solution of ``matrix @ x = rhs`` in exact rationals, or None if the matrix is singular."""
    n = len(matrix)
    rows = [[Fraction(v) for v in row] + [Fraction(b)] for row, b in zip(matrix, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][n] for i in range(n)]


def equation_text(row: list[int], rhs: int) -> str:
    """``2x1 - x3 = 7``: one linear equation in x1, x2, ..., zero terms left out."""
    terms = []
    for i, a in enumerate(row, start=1):
        if a == 0:
            continue
        body = f"x{i}" if abs(a) == 1 else f"{abs(a)}x{i}"
        terms.append((f"-{body}" if a < 0 else body) if not terms else f"{'-' if a < 0 else '+'} {body}")
    return f"{' '.join(terms)} = {rhs}"
