"""math/permutations_by_inversions: permutations of 1..n with exactly k inversions (Mahonian numbers) mod a prime."""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP


def mahonian_mod(n: int, k: int, p: int) -> int:
    """I(n, k) mod p: inserting the largest value i into a permutation of 1..i-1 adds 0..i-1 inversions, so
    I(i, j) = I(i - 1, j) + ... + I(i - 1, j - i + 1), a window of a prefix sum. Rows stop at column k, and
    I(n, k) = I(n, C(n, 2) - k) (reverse the permutation) keeps k at most half the maximum: O(n k)."""
    k = min(k, n * (n - 1) // 2 - k)
    if k < 0:
        return 0
    row = [1]  # I(1, j)
    for i in range(2, n + 1):
        width = min(k, i * (i - 1) // 2) + 1
        prefix = list(accumulate(row + [0] * (width - len(row))))
        dropped = [0] * i + prefix[: width - i]  # the part of the prefix sum before the window of i terms
        row = [(total - before) % p for total, before in zip(prefix, dropped)]
    return row[k]


class PermutationsByInversions(Environment):
    id = "math/permutations_by_inversions"
    version = 1
    description = "Count the permutations of 1..n with exactly k inversions (a Mahonian number) modulo a prime."
    difficulty_scales = f"n: 5 + d (past d = 100 +1 per 40 levels); k: 1 to n(n - 1)/2 - 1; {MODULUS_SCALES}"
    size_name = "n"
    answer_format = "an integer from 0 to p - 1, for example 5"
    tags = ("math", "combinatorics", "permutations", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n = 5 + slow(lvl, 1, 40)  # the reference costs about n * k with k up to n * n / 4
        inversions = rng.randint(1, n * (n - 1) // 2 - 1)
        p = random_modulus(rng, lvl)
        prompt = (
            "An inversion of a permutation (a_1, a_2, ..., a_n) of the numbers 1 to n is a pair of positions i < j "
            "with a_i > a_j. For example, (3, 1, 2) has 2 inversions (3 before 1 and 3 before 2), and 2 of the 6 "
            "permutations of 1, 2, 3 have exactly 1 inversion: (2, 1, 3) and (1, 3, 2). "
            f"Let I be the number of permutations of 1, 2, ..., {n} with exactly {inversions} inversions. "
            + remainder_request("I", p)
        )
        data = {"n": n, "inversions": inversions} | residue_data(mahonian_mod(n, inversions, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such permutations")
