"""math/bounded_dyck_paths: Dyck paths of semilength n that never rise above height h, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP


def bounded_dyck_mod(n: int, height: int, p: int) -> int:
    """Paths of 2n up/down steps from height 0 back to 0 inside 0..height: one step at a time, the number of
    ways to stand at each height (2n * (height + 1) additions, done a whole row per list operation)."""
    ways = [1] + [0] * height
    for _ in range(2 * n):
        # ways[j] after the step = ways[j - 1] (an up step) + ways[j + 1] (a down step), 0 outside the strip.
        ways = [(below + above) % p for below, above in zip([0, *ways[:-1]], [*ways[1:], 0])]
    return ways[0]


class BoundedDyckPaths(Environment):
    id = "math/bounded_dyck_paths"
    version = 1
    description = "Count the Dyck paths of semilength n whose height never exceeds h, modulo a prime."
    difficulty_scales = (
        f"n: 4 + 2d to 4 + 3d (past d = 100 +3 per 10 levels); h: 2 to 2 + d, below n; {MODULUS_SCALES}"
    )
    size_name = "largest possible n"
    answer_format = "an integer from 0 to p - 1, for example 8"
    tags = ("math", "combinatorics", "lattice-paths", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        steps = slow(lvl, 1, 10)  # the reference costs 2n * h additions
        largest = 4 + 3 * steps
        n = rng.randint(largest - steps, largest)
        height = rng.randint(2, min(n - 1, 2 + steps))  # h >= n would be no bound at all: the Catalan number
        p = random_modulus(rng, lvl)
        prompt = (
            "A Dyck path of semilength n is a sequence of n up-steps U = (1, 1) and n down-steps D = (1, -1) that "
            "starts at height 0, ends at height 0 and never goes below height 0. Its height is the highest level "
            "it reaches. For example, of the 5 Dyck paths of semilength 3 (UDUDUD, UDUUDD, UUDDUD, UUDUDD, UUUDDD), "
            "4 have height at most 2: all but UUUDDD. "
            f"Let D be the number of Dyck paths of semilength {n} whose height is at most {height}. "
            + remainder_request("D", p)
        )
        data = {"n": n, "height": height} | residue_data(bounded_dyck_mod(n, height, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such paths")
