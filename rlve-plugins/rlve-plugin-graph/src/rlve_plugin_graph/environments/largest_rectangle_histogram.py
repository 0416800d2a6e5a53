"""graph/largest_rectangle_histogram: the largest rectangle under a histogram, with the columns it spans."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_graph.arrays import largest_rectangle
from rlve_plugin_graph.sequences import read_numbered, split_optimum

#: What may stand between the two columns: "3 5", "3-5", "3 to 5", "3..5" (commas and brackets are read too).
_SPAN_WORDS = re.compile(r"\s*(?:-|\.\.|\bto\b)\s*")


class LargestRectangleHistogram(Environment):
    id = "graph/largest_rectangle_histogram"
    version = 1
    description = "Find the largest rectangle that fits under a histogram, with the columns it spans."
    difficulty_scales = "columns: 6 + 2 L (L = d to 100, then +20 per doubling); heights: 0 to 6 + L"
    size_name = "columns"
    answer_format = "the largest area, a colon, then the first and last column of the rectangle, for example 12: 3 5"
    tags = ("array", "monotonic-stack", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + 2 * lev
        heights = [rng.randint(0, 6 + lev) for _ in range(n)]
        area, first, last = largest_rectangle(heights)
        prompt = (
            f"A histogram has {n} columns of width 1, numbered 1 to {n} from left to right, with these heights:\n"
            f"{' '.join(map(str, heights))}\n\n"
            "A rectangle under the histogram covers a run of neighbouring columns, from column a to column b "
            "(a <= b), and is as tall as the lowest of those columns, so its area is (b - a + 1) times that "
            "height. Find a rectangle of the largest possible area. Give the area, and the first and last "
            "columns a and b; any rectangle of the largest area is accepted."
        )
        answer = f"{area}: {first + 1} {last + 1}"
        return Instance(prompt=prompt, answer=answer, data={"heights": heights, "area": area}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        heights, best = data["heights"], data["area"]
        n = len(heights)
        stated, rest = split_optimum(answer, "the area", len(str(best)) + 2)
        columns = read_numbered(_SPAN_WORDS.sub(" ", rest), n, "a column")
        if len(columns) != 2:
            raise ParseError(f"expected two columns, the first and the last, got {len(columns)} numbers")
        first, last = sorted(columns)
        area = (last - first + 1) * min(heights[first - 1 : last])
        if area != best:
            return Verdict.wrong(f"columns {first} to {last} hold a rectangle of area {area}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated area {stated} is not the area {best} of columns {first} to {last}")
        return Verdict.right()
