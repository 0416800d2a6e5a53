"""code/fast_value_range_counts: count the elements of a generated array in many value ranges, by sorting once."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right

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
    """20 * 2^d values and as many queries: scanning the array per query (O(n q)) fits the limit up to about
    d = 9 and is 15 times over it at d = 11; sorting once and bisecting takes O((n + q) log n)."""
    return grown_size(difficulty, 20, (2, 1), 300_000)


def ranges(q: int, s: int, m: int, c: int, e: int) -> list[tuple[int, int]]:
    """Query k: the values between (c*k + s) mod m and (e*k*k + k + s) mod m, both ends included."""
    result = []
    for k in range(q):
        x, y = (c * k + s) % m, (e * k * k + k + s) % m
        result.append((min(x, y), max(x, y)))
    return result


def count_total(values: list[int], queries: list[tuple[int, int]]) -> int:
    ordered = sorted(values)
    return sum(bisect_right(ordered, high) - bisect_left(ordered, low) for low, high in queries)


REFERENCE = """from bisect import bisect_left, bisect_right


def range_counts(n, q, s):
    a = sorted(({a} * i * i + {b} * i + s) % {m} for i in range(n))
    total = 0
    for k in range(q):
        x, y = ({c} * k + s) % {m}, ({e} * k * k + k + s) % {m}
        low, high = min(x, y), max(x, y)
        # in a sorted list the values in [low, high] are one slice; bisect finds its two ends
        total += bisect_right(a, high) - bisect_left(a, low)
    return total
"""


class FastValueRangeCounts(TimedFunctionEnvironment):
    id = "code/fast_value_range_counts"
    version = 1
    description = (
        "Write a Python function counting the elements of a generated array that lie in each of many value "
        "ranges, within a CPU time limit that rules out scanning the array per query."
    )
    difficulty_scales = (
        "largest n and q: 20 * 2^d up to 300000, then +6000 per level (slower past d=30), so scanning the array "
        "per query stops fitting the time limit around d=10"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "binary search", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b, m, c, e = constants
        n, q, s = args
        return count_total(quadratic(n, a, b, s, m), ranges(q, s, m, c, e))

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, m = draw_quadratic(rng)
        c, e = rng.randint(1, m - 1), rng.randint(1, m - 1)
        largest = largest_n(difficulty)
        # Query 0 asks for the single value s = a[0]: a program that leaves out an end misses it.
        calls = [[1, 1, rng.randrange(m)], [1, 4, rng.randrange(m)], [2, 3, rng.randrange(m)]]
        calls += [[rng.randint(3, 15), rng.randint(1, 15), rng.randrange(m)] for _ in range(4)]
        middle = rng.randint(largest // 8, largest // 4)
        calls += [[middle, middle, rng.randrange(m)], [largest, largest, rng.randrange(m)]]
        n, q, s = 6, 3, rng.randrange(m)
        values = quadratic(n, a, b, s, m)
        queries = ranges(q, s, m, c, e)
        prompt = (
            "An array a of n integers and q queries are built from three integers n, q and s by the formulas\n\n"
            f"    {quadratic_text('a', a, b, m)}    for i = 0, 1, ..., n - 1\n\n"
            f"(mod is the remainder, from 0 to {m - 1}); query k, for k = 0, 1, ..., q - 1, asks how many elements "
            "of a lie between low and high, both included, where low is the smaller and high the larger (or equal) "
            f"of ({c}*k + s) mod {m} and ({e}*k*k + k + s) mod {m}.\n\nWrite a Python function\n\n"
            "    def range_counts(n: int, q: int, s: int) -> int:\n\n"
            "that returns the sum of the answers to the q queries. The tests have "
            f"1 <= n <= {largest}, 1 <= q <= {largest} and 0 <= s < {m}.\n\n"
            f"For example, with n = {n}, q = {q} and s = {s} the array is {values}, the queries ask for "
            f"{', '.join(f'[{low}, {high}]' for low, high in queries)}, and "
            f"range_counts({n}, {q}, {s}) == {count_total(values, queries)}.\n\n"
            f"{time_limit_text(self.limits, 'scanning the array for each query')} "
            f"{hidden_tests('n = 1 and the largest n and q included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "range_counts", "arity": 3, "tests": tests, "constants": [a, b, m, c, e]}
        answer = REFERENCE.format(a=a, b=b, m=m, c=c, e=e)
        return Instance(prompt=prompt, answer=answer, data=data, size=largest)
