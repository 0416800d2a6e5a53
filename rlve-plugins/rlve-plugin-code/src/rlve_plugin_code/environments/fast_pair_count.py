"""code/fast_pair_count: count the pairs of a generated array whose sum is at most t, faster than pair by pair."""

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
    """40 * 1.8^d: checking every pair fits the limit up to about d = 9 and is 20 times over it at d = 12."""
    return grown_size(difficulty, 40, (9, 5), 300_000)


def pairs_at_most(values: list[int], t: int) -> int:
    """Pairs i < j with values[i] + values[j] <= t: sort, then two pointers moving towards each other."""
    values = sorted(values)
    count, left, right = 0, 0, len(values) - 1
    while left < right:
        if values[left] + values[right] <= t:
            count += right - left
            left += 1
        else:
            right -= 1
    return count


REFERENCE = """def count_pairs(n, s, t):
    a = sorted(({a} * i * i + {b} * i + s) % {m} for i in range(n))
    # Two pointers: when a[left] + a[right] <= t, every index from left + 1 to right pairs with left.
    count, left, right = 0, 0, n - 1
    while left < right:
        if a[left] + a[right] <= t:
            count += right - left
            left += 1
        else:
            right -= 1
    return count
"""


class FastPairCount(TimedFunctionEnvironment):
    id = "code/fast_pair_count"
    version = 1
    description = (
        "Write a Python function counting the pairs of a generated array whose sum is at most t, within a CPU "
        "time limit that rules out checking every pair."
    )
    difficulty_scales = (
        "largest n: 40 * 1.8^d up to 300000, then +6000 per level (slower past d=30), so checking every pair "
        "stops fitting the time limit around d=10"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "sorting", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b, m = constants
        n, s, t = args
        return pairs_at_most(quadratic(n, a, b, s, m), t)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, m = draw_quadratic(rng)
        largest = largest_n(difficulty)
        sizes = [0, 1, 2] + [rng.randint(3, min(12, largest)) for _ in range(4)]
        sizes += [rng.randint(largest // 10, largest // 2), largest]
        calls = []
        for n in sizes:
            s = rng.randrange(m)
            first = quadratic(min(n, 6), a, b, s, m)  # only the first values: generation stays fast
            sums = [x + y for i, x in enumerate(first) for y in first[i + 1 :]]
            # t equal to a pair's sum (so < and <= differ) or a random t; below, t = 2m (every pair) and 0.
            t = rng.choice(sums) if sums and rng.random() < 0.5 else rng.randint(0, 2 * m)
            calls.append([n, s, t])
        calls[3][2] = 2 * m
        calls[4][2] = 0
        n, s = 5, rng.randrange(m)
        values = quadratic(n, a, b, s, m)
        t = sorted(x + y for i, x in enumerate(values) for y in values[i + 1 :])[5]
        example = pairs_at_most(values, t)
        prompt = (
            "An array a of n integers is built from two integers n and s by the formula\n\n"
            f"    {quadratic_text('a', a, b, m)}    for i = 0, 1, ..., n - 1\n\n"
            f"(mod is the remainder, from 0 to {m - 1}). Write a Python function\n\n"
            "    def count_pairs(n: int, s: int, t: int) -> int:\n\n"
            "that returns the number of pairs of indices (i, j) with 0 <= i < j < n and a[i] + a[j] <= t. "
            f"The tests have 0 <= n <= {largest}, 0 <= s < {m} and 0 <= t <= {2 * m}.\n\n"
            f"For example, with n = {n} and s = {s} the array is {values}, and "
            f"count_pairs({n}, {s}, {t}) == {example}.\n\n"
            f"{time_limit_text(self.limits, 'checking every pair')} "
            f"{hidden_tests('n = 0, n = 1 and the largest n included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "count_pairs", "arity": 3, "tests": tests, "constants": [a, b, m]}
        return Instance(prompt=prompt, answer=REFERENCE.format(a=a, b=b, m=m), data=data, size=largest)
