"""math/matrix_rank_mod_prime: the rank of an integer matrix over the field of integers modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.primes import random_prime_between
from rlve_plugin_math.scaling import LEVEL_CAP


def rank_mod(matrix: list[list[int]], p: int) -> int:
    """The rank over Z/pZ, by Gaussian elimination modulo the prime ``p``."""
    rows = [[v % p for v in row] for row in matrix]
    rank = 0
    for col in range(len(rows[0]) if rows else 0):
        pivot = next((r for r in range(rank, len(rows)) if rows[r][col]), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][col], -1, p)
        for r in range(rank + 1, len(rows)):
            factor = rows[r][col] * inverse % p
            if factor:
                rows[r] = [(a - factor * b) % p for a, b in zip(rows[r], rows[rank])]
        rank += 1
    return rank


class MatrixRankModPrime(Environment):
    id = "math/matrix_rank_mod_prime"
    version = 1
    description = "Find the rank of an integer matrix over the integers modulo a prime p."
    difficulty_scales = (
        "p: a prime from about (3 + 2d) / 2 to 3 + 2d; rows: 3 + d // 5 (past d = 100 +1 per 50 levels), columns "
        "as many or one more; rank usually below full, set by building the matrix as a product modulo p; from "
        "d = 4 entries are shown shifted by multiples of p"
    )
    size_name = "largest allowed prime p"
    answer_format = "an integer, the rank, for example 3"
    tags = ("math", "linear_algebra", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        largest = 3 + 2 * lvl
        p = random_prime_between(rng, max(2, largest // 2), largest)
        rows = 3 + slow(lvl, 5, 50)
        cols = rows + rng.randint(0, 1)
        target = rows if rng.random() < 0.2 else rng.randint(1, rows - 1)
        # A product of a rows x target and a target x cols matrix has rank at most target modulo p, while the
        # same entries read as integers usually have full rank: the answer depends on working modulo p.
        for _ in range(10):
            left = [[rng.randrange(p) for _ in range(target)] for _ in range(rows)]
            right = [[rng.randrange(p) for _ in range(cols)] for _ in range(target)]
            matrix = [[sum(a * b for a, b in zip(row, column)) % p for column in zip(*right)] for row in left]
            rank = rank_mod(matrix, p)
            if rank == target:
                break
        if rank == 0:  # rank 0 would make "0" a free guess
            matrix[0][0], rank = 1, 1
        if lvl >= 4:
            spread = 1 + lvl // 8
            matrix = [[v + p * rng.randint(-spread, spread) for v in row] for row in matrix]
        width = max(len(str(v)) for row in matrix for v in row) + 1
        shown = "\n".join(" ".join(f"{v:>{width}}" for v in row) for row in matrix)
        prompt = (
            f"Find the rank of this {rows} \u00d7 {cols} integer matrix over the field of integers modulo {p}, that "
            f"is, the largest number of linearly independent rows when all arithmetic is done modulo {p} "
            f"(one row per line):\n\n{shown}"
        )
        data = {"p": p, "rank": rank, "rows": rows}
        return Instance(prompt=prompt, answer=str(rank), data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=4)
        if value != data["rank"]:
            return Verdict.wrong(f"that is not the rank modulo {data['p']}")
        return Verdict.right()
