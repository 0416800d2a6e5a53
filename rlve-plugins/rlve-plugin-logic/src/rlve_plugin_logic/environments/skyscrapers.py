"""logic/skyscrapers: fill a Latin square of heights so that the number of skyscrapers seen from each side
of every row and column matches its clue."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import cell_name, format_grid, latin_conflict, read_number_grid
from rlve_plugin_logic.solvers.boards import lines, plan
from rlve_plugin_logic.solvers.latin_groups import pack, place_givens
from rlve_plugin_logic.solvers.sudoku import Shape, random_full_grid

#: (side, given cells at the first level of the stage, at the last): one given fewer per step. Every clue
#: is shown; with all of them a 4x4 or 5x5 is usually unique alone, a 6x6 or bigger seldom, so a few
#: givens stay there (and proving a bigger square unique from clues alone is slow).
STAGES = ((4, 6, 0), (5, 10, 0), (6, 15, 3), (7, 16, 6), (8, 26, 18))
#: Search nodes per cell allowed to one uniqueness proof; a square whose proof runs over gets a given.
NODES_PER_CELL = 100
SIDES = ("left", "right", "top", "bottom")


def seen(heights: list[int] | tuple[int, ...]) -> int:
    """How many of ``heights`` a viewer before the first one sees: each one taller than all before it."""
    top = count = 0
    for h in heights:
        if h > top:
            top, count = h, count + 1
    return count


def clues_of(grid: list[list[int]]) -> dict[str, list[int]]:
    """The four clue lists of a filled grid: per row from the left and the right, per column from the
    top and the bottom."""
    columns = [list(col) for col in zip(*grid)]
    return {
        "left": [seen(row) for row in grid],
        "right": [seen(row[::-1]) for row in grid],
        "top": [seen(col) for col in columns],
        "bottom": [seen(col[::-1]) for col in columns],
    }


def line_table(n: int) -> dict[tuple[int, int], list[int]]:
    """Every ordering of 1..n, packed, by (seen from the start, seen from the end)."""
    table: dict[tuple[int, int], list[int]] = {}
    for heights in itertools.permutations(range(1, n + 1)):
        table.setdefault((seen(heights), seen(heights[::-1])), []).append(pack(heights, n))
    return table


def make_skyscrapers(n: int, given_count: int, rng: random.Random) -> tuple[list[list[int]], dict[int, int]]:
    """A random Latin square and ``given_count`` givens that, with all its clues, make it unique."""
    table = line_table(n)
    while True:
        flat = random_full_grid(Shape(1, n), rng)
        grid = [flat[r * n : (r + 1) * n] for r in range(n)]
        clues = clues_of(grid)
        pairs = list(zip(clues["left"], clues["right"])) + list(zip(clues["top"], clues["bottom"]))
        groups = [(tuple(line), table[pair]) for line, pair in zip(lines(n), pairs)]
        givens = place_givens(n, flat, given_count, groups, rng, NODES_PER_CELL * n * n)
        if givens is not None:
            return grid, givens


class Skyscrapers(Environment):
    id = "logic/skyscrapers"
    version = 1
    description = "Solve a skyscrapers puzzle: a Latin square of heights with how many are seen from each side."
    difficulty_scales = (
        "side 4 (d 0-6), 5 (7-17), 6 (18-30), then 7 and 8 (one step per two levels); within a side one given "
        "height fewer per step, down to none on 4x4 and 5x5, 3 on 6x6, 6 on 7x7, 18 on 8x8 (the last board, "
        "from d 70 on); all clues are shown"
    )
    size_name = "open candidates (empty cells x side)"
    answer_format = "the completed grid of heights, one row per line, the numbers of a row separated by spaces"
    tags = ("logic", "puzzle", "grid", "latin-square", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, given_count = plan(difficulty, STAGES)
        grid, givens = make_skyscrapers(n, given_count, rng)
        clues = clues_of(grid)
        shown = [[str(givens[r * n + c]) if r * n + c in givens else "." for c in range(n)] for r in range(n)]
        prompt = (
            f"Solve this {n}x{n} skyscrapers puzzle. Every cell holds a skyscraper with a height from 1 to {n}, "
            f"and each row and each column contains every height from 1 to {n} exactly once. Each clue says "
            "how many skyscrapers a viewer outside the grid sees when looking along that row or column: a "
            "skyscraper is seen when it is taller than every skyscraper between it and the viewer. Rows are "
            "numbered from the top, columns from the left. A number in the grid is a given height; . is an "
            "empty cell. The puzzle has exactly one solution.\n\n"
            f"{format_grid(shown)}\n\n"
            f"Seen from the left (rows 1 to {n}): {' '.join(map(str, clues['left']))}\n"
            f"Seen from the right (rows 1 to {n}): {' '.join(map(str, clues['right']))}\n"
            f"Seen from the top (columns 1 to {n}): {' '.join(map(str, clues['top']))}\n"
            f"Seen from the bottom (columns 1 to {n}): {' '.join(map(str, clues['bottom']))}"
        )
        data = {"n": n, "givens": [[givens.get(r * n + c, 0) for c in range(n)] for r in range(n)], **clues}
        return Instance(prompt=prompt, answer=format_grid(grid), data=data, size=(n * n - given_count) * n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, givens = data["n"], data["givens"]
        grid = read_number_grid(answer, n, n, 1, n)
        for r in range(n):
            for c in range(n):
                if givens[r][c] and grid[r][c] != givens[r][c]:
                    return Verdict.wrong(f"{cell_name(r, c)} must stay the given {givens[r][c]}")
        conflict = latin_conflict(grid)
        if conflict:
            return Verdict.wrong(conflict)
        got = clues_of(grid)
        for side in SIDES:
            line = "row" if side in ("left", "right") else "column"
            for i, (want, have) in enumerate(zip(data[side], got[side])):
                if want != have:
                    return Verdict.wrong(f"from the {side}, {line} {i + 1} shows {have} skyscrapers, not {want}")
        return Verdict.right()
