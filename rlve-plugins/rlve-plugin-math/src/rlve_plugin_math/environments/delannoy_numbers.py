"""math/delannoy_numbers: lattice paths from (0, 0) to (m, n) with east, north and diagonal steps, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.counting_sequences import BinomialTable
from rlve_plugin_math.scaling import LEVEL_CAP


def delannoy_mod(m: int, n: int, p: int) -> int:
    """D(m, n) = sum_k C(m, k) C(n, k) 2^k, a classical identity that needs only m + n terms' worth of
    binomials (the direct sum over d diagonal steps of (m + n - d)! / (d! (m - d)! (n - d)!) is the same
    count). The table needs p > max(m, n), which the modulus' growth guarantees."""
    binomial = BinomialTable(max(m, n), p)
    return sum(binomial(m, k) * binomial(n, k) * pow(2, k, p) for k in range(min(m, n) + 1)) % p


class DelannoyNumbers(Environment):
    id = "math/delannoy_numbers"
    version = 1
    description = (
        "Count the lattice paths from (0, 0) to (m, n) made of steps (1, 0), (0, 1) and (1, 1) (a Delannoy number), "
        "modulo a prime."
    )
    difficulty_scales = (
        f"m + n: 4 + 2d (past d = 100 about +40 per doubling), m from a quarter to three quarters of it; "
        f"{MODULUS_SCALES}"
    )
    size_name = "m + n"
    answer_format = "an integer from 0 to p - 1, for example 13"
    tags = ("math", "combinatorics", "lattice-paths", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        total = 4 + 2 * lvl  # the reference is linear in m + n
        m = rng.randint(max(1, total // 4), total - max(1, total // 4))
        n = total - m
        p = random_modulus(rng, lvl)
        prompt = (
            "A path in the plane starts at (0, 0) and moves by steps of three kinds: east (1, 0), north (0, 1) and "
            "north-east (1, 1). For example, there are 5 such paths from (0, 0) to (1, 2): the 3 orderings of one "
            "east and two north steps, and the 2 orderings of one north-east and one north step. "
            f"Let D be the number of such paths from (0, 0) to ({m}, {n}). " + remainder_request("D", p)
        )
        data = {"m": m, "n": n} | residue_data(delannoy_mod(m, n, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=total)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such paths")
