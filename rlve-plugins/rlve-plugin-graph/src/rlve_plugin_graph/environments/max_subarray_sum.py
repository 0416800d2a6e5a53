"""graph/max_subarray_sum: the largest sum of a non-empty run of neighbouring numbers, with where it runs."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.spans import read_span
from rlve_plugin_graph.value_and_witness import split_value


def best_run(values: list[int]) -> tuple[int, int, int]:
    """(sum, first, last), 0-based, of one non-empty run of largest sum, by Kadane's scan in O(n).

    The best run ending at i either extends the best run ending at i - 1 or starts afresh at i, whichever is
    larger; starting afresh only when the previous best is negative keeps every list non-empty, so a list of
    negative numbers gives its largest single number.
    """
    best = (values[0], 0, 0)
    current, start = values[0], 0
    for i in range(1, len(values)):
        if current < 0:
            current, start = values[i], i
        else:
            current += values[i]
        if current > best[0]:
            best = (current, start, i)
    return best


class MaxSubarraySum(Environment):
    id = "graph/max_subarray_sum"
    version = 1
    description = "Find a non-empty run of neighbouring numbers with the largest sum, and its first and last position."
    difficulty_scales = "length: 6 + 2 L (L = d to 100, then +20 per doubling); values: -(5 + L) to 4 + L"
    size_name = "numbers"
    answer_format = "the largest sum, a colon, then the first and last position of the run, for example 14: 3 7"
    tags = ("array", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + 2 * lev
        # Slightly more negative than positive, so that the best run is rarely the whole list.
        values = [rng.randint(-(5 + lev), 4 + lev) for _ in range(n)]
        total, first, last = best_run(values)
        prompt = (
            f"Here is a list of {n} integers, at positions 1 to {n}:\n{' '.join(map(str, values))}\n\n"
            "A run is a non-empty stretch of neighbouring numbers, from position a to position b (a <= b); its "
            "sum is the sum of the numbers at positions a to b. Find a run with the largest possible sum (if "
            "every number is negative, the best run is a single number). Give the sum, and the first and last "
            "positions a and b; any run with the largest sum is accepted."
        )
        answer = f"{total}: {first + 1} {last + 1}"
        return Instance(prompt=prompt, answer=answer, data={"values": values, "best": total}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values, best = data["values"], data["best"]
        stated, rest = split_value(answer, max_digits=len(str(abs(best))) + 2)
        first, last = read_span(rest, len(values), "a position")
        if first > last:
            return Verdict.wrong(f"the run must start before it ends, but {first} is after {last}")
        total = sum(values[first - 1 : last])
        if total != best:
            return Verdict.wrong(f"positions {first} to {last} sum to {total}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated sum {stated} is not the sum {best} of positions {first} to {last}")
        return Verdict.right()
