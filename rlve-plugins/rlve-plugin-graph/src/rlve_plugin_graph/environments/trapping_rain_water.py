"""graph/trapping_rain_water: how much rain water an elevation map holds."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import read_number


def trapped_water(heights: list[int]) -> int:
    """Units of water held, by two pointers in O(n).

    Above each column the water rises to the lower of the highest column on its left and on its right. The
    pointer on the lower side can be settled at once: its own side's highest is the binding one, since the
    other side already has something at least as high.
    """
    left, right = 0, len(heights) - 1
    left_top = right_top = water = 0
    while left <= right:
        if left_top <= right_top:
            left_top = max(left_top, heights[left])
            water += left_top - heights[left]
            left += 1
        else:
            right_top = max(right_top, heights[right])
            water += right_top - heights[right]
            right -= 1
    return water


class TrappingRainWater(Environment):
    id = "graph/trapping_rain_water"
    version = 1
    description = "Count the units of rain water an elevation map of columns holds."
    difficulty_scales = "columns: 6 + 2 L (L = d to 100, then +20 per doubling); heights: 0 to 4 + L"
    size_name = "columns"
    answer_format = "a single integer, for example 9"
    tags = ("array", "two-pointers", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + 2 * lev
        heights = [rng.randint(0, 4 + lev) for _ in range(n)]
        water = trapped_water(heights)
        prompt = (
            f"An elevation map has {n} columns of width 1, from left to right, with these heights:\n"
            f"{' '.join(map(str, heights))}\n\n"
            "Rain falls on it, and water settles wherever it cannot run off: above each column, water rises to "
            "the lower of two levels, the highest column at or to the left of it and the highest column at or "
            "to the right of it; the water above that column is that level minus the column's own height. "
            "Water runs off past the first and the last column. How many units of water does the map hold in "
            "total?"
        )
        return Instance(prompt=prompt, answer=str(water), data={"heights": heights, "water": water}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_number(answer, max_digits=len(str(data["water"])) + 2, allow_thousands=True)
        if given != data["water"]:
            return Verdict.wrong(f"{given} is not the amount of water the map holds")
        return Verdict.right()
