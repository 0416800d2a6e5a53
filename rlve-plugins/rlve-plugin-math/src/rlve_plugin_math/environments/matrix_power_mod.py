"""math/matrix_power_mod: A^k modulo m for a small square matrix and a huge exponent k."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.matrices import read_matrix, show_matrix
from rlve_plugin_math.scaling import LEVEL_CAP


def multiply_mod(a: list[list[int]], b: list[list[int]], m: int) -> list[list[int]]:
    columns = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, column)) % m for column in columns] for row in a]


def power_mod(matrix: list[list[int]], k: int, m: int) -> list[list[int]]:
    """``matrix ** k`` modulo ``m`` by repeated squaring: about 2 log2(k) products."""
    n = len(matrix)
    result = [[int(i == j) % m for j in range(n)] for i in range(n)]
    base = [[v % m for v in row] for row in matrix]
    while k:
        if k & 1:
            result = multiply_mod(result, base, m)
        base = multiply_mod(base, base, m)
        k >>= 1
    return result


def exponent_bits(lvl: int) -> int:
    """4 + 2 bits per level up to 100, then one more bit per 10 levels (the reference costs n^3 per bit)."""
    return 4 + 2 * min(lvl, 100) + max(0, lvl - 100) // 10


class MatrixPowerMod(Environment):
    id = "math/matrix_power_mod"
    version = 1
    description = "Compute the power A^k of a small square integer matrix modulo m, for a huge exponent k."
    difficulty_scales = (
        "the exponent k has 4 + 2d bits (past d = 100 one more bit per 10 levels); size: 2 + d // 10 (past "
        "d = 100 +1 per 300 levels); m from 6 + 5d to 10 + 10d"
    )
    size_name = "bits of the exponent k"
    answer_format = (
        "the rows of A^k mod m, one row per line, entries separated by spaces, each an integer from 0 to m - 1, "
        "for example 3 0 on the first line and 12 7 on the second"
    )
    tags = ("math", "linear_algebra", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bits = 2 + slow(lvl, 10, 300), exponent_bits(lvl)
        top = 10 + 10 * lvl
        m = rng.randint(top // 2 + 1, top)
        k = rng.randrange(1 << (bits - 1), 1 << bits)
        matrix = [[rng.randrange(m) for _ in range(n)] for _ in range(n)]
        result = power_mod(matrix, k, m)
        prompt = (
            f"Let A be this {n} \u00d7 {n} integer matrix (one row per line):\n\n{show_matrix(matrix)}\n\n"
            f"Compute A^{k} modulo {m}: the matrix power A^{k} (A multiplied by itself, {k} factors in all) "
            f"with every entry replaced by its remainder on division by {m}, a number from 0 to {m - 1}."
        )
        data = {"m": m, "power": result}
        answer = "\n".join(" ".join(map(str, row)) for row in result)
        return Instance(prompt=prompt, answer=answer, data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        m, expected = data["m"], data["power"]
        n = len(expected)
        claimed = read_matrix(answer, n, n, max_digits=len(str(m)) + 2)
        if len(claimed) != n:
            return Verdict.wrong(f"expected {n} rows, got {len(claimed)}")
        for i, (got, want) in enumerate(zip(claimed, expected), start=1):
            for j, (value, target) in enumerate(zip(got, want), start=1):
                if value.denominator != 1 or not 0 <= value < m:
                    return Verdict.wrong(f"the entry in row {i}, column {j} is not an integer from 0 to {m - 1}")
                if value != target:
                    return Verdict.wrong(f"the entry in row {i}, column {j} is wrong")
        return Verdict.right()
