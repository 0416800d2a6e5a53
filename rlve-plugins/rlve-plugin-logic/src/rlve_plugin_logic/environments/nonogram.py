"""logic/nonogram: draw the picture that a nonogram's row and column clues describe (a unique solution)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.grids import cell_name, format_grid, read_binary_grid
from rlve_plugin_logic.solvers.nonogram import EMPTY, FILLED, FOUND, NONE, Board, runs_of


def step_of(difficulty: int) -> int:
    """One step per level up to level 30, then one per four levels (the grid area grows quadratically)."""
    return slow(level(difficulty), 1, 4, knee=30)


def shape(difficulty: int) -> tuple[int, int]:
    """Rows and columns: 4x4, 4x5, 5x5, 5x6, ... one side longer per step."""
    step = step_of(difficulty)
    return 4 + step // 2, 4 + (step + 1) // 2


#: Line solves one uniqueness test may spend per cell of the grid before it reveals a cell ...
BUDGET_PER_CELL = 12
#: ... and all the tests of one puzzle, per cell, before each test gets only SMALL_BUDGET_PER_CELL and a
#: test that runs out reveals a random open cell: a picture whose clues say little cannot take long.
GENERATION_BUDGET_PER_CELL = 16
SMALL_BUDGET_PER_CELL = 2


def make_nonogram(height: int, width: int, rng: random.Random) -> tuple[list[list[int]], dict[tuple[int, int], int]]:
    """A random picture and the cells to reveal so that the clues plus those cells have one solution.

    The clues are line-solved once; then, while a second solution exists, a cell where it differs is revealed,
    and where the uniqueness test runs out of budget, the cell it was stuck on is revealed (a random open cell
    once the puzzle's tests have spent their budget, as the few pictures whose clues say little do). A reveal
    only adds to what the board has settled, so the board carries over from one test to the next.
    """
    density = rng.uniform(0.5, 0.65)
    picture = [[FILLED if rng.random() < density else EMPTY for _ in range(width)] for _ in range(height)]
    rows = [runs_of(row) for row in picture]
    cols = [runs_of([picture[r][c] for r in range(height)]) for c in range(width)]
    board = Board(rows, cols)
    settled = board.settle_all()
    assert settled  # the picture itself fits its clues
    known: dict[tuple[int, int], int] = {}

    def reveal(r: int, c: int) -> None:
        known[(r, c)] = picture[r][c]
        board.put(r, c, picture[r][c])

    cells = height * width
    spent = 0
    while True:
        plenty = spent < GENERATION_BUDGET_PER_CELL * cells
        allowance = (BUDGET_PER_CELL if plenty else SMALL_BUDGET_PER_CELL) * cells
        status, witness, used = board.find_other(picture, allowance)
        spent += used
        if status == NONE:
            return picture, known
        if status == FOUND:
            differ = [(r, c) for r, row in enumerate(witness) for c, value in enumerate(row) if value != picture[r][c]]
            reveal(*rng.choice(differ))
        elif plenty:
            reveal(*witness)
        else:
            reveal(*rng.choice(board.open_cells()))


class Nonogram(Environment):
    id = "logic/nonogram"
    # version 2: uniqueness is tested by probing each open cell against the picture, then a search, within a
    # budget of line solves (worst generation at d <= 30 from 0.95 s to 0.06 s); a different second solution
    # may be found first, so a different cell may be revealed
    version = 2
    description = "Solve a nonogram: fill the grid so every row and column has the given runs of filled cells."
    difficulty_scales = (
        "grid 4x4, 4x5, 5x5, ... one side longer per level to d 30 (19x19), then per four levels; "
        "random pictures 50-65% filled; a few cells revealed where the clues alone allow several pictures"
    )
    size_name = "cells"
    answer_format = "the grid, one row per line, # for a filled cell and . for an empty one, cells separated by spaces"
    tags = ("logic", "puzzle", "grid", "nonogram", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        height, width = shape(difficulty)
        picture, known = make_nonogram(height, width, rng)
        rows = [runs_of(row) for row in picture]
        cols = [runs_of([picture[r][c] for r in range(height)]) for c in range(width)]
        lines = [f"Row {r + 1}: {' '.join(map(str, clue)) or '0'}" for r, clue in enumerate(rows)]
        lines += [f"Column {c + 1}: {' '.join(map(str, clue)) or '0'}" for c, clue in enumerate(cols)]
        prompt = (
            f"Solve this nonogram of {height} rows and {width} columns. Each cell is either filled or empty. The "
            "clue of a row (read left to right) or a column (read top to bottom) lists the lengths of its runs of "
            "consecutive filled cells, in order; runs are separated by at least one empty cell, and 0 means the "
            "line is empty. Rows are numbered from the top, columns from the left.\n\n" + "\n".join(lines)
        )
        if known:
            revealed = sorted(known.items())
            described = [f"{cell_name(r, c)} is {'filled' if v == FILLED else 'empty'}" for (r, c), v in revealed]
            prompt += "\n\nThese cells are already known: " + "; ".join(described) + "."
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["#" if v else "." for v in row] for row in picture])
        data = {
            "rows": rows,
            "cols": cols,
            "known": [[r, c, v] for (r, c), v in sorted(known.items())],
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=height * width)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols = data["rows"], data["cols"]
        grid = read_binary_grid(answer, len(rows), len(cols), "#", ".")
        for r, c, value in data["known"]:
            if grid[r][c] != bool(value):
                return Verdict.wrong(f"{cell_name(r, c)} is known to be {'filled' if value else 'empty'}")
        for r, clue in enumerate(rows):
            if runs_of(grid[r]) != clue:
                return Verdict.wrong(f"row {r + 1} has runs {runs_of(grid[r]) or [0]}, its clue is {clue or [0]}")
        for c, clue in enumerate(cols):
            column = [grid[r][c] for r in range(len(rows))]
            if runs_of(column) != clue:
                return Verdict.wrong(f"column {c + 1} has runs {runs_of(column) or [0]}, its clue is {clue or [0]}")
        return Verdict.right()
