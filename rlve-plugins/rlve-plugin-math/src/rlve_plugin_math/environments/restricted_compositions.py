"""math/restricted_compositions: ordered sums of n with every part from a given set, modulo a prime."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP


def compositions_mod(n: int, parts: list[int], p: int) -> int:
    """Ordered sums of n with parts from ``parts``: the last part is one of them, so c(t) = sum c(t - a)."""
    ways = [1] + [0] * n
    for total in range(1, n + 1):
        ways[total] = sum(ways[total - part] for part in parts if part <= total) % p
    return ways[n]


def _random_parts(rng: random.Random, count: int, largest: int) -> list[int]:
    """``count`` different parts from 1..largest with gcd 1, so that every long enough n has compositions.

    With a common factor g every n outside the multiples of g would have none, and 0 a winning guess.
    """
    while True:
        parts = sorted(rng.sample(range(1, largest + 1), count))
        if math.gcd(*parts) == 1:
            return parts


class RestrictedCompositions(Environment):
    id = "math/restricted_compositions"
    version = 1
    description = "Count the ordered ways to write n as a sum of parts taken from a given set, modulo a prime."
    difficulty_scales = (
        "n: 6 + 5d to 6 + 10d (past d = 100 +10 per 10 levels); allowed parts: 2 + d // 6 of 1..3 + d // 2 "
        f"(past d = 100 slower); {MODULUS_SCALES}"
    )
    size_name = "largest possible n"
    answer_format = "an integer from 0 to p - 1, for example 13"
    tags = ("math", "combinatorics", "dynamic-programming", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        steps = slow(lvl, 1, 10)  # the reference costs n * (number of parts) additions
        largest_n = 6 + 10 * steps
        n = rng.randint(largest_n - 5 * steps, largest_n)
        count = 2 + slow(lvl, 6, 50)
        parts = _random_parts(rng, count, max(count + 1, 3 + slow(lvl, 2, 10)))
        p = random_modulus(rng, lvl)
        shown = ", ".join(map(str, parts))
        prompt = (
            "A composition of n is a way to write n as an ordered sum of positive integers (its parts): the order "
            "counts, so 1 + 2 and 2 + 1 are different compositions of 3. For example, 7 has 3 compositions whose "
            "parts all come from the set {2, 3}: 2 + 2 + 3, 2 + 3 + 2 and 3 + 2 + 2. A part may be used any number "
            f"of times. Let C be the number of compositions of {n} whose parts all come from the set {{{shown}}}. "
            + remainder_request("C", p)
        )
        data = {"n": n, "parts": parts} | residue_data(compositions_mod(n, parts, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest_n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such compositions")
