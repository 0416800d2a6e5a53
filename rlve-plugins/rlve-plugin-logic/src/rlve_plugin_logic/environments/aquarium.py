"""logic/aquarium: fill the tanks (regions) of a board with water, each up to one level, so that every row and
column has its count of water cells; a few cells may be revealed, and the solution is unique."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid
from rlve_plugin_logic.solvers.boards import grow_regions, known_cells_text, name, plan, read_filled_board
from rlve_plugin_logic.solvers.level_fills import LevelPuzzle, unique_with_reveals
from rlve_plugin_logic.solvers.sliding import neighbours_of

#: Side, cells revealed at the stage's first level, at its last (more are revealed if uniqueness needs it).
STAGES = ((4, 4, 0), (5, 6, 0), (6, 8, 0), (7, 10, 1), (8, 12, 2), (9, 14, 3), (10, 16, 4))
#: Search nodes allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODE_LIMIT = 2000
#: Cells per tank, on average.
TANK_CELLS = 4
LABELS = string.ascii_uppercase + string.ascii_lowercase


def tank_levels(region: list[int], n: int, count: int) -> list[list[list[int]]]:
    """Per tank, the cells each water level adds: its bottom row first, then the row above, and so on."""
    levels: list[list[list[int]]] = []
    for g in range(count):
        cells = [i for i in range(n * n) if region[i] == g]
        rows = sorted({i // n for i in cells}, reverse=True)
        levels.append([[i for i in cells if i // n == r] for r in rows])
    return levels


class Aquarium(Environment):
    id = "logic/aquarium"
    version = 1
    description = "Solve an aquarium puzzle: fill tanks with water, level across each tank, to match line counts."
    difficulty_scales = (
        "side 4 (d 0-4), 5 (5-11), 6 (12-20), 7 (21-31), 8 (32-53), 9 (54-77), 10 (from d 78 on; a step per "
        "level to d 30, then per two levels), a tank per 4 cells on average; each side starts with 4, 6, 8, 10, "
        "12, 14, 16 revealed cells and loses one per step (down to 0, 0, 0, 1, 2, 3, 4); cells where a second "
        "solution differs are revealed until the solution is unique"
    )
    size_name = "cells, less the planned revealed ones"
    answer_format = "the grid, one row per line, # for a water cell and . for an empty one, cells separated by spaces"
    tags = ("logic", "puzzle", "grid", "shading", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        neighbours = neighbours_of(n, n)
        count = max(2, n * n // TANK_CELLS)
        while True:
            region = grow_regions(n, rng.sample(range(n * n), count), neighbours, rng)
            # tanks lettered in reading order of their first cell
            first_seen: dict[int, int] = {}
            for g in region:
                first_seen.setdefault(g, len(first_seen))
            region = [first_seen[g] for g in region]
            levels = tank_levels(region, n, count)
            puzzle = LevelPuzzle(n, n, levels)
            chosen = [rng.randint(0, len(tank)) for tank in levels]
            known = unique_with_reveals(puzzle, chosen, planned, rng, NODE_LIMIT)
            if known is not None:
                break
        board = puzzle.fill(chosen)
        rows = [sum(board[r * n : r * n + n]) for r in range(n)]
        cols = [sum(board[c::n]) for c in range(n)]
        prompt = (
            f"Solve this {n}x{n} aquarium puzzle. The letters split the grid into {count} tanks (upper and lower "
            "case differ). Fill some cells with water so that (1) the water in every tank is level: if a cell of a "
            "tank holds water, so does every cell of that tank in the same row and in every row below it (a tank "
            "may also be empty or full), and (2) each row and each column has exactly the number of water cells "
            "given. Rows are numbered from the top, so lower rows are further down the page.\n\n"
            f"{format_grid([[LABELS[region[r * n + c]] for c in range(n)] for r in range(n)])}\n\n"
            f"Water cells per row, top to bottom: {' '.join(map(str, rows))}\n"
            f"Water cells per column, left to right: {' '.join(map(str, cols))}"
        )
        prompt += known_cells_text(n, board, known, "water")
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["#" if board[r * n + c] else "." for c in range(n)] for r in range(n)])
        data = {"n": n, "regions": region, "rows": rows, "cols": cols, "known": known}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, region, known = data["n"], data["regions"], data["known"]
        board, contradiction = read_filled_board(answer, n, known, "water")
        if contradiction:
            return Verdict.wrong(contradiction)
        # the highest water row of every tank; each of its cells at that row or lower must hold water
        top = {}
        for i in range(n * n):
            if board[i]:
                top[region[i]] = min(top.get(region[i], n), i // n)
        for i in range(n * n):
            g = region[i]
            if not board[i] and g in top and i // n >= top[g]:
                return Verdict.wrong(f"tank {LABELS[g]} is not level: {name(n, i)} is dry below its water line")
        for r in range(n):
            count = sum(board[r * n : r * n + n])
            if count != data["rows"][r]:
                return Verdict.wrong(f"row {r + 1} has {count} water cells, it needs {data['rows'][r]}")
        for c in range(n):
            count = sum(board[c::n])
            if count != data["cols"][c]:
                return Verdict.wrong(f"column {c + 1} has {count} water cells, it needs {data['cols'][c]}")
        return Verdict.right()
