"""graph/grid_min_path_sum: the cheapest walk through a grid of numbers from the top-left to the bottom-right
corner, moving only right or down, and the moves of one such walk."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.sequences import dp_level
from rlve_plugin_graph.value_and_witness import split_value

#: Whole words first, so that "right" is not read as the letters r, i, g, h, t.
_MOVE_WORDS = re.compile(r"right|down", re.IGNORECASE)
_MOVE_SEPARATORS = re.compile(r"[\s,;]+")
#: The grid stops growing at this level (61 x 62 cells, near d = 6e17), so the prompt stays readable.
GRID_LEVEL_CAP = 120


def cheapest_walk(grid: list[list[int]]) -> tuple[int, str]:
    """(sum, moves) of one cheapest right/down walk, by the table of cheapest sums to each cell, O(rows x cols).

    A cell is entered from the cell above or the cell to its left, so its cheapest sum is its own number plus
    the cheaper of those two; the moves are read back from the bottom-right corner.
    """
    rows, cols = len(grid), len(grid[0])
    cost = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            before = [cost[r - 1][c]] * (r > 0) + [cost[r][c - 1]] * (c > 0)
            cost[r][c] = grid[r][c] + min(before, default=0)
    moves, r, c = [], rows - 1, cols - 1
    while r or c:
        if c == 0 or (r > 0 and cost[r - 1][c] <= cost[r][c - 1]):
            moves.append("D")
            r -= 1
        else:
            moves.append("R")
            c -= 1
    return cost[-1][-1], "".join(reversed(moves))


def read_moves(text: str, max_moves: int) -> str:
    """``RRDRD`` from ``RRDRD``, ``R R D R D``, ``r, r, d, r, d`` or ``right right down right down``."""
    s = _MOVE_WORDS.sub(lambda m: m.group(0)[0], check_length(text, max_moves, 5))
    moves = _MOVE_SEPARATORS.sub("", s.strip().strip("\"'")).upper()
    if len(moves) > max_moves:
        raise ParseError(f"more than {max_moves} moves")
    for move in moves:
        if move not in "RD":
            raise ParseError(f"moves are R (right) and D (down), got {move!r}")
    return moves


class GridMinPathSum(Environment):
    id = "graph/grid_min_path_sum"
    version = 1
    description = "Find a walk of least sum through a grid of numbers, top-left to bottom-right, moving right or down."
    difficulty_scales = (
        "grid: (2 + (T + 1) / 2) x (2 + T / 2) (T = d to 30, then slower: rlve.scaling.taper, at most 120); "
        "numbers: 0 to 9 + T"
    )
    size_name = "cells"
    answer_format = "the least sum, a colon, then the moves as letters R (right) and D (down), for example 17: RRDRD"
    tags = ("grid", "dynamic-programming", "shortest-path", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty, cap=GRID_LEVEL_CAP)
        rows, cols = 2 + (lev + 1) // 2, 2 + lev // 2
        grid = [[rng.randint(0, 9 + lev) for _ in range(cols)] for _ in range(rows)]
        total, moves = cheapest_walk(grid)
        lines = "\n".join(" ".join(map(str, row)) for row in grid)
        prompt = (
            f"Here is a grid of {rows} rows and {cols} columns of numbers:\n{lines}\n\n"
            "Walk from the top-left cell to the bottom-right cell, each step moving one cell right (R) or one "
            "cell down (D). The sum of a walk is the sum of the numbers of every cell it visits, both corners "
            "included. Find a walk with the least possible sum. Give the sum, then the moves in order as "
            "letters R and D; any walk with the least sum is accepted."
        )
        data = {"grid": grid, "best": total}
        return Instance(prompt=prompt, answer=f"{total}: {moves}", data=data, size=rows * cols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        grid, best = data["grid"], data["best"]
        rows, cols = len(grid), len(grid[0])
        stated, rest = split_value(answer, max_digits=len(str(best)) + 2)
        moves = read_moves(rest, rows + cols)
        if moves.count("R") != cols - 1 or moves.count("D") != rows - 1:
            return Verdict.wrong(
                f"{moves.count('R')} moves right and {moves.count('D')} down, but the walk needs exactly "
                f"{cols - 1} right and {rows - 1} down"
            )
        r = c = 0
        total = grid[0][0]
        for move in moves:
            r, c = (r + 1, c) if move == "D" else (r, c + 1)
            total += grid[r][c]
        if total != best:
            return Verdict.wrong(f"the walk sums to {total}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated sum {stated} is not the sum {best} of the walk")
        return Verdict.right()
