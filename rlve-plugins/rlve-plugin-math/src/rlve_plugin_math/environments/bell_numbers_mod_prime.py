"""math/bell_numbers_mod_prime: the Bell number B_n, the set partitions of n items, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP


def bell_mod(n: int, p: int) -> int:
    """B_n mod p by the Bell triangle: each row starts with the last entry of the row before, and each next
    entry adds the entry above it; the rows end in B_1, B_2, ... (n * n / 2 additions)."""
    row = [1]
    for _ in range(n - 1):
        new = [row[-1]]
        for above in row:
            new.append((new[-1] + above) % p)
        row = new
    return row[-1]


class BellNumbersModPrime(Environment):
    id = "math/bell_numbers_mod_prime"
    version = 1
    description = "Count the ways to split a set of n items into non-empty groups (the Bell number B_n) modulo a prime."
    difficulty_scales = f"n: 5 + 2d to 5 + 3d (past d = 100 +3 per 20 levels); {MODULUS_SCALES}"
    size_name = "largest possible n"
    answer_format = "an integer from 0 to p - 1, for example 15"
    tags = ("math", "combinatorics", "set-partitions", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        steps = slow(lvl, 1, 20)  # the reference costs n * n / 2 additions
        largest = 5 + 3 * steps
        n = rng.randint(largest - steps, largest)
        p = random_modulus(rng, lvl)
        prompt = (
            "The Bell number B_n counts the ways to split a set of n distinct items into non-empty groups, where "
            "neither the order of the groups nor the order inside a group matters (the number of groups is free). "
            "For example B_3 = 5: {a, b, c}; {a, b}, {c}; {a, c}, {b}; {b, c}, {a}; {a}, {b}, {c}. "
            f"Let B be the Bell number B_{n}, the number of ways to split a set of {n} items. "
            + remainder_request("B", p)
        )
        data = {"n": n} | residue_data(bell_mod(n, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "B_n")
