"""math/determinant: the determinant of a square integer matrix."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import determinant
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


class Determinant(Environment):
    id = "math/determinant"
    version = 1
    description = "Compute the determinant of a square matrix of integers."
    difficulty_scales = "entries up to 2 + d in absolute value; size: 2 + d // 3 (past d = 100 +1 per 30 levels)"
    size_name = "largest allowed absolute value of an entry"
    answer_format = "an integer, for example -306"
    tags = ("math", "linear_algebra")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 2 + slow(lvl, 3, 30), 2 + lvl
        for _ in range(8):  # small random matrices are often singular; "0" must not be a good guess
            matrix = [[random_signed(rng, bound) for _ in range(n)] for _ in range(n)]
            value = determinant(matrix)
            if value:
                break
        rows = "\n".join(" ".join(f"{v:>{len(str(bound)) + 1}}" for v in row) for row in matrix)
        prompt = f"Compute the determinant of this {n} \u00d7 {n} matrix (one row per line):\n\n{rows}"
        data = {"matrix": matrix, "det": str(value), "max_digits": digits_of(value) + 2}
        return Instance(prompt=prompt, answer=str(value), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value != int(data["det"]):
            return Verdict.wrong("that is not the determinant")
        return Verdict.right()
