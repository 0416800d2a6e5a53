"""math/permutations_by_cycle_type: the permutations of n items with a given cycle type (or with the cycle type
of a given permutation), exactly."""

from __future__ import annotations

import random
from math import factorial
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting_sequences import EXACT_COUNT_FORMAT, EXACT_COUNT_REQUEST, check_count, exact_count_data
from rlve_plugin_math.scaling import LEVEL_CAP

#: From this level half the problems show a permutation instead of naming its cycle type.
SHOWN_PERMUTATION_FROM = 2


def random_cycle_type(rng: random.Random, n: int) -> dict[int, int]:
    """{cycle length: how many cycles of it}, summing to n, never the identity's (all fixed points). Lengths
    come in small batches, so repeated lengths (whose m! the count divides by) are common."""
    while True:
        counts: dict[int, int] = {}
        remaining = n
        while remaining:
            length = rng.randint(1, remaining)
            times = rng.randint(1, min(3, remaining // length))
            counts[length] = counts.get(length, 0) + times
            remaining -= length * times
        if counts != {1: n}:
            return counts


def count_with_cycle_type(n: int, counts: dict[int, int]) -> int:
    """n! / prod_k (k^m_k m_k!): of the n! ways to write the items into the cycle pattern, each permutation
    appears once per rotation of each cycle (k each) and per reordering of equally long cycles (m_k!)."""
    total = factorial(n)
    for length, times in counts.items():
        total //= length**times * factorial(times)
    return total


def permutation_with_cycle_type(rng: random.Random, n: int, counts: dict[int, int]) -> list[int]:
    """A random permutation of 1..n with that cycle type, in one-line notation (sigma(1), ..., sigma(n))."""
    items = list(range(1, n + 1))
    rng.shuffle(items)
    lengths = [length for length, times in counts.items() for _ in range(times)]
    rng.shuffle(lengths)
    image = [0] * (n + 1)
    start = 0
    for length in lengths:
        cycle = items[start : start + length]
        for position, item in enumerate(cycle):
            image[item] = cycle[(position + 1) % length]
        start += length
    return image[1:]


def describe_cycle_type(counts: dict[int, int]) -> str:
    parts = []
    for length in sorted(counts, reverse=True):
        times = counts[length]
        noun = "cycle" if times == 1 else "cycles"
        if length == 1:
            noun += " of length 1 (a fixed point)" if times == 1 else " of length 1 (fixed points)"
        else:
            noun += f" of length {length}"
        parts.append(f"{times} {noun}")
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"exactly {listed}, and no other cycles"


class PermutationsByCycleType(Environment):
    id = "math/permutations_by_cycle_type"
    version = 1
    description = (
        "Count the permutations of n items with a given cycle type (e.g. two 3-cycles and four fixed points), or "
        "with the same cycle type as a given permutation, exactly."
    )
    difficulty_scales = (
        "n: 4 + d (past d = 100 +1 per 10 levels); from d = 2 half the problems show a permutation in one-line "
        "notation instead of naming the cycle type"
    )
    size_name = "items"
    answer_format = EXACT_COUNT_FORMAT
    tags = ("math", "combinatorics", "permutations", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n = 4 + slow(lvl, 1, 10)  # the count has about n log n digits
        counts = random_cycle_type(rng, n)
        intro = (
            f"Every permutation of the items 1, 2, ..., {n} splits into disjoint cycles; an item the permutation "
            "leaves in place is a cycle of length 1 (a fixed point). The cycle type of a permutation says how many "
            "cycles of each length it has. For example, of the 6 permutations of 1, 2, 3, 3 have 1 cycle of length "
            "2 and 1 fixed point, 2 have 1 cycle of length 3, and 1 has 3 fixed points. "
        )
        if lvl >= SHOWN_PERMUTATION_FROM and rng.random() < 0.5:
            shown = permutation_with_cycle_type(rng, n, counts)
            question = (
                f"Let sigma be the permutation that sends 1, 2, ..., {n} to {', '.join(map(str, shown))} "
                "respectively (sigma(1) is the first of these, sigma(2) the second, and so on). How many "
                f"permutations of 1, 2, ..., {n} have the same cycle type as sigma (sigma itself included)? "
            )
            data: dict[str, Any] = {"n": n, "permutation": shown}
        else:
            question = (
                f"How many permutations of 1, 2, ..., {n} have {describe_cycle_type(counts)}? "
            )
            data = {"n": n}
        data |= {"cycle_type": {str(length): times for length, times in sorted(counts.items())}}
        data |= exact_count_data(count_with_cycle_type(n, counts))
        prompt = intro + question + EXACT_COUNT_REQUEST
        return Instance(prompt=prompt, answer=data["count"], data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_count(data, answer, "the number of permutations with that cycle type")
