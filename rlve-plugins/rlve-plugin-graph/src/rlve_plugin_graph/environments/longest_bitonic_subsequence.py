"""graph/longest_bitonic_subsequence: a longest subsequence that strictly rises and then strictly falls."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, first_repeat, read_numbered
from rlve_plugin_graph.value_and_witness import split_value


def longest_bitonic(values: list[int]) -> list[int]:
    """The 0-based positions of one longest strictly-rising-then-strictly-falling subsequence, in O(n^2).

    ``up[i]``: the longest strictly rising subsequence ending at i; ``down[i]``: the longest strictly falling
    one starting at i. The best subsequence peaks at the i with the largest ``up[i] + down[i] - 1``, and is
    rebuilt by following the stored predecessors and successors from that peak.
    """
    n = len(values)
    up, before = [1] * n, [-1] * n
    for i in range(n):
        for j in range(i):
            if values[j] < values[i] and up[j] + 1 > up[i]:
                up[i], before[i] = up[j] + 1, j
    down, after = [1] * n, [-1] * n
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n):
            if values[j] < values[i] and down[j] + 1 > down[i]:
                down[i], after[i] = down[j] + 1, j
    peak = max(range(n), key=lambda i: up[i] + down[i])
    rising, i = [], peak
    while i >= 0:
        rising.append(i)
        i = before[i]
    falling, i = [], after[peak]
    while i >= 0:
        falling.append(i)
        i = after[i]
    return rising[::-1] + falling


def is_bitonic(values: list[int]) -> bool:
    """True when the values strictly rise and then strictly fall (either part may be empty)."""
    i = 1
    while i < len(values) and values[i - 1] < values[i]:
        i += 1
    while i < len(values) and values[i - 1] > values[i]:
        i += 1
    return i >= len(values)


class LongestBitonicSubsequence(Environment):
    id = "graph/longest_bitonic_subsequence"
    version = 1
    description = "Find a longest subsequence of a list that strictly increases and then strictly decreases."
    difficulty_scales = "length: 8 + 2 T (T = d to 30, then slower: rlve.scaling.taper); values: 0 to 9 + 2 T"
    size_name = "numbers"
    answer_format = "the length, a colon, then the positions of the subsequence, for example 5: 1 3 4 7 8"
    tags = ("array", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        n = 8 + 2 * lev
        values = [rng.randint(0, 9 + 2 * lev) for _ in range(n)]
        positions = longest_bitonic(values)
        prompt = (
            f"Here is a list of {n} integers, at positions 1 to {n}:\n{' '.join(map(str, values))}\n\n"
            "A subsequence keeps some of the numbers in their original order (not necessarily next to each "
            "other). Call it bitonic when its numbers first strictly increase and then strictly decrease: each "
            "number up to the largest is strictly larger than the one before, and each after it strictly "
            "smaller. Either part may be empty, so a strictly increasing or strictly decreasing subsequence, "
            "or a single number, is bitonic too. Find a longest bitonic subsequence. Give its length, then the "
            "positions of its numbers in increasing order; any longest one is accepted."
        )
        answer = f"{len(positions)}: {' '.join(str(i + 1) for i in positions)}"
        return Instance(prompt=prompt, answer=answer, data={"values": values, "best": len(positions)}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values, best = data["values"], data["best"]
        n = len(values)
        stated, rest = split_value(answer, max_digits=len(str(n)) + 2)
        positions = read_numbered(rest, n, "a position")
        repeated = first_repeat(positions)
        if repeated is not None:
            return Verdict.wrong(f"position {repeated} is used twice")
        # The positions fix the subsequence whatever order they are written in.
        if not is_bitonic([values[p - 1] for p in sorted(positions)]):
            return Verdict.wrong("the numbers at those positions do not strictly rise and then strictly fall")
        if len(positions) != best:
            return Verdict.wrong(f"the subsequence has {len(positions)} numbers, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated length {stated} is not the {best} positions given")
        return Verdict.right()
