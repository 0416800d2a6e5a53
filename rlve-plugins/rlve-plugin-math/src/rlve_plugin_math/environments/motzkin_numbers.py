"""math/motzkin_numbers: Motzkin paths of length n (up, down and flat steps, never below zero), modulo a prime;
from d = 2 some problems ask for the paths that end at a given height h instead of at 0."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.counting_sequences import BinomialTable
from rlve_plugin_math.scaling import LEVEL_CAP

#: From this level half the problems ask for an end height above 0.
END_HEIGHT_FROM = 2


def motzkin_mod(n: int, height: int, p: int) -> int:
    """Paths of n steps from 0 to ``height`` that never go below 0, mod p (p > n). Drop the flat steps: what is
    left is a ballot path of 2k + h up and down steps, of which there are C(2k + h, k) - C(2k + h, k - 1)
    (reflection), and the flat steps take any n - 2k - h of the n places. O(n)."""
    binomial = BinomialTable(n, p)
    total = 0
    for k in range((n - height) // 2 + 1):
        steps = 2 * k + height
        total += binomial(n, steps) * (binomial(steps, k) - binomial(steps, k - 1))
    return total % p


class MotzkinNumbers(Environment):
    id = "math/motzkin_numbers"
    version = 1
    description = (
        "Count the Motzkin paths of length n (up, down and flat steps that never go below height 0 and end at 0, "
        "or from d = 2 sometimes at a given height h), modulo a prime."
    )
    difficulty_scales = (
        "n: 4 + 2d to 4 + 3d (past d = 100 about +60 per doubling); from d = 2 half the problems ask for an end "
        f"height h from 1 to 1 + d // 4 (below n) instead of 0; {MODULUS_SCALES}"
    )
    size_name = "largest possible n"
    answer_format = "an integer from 0 to p - 1, for example 9"
    tags = ("math", "combinatorics", "lattice-paths", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        largest = 4 + 3 * lvl  # the reference is linear in n
        n = rng.randint(largest - lvl, largest)
        height = 0
        if lvl >= END_HEIGHT_FROM and rng.random() < 0.5:
            height = rng.randint(1, min(n - 1, 1 + lvl // 4))
        p = random_modulus(rng, lvl)
        if height:
            what = (
                f"Let T be the number of paths of {n} such steps that start at height 0, end at height {height} and "
                "never go below height 0."
            )
        else:
            what = f"Let T be the number of Motzkin paths of length {n}."
        prompt = (
            "A Motzkin path of length n is a sequence of n steps, each up U = (1, 1), down D = (1, -1) or flat "
            "F = (1, 0), that starts at height 0, ends at height 0 and never goes below height 0. For example, "
            "there are 4 Motzkin paths of length 3 (FFF, UDF, UFD and FUD), and 5 paths of 3 such steps that start "
            "at height 0, end at height 1 and never go below height 0 (UFF, FUF, FFU, UUD and UDU). "
            + what
            + " "
            + remainder_request("T", p)
        )
        data = {"n": n, "height": height} | residue_data(motzkin_mod(n, height, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such paths")
