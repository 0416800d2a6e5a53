"""math/rook_placements: ways to put r non-attacking rooks on the free cells of a small board (a coefficient of
the board's rook polynomial)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow, staged
from rlve_plugin_math.counting_sequences import EXACT_COUNT_FORMAT, EXACT_COUNT_REQUEST, check_count, exact_count_data
from rlve_plugin_math.scaling import LEVEL_CAP


def board_shape(index: int) -> tuple[int, int]:
    """Boards in order of size: 3 x 3, 3 x 4, 4 x 4, 4 x 5, 5 x 5, ..."""
    return 3 + index // 2, 3 + (index + 1) // 2


def stages() -> Iterator[tuple[int, int, int]]:
    """For each board in turn, the number of rooks runs from 2 to the shorter side."""
    for index in itertools.count():
        yield index, 2, board_shape(index)[0]


def rook_placements(board: list[str], rooks: int) -> int:
    """Sets of ``rooks`` free cells ('.'), no two in a row or a column: row by row, the number of ways to have
    used each set of columns (a bit mask). Masks that already hold too many rooks, or can no longer reach
    ``rooks`` with the rows left, are dropped. O(rows * 2^cols * cols) at worst, on boards of at most 10 columns."""
    ways = {0: 1}
    for row_index, row in enumerate(board):
        rows_left = len(board) - row_index - 1
        free = [1 << c for c, cell in enumerate(row) if cell == "."]
        new: dict[int, int] = {}
        for mask, count in ways.items():
            used = mask.bit_count()
            if used + rows_left >= rooks:  # this row stays empty
                new[mask] = new.get(mask, 0) + count
            if used < rooks:
                for bit in free:
                    if not mask & bit:
                        new[mask | bit] = new.get(mask | bit, 0) + count
        ways = new
    return sum(count for mask, count in ways.items() if mask.bit_count() == rooks)


class RookPlacements(Environment):
    id = "math/rook_placements"
    version = 1
    description = (
        "Count the ways to place r non-attacking rooks on the free cells of a small board with forbidden cells "
        "(a coefficient of its rook polynomial)."
    )
    difficulty_scales = (
        "boards 3 x 3, 3 x 4, 4 x 4, 4 x 5, ... and for each r from 2 to the shorter side, one step per level up "
        "to d = 30 (a 7 x 7 board), then one step per 20 levels (10 x 10 at most); forbidden cells 15% to 35%"
    )
    size_name = "board cells plus rooks"
    answer_format = EXACT_COUNT_FORMAT
    tags = ("math", "combinatorics", "rook-polynomials", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        # The reference is exponential in the columns, so the board grows slowly past d = 30.
        index, rooks = staged(slow(lvl, 1, 20, knee=30), stages())
        rows, cols = board_shape(index)
        density = rng.uniform(0.15, 0.35)
        while True:  # a board with no placement at all would make a trivial problem; nearly never redrawn
            cells = [["#" if rng.random() < density else "." for _ in range(cols)] for _ in range(rows)]
            if not any("#" in row for row in cells):
                cells[rng.randrange(rows)][rng.randrange(cols)] = "#"
            board = ["".join(row) for row in cells]
            count = rook_placements(board, rooks)
            if count:
                break
        prompt = (
            f"Below is a board of {rows} rows and {cols} columns; '.' is a free cell and '#' a forbidden one. "
            f"In how many ways can {rooks} identical rooks be placed on free cells so that no two of them share a "
            "row or a column (no two attack each other)? A placement is a set of cells, so the order in which the "
            "rooks are put down does not matter; for example, on a 2 x 2 board with no forbidden cells there are 2 "
            "ways to place 2 such rooks. " + EXACT_COUNT_REQUEST + "\n\n" + "\n".join(board)
        )
        data = {"board": board, "rooks": rooks} | exact_count_data(count)
        return Instance(prompt=prompt, answer=data["count"], data=data, size=rows * cols + rooks)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_count(data, answer, "the number of placements")
