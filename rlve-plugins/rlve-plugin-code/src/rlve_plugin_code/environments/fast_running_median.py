"""code/fast_running_median: the sum of the medians of every prefix of a generated stream, with two heaps."""

from __future__ import annotations

import heapq
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
    """50 * 2^d up to 10^6: sorting every prefix fits the limit up to about d = 8; inserting each value into a
    sorted list (bisect.insort, quadratic but with a fast memory move) up to d = 12, and is 10 times over it at
    the cap, while two heaps take O(n log n)."""
    return grown_size(difficulty, 50, (2, 1), 1_000_000)


def median_sum(values: list[int]) -> int:
    """Two heaps: ``low`` (negated, a max-heap) holds the smaller half and one more when the count is odd,
    so its top is the lower median."""
    low: list[int] = []
    high: list[int] = []
    total = 0
    for value in values:
        if low and value > -low[0]:
            heapq.heappush(high, value)
        else:
            heapq.heappush(low, -value)
        if len(low) > len(high) + 1:
            heapq.heappush(high, -heapq.heappop(low))
        elif len(high) > len(low):
            heapq.heappush(low, -heapq.heappop(high))
        total -= low[0]
    return total


REFERENCE = """import heapq


def median_sum(n, s):
    low, high = [], []  # low: the smaller half, negated (a max-heap), one more than high when the count is odd
    total = 0
    for i in range(n):
        value = ({a} * i * i + {b} * i + s) % {m}
        if low and value > -low[0]:
            heapq.heappush(high, value)
        else:
            heapq.heappush(low, -value)
        if len(low) > len(high) + 1:
            heapq.heappush(high, -heapq.heappop(low))
        elif len(high) > len(low):
            heapq.heappush(low, -heapq.heappop(high))
        total += -low[0]  # the lower median of a[0..i]
    return total
"""


class FastRunningMedian(TimedFunctionEnvironment):
    id = "code/fast_running_median"
    version = 1
    description = (
        "Write a Python function summing the medians of every prefix of a generated stream, within a CPU time "
        "limit that rules out keeping the prefix sorted."
    )
    difficulty_scales = (
        "largest n: 50 * 2^d up to 10^6, then +20000 per level (slower past d=30), so sorting every prefix stops "
        "fitting the time limit around d=9 and inserting into a sorted list around d=13"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "heaps", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b, m = constants
        n, s = args
        return median_sum(quadratic(n, a, b, s, m))

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, m = draw_quadratic(rng)
        largest = largest_n(difficulty)
        sizes = [1, 2, 3, 4] + [rng.randint(5, 20) for _ in range(3)]
        sizes += [rng.randint(largest // 8, largest // 4), largest]
        calls = [[n, rng.randrange(m)] for n in sizes]
        n, s = 6, rng.randrange(m)
        values = quadratic(n, a, b, s, m)
        medians = [sorted(values[: length + 1])[length // 2] for length in range(n)]
        prompt = (
            "A stream of n integers is built from two integers n and s by the formula\n\n"
            f"    {quadratic_text('a', a, b, m)}    for i = 0, 1, ..., n - 1\n\n"
            f"(mod is the remainder, from 0 to {m - 1}). The median of a list of L numbers is, here, the "
            "ceil(L / 2)-th smallest of them (counting repeated values separately): the middle one when L is odd, "
            "the lower of the two middle ones when L is even. Write a Python function\n\n"
            "    def median_sum(n: int, s: int) -> int:\n\n"
            "that returns the sum, over every prefix a[0], ..., a[i] of the stream (i = 0, 1, ..., n - 1), of the "
            f"prefix's median. The tests have 1 <= n <= {largest} and 0 <= s < {m}.\n\n"
            f"For example, with n = {n} and s = {s} the stream is {values}, the medians of its prefixes are "
            f"{medians}, and median_sum({n}, {s}) == {sum(medians)}.\n\n"
            f"{time_limit_text(self.limits, 'keeping the prefix in a sorted list')} "
            f"{hidden_tests('n = 1, n = 2 and the largest n included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "median_sum", "arity": 2, "tests": tests, "constants": [a, b, m]}
        return Instance(prompt=prompt, answer=REFERENCE.format(a=a, b=b, m=m), data=data, size=largest)
