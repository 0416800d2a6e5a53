"""logic/binario: complete a binario (takuzu) grid of 0s and 1s that has exactly one solution."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, staged
from rlve_plugin_logic.grids import cell_name, format_grid, read_number_grid
from rlve_plugin_logic.solvers.binario import line_ok, make_puzzle

#: (side, empty cells at the first level of the stage, at the last), one more empty cell per level.
#: The upper ends stay below the share of empty cells where uniqueness gets slow or rare to reach.
STAGES = ((4, 6, 10), (6, 14, 25), (8, 36, 48), (10, 60, 76), (12, 90, 108))


def _later_stages():
    """Past the table: sides 14, 16, 18, ... each from 60% to 70% of the cells empty."""
    n = 14
    while True:
        yield n, 60 * n * n // 100, 70 * n * n // 100
        n += 2


def plan(difficulty: int) -> tuple[int, int]:
    """The side and the number of empty cells."""
    return staged(level(difficulty), itertools.chain(STAGES, _later_stages()))


class Binario(Environment):
    id = "logic/binario"
    version = 1
    description = "Complete a binario (takuzu) grid: balanced rows and columns, no three in a row, no equal lines."
    difficulty_scales = (
        "side 4 (L 0-4), 6 (5-16), 8 (17-29), 10 (30-46), 12 (47-65), then 14, 16, ...; one more empty "
        "cell per level (L = d up to 100, then +20 per doubling)"
    )
    size_name = "empty cells"
    answer_format = "the completed grid of 0s and 1s, one row per line, cells separated by spaces (or not separated)"
    tags = ("logic", "puzzle", "grid", "binary", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, blanks = plan(difficulty)
        made = None
        while made is None:
            made = make_puzzle(n, blanks, rng)
        puzzle, solution = made
        shown = [["." if v is None else str(v) for v in row] for row in puzzle]
        prompt = (
            f"Solve this {n}x{n} binario (also called takuzu). Fill every empty cell (shown as .) with 0 or 1 so "
            f"that every row and every column has exactly {n // 2} zeros and {n // 2} ones, no row or column has "
            "three equal cells next to each other, no two rows are the same and no two columns are the same. "
            "The given cells stay as they are. The puzzle has exactly one solution.\n\n"
            f"{format_grid(shown)}"
        )
        data = {"n": n, "puzzle": [[-1 if v is None else v for v in row] for row in puzzle]}
        return Instance(prompt=prompt, answer=format_grid(solution), data=data, size=blanks)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, puzzle = data["n"], data["puzzle"]
        grid = read_number_grid(answer, n, n, 0, 1)
        for r in range(n):
            for c in range(n):
                if puzzle[r][c] >= 0 and grid[r][c] != puzzle[r][c]:
                    return Verdict.wrong(f"{cell_name(r, c)} must stay the given {puzzle[r][c]}")
        columns = [[grid[r][c] for r in range(n)] for c in range(n)]
        for kind, lines in (("row", grid), ("column", columns)):
            for i, line in enumerate(lines):
                problem = line_ok(line)
                if problem:
                    return Verdict.wrong(f"{kind} {i + 1} {problem}")
            seen: dict[tuple[int, ...], int] = {}
            for i, line in enumerate(lines):
                key = tuple(line)
                if key in seen:
                    return Verdict.wrong(f"{kind}s {seen[key] + 1} and {i + 1} are the same")
                seen[key] = i
        return Verdict.right()
