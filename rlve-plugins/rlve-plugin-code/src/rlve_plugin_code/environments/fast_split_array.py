"""code/fast_split_array: split a generated array into k contiguous parts minimising the largest part sum."""

from __future__ import annotations

import random

from rlve import Instance
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.timed_tasks import (
    TimedFunctionEnvironment,
    draw_quadratic,
    grown_size,
    quadratic,
    quadratic_text,
    time_limit_text,
)


def largest_n(difficulty: int) -> int:
    """8 * 1.6^d: the O(k n^2) dynamic programme fits the limit up to about d = 9, and is 15 times over it at
    d = 12; binary search on the answer takes O(n log(sum))."""
    return grown_size(difficulty, 8, (8, 5), 200_000)


def parts_needed(values: list[int], bound: int) -> int:
    """The fewest contiguous parts with sums <= bound (every value <= bound): cut greedily, as late as possible."""
    parts, current = 1, 0
    for value in values:
        if current + value > bound:
            parts, current = parts + 1, 0
        current += value
    return parts


def smallest_largest_sum(values: list[int], k: int) -> int:
    """Binary search on the answer: the smallest bound that the greedy cut meets with at most k parts."""
    low, high = max(values), sum(values)
    while low < high:
        middle = (low + high) // 2
        if parts_needed(values, middle) <= k:
            high = middle
        else:
            low = middle + 1
    return low


REFERENCE = """def split_array(n, s, k):
    a = [({a} * i * i + {b} * i + s) % {m} for i in range(n)]

    def parts_needed(bound):
        # the fewest parts with sums <= bound: start a new part only when the next element does not fit
        parts, current = 1, 0
        for value in a:
            if current + value > bound:
                parts, current = parts + 1, 0
            current += value
        return parts

    # Binary search on the answer: a bound that k parts can meet stays feasible when raised.
    low, high = max(a), sum(a)
    while low < high:
        middle = (low + high) // 2
        if parts_needed(middle) <= k:
            high = middle
        else:
            low = middle + 1
    return low
"""


class FastSplitArray(TimedFunctionEnvironment):
    id = "code/fast_split_array"
    version = 1
    description = (
        "Write a Python function splitting a generated array into k contiguous parts so that the largest part "
        "sum is as small as possible, within a CPU time limit that rules out dynamic programming over all cuts."
    )
    difficulty_scales = (
        "largest n: 8 * 1.6^d up to 200000, then +4000 per level (slower past d=30); k up to n/4, so the "
        "O(k n^2) dynamic programme stops fitting the time limit around d=10"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "binary search", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b, m = constants
        n, s, k = args
        return smallest_largest_sum(quadratic(n, a, b, s, m), k)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, m = draw_quadratic(rng)
        largest = largest_n(difficulty)
        small = min(12, largest)
        calls = [[1, rng.randrange(m), 1]]
        for _ in range(5):
            n = rng.randint(2, small)
            calls.append([n, rng.randrange(m), rng.randint(1, n)])
        calls[2][2] = 1  # one part: the whole sum
        calls[3][2] = calls[3][0]  # one element per part: the largest element
        for n in (rng.randint(max(1, largest // 10), max(1, largest // 2)), largest):
            calls.append([n, rng.randrange(m), rng.randint(max(1, n // 16), max(1, n // 4))])
        n, s, k = 7, rng.randrange(m), 3
        values = quadratic(n, a, b, s, m)
        prompt = (
            "An array a of n integers is built from two integers n and s by the formula\n\n"
            f"    {quadratic_text('a', a, b, m)}    for i = 0, 1, ..., n - 1\n\n"
            f"(mod is the remainder, from 0 to {m - 1}). Write a Python function\n\n"
            "    def split_array(n: int, s: int, k: int) -> int:\n\n"
            "that cuts a into k non-empty contiguous parts (every element in exactly one part, in order) so "
            "that the largest of the k part sums is as small as possible, and returns that smallest possible "
            f"largest part sum. The tests have 1 <= k <= n <= {largest} and 0 <= s < {m}.\n\n"
            f"For example, with n = {n} and s = {s} the array is {values}, and "
            f"split_array({n}, {s}, {k}) == {smallest_largest_sum(values, k)}.\n\n"
            f"{time_limit_text(self.limits, 'trying every way to place the cuts (or a dynamic programme over them)')} "
            f"{hidden_tests('n = 1, k = 1, k = n and the largest n included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "split_array", "arity": 3, "tests": tests, "constants": [a, b, m]}
        return Instance(prompt=prompt, answer=REFERENCE.format(a=a, b=b, m=m), data=data, size=largest)
