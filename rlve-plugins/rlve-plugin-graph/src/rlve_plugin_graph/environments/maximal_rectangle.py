"""graph/maximal_rectangle: the largest axis-parallel rectangle of 1s in a 0/1 grid, with its corners."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_graph.arrays import largest_rectangle
from rlve_plugin_graph.sequences import read_numbers, split_optimum

#: Past this level the grid stops growing (63 x 64 cells), so the prompt stays a few kilobytes.
LEVEL_CAP = 120
#: Brackets and words that may stand between the corners: "(1, 2) (3, 4)", "(1,2)-(3,4)", "1 2 to 3 4".
_CORNER_JOINERS = re.compile(r"[()\[\]]|\bto\b|(?<=[0-9)])\s*-")


def largest_block(grid: list[str]) -> tuple[int, int, int, int, int]:
    """(area, top, left, bottom, right), 0-based and inclusive, of one largest rectangle of 1s.

    Row by row, each column's height is the run of 1s ending in that row; the largest rectangle whose
    bottom edge is on this row is then the largest rectangle under that histogram. O(rows x columns).
    """
    heights = [0] * len(grid[0])
    best = (0, 0, 0, 0, 0)
    for r, row in enumerate(grid):
        heights = [h + 1 if cell == "1" else 0 for h, cell in zip(heights, row)]
        area, left, right = largest_rectangle(heights)
        if area > best[0]:
            best = (area, r - min(heights[left : right + 1]) + 1, left, r, right)
    return best


class MaximalRectangle(Environment):
    id = "graph/maximal_rectangle"
    version = 1
    description = "Find the largest rectangle made only of 1s in a grid of 0s and 1s, with its corners."
    difficulty_scales = (
        f"grid: 3 + (L + 1) / 2 rows by 4 + L / 2 columns (L = d to 100, then +20 per doubling, at most "
        f"{LEVEL_CAP}); each grid 55% to 80% 1s"
    )
    size_name = "cells"
    answer_format = (
        "the largest area, a colon, then the top-left corner (row column) and the bottom-right corner "
        "(row column), for example 6: 2 3 3 5"
    )
    tags = ("grid", "monotonic-stack", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        rows, cols = 3 + (lev + 1) // 2, 4 + lev // 2
        density = rng.uniform(0.55, 0.8)
        grid = ["".join("1" if rng.random() < density else "0" for _ in range(cols)) for _ in range(rows)]
        area, top, left, bottom, right = largest_block(grid)
        prompt = (
            f"Here is a grid of {rows} rows and {cols} columns of 0s and 1s. Rows are numbered 1 to {rows} from top "
            f"to bottom, columns 1 to {cols} from left to right:\n" + "\n".join(grid) + "\n\n"
            "Find a rectangle of cells, with sides along the grid lines, that holds only 1s and has as many cells "
            "as possible (a single row or column of cells is a rectangle too). Give its area (its number of "
            "cells), its top-left corner cell (row, then column) and its bottom-right corner cell (row, then "
            "column). Any largest rectangle is accepted."
        )
        answer = f"{area}: {top + 1} {left + 1} {bottom + 1} {right + 1}"
        return Instance(prompt=prompt, answer=answer, data={"grid": grid, "area": area}, size=rows * cols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        grid, best = data["grid"], data["area"]
        stated, rest = split_optimum(answer, "the area", len(str(best)) + 2)
        corners = read_numbers(_CORNER_JOINERS.sub(" ", rest), largest=max(len(grid), len(grid[0])), max_items=5)
        if len(corners) != 4:
            raise ParseError(f"expected two corners, four numbers (row column row column), got {len(corners)}")
        (top, bottom), (left, right) = sorted(corners[0::2]), sorted(corners[1::2])
        if top < 1 or bottom > len(grid):
            return Verdict.wrong(f"rows are numbered 1 to {len(grid)}")
        if left < 1 or right > len(grid[0]):
            return Verdict.wrong(f"columns are numbered 1 to {len(grid[0])}")
        for r in range(top - 1, bottom):
            zero = grid[r].find("0", left - 1, right)
            if zero >= 0:
                return Verdict.wrong(f"the cell in row {r + 1}, column {zero + 1} of the rectangle is 0")
        area = (bottom - top + 1) * (right - left + 1)
        if area != best:
            return Verdict.wrong(f"the rectangle holds {area} cells, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated area {stated} is not the area {area} of the rectangle")
        return Verdict.right()
