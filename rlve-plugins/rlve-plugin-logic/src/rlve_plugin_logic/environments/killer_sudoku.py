"""logic/killer_sudoku: complete a sudoku whose cages (groups of cells with a sum) hold distinct digits adding
up to the cage's sum; some digits are given, and the solution is unique."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import cell_name, format_grid, read_number_grid
from rlve_plugin_logic.solvers.boards import plan
from rlve_plugin_logic.solvers.killer import random_cages, solve, units_of
from rlve_plugin_logic.solvers.sudoku import Shape, random_full_grid

#: (box rows, box cols), empty cells at the stage's first level, at its last.
STAGES = (((2, 2), 6, 12), ((2, 3), 14, 30), ((3, 3), 32, 56))
#: Largest cage per box shape.
MAX_CAGE = {4: 3, 6: 4, 9: 4}
#: Search nodes allowed to one uniqueness proof (a puzzle whose proof runs over is drawn again).
NODE_LIMIT = 400


def make_killer(shape: Shape, blanks: int, rng: random.Random) -> tuple[list[int], list, list[int]]:
    """(solution, cages, puzzle with 0 for the ``blanks`` empty cells) with exactly one solution."""
    n = shape.n
    while True:
        solution = random_full_grid(shape, rng)
        cages = random_cages(n, solution, MAX_CAGE[n], rng)
        for _ in range(4):
            puzzle = list(solution)
            for i in rng.sample(range(n * n), blanks):
                puzzle[i] = 0
            found, complete = solve(shape, cages, puzzle, limit=2, node_limit=NODE_LIMIT)
            if complete and len(found) == 1:
                return solution, cages, puzzle


def cell_list(n: int, cells: list[int]) -> str:
    return " ".join(f"({i // n + 1},{i % n + 1})" for i in cells)


class KillerSudoku(Environment):
    id = "logic/killer_sudoku"
    version = 1
    description = "Complete a killer sudoku: a sudoku whose cages hold distinct digits adding up to each cage's sum."
    difficulty_scales = (
        "4x4 with 2x2 boxes (d 0-6), 6x6 with 2x3 boxes (7-23), 9x9 with 3x3 boxes (from d 24 on); cages of 2 to "
        "3 (4x4) or 4 cells; one more empty cell per step (a step per level to d 30, then per two levels): 6 to "
        "12, 14 to 30, 32 to 56 (from d 66 on)"
    )
    size_name = "empty cells"
    answer_format = "the completed grid, one row per line, digits separated by spaces"
    tags = ("logic", "puzzle", "grid", "latin-square", "arithmetic", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        (box_rows, box_cols), blanks = plan(difficulty, STAGES)
        shape = Shape(box_rows, box_cols)
        n = shape.n
        solution, cages, puzzle = make_killer(shape, blanks, rng)
        cage_lines = "\n".join(
            f"cage {k + 1}, sum {total}: {cell_list(n, cells)}" for k, (cells, total) in enumerate(cages)
        )
        prompt = (
            f"Solve this {n}x{n} killer sudoku. Fill every cell with a digit from 1 to {n} so that each row, each "
            f"column and each of the {n} boxes of {box_rows} rows by {box_cols} columns (the grid splits into "
            "them from the top left corner) holds every digit once, and the digits of each cage are all "
            "different and add up to the cage's sum. The cages cover the grid, each cell in exactly one; a cell "
            "is written (row, column), rows numbered from 1 at the top and columns from 1 at the left. In the "
            "grid, . is an empty cell and a digit is given. The puzzle has exactly one solution. Answer with the "
            "completed grid, one row per line, digits separated by spaces.\n\n"
            + format_grid([[puzzle[r * n + c] or "." for c in range(n)] for r in range(n)])
            + "\n\nCages:\n"
            + cage_lines
        )
        answer = format_grid([solution[r * n : r * n + n] for r in range(n)])
        data = {"box_rows": box_rows, "box_cols": box_cols, "puzzle": puzzle, "cages": cages}
        return Instance(prompt=prompt, answer=answer, data=data, size=blanks)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        shape = Shape(data["box_rows"], data["box_cols"])
        n = shape.n
        rows = read_number_grid(answer, n, n, 1, n)
        values = [v for row in rows for v in row]
        for i, given in enumerate(data["puzzle"]):
            if given and values[i] != given:
                return Verdict.wrong(f"{cell_name(i // n, i % n)} is given as {given}")
        kinds = ["row"] * n + ["column"] * n + ["box"] * n
        for k, unit in enumerate(units_of(shape)):
            if len({values[i] for i in unit}) != n:
                return Verdict.wrong(f"{kinds[k]} {k % n + 1} repeats a digit")
        for k, (cells, total) in enumerate(data["cages"]):
            digits = [values[i] for i in cells]
            if len(set(digits)) != len(digits):
                return Verdict.wrong(f"cage {k + 1} repeats a digit")
            if sum(digits) != total:
                return Verdict.wrong(f"cage {k + 1} adds up to {sum(digits)}, not {total}")
        return Verdict.right()
