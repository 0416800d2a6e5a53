"""logic/kakuro: fill the white cells of a kakuro grid with digits 1-9 so that every across and down run holds
distinct digits adding up to its sum; a few digits may be given, and the solution is unique."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.grids import format_grid, read_grid
from rlve_plugin_logic.solvers.boards import name, plan
from rlve_plugin_logic.solvers.kakuro import random_fill, random_layout, runs_of, solve

#: Side (the first row and column are black), digits given at the stage's first level, at its last (more are
#: given when a second solution needs ruling out).
STAGES = ((4, 3, 0), (5, 6, 0), (6, 8, 0), (7, 10, 0))
#: Share of the inner cells drawn black before single-cell runs are blackened too.
BLACK_SHARE = 0.25
#: Search nodes allowed to one uniqueness proof (a grid whose proof runs over is drawn again).
NODE_LIMIT = 600


def make_puzzle(n: int, planned: int, rng: random.Random) -> tuple[list[int], list[tuple[list[int], int]], list[int]]:
    """(digits, runs with sums, given digits): up to ``planned`` random digits given, plus, while a second
    solution exists, the digit of a cell where it differs; then the solution is unique."""
    while True:
        white = random_layout(n, BLACK_SHARE, rng)
        if sum(white) < (n - 1) ** 2 // 2:  # too few white cells left: a board too easy for its size
            continue
        cells = runs_of(n, white)
        digits = random_fill(n, cells, rng)
        if digits is None:
            continue
        runs = [(run, sum(digits[i] for i in run)) for run in cells]
        whites = [i for i in range(n * n) if white[i]]
        shown = set(rng.sample(whites, min(planned, len(whites) - 1)))
        while True:
            given = [digits[i] if i in shown else 0 for i in range(n * n)]
            found, complete = solve(n, runs, given, limit=2, node_limit=NODE_LIMIT)
            if not complete:
                break
            if len(found) == 1:
                return digits, runs, given
            other = found[0] if found[0] != digits else found[1]
            shown.add(rng.choice([i for i in whites if other[i] != digits[i]]))


def run_line(n: int, cells: list[int], total: int) -> str:
    return f"{name(n, cells[0])} to {name(n, cells[-1])}: sum {total}"


class Kakuro(Environment):
    id = "logic/kakuro"
    version = 1
    description = "Solve a kakuro: digits 1-9 in the white cells, each run distinct and adding up to its sum."
    difficulty_scales = (
        "side 4 (d 0-3), 5 (4-10), 6 (11-19), 7 (from d 20 on; a step per level to d 30, then per two levels), the "
        "first row and column black and about a quarter of the other cells black; each side starts with 3, 6, 8, "
        "10 digits given and loses one per step down to none; digits where a second solution differs are given "
        "until the solution is unique"
    )
    size_name = "inner cells, less the planned given digits"
    answer_format = "the grid, one row per line, cells separated by spaces: # for a black cell, the digit otherwise"
    tags = ("logic", "puzzle", "grid", "arithmetic", "kakuro", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        digits, runs, given = make_puzzle(n, planned, rng)
        shown = [["#" if not digits[r * n + c] else given[r * n + c] or "." for c in range(n)] for r in range(n)]
        across = [run_line(n, cells, total) for cells, total in runs if cells[1] == cells[0] + 1]
        down = [run_line(n, cells, total) for cells, total in runs if cells[1] != cells[0] + 1]
        prompt = (
            f"Solve this {n}x{n} kakuro. In the grid, # is a black cell, . an empty white cell and a digit a given "
            "white cell. Fill every white cell with a digit from 1 to 9. A run is a maximal line of white cells "
            "next to each other in a row (across) or in a column (down); every run listed below must hold "
            "different digits that add up to its sum. Rows are numbered from 1 at the top, columns from 1 at the "
            "left. The puzzle has exactly one solution. Answer with the whole grid, one row per line, cells "
            "separated by spaces: # for a black cell and the digit for a white one.\n\n"
            + format_grid(shown)
            + "\n\nAcross runs (left to right):\n"
            + "\n".join(across)
            + "\n\nDown runs (top to bottom):\n"
            + "\n".join(down)
        )
        answer = format_grid([[digits[r * n + c] or "#" for c in range(n)] for r in range(n)])
        data = {"n": n, "runs": runs, "given": given, "white": [int(d > 0) for d in digits]}
        return Instance(prompt=prompt, answer=answer, data=data, size=(n - 1) ** 2 - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, white = data["n"], data["white"]
        grid = read_grid(answer, n, n, r"[#1-9]", single_chars=True)
        values = [0 if cell == "#" else int(cell) for row in grid for cell in row]
        for i in range(n * n):
            if bool(values[i]) != bool(white[i]):
                raise ParseError(f"{name(n, i)} is {'white' if white[i] else 'black'} in the puzzle")
            if data["given"][i] and values[i] != data["given"][i]:
                return Verdict.wrong(f"{name(n, i)} is given as {data['given'][i]}")
        for cells, total in data["runs"]:
            run = [values[i] for i in cells]
            if len(set(run)) != len(run):
                return Verdict.wrong(f"the run {run_line(n, cells, total)} repeats a digit")
            if sum(run) != total:
                return Verdict.wrong(f"the run {run_line(n, cells, total)} adds up to {sum(run)}")
        return Verdict.right()
