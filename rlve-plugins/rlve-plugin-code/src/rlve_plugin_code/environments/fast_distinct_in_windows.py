"""code/fast_distinct_in_windows: the number of distinct values in every window of a generated array, summed."""

from __future__ import annotations

import random

from rlve import Instance
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.timed_tasks import TimedFunctionEnvironment, draw_quadratic, grown_size, time_limit_text

#: The formula works modulo this prime first, then modulo the test's number of values v.
PRIME = 1_000_003


def largest_n(difficulty: int) -> int:
    """20 * 2^d up to 10^6, windows of about n/2: building a set per window (O(n k)) fits the limit up to
    about d = 10 and is 10 times over it at d = 12; sliding counts take O(n)."""
    return grown_size(difficulty, 20, (2, 1), 1_000_000)


def values(n: int, v: int, s: int, a: int, b: int) -> list[int]:
    return [(a * i * i + b * i + s) % PRIME % v for i in range(n)]


def distinct_sum(array: list[int], k: int) -> int:
    """Slide the window one step at a time, keeping how often each value occurs in it."""
    count: dict[int, int] = {}
    total = 0
    for i, value in enumerate(array):
        count[value] = count.get(value, 0) + 1
        if i >= k:
            old = array[i - k]
            count[old] -= 1
            if count[old] == 0:
                del count[old]
        if i >= k - 1:
            total += len(count)
    return total


REFERENCE = """def distinct_windows(n, k, v, s):
    a = [({a} * i * i + {b} * i + s) % {p} % v for i in range(n)]
    count = {{}}  # how often each value occurs in the current window
    total = 0
    for i, value in enumerate(a):
        count[value] = count.get(value, 0) + 1
        if i >= k:  # a[i - k] leaves the window
            old = a[i - k]
            count[old] -= 1
            if count[old] == 0:
                del count[old]
        if i >= k - 1:  # the window a[i - k + 1 .. i] is complete
            total += len(count)
    return total
"""


class FastDistinctInWindows(TimedFunctionEnvironment):
    id = "code/fast_distinct_in_windows"
    version = 1
    description = (
        "Write a Python function summing the number of distinct values over every window of length k of a "
        "generated array, within a CPU time limit that rules out examining each window afresh."
    )
    difficulty_scales = (
        "largest n: 20 * 2^d up to 10^6, then +20000 per level (slower past d=30), windows of n/4 to 3n/4, so "
        "building a set per window stops fitting the time limit around d=11"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "hashing", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b = constants
        n, k, v, s = args
        return distinct_sum(values(n, v, s, a, b), k)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, _ = draw_quadratic(rng, PRIME, PRIME)
        largest = largest_n(difficulty)
        calls = [[1, 1, 5, rng.randrange(PRIME)]]
        for _ in range(5):
            n = rng.randint(2, 15)
            calls.append([n, rng.randint(1, n), rng.randint(1, n), rng.randrange(PRIME)])
        calls[1][1] = 1  # windows of one value: n windows with one distinct value each
        calls[2][1] = calls[2][0]  # one window, the whole array
        for n in (rng.randint(largest // 8, largest // 4), largest):
            k = rng.randint(max(1, n // 4), max(1, 3 * n // 4))
            calls.append([n, k, rng.randint(max(1, k // 8), 2 * k), rng.randrange(PRIME)])
        n, k, v, s = 8, 3, 4, rng.randrange(PRIME)
        example = values(n, v, s, a, b)
        prompt = (
            "An array a of n integers is built from three integers n, v and s by the formula\n\n"
            f"    a[i] = (({a}*i*i + {b}*i + s) mod {PRIME}) mod v    for i = 0, 1, ..., n - 1\n\n"
            "(mod is the remainder, so every a[i] is from 0 to v - 1). Write a Python function\n\n"
            "    def distinct_windows(n: int, k: int, v: int, s: int) -> int:\n\n"
            "that returns, summed over the n - k + 1 windows a[j], a[j + 1], ..., a[j + k - 1] "
            "(j = 0, 1, ..., n - k), the number of distinct values in the window. The tests have "
            f"1 <= k <= n <= {largest}, 1 <= v <= {2 * largest} and 0 <= s < {PRIME}.\n\n"
            f"For example, with n = {n}, v = {v} and s = {s} the array is {example}, and "
            f"distinct_windows({n}, {k}, {v}, {s}) == {distinct_sum(example, k)}.\n\n"
            f"{time_limit_text(self.limits, 'examining each window afresh')} "
            f"{hidden_tests('k = 1, k = n and the largest n included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "distinct_windows", "arity": 4, "tests": tests, "constants": [a, b]}
        return Instance(prompt=prompt, answer=REFERENCE.format(a=a, b=b, p=PRIME), data=data, size=largest)
