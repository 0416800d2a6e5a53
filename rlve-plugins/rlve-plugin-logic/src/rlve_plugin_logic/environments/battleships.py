"""logic/battleships: place a given fleet of straight ships, never touching, from the ship cells per row and
column and a few revealed cells; the solution is unique."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_binary_grid
from rlve_plugin_logic.solvers.battleships import random_fleet, ship_lengths, solve
from rlve_plugin_logic.solvers.boards import name, plan

#: The fleet (ship lengths, longest first) per board side.
FLEETS = {5: (3, 2, 1, 1), 6: (3, 2, 2, 1, 1, 1), 7: (4, 3, 2, 2, 1, 1, 1), 8: (4, 3, 3, 2, 2, 1, 1, 1)}
#: Side, cells revealed at the stage's first level, at its last (more are revealed if uniqueness needs it).
STAGES = ((5, 6, 0), (6, 8, 1), (7, 9, 2), (8, 11, 4))
#: Search nodes allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODE_LIMIT = 3000
SHIP_NAMES = {1: "submarine", 2: "destroyer", 3: "cruiser", 4: "battleship"}


def make_puzzle(n: int, planned: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """(board, known) where ``known`` reveals ``planned`` random cells, plus one cell where a second solution
    differs from the board for as long as one exists; the board is then the only solution."""
    fleet = FLEETS[n]
    while True:
        board = random_fleet(n, fleet, rng)
        rows = [sum(board[r * n : r * n + n]) for r in range(n)]
        cols = [sum(board[c::n]) for c in range(n)]
        revealed = set(rng.sample(range(n * n), planned))
        while True:
            known = [board[i] if i in revealed else -1 for i in range(n * n)]
            found, complete = solve(n, fleet, rows, cols, known, limit=2, node_limit=NODE_LIMIT)
            if not complete:
                break
            if len(found) == 1:
                return board, known
            other = found[0] if found[0] != board else found[1]
            revealed.add(rng.choice([i for i in range(n * n) if other[i] != board[i]]))


def fleet_text(fleet: tuple[int, ...]) -> str:
    counts = Counter(fleet)
    return ", ".join(
        f"{counts[k]} {SHIP_NAMES[k]}{'s' if counts[k] > 1 else ''} of length {k}" for k in sorted(counts, reverse=True)
    )


class Battleships(Environment):
    id = "logic/battleships"
    version = 1
    description = "Solve a battleships puzzle: place a fleet of straight ships, never touching, from line counts."
    difficulty_scales = (
        "side 5 (d 0-6), 6 (7-14), 7 (15-22), 8 (from d 23 on; a step per level to d 30, then per two levels) with "
        "fleets of 4, 6, 7 and 8 ships (lengths 1 to 4); each side starts with 6, 8, 9, 11 revealed cells and "
        "loses one per step (down to 0, 1, 2, 4); cells where a second solution differs are revealed until the "
        "solution is unique"
    )
    size_name = "cells, less the planned revealed ones"
    answer_format = "the grid, one row per line: # for a ship cell, . for water (spaces between cells optional)"
    tags = ("logic", "puzzle", "grid", "battleships", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        fleet = FLEETS[n]
        board, known = make_puzzle(n, planned, rng)
        rows = [sum(board[r * n : r * n + n]) for r in range(n)]
        cols = [sum(board[c::n]) for c in range(n)]
        shown = [["?~#"[known[r * n + c] + 1] for c in range(n)] for r in range(n)]
        prompt = (
            f"Solve this {n}x{n} battleships puzzle. Hide this fleet in the grid: {fleet_text(fleet)} "
            f"({len(fleet)} ships, {sum(fleet)} ship cells). Each ship is a straight line of cells, horizontal or "
            "vertical; no two ships touch, not even diagonally (every cell around a ship is water); every row and "
            "every column holds the number of ship cells given for it. Rows are numbered from the top, columns "
            "from the left. In the grid, ? is an unknown cell, ~ a cell known to be water and # a cell known to be "
            "part of a ship (which ship, and which part of it, is not said). The puzzle has exactly one solution. "
            "Answer with the full grid, one row per line, # for a ship cell and . for water.\n\n"
            f"{format_grid(shown)}\n\n"
            f"Ship cells per row (rows 1 to {n}): {' '.join(map(str, rows))}\n"
            f"Ship cells per column (columns 1 to {n}): {' '.join(map(str, cols))}"
        )
        answer = "\n".join("".join(".#"[board[r * n + c]] for c in range(n)) for r in range(n))
        data = {"n": n, "fleet": list(fleet), "rows": rows, "cols": cols, "known": known}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, known = data["n"], data["known"]
        grid = read_binary_grid(answer, n, n, "#", ".")
        board = [int(grid[r][c]) for r in range(n) for c in range(n)]
        for i, k in enumerate(known):
            if k >= 0 and board[i] != k:
                return Verdict.wrong(f"{name(n, i)} is known to be {'part of a ship' if k else 'water'}")
        rows = [sum(board[r * n : r * n + n]) for r in range(n)]
        cols = [sum(board[c::n]) for c in range(n)]
        for kind, want, have in (("row", data["rows"], rows), ("column", data["cols"], cols)):
            for k, (w, h) in enumerate(zip(want, have)):
                if w != h:
                    return Verdict.wrong(f"{kind} {k + 1} has {h} ship cells, its clue is {w}")
        lengths = ship_lengths(n, board)
        if lengths is None:
            return Verdict.wrong("two ships touch diagonally, or a ship is not straight")
        if lengths != sorted(data["fleet"], reverse=True):
            fleet = sorted(data["fleet"], reverse=True)
            return Verdict.wrong(f"the ships have lengths {lengths}, the fleet is {fleet}")
        return Verdict.right()
