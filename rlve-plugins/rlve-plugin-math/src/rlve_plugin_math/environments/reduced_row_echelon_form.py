"""math/reduced_row_echelon_form: the (unique) reduced row echelon form of a rational matrix."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.matrices import mixed_rows, random_echelon, read_matrix, show_matrix
from rlve_plugin_math.numbers import digits_of, format_fraction
from rlve_plugin_math.scaling import LEVEL_CAP


class ReducedRowEchelonForm(Environment):
    id = "math/reduced_row_echelon_form"
    version = 1
    description = "Find the reduced row echelon form of a matrix of rational numbers (exact fractions)."
    difficulty_scales = (
        "columns: 3 + d // 5 (past d = 100 +1 per 50 levels); rows: columns - 1 to columns + 1; rank: full "
        "down to 1 + d // 8 below it; free entries of the echelon form have numerators up to 2 + d (past "
        "d = 100 +1 per 10 levels), from d = 3 over denominators up to 1 + d // 3 (at most 6); rows mixed by "
        "multipliers up to 1 + d // 10; from d = 6 some rows of the matrix are shown divided by 2 to 4"
    )
    size_name = "largest allowed absolute value of a numerator in the reduced row echelon form"
    answer_format = (
        "the rows of the reduced row echelon form, one row per line, zero rows included, entries separated by "
        "spaces, each an integer or a fraction p/q in lowest terms, for example 1 0 -3/2 on the first line and "
        "0 1 2 on the second"
    )
    tags = ("math", "linear_algebra")
    max_answer_chars = 100_000

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        cols, bound = 3 + slow(lvl, 5, 50), 2 + slow(lvl, 1, 10)
        rows = cols + rng.randint(-1, 1)
        full = min(rows, cols)
        rank = full - rng.randint(0, min(full - 1, 1 + lvl // 8))
        max_denominator = 1 if lvl < 3 else min(6, 1 + lvl // 3)
        echelon = random_echelon(rng, rank, cols, bound, max_denominator)
        matrix = [[Fraction(v) for v in row] for row in mixed_rows(rng, echelon, rows, 1 + lvl // 10)]
        if lvl >= 6:  # scaling a row changes neither the row space nor the echelon form, but brings fractions
            divisors = [rng.randint(2, 4) if rng.random() < 0.3 else 1 for _ in matrix]
            matrix = [[v / divisor for v in row] for row, divisor in zip(matrix, divisors)]
        result = echelon + [[Fraction(0)] * cols for _ in range(rows - rank)]
        prompt = (
            f"Find the reduced row echelon form of this {rows} \u00d7 {cols} matrix of rational numbers (one row "
            f"per line):\n\n{show_matrix(matrix)}\n\n"
            "The reduced row echelon form is the unique matrix with the same row space in which every non-zero row "
            "begins with a 1 (its leading 1), each leading 1 is to the right of the leading 1 in the row above, "
            "every other entry in a column with a leading 1 is 0, and any zero rows come last. Give all "
            f"{rows} rows, zero rows included, with the entries exactly as integers or fractions."
        )
        entries = [v for row in echelon for v in row]
        data = {
            "rref": [[format_fraction(v) for v in row] for row in result],
            "rank": rank,
            "max_digits": max(max(digits_of(v.numerator), digits_of(v.denominator)) for v in entries) + 8,
        }
        answer = "\n".join(" ".join(format_fraction(v) for v in row) for row in result)
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [[Fraction(v) for v in row] for row in data["rref"]]
        rows, cols, rank = len(expected), len(expected[0]), data["rank"]
        claimed = read_matrix(answer, rows, cols, max_digits=data["max_digits"])
        # Leaving out the zero rows at the bottom says the same thing; any other row count is a wrong shape.
        if len(claimed) not in (rows, rank):
            return Verdict.wrong(f"expected {rows} rows, got {len(claimed)}")
        for i, (got, want) in enumerate(zip(claimed, expected), start=1):
            for j, (value, target) in enumerate(zip(got, want), start=1):
                if value != target:
                    return Verdict.wrong(f"the entry in row {i}, column {j} is wrong")
        return Verdict.right()
