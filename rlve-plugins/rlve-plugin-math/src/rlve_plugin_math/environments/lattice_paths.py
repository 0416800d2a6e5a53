"""math/lattice_paths: count the right/down paths across a grid with blocked cells."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP


def count_paths(grid: list[str]) -> int:
    """Paths from the top-left to the bottom-right cell moving right or down through '.' cells."""
    cols = len(grid[0])
    ways = [0] * cols
    ways[0] = 1
    for row in grid:
        for c in range(cols):
            if row[c] == "#":
                ways[c] = 0
            elif c:
                ways[c] += ways[c - 1]
    return ways[-1]


def _carve_path(rng: random.Random, cells: list[list[str]]) -> None:
    """Clear a random monotone path, so at least one path exists."""
    r = c = 0
    rows, cols = len(cells), len(cells[0])
    while (r, c) != (rows - 1, cols - 1):
        cells[r][c] = "."
        if r == rows - 1 or (c < cols - 1 and rng.random() < 0.5):
            c += 1
        else:
            r += 1
    cells[r][c] = "."


class LatticePaths(Environment):
    id = "math/lattice_paths"
    version = 1
    description = "Count the monotone (right/down) paths across a grid that avoid blocked cells."
    difficulty_scales = (
        "grid: (3 + d // 2) x (3 + (d + 1) // 2) cells (past d = 100 one more row and column per 10 levels); "
        "blocked cells: 12% rising to 30%"
    )
    size_name = "cells"
    answer_format = "an integer, for example 1234 (commas as thousands separators are allowed)"
    tags = ("math", "combinatorics", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        rows = 3 + slow(lvl, 2, 10)
        cols = 3 + slow(lvl + 1, 2, 10)
        density = min(0.30, 0.12 + lvl / 200)
        cells = [["#" if rng.random() < density else "." for _ in range(cols)] for _ in range(rows)]
        cells[0][0] = cells[-1][-1] = "."
        grid = ["".join(row) for row in cells]
        if count_paths(grid) == 0:
            _carve_path(rng, cells)
            grid = ["".join(row) for row in cells]
        total = count_paths(grid)
        prompt = (
            f"Below is a grid of {rows} rows and {cols} columns; '.' is a free cell and '#' a blocked one. "
            "Count the paths from the top-left cell to the bottom-right cell that move one cell right or one "
            "cell down at each step and never enter a blocked cell.\n\n" + "\n".join(grid)
        )
        data = {"grid": grid, "count": str(total), "max_digits": digits_of(total) + 2}
        return Instance(prompt=prompt, answer=str(total), data=data, size=rows * cols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        if value != int(data["count"]):
            return Verdict.wrong("that is not the number of paths")
        return Verdict.right()
