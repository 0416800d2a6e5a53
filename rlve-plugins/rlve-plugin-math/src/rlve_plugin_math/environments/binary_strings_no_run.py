"""math/binary_strings_no_run: binary strings of length n with no run of k 1s (or of k equal symbols, or whose
longest run of 1s is exactly k), modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP

#: The questions, and the level from which each is asked.
VARIANTS = {"no run of k ones": 0, "no run of k equal symbols": 2, "longest run of ones exactly k": 4}


def compositions_with_parts_at_most(n: int, largest: int, p: int) -> int:
    """Ordered ways to write n as a sum of parts from 1 to ``largest``, mod p: c(i) is the sum of the
    ``largest`` values before it, kept as a running window so the whole run costs O(n)."""
    ways, window = [1], 1  # c(0) = 1; window = c(i - largest) + ... + c(i - 1)
    for i in range(1, n + 1):
        ways.append(window)
        window = (window + ways[i] - (ways[i - largest] if i >= largest else 0)) % p
    return ways[n] % p


def without_run_of_ones(n: int, k: int, p: int) -> int:
    """Strings of length n with every run of 1s shorter than k: append a 0 and the string splits into blocks
    1^j 0 with 0 <= j < k, that is a composition of n + 1 into parts 1..k."""
    return compositions_with_parts_at_most(n + 1, k, p)


def count_strings(variant: str, n: int, k: int, p: int) -> int:
    if variant == "no run of k ones":
        return without_run_of_ones(n, k, p)
    if variant == "no run of k equal symbols":
        # The maximal runs form a composition of n into parts below k; the first symbol fixes the rest.
        return 2 * compositions_with_parts_at_most(n, k - 1, p) % p
    # Every run of 1s at most k, less those where every run is below k.
    return (without_run_of_ones(n, k + 1, p) - without_run_of_ones(n, k, p)) % p


def question(variant: str, n: int, k: int) -> str:
    if variant == "no run of k ones":
        return f"Let N be the number of binary strings of length {n} that contain no run of {k} consecutive 1s."
    if variant == "no run of k equal symbols":
        return (
            f"Let N be the number of binary strings of length {n} that contain no run of {k} consecutive equal "
            f"symbols: neither {k} consecutive 0s nor {k} consecutive 1s."
        )
    return (
        f"Let N be the number of binary strings of length {n} whose longest run of consecutive 1s has length "
        f"exactly {k}."
    )


class BinaryStringsNoRun(Environment):
    id = "math/binary_strings_no_run"
    version = 1
    description = (
        "Count the binary strings of length n with no run of k consecutive 1s (or no run of k equal symbols, or "
        "whose longest run of 1s is exactly k), modulo a prime."
    )
    difficulty_scales = (
        "n: 5 + 2d to 5 + 3d (past d = 100 about +60 per doubling); k: 2 (3 for equal symbols) to 3 + d // 3, below n; "
        f"'no run of k equal symbols' from d = 2, 'longest run exactly k' from d = 4; {MODULUS_SCALES}"
    )
    size_name = "largest possible n"
    answer_format = "an integer from 0 to p - 1, for example 13"
    tags = ("math", "combinatorics", "strings", "recurrences", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        largest = 5 + 3 * lvl  # the reference is linear in n
        n = rng.randint(largest - lvl, largest)
        variant = rng.choice([name for name, first in VARIANTS.items() if lvl >= first])
        # With k = 2 no two equal symbols may touch: only 0101... and 1010... are left, too easy.
        shortest = 3 if variant == "no run of k equal symbols" else 2
        k = rng.randint(shortest, max(shortest, min(n - 1, 3 + lvl // 3)))
        p = random_modulus(rng, lvl)
        prompt = (
            "A binary string is a sequence of the symbols 0 and 1; a run is a block of consecutive equal symbols. "
            "For example, of the 8 binary strings of length 3, 5 contain no run of 2 consecutive 1s (000, 001, "
            "010, 100 and 101), and 2 contain no run of 2 consecutive equal symbols (010 and 101). "
            + question(variant, n, k)
            + " "
            + remainder_request("N", p)
        )
        data = {"variant": variant, "n": n, "k": k} | residue_data(count_strings(variant, n, k, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such strings")
