"""logic/sudoku: complete a sudoku with a unique solution; grids grow from 4x4 without bound and lose clues."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, staged
from rlve_plugin_logic.grids import cell_name, format_grid, latin_conflict, read_number_grid
from rlve_plugin_logic.solvers.sudoku import Shape
from rlve_plugin_logic.solvers.sudoku_puzzles import make_puzzle

#: (box shape, empty cells at the first level of the stage, empty cells at the last). One more empty cell
#: per level inside a stage (two on 6x6), the next grid size after it. The upper ends stay below the
#: share of empty cells where proving uniqueness stops being fast (measured: ~60% on 9x9 and 12x12,
#: ~55% on 16x16, ~50% on 20x20 and 25x25, ~45% on 30x30).
STAGES: tuple[tuple[Shape, int, int, int], ...] = (
    (Shape(2, 2), 6, 10, 1),
    (Shape(2, 3), 14, 24, 2),
    (Shape(3, 3), 36, 54, 1),
    (Shape(3, 4), 76, 88, 1),
    (Shape(4, 4), 128, 140, 1),
    (Shape(4, 5), 180, 200, 1),
    (Shape(5, 5), 270, 300, 1),
)


def _later_stages():
    """Past the table: 30x30 (5x6 boxes), 36x36 (6x6), 42x42 (6x7), ... each from 36% to 44% empty cells."""
    box_rows, box_cols = 5, 6
    while True:
        cells = (box_rows * box_cols) ** 2
        yield Shape(box_rows, box_cols), 36 * cells // 100, 44 * cells // 100, 1
        box_rows, box_cols = (box_rows + 1, box_cols) if box_rows < box_cols else (box_rows, box_cols + 1)


def plan(difficulty: int) -> tuple[Shape, int]:
    """The box shape and the number of empty cells for a difficulty."""
    return staged(level(difficulty), itertools.chain(STAGES, _later_stages()))


class Sudoku(Environment):
    id = "logic/sudoku"
    # 2: grids built band by band and clues removed mostly one at a time (same sizes and blank counts, faster)
    version = 2
    description = "Complete a sudoku grid (4x4, 6x6, 9x9, ... growing without bound) that has exactly one solution."
    difficulty_scales = (
        "grid by level L (L = d up to 100, then +20 per doubling of d): 4x4 (L 0-4), 6x6 (5-10), 9x9 (11-29), "
        "12x12 (30-42), 16x16 (43-55), 20x20 (56-76), 25x25 (77-107), 30x30 (108-180), 36x36, ...; "
        "one more empty cell per level within a size (two on 6x6): 6 empty cells at d 0, 54 at d 29"
    )
    size_name = "empty cells"
    answer_format = (
        "the completed grid, one row per line, the numbers of a row separated by spaces "
        "(for grids up to 9x9 the spaces may be left out)"
    )
    tags = ("logic", "puzzle", "grid", "latin-square", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        shape, blanks = plan(difficulty)
        made = None
        while made is None:  # a grid that cannot reach the planned count is replaced (rare)
            made = make_puzzle(shape, blanks, rng)
        puzzle, solution = made
        n = shape.n
        rows = [puzzle[r * n : (r + 1) * n] for r in range(n)]
        shown = [[str(v) if v else "." for v in row] for row in rows]
        prompt = (
            f"Solve this {n}x{n} sudoku. Fill every empty cell (shown as .) with a number from 1 to {n} so that "
            f"each row, each column and each of the {n} boxes of {shape.box_rows} rows by {shape.box_cols} "
            f"columns contains every number from 1 to {n} exactly once. The given numbers stay as they are. "
            "The puzzle has exactly one solution.\n\n"
            f"{format_grid(shown)}"
        )
        answer = format_grid([solution[r * n : (r + 1) * n] for r in range(n)])
        data = {"box_rows": shape.box_rows, "box_cols": shape.box_cols, "puzzle": rows}
        return Instance(prompt=prompt, answer=answer, data=data, size=blanks)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        br, bc, puzzle = data["box_rows"], data["box_cols"], data["puzzle"]
        n = br * bc
        grid = read_number_grid(answer, n, n, 1, n)
        for r in range(n):
            for c in range(n):
                if puzzle[r][c] and grid[r][c] != puzzle[r][c]:
                    return Verdict.wrong(f"{cell_name(r, c)} must stay the given {puzzle[r][c]}")
        problem = latin_conflict(grid) or box_conflict(grid, br, bc)
        return Verdict.wrong(problem) if problem else Verdict.right()


def box_conflict(grid: list[list[int]], box_rows: int, box_cols: int) -> str | None:
    """The first box with a repeated value, described; None if every box holds distinct values."""
    n = len(grid)
    for top in range(0, n, box_rows):
        for left in range(0, n, box_cols):
            values = {grid[r][c] for r in range(top, top + box_rows) for c in range(left, left + box_cols)}
            if len(values) != n:
                return f"the box whose top-left cell is {cell_name(top, left)} repeats a number"
    return None
