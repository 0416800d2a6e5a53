"""math/matrix_inverse: the inverse of an invertible integer matrix, in exact fractions."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import determinant
from rlve_plugin_math.numbers import clean, digits_of, format_fraction, parse_rational_value, parse_rationals
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed

_LATEX_MATRIX = re.compile(r"\\(?:begin|end)\{[a-zA-Z]{0,8}matrix\}")
_LATEX_BRACKETS = ("\\left(", "\\right)", "\\left[", "\\right]")
_INVERSE_NAME = re.compile(r"[A-Za-z]\s*\^\s*(?:\{\s*-\s*1\s*\}|\(\s*-\s*1\s*\)|-\s*1)\s*=")


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


def _bracket_rows(inner: str) -> str:
    """``2, -1], [3, 4`` (nested brackets without their outer pair) as rows on lines."""
    pieces = inner.split("]")
    rows = [pieces[0]]
    for piece in pieces[1:]:
        piece = piece.strip()
        piece = piece[1:].strip() if piece.startswith(",") else piece
        if not piece.startswith("["):
            raise ParseError("unreadable matrix")
        rows.append(piece[1:])
    if any("[" in row for row in rows):
        raise ParseError("unreadable matrix: brackets nested too deep")
    return "\n".join(rows)


def _cells_as_words(body: str, separator: str) -> str:
    """Rows of cells split by ``separator`` as rows of space-separated words: ``- \\frac{1}{2}`` is one entry."""
    return "\n".join(" ".join("".join(cell.split()) for cell in row.split(separator)) for row in body.splitlines())


def _matrix_rows(text: str) -> tuple[Fraction, list[str]]:
    """A scalar in front (``\\frac{1}{5}`` or ``1/5 *``, else 1) and the rows' text, from rows on lines, a LaTeX
    matrix (``\\begin{pmatrix} 2 & -1 \\\\ 3 & 4 \\end{pmatrix}``) or nested brackets (``[[2, -1], [3, 4]]``)."""
    s = text.replace("\\\\", "\n")  # before clean(): "\\ " is a row break, not a LaTeX space
    for wrapper in _LATEX_BRACKETS:
        s = s.replace(wrapper, "")
    s = clean(s)
    name = _INVERSE_NAME.match(s)
    if name is not None:
        s = s[name.end() :].strip()
    scalar, body = "", s
    if "\\begin{" in s:
        start, end = s.index("\\begin{"), s.rfind("\\end{")
        if end < start or s[end:].count("}") != 1 or not s.endswith("}"):
            raise ParseError("unreadable matrix")
        scalar, body = s[:start], _cells_as_words(_LATEX_MATRIX.sub("", s[start:]), "&")
    elif "[[" in s:
        start = s.index("[[")
        if not s.endswith("]]"):
            raise ParseError("unreadable matrix")
        scalar, body = s[:start], _cells_as_words(_bracket_rows(s[start + 2 : -2]), ",")
    scalar = scalar.strip()
    for times in ("\\cdot", "\\times", "*"):
        scalar = scalar.removesuffix(times).strip()
    factor = parse_rational_value(scalar, max_digits=400) if scalar else Fraction(1)
    if factor == 0:
        raise ParseError("the factor in front of the matrix is 0")
    return factor, [line for line in body.splitlines() if line.strip(" ,;")]


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
        factor, lines = _matrix_rows(answer)
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
