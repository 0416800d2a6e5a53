"""math/integer_partitions: partitions of n with every part at most k, or into distinct parts, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP


def partitions_with_parts_at_most(n: int, k: int) -> int:
    """Partitions of n into parts of size at most k: parts are added one size at a time, O(n k)."""
    ways = [1] + [0] * n
    for part in range(1, min(k, n) + 1):
        for total in range(part, n + 1):
            ways[total] += ways[total - part]
    return ways[n]


def partitions_into_distinct_parts(n: int) -> int:
    """Partitions of n into pairwise different parts: each size used at most once (totals run downwards)."""
    ways = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(n, part - 1, -1):
            ways[total] += ways[total - part]
    return ways[n]


class IntegerPartitions(Environment):
    id = "math/integer_partitions"
    version = 1
    description = (
        "Count the partitions of n (sums where order does not matter) with every part at most k, or with "
        "distinct parts, modulo a prime."
    )
    difficulty_scales = f"n: 5 + 3d to 5 + 4d (past d = 100 +4 per 10 levels); k: 2 to n - 1; {MODULUS_SCALES}"
    size_name = "largest possible n"
    answer_format = "an integer from 0 to p - 1, for example 12"
    tags = ("math", "combinatorics", "partitions", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        steps = slow(lvl, 1, 10)  # the reference costs about n * n / 2 additions
        largest = 5 + 4 * steps
        n = rng.randint(largest - steps, largest)
        p = random_modulus(rng, lvl)
        intro = (
            "A partition of a positive integer n writes n as a sum of positive integers (its parts) where the "
            "order of the parts does not matter: 2 + 1 + 1 and 1 + 2 + 1 are the same partition of 4. "
        )
        if rng.random() < 0.5:
            k = rng.randint(2, n - 1)
            count = partitions_with_parts_at_most(n, k)
            question = (
                "For example, 4 has 3 partitions with every part at most 2 (2 + 2, 2 + 1 + 1 and 1 + 1 + 1 + 1). "
                f"Let P be the number of partitions of {n} with every part at most {k}."
            )
            data = {"n": n, "variant": "parts at most k", "k": k}
        else:
            count = partitions_into_distinct_parts(n)
            question = (
                "For example, 6 has 4 partitions into distinct parts (6, 5 + 1, 4 + 2 and 3 + 2 + 1): no part "
                f"may appear twice. Let P be the number of partitions of {n} into distinct parts."
            )
            data = {"n": n, "variant": "distinct parts"}
        prompt = intro + question + " " + remainder_request("P", p)
        data |= residue_data(count, p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such partitions")
