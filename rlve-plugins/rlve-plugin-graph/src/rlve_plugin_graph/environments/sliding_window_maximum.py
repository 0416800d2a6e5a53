"""graph/sliding_window_maximum: the largest number in every window of w consecutive numbers of a list."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.arrays import first_mismatch, list_level, read_integers


def window_maxima(values: list[int], width: int) -> list[int]:
    """The maximum of each window of ``width`` consecutive values, left to right, in O(n).

    A deque keeps the positions of the current window whose values are larger than every value after them
    (a decreasing run): its front is the window's maximum, and a position leaves from the back as soon as
    a larger value arrives, because it can never be a maximum again.
    """
    kept: deque[int] = deque()
    maxima = []
    for i, x in enumerate(values):
        while kept and values[kept[-1]] <= x:
            kept.pop()
        kept.append(i)
        if kept[0] <= i - width:
            kept.popleft()
        if i >= width - 1:
            maxima.append(values[kept[0]])
    return maxima


class SlidingWindowMaximum(Environment):
    id = "graph/sliding_window_maximum"
    version = 1
    description = "Give the largest number of every window of w consecutive numbers in a list, left to right."
    difficulty_scales = (
        "length: 8 + 2 L (L = d to 100, then +20 per doubling, at most 600); window width: 2 to 3 + L / 4; "
        "values: -L to 9 + 3 L, repeats allowed"
    )
    size_name = "numbers"
    answer_format = "the maxima of the windows from left to right, separated by spaces, for example 7 7 5 9"
    tags = ("array", "sliding-window", "monotonic-queue")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = list_level(difficulty)
        length = 8 + 2 * lev
        width = rng.randint(2, min(length - 1, 3 + lev // 4))
        values = [rng.randint(-lev, 9 + 3 * lev) for _ in range(length)]
        maxima = window_maxima(values, width)
        windows = length - width + 1
        prompt = (
            f"Here is a list of {length} integers, at positions 1 to {length}:\n{' '.join(map(str, values))}\n\n"
            f"A window is a run of {width} consecutive positions: positions 1 to {width}, then 2 to {width + 1}, "
            f"and so on up to positions {windows} to {length}, so there are {windows} windows. For every window, "
            "from left to right, give the largest number in it."
        )
        data = {"values": values, "width": width, "maxima": maxima}
        return Instance(prompt=prompt, answer=" ".join(map(str, maxima)), data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        maxima = data["maxima"]
        largest = max(abs(x) for x in data["values"])
        given = read_integers(answer, count=len(maxima), largest=largest)
        problem = first_mismatch(given, maxima, "window")
        return Verdict.wrong(problem) if problem else Verdict.right()
