"""math/null_space: a basis of the null space of an integer matrix over the rationals; any basis counts."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.matrices import (
    integer_rank,
    integer_vector,
    mixed_rows,
    random_echelon,
    read_vectors,
    show_matrix,
)
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.scaling import LEVEL_CAP

#: A valid basis may have bigger entries than the reference one, but not unboundedly: this many more digits.
SPARE_DIGITS = 24


def kernel_basis(echelon: list[list], pivots: list[int], cols: int) -> list[list[int]]:
    """The null space basis read off a reduced row echelon form: one vector per free column, with 1 there and
    minus that column's entries at the pivots, cleared of denominators and divided by its content."""
    basis = []
    for free in (j for j in range(cols) if j not in pivots):
        vector = [0] * cols
        vector[free] = 1
        for row, pivot in zip(echelon, pivots):
            vector[pivot] = -row[free]
        integral = integer_vector(vector)
        content = math.gcd(*integral)
        basis.append([v // content for v in integral])
    return basis


class NullSpace(Environment):
    id = "math/null_space"
    version = 1
    description = "Find a basis of the null space of an integer matrix over the rationals; any basis counts."
    difficulty_scales = (
        "columns: 3 + d // 5 (past d = 100 +1 per 50 levels); null space dimension: 1 to 1 + d // 8; rows: the "
        "rank to rank + 1 + d // 10; the matrix mixes the rows of a random echelon form whose free entries have "
        "numerators up to 2 + d (past d = 100 +1 per 10 levels), from d = 3 over denominators up to 1 + d // 3 "
        "(at most 6), by multipliers up to 1 + d // 10"
    )
    size_name = "largest allowed absolute value of a numerator in the matrix's reduced row echelon form"
    answer_format = (
        "the basis vectors, one per line, each as its entries separated by spaces (integers or fractions p/q), "
        "for example 1 -2 1 on the first line and 0 3 -1/2 on the second"
    )
    tags = ("math", "linear_algebra")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        cols, bound = 3 + slow(lvl, 5, 50), 2 + slow(lvl, 1, 10)
        nullity = rng.randint(1, min(cols - 1, 1 + lvl // 8))
        rank = cols - nullity
        rows = rank + rng.randint(0, 1 + lvl // 10)
        max_denominator = 1 if lvl < 3 else min(6, 1 + lvl // 3)
        echelon = random_echelon(rng, rank, cols, bound, max_denominator)
        matrix = mixed_rows(rng, echelon, rows, 1 + lvl // 10)
        pivots = [row.index(1) for row in echelon]
        basis = kernel_basis(echelon, pivots, cols)
        prompt = (
            f"Find a basis of the null space (kernel) of this {rows} \u00d7 {cols} integer matrix A over the "
            f"rational numbers (one row per line):\n\n{show_matrix(matrix)}\n\n"
            f"The null space is the set of column vectors v with {cols} rational entries such that A v = 0; here "
            "it is not just the zero vector. A basis is a list of linearly independent vectors in the null space "
            "that span all of it. Any basis is accepted, in any order."
        )
        data = {
            "matrix": matrix,
            "nullity": nullity,
            "max_digits": max(digits_of(v) for vector in basis for v in vector) + SPARE_DIGITS,
        }
        answer = "\n".join(" ".join(map(str, vector)) for vector in basis)
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        matrix, nullity = data["matrix"], data["nullity"]
        cols = len(matrix[0])
        vectors = read_vectors(answer, cols, max_vectors=cols + 1, max_digits=data["max_digits"])
        integral = [integer_vector(vector) for vector in vectors]
        for i, vector in enumerate(integral, start=1):
            if not any(vector):
                return Verdict.wrong(f"vector {i} is the zero vector, which is in no basis")
            row = next((r for r, row in enumerate(matrix, start=1) if sum(a * b for a, b in zip(row, vector))), None)
            if row is not None:
                return Verdict.wrong(f"vector {i} is not in the null space: row {row} of A v is not 0")
        if integer_rank(integral) < len(integral):
            return Verdict.wrong("the vectors are not linearly independent")
        if len(integral) < nullity:
            return Verdict.wrong(f"{len(integral)} vectors do not span the null space, which has dimension {nullity}")
        return Verdict.right()
