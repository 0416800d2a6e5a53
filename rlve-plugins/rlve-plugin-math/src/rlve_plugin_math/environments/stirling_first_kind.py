"""math/stirling_first_kind: c(n, k), the permutations of n items with exactly k cycles, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP


def stirling1_mod(n: int, k: int, p: int) -> int:
    """Unsigned c(n, k) mod p by c(i, j) = c(i - 1, j - 1) + (i - 1) c(i - 1, j): item i either forms a cycle
    of its own or follows one of the i - 1 items already placed. One row at a time, O(n k)."""
    row = [1] + [0] * k  # c(0, j)
    for i in range(1, n + 1):
        new = [0] * (k + 1)
        for j in range(1, min(i, k) + 1):
            new[j] = (row[j - 1] + (i - 1) * row[j]) % p
        row = new
    return row[k]


class StirlingFirstKind(Environment):
    id = "math/stirling_first_kind"
    version = 1
    description = (
        "Count the permutations of n items with exactly k cycles (unsigned Stirling number of the first kind "
        "c(n, k)) modulo a prime."
    )
    difficulty_scales = f"n: 5 + 2d (past d = 100 +2 per 20 levels); k: 2 to n - 1; {MODULUS_SCALES}"
    size_name = "items"
    answer_format = "an integer from 0 to p - 1, for example 11"
    tags = ("math", "combinatorics", "permutations", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n = 5 + 2 * slow(lvl, 1, 20)  # the reference costs n * k steps
        k = rng.randint(2, n - 1)
        p = random_modulus(rng, lvl)
        prompt = (
            "Every permutation of a set of items splits into disjoint cycles (a fixed item is a cycle of length 1). "
            "The unsigned Stirling number of the first kind c(n, k) counts the permutations of n distinct items "
            "that have exactly k cycles. For example c(4, 2) = 11: the 8 permutations of 4 items made of a "
            "3-cycle and a fixed item, and the 3 made of two 2-cycles. "
            f"Let c be c({n}, {k}), the number of permutations of {n} items with exactly {k} cycles. "
            + remainder_request("c", p)
        )
        data = {"n": n, "k": k} | residue_data(stirling1_mod(n, k, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "c(n, k)")
