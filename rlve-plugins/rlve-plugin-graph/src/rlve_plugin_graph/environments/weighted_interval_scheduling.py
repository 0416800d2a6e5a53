"""graph/weighted_interval_scheduling: non-overlapping intervals of maximum total weight, any best set."""

from __future__ import annotations

import bisect
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, first_repeat, read_numbered, split_optimum


def best_schedule(intervals: list[list[int]]) -> list[int]:
    """The 0-based indices of one heaviest set of pairwise non-overlapping ``[start, end, weight]`` intervals
    (touching ends do not overlap), in order of time.

    The classic programme over intervals sorted by end: the best of the first j either leaves interval j out
    or takes it with the best of those that end by its start (found by binary search). O(n log n).
    """
    order = sorted(range(len(intervals)), key=lambda i: (intervals[i][1], intervals[i][0], i))
    ends = [intervals[i][1] for i in order]
    best = [0] * (len(order) + 1)
    before = [0] * len(order)
    for j, i in enumerate(order):
        start, _, weight = intervals[i]
        before[j] = bisect.bisect_right(ends, start, 0, j)  # how many end by this one's start
        best[j + 1] = max(best[j], weight + best[before[j]])
    chosen, j = [], len(order)
    while j:
        i = order[j - 1]
        if best[j] == best[j - 1]:
            j -= 1
        else:
            chosen.append(i)
            j = before[j - 1]
    return chosen[::-1]


class WeightedIntervalScheduling(Environment):
    id = "graph/weighted_interval_scheduling"
    version = 1
    description = "Choose pairwise non-overlapping intervals of maximum total weight (touching ends allowed)."
    difficulty_scales = (
        "intervals: 5 + T (T = d to 30, then slower: rlve.scaling.taper) on integer times 0 to 2 (5 + T) + 4; "
        "lengths: 1 to 4 + T / 6 (at most 9); weights: 1 to 5 + T"
    )
    size_name = "intervals"
    answer_format = "the maximum total weight, a colon, then the numbers of the chosen intervals, for example 17: 2 5 6"
    tags = ("array", "dynamic-programming", "scheduling", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        n = 5 + lev
        horizon = 2 * n + 4
        longest = 4 + min(lev, 30) // 6
        raw = []
        for _ in range(n):
            length = rng.randint(1, longest)
            start = rng.randint(0, horizon - length)
            raw.append([start, start + length, rng.randint(1, 5 + lev)])
        intervals = sorted(raw)
        chosen = best_schedule(intervals)
        best = sum(intervals[i][2] for i in chosen)
        lines = "\n".join(f"interval {i + 1}: from {s} to {e}, weight {w}" for i, (s, e, w) in enumerate(intervals))
        prompt = (
            f"Here are {n} intervals of time, numbered 1 to {n}:\n{lines}\n\n"
            "Choose intervals that pairwise do not overlap, with the largest possible total weight. Two intervals "
            "overlap when they share more than an end point: intervals that only touch (one ends at the time the "
            "other starts, such as from 2 to 5 and from 5 to 7) do not overlap and may both be chosen. Give the "
            "maximum total weight and the numbers of the chosen intervals, in any order. Any set of maximum "
            "total weight is accepted."
        )
        answer = f"{best}: {' '.join(str(i + 1) for i in chosen)}"
        return Instance(prompt=prompt, answer=answer, data={"intervals": intervals, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        intervals, best = data["intervals"], data["best"]
        stated, rest = split_optimum(answer, "the total weight", len(str(best)) + 2)
        chosen = read_numbered(rest, len(intervals), "an interval")
        repeated = first_repeat(chosen)
        if repeated is not None:
            return Verdict.wrong(f"interval {repeated} is chosen twice")
        in_time = sorted(chosen, key=lambda k: intervals[k - 1][:2])
        for a, b in zip(in_time, in_time[1:]):
            if intervals[b - 1][0] < intervals[a - 1][1]:
                return Verdict.wrong(f"intervals {a} and {b} overlap")
        weight = sum(intervals[k - 1][2] for k in chosen)
        if weight != best:
            return Verdict.wrong(f"the intervals weigh {weight} in total, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated weight {stated} is not the total weight {best} of the intervals")
        return Verdict.right()
