"""graph/subarray_sum_count: how many runs of neighbouring numbers sum to a given target."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import read_number


def runs_with_sum(values: list[int], target: int) -> int:
    """Non-empty runs summing to ``target``, by prefix sums in O(n): a run ending here sums to the target
    exactly when an earlier prefix sum equals this prefix sum minus the target, so count those prefixes."""
    seen = Counter({0: 1})
    prefix = count = 0
    for x in values:
        prefix += x
        count += seen[prefix - target]
        seen[prefix] += 1
    return count


class SubarraySumCount(Environment):
    id = "graph/subarray_sum_count"
    version = 1
    description = "Count the runs of neighbouring numbers (contiguous subarrays) whose sum equals a target."
    difficulty_scales = (
        "length: 6 + 2 L (L = d to 100, then +20 per doubling); values: -(3 + L / 4) to 3 + L / 4; "
        "target: the sum of a random run"
    )
    size_name = "numbers"
    answer_format = "a single integer, for example 5"
    tags = ("array", "prefix-sums", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + 2 * lev
        spread = 3 + lev // 4
        values = [rng.randint(-spread, spread) for _ in range(n)]
        first = rng.randrange(n)
        target = sum(values[first : rng.randint(first + 1, min(n, first + 4))])  # so at least one run counts
        count = runs_with_sum(values, target)
        prompt = (
            f"Here is a list of {n} integers:\n{' '.join(map(str, values))}\n\n"
            f"A run is a non-empty stretch of neighbouring numbers of the list. How many runs have a sum equal "
            f"to {target}? Runs are counted by position: two runs at different places count separately even if "
            "they hold the same numbers."
        )
        data = {"values": values, "target": target, "count": count}
        return Instance(prompt=prompt, answer=str(count), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_number(answer, max_digits=len(str(data["count"])) + 2, allow_thousands=True)
        if given != data["count"]:
            return Verdict.wrong(f"{given} is not the number of runs with sum {data['target']}")
        return Verdict.right()
