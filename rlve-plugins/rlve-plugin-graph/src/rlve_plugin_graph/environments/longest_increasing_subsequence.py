"""graph/longest_increasing_subsequence: a longest strictly increasing subsequence of an array, any one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.sequences import is_subsequence


def longest_increasing(values: list[int]) -> list[int]:
    """One longest strictly increasing subsequence (patience sorting with back pointers), O(n log n)."""
    tails: list[int] = []  # tails[k]: index of the smallest possible last value of an increasing run of k + 1
    back = [-1] * len(values)
    for i, x in enumerate(values):
        k = _first_tail_not_below(values, tails, x)
        if k > 0:
            back[i] = tails[k - 1]
        if k == len(tails):
            tails.append(i)
        else:
            tails[k] = i
    out = []
    i = tails[-1] if tails else -1
    while i >= 0:
        out.append(values[i])
        i = back[i]
    return out[::-1]


def _first_tail_not_below(values: list[int], tails: list[int], x: int) -> int:
    """Binary search: the first k with values[tails[k]] >= x (tails' values increase)."""
    low, high = 0, len(tails)
    while low < high:
        mid = (low + high) // 2
        if values[tails[mid]] < x:
            low = mid + 1
        else:
            high = mid
    return low


class LongestIncreasingSubsequence(Environment):
    id = "graph/longest_increasing_subsequence"
    version = 1
    description = "Find a longest strictly increasing subsequence of a list of integers."
    difficulty_scales = "length: 8 + 2 L (L = d to 100, then +20 per doubling); values: 0 to 9 + 3 L, repeats allowed"
    size_name = "numbers"
    answer_format = "the values of the subsequence in order separated by spaces, for example 1 4 6 9"
    tags = ("array", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        length = 8 + 2 * lev
        values = [rng.randint(0, 9 + 3 * lev) for _ in range(length)]
        best = longest_increasing(values)
        prompt = (
            f"Here is a list of {length} integers:\n{' '.join(map(str, values))}\n\n"
            "A subsequence keeps some of the numbers in their original order (not necessarily next to each "
            "other). Find a strictly increasing subsequence (each number larger than the one before) that is as "
            "long as possible. Any longest one is accepted."
        )
        data = {"values": values, "best": len(best)}
        return Instance(prompt=prompt, answer=" ".join(map(str, best)), data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values = data["values"]
        digits = len(str(max(values))) + 2
        limit = len(values) + 1
        candidate = parse_int_list(check_length(answer, limit, digits), max_items=limit, max_digits=digits)
        for a, b in zip(candidate, candidate[1:]):
            if b <= a:
                return Verdict.wrong(f"{a} then {b} is not strictly increasing")
        if not is_subsequence(candidate, values):
            return Verdict.wrong("those numbers do not appear in that order in the list")
        if len(candidate) != data["best"]:
            return Verdict.wrong(f"the subsequence has {len(candidate)} numbers, but {data['best']} is possible")
        return Verdict.right()
