"""math/stirling_second_kind: S(n, k), the ways to split n labelled items into k blocks, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.primes import random_prime
from rlve_plugin_math.scaling import LEVEL_CAP

MAX_PRIME_BITS = 61


def stirling2_mod(n: int, k: int, p: int) -> int:
    """S(n, k) mod p by S(i, j) = j S(i - 1, j) + S(i - 1, j - 1), one row at a time, O(n k)."""
    row = [1] + [0] * k  # S(0, j)
    for i in range(1, n + 1):
        new = [0] * (k + 1)
        for j in range(1, min(i, k) + 1):
            new[j] = (j * row[j] + row[j - 1]) % p
        row = new
    return row[k]


class StirlingSecondKind(Environment):
    id = "math/stirling_second_kind"
    version = 1
    description = "Count the partitions of n labelled items into k non-empty blocks (Stirling S(n, k)) modulo a prime."
    difficulty_scales = (
        "n: 4 + d (past d = 100 about +10 per doubling); k: 2 to n - 1; "
        f"p has 7 + d // 3 bits (at most {MAX_PRIME_BITS})"
    )
    size_name = "items"
    answer_format = "an integer from 0 to p - 1, for example 25"
    tags = ("math", "combinatorics", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n = 4 + slow(lvl, 1, 2)  # the reference costs n * k steps
        k = rng.randint(2, n - 1)
        p = random_prime(rng, min(7 + lvl // 3, MAX_PRIME_BITS))
        value = stirling2_mod(n, k, p)
        prompt = (
            f"The Stirling number of the second kind S(n, k) counts the ways to split a set of n distinct items "
            f"into k non-empty groups, where the order of the groups and the order inside a group do not matter "
            f"(for example S(4, 2) = 7). Compute S({n}, {k}) modulo the prime {p}."
        )
        data = {"n": n, "k": k, "p": str(p), "value": str(value)}
        return Instance(prompt=prompt, answer=str(value), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p = int(data["p"])
        value = parse_integer(answer, max_digits=len(data["p"]) + 2)
        if not 0 <= value < p:
            return Verdict.wrong(f"the answer must be between 0 and {p - 1}")
        if value != int(data["value"]):
            return Verdict.wrong("that is not S(n, k) mod p")
        return Verdict.right()
