"""logic/thermometers: fill thermometers from the bulb so that every row and column has its count of filled
cells; a few cells may be revealed, and the solution is unique."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid
from rlve_plugin_logic.solvers.boards import known_cells_text, plan, read_filled_board
from rlve_plugin_logic.solvers.level_fills import LevelPuzzle, unique_with_reveals

#: Side, cells revealed at the stage's first level, at its last (more are revealed if uniqueness needs it).
STAGES = ((4, 4, 0), (5, 6, 0), (6, 8, 0), (7, 10, 1), (8, 12, 2), (9, 14, 3))
#: Search nodes allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODE_LIMIT = 2000
LONGEST = 4
#: Thermometer labels: upper case first, then lower case (a tiling needing more is drawn again).
LABELS = string.ascii_uppercase + string.ascii_lowercase


def random_thermometers(n: int, rng: random.Random) -> list[list[int]]:
    """Straight thermometers tiling the board, each a list of cells from the bulb: cells in reading order each
    start one across or down (length 2 to 4 where there is room, else 1), in a random direction."""
    owner = [-1] * (n * n)
    pieces: list[list[int]] = []
    for start in range(n * n):
        if owner[start] >= 0:
            continue
        r, c = divmod(start, n)
        runs = []
        for dr, dc in ((0, 1), (1, 0)):
            run = [start]
            while len(run) < LONGEST:
                rr, cc = r + dr * len(run), c + dc * len(run)
                if rr >= n or cc >= n or owner[rr * n + cc] >= 0:
                    break
                run.append(rr * n + cc)
            if len(run) > 1:
                runs.append(run)
        run = rng.choice(runs) if runs else [start]
        run = run[: rng.randint(2, len(run))] if len(run) > 1 else run
        if rng.random() < 0.5:
            run.reverse()
        for cell in run:
            owner[cell] = len(pieces)
        pieces.append(run)
    return pieces


class Thermometers(Environment):
    id = "logic/thermometers"
    version = 1
    description = "Solve a thermometers puzzle: fill each thermometer from its bulb to match row and column counts."
    difficulty_scales = (
        "side 4 (d 0-4), 5 (5-11), 6 (12-20), 7 (21-31), 8 (32-53), 9 (from d 54 on; a step per level to d 30, "
        "then per two levels); each side starts with 4, 6, 8, 10, 12, 14 revealed cells and loses one per step "
        "(down to 0, 0, 0, 1, 2, 3); cells where a second solution differs are revealed until the solution is unique"
    )
    size_name = "cells, less the planned revealed ones"
    answer_format = "the grid, one row per line, # for a filled cell and . for an empty one, cells separated by spaces"
    tags = ("logic", "puzzle", "grid", "shading", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        while True:
            pieces = random_thermometers(n, rng)
            if len(pieces) > len(LABELS):
                continue
            puzzle = LevelPuzzle(n, n, [[[cell] for cell in piece] for piece in pieces])
            chosen = [rng.randint(0, len(piece)) for piece in pieces]
            known = unique_with_reveals(puzzle, chosen, planned, rng, NODE_LIMIT)
            if known is not None:
                break
        board = puzzle.fill(chosen)
        labels = [""] * (n * n)
        for p, piece in enumerate(pieces):
            for k, cell in enumerate(piece):
                labels[cell] = f"{LABELS[p]}{k + 1}"
        rows = [sum(board[r * n : r * n + n]) for r in range(n)]
        cols = [sum(board[c::n]) for c in range(n)]
        prompt = (
            f"Solve this {n}x{n} thermometers puzzle. The board is tiled by {len(pieces)} straight thermometers. "
            "Each cell is labelled by its thermometer (a letter; upper and lower case differ) and "
            "its position on it: 1 is the bulb, 2 the next cell, and so on. Fill some cells so that (1) every "
            "thermometer is filled from its bulb without gaps: if a cell is filled, so are all cells of the same "
            "thermometer with a smaller position (a thermometer may also be empty or full), and (2) each row and "
            "each column has exactly the number of filled cells given.\n\n"
            f"{format_grid([labels[r * n : r * n + n] for r in range(n)])}\n\n"
            f"Filled cells per row, top to bottom: {' '.join(map(str, rows))}\n"
            f"Filled cells per column, left to right: {' '.join(map(str, cols))}"
        )
        prompt += known_cells_text(n, board, known, "filled")
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["#" if board[r * n + c] else "." for c in range(n)] for r in range(n)])
        data = {"n": n, "pieces": pieces, "rows": rows, "cols": cols, "known": known}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, pieces, known = data["n"], data["pieces"], data["known"]
        board, contradiction = read_filled_board(answer, n, known, "filled")
        if contradiction:
            return Verdict.wrong(contradiction)
        for p, piece in enumerate(pieces):
            for k in range(1, len(piece)):
                if board[piece[k]] and not board[piece[k - 1]]:
                    return Verdict.wrong(f"thermometer {LABELS[p]} is filled at position {k + 1} but not at {k}")
        for r in range(n):
            count = sum(board[r * n : r * n + n])
            if count != data["rows"][r]:
                return Verdict.wrong(f"row {r + 1} has {count} filled cells, it needs {data['rows'][r]}")
        for c in range(n):
            count = sum(board[c::n])
            if count != data["cols"][c]:
                return Verdict.wrong(f"column {c + 1} has {count} filled cells, it needs {data['cols'][c]}")
        return Verdict.right()
