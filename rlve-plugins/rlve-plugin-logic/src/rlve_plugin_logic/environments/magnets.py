"""logic/magnets: a board tiled with dominoes; each domino is a magnet (one + end, one - end) or neutral, equal
signs never side by side, and every row and column has its counts of + and - cells; the solution is unique."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import cell_name, format_grid, read_grid
from rlve_plugin_logic.solvers.boards import plan
from rlve_plugin_logic.solvers.domino_tilings import random_tiling

#: Rows, cells revealed at the stage's first level, at its last (more are revealed if uniqueness needs it); a
#: board of odd rows gets one column more, so that dominoes can tile it.
STAGES = ((4, 6, 0), (5, 8, 0), (6, 5, 0), (7, 12, 2), (8, 14, 3))
#: Search nodes per cell allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODES_PER_CELL = 40
MAGNET_CHANCE = 0.7
LABELS = string.ascii_uppercase + string.ascii_lowercase
#: A domino's states: neutral, + on its first cell (reading order), + on its second; cell signs +1, -1, 0.
STATES = ((0, 0), (1, -1), (-1, 1))
SYMBOLS = {1: "+", -1: "-", 0: "."}


class MagnetSolver:
    """Solutions (a state per domino) under line counts, the no-equal-neighbours rule and revealed cells."""

    def __init__(self, rows: int, cols: int, dominoes: list[tuple[int, int]]):
        self.rows, self.cols, self.dominoes = rows, cols, dominoes
        self.lines_of = [(i // cols, rows + i % cols) for i in range(rows * cols)]
        self.neighbours = []
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            self.neighbours.append([a * cols + b for a, b in steps if 0 <= a < rows and 0 <= b < cols])
        self.nodes = 0

    def solve(
        self, plus: list[int], minus: list[int], known: list[int | None], limit: int = 2, node_limit: int = 10**6
    ) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (the state of every domino) and whether the search finished; ``plus`` and
        ``minus`` count per line (rows, then columns), ``known`` is a sign or None per cell."""
        sign = [0] * (self.rows * self.cols)
        open_cells = [0] * (self.rows + self.cols)  # undecided cells per line
        for i in range(self.rows * self.cols):
            for line in self.lines_of[i]:
                open_cells[line] += 1
        have = {1: [0] * len(open_cells), -1: [0] * len(open_cells)}
        need = {1: plus, -1: minus}
        state = [0] * len(self.dominoes)
        solutions: list[list[int]] = []
        self.nodes = 0
        aborted = False

        def fits(cell: int, s: int) -> bool:
            if known[cell] is not None and known[cell] != s:
                return False
            if s and any(sign[m] == s for m in self.neighbours[cell]):
                return False
            return True

        def set_cell(cell: int, s: int, step: int) -> None:
            sign[cell] = s if step > 0 else 0
            for line in self.lines_of[cell]:
                open_cells[line] -= step
                if s:
                    have[s][line] += step

        def lines_ok(cells: tuple[int, int]) -> bool:
            for cell in cells:
                for line in self.lines_of[cell]:
                    for s in (1, -1):
                        if have[s][line] > need[s][line] or have[s][line] + open_cells[line] < need[s][line]:
                            return False
            return True

        def search(k: int) -> None:
            nonlocal aborted
            self.nodes += 1
            if self.nodes > node_limit:
                aborted = True
                return
            if k == len(self.dominoes):
                solutions.append(list(state))
                return
            a, b = self.dominoes[k]
            for option, (sa, sb) in enumerate(STATES):
                if not fits(a, sa) or not fits(b, sb) or (sa and sa == sb):
                    continue
                set_cell(a, sa, 1)
                set_cell(b, sb, 1)
                if lines_ok((a, b)):
                    state[k] = option
                    search(k + 1)
                set_cell(a, sa, -1)
                set_cell(b, sb, -1)
                if aborted or len(solutions) >= limit:
                    return

        search(0)
        return solutions, not aborted

    def signs(self, states: list[int]) -> list[int]:
        out = [0] * (self.rows * self.cols)
        for (a, b), option in zip(self.dominoes, states):
            out[a], out[b] = STATES[option]
        return out


def make_magnets(
    rows: int, cols: int, planned: int, rng: random.Random
) -> tuple[list[tuple[int, int]], list[int], list[int | None]]:
    """(dominoes, signs per cell, known sign or None per cell) with those signs the only solution: a random
    tiling, random magnets where they fit, ``planned`` random cells revealed, then one cell where a second
    solution differs for as long as one exists."""
    cells = rows * cols
    while True:
        dominoes = random_tiling(rows, cols, rng)
        if dominoes is None or len(dominoes) > len(LABELS):
            continue
        solver = MagnetSolver(rows, cols, dominoes)
        signs = [0] * cells
        order = list(range(len(dominoes)))
        rng.shuffle(order)
        for k in order:
            a, b = dominoes[k]
            if rng.random() >= MAGNET_CHANCE:
                continue
            sa = rng.choice((1, -1))
            for first, second in ((sa, -sa), (-sa, sa)):
                if all(signs[m] != first for m in solver.neighbours[a]) and all(
                    signs[m] != second for m in solver.neighbours[b]
                ):
                    signs[a], signs[b] = first, second
                    break
        plus = [sum(1 for c in range(cols) if signs[r * cols + c] == 1) for r in range(rows)]
        plus += [sum(1 for r in range(rows) if signs[r * cols + c] == 1) for c in range(cols)]
        minus = [sum(1 for c in range(cols) if signs[r * cols + c] == -1) for r in range(rows)]
        minus += [sum(1 for r in range(rows) if signs[r * cols + c] == -1) for c in range(cols)]
        revealed = set(rng.sample(range(cells), planned))
        while True:
            known = [signs[i] if i in revealed else None for i in range(cells)]
            found, complete = solver.solve(plus, minus, known, node_limit=NODES_PER_CELL * cells)
            if not complete:
                break
            if len(found) == 1:
                return dominoes, signs, known
            other = solver.signs(found[0])
            if other == signs:
                other = solver.signs(found[1])
            revealed.add(rng.choice([i for i in range(cells) if other[i] != signs[i]]))


class Magnets(Environment):
    id = "logic/magnets"
    version = 1
    description = "Solve a magnets puzzle: mark dominoes as magnets or neutral to match the + and - line counts."
    difficulty_scales = (
        "4x4 (d 0-6), 5x6 (7-15), 6x6 (16-21), 7x8 (22-35), 8x8 (from d 36 on; a step per level to d 30, then "
        "per two levels); each board starts with 6, 8, 5, 12, 14 revealed cells and loses one per step (down to "
        "0, 0, 0, 2, 3); cells where a second solution differs are revealed until the solution is unique"
    )
    size_name = "cells, less the planned revealed ones"
    answer_format = (
        "the grid, one row per line, + and - for the ends of a magnet and . for a neutral cell, cells separated "
        "by spaces"
    )
    tags = ("logic", "puzzle", "grid", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, planned = plan(difficulty, STAGES)
        cols = rows + rows % 2
        dominoes, signs, known = make_magnets(rows, cols, planned, rng)
        labels = [""] * (rows * cols)
        for k, (a, b) in enumerate(dominoes):
            labels[a] = labels[b] = LABELS[k]
        plus = [sum(1 for c in range(cols) if signs[r * cols + c] == 1) for r in range(rows)]
        minus = [sum(1 for c in range(cols) if signs[r * cols + c] == -1) for r in range(rows)]
        col_plus = [sum(1 for r in range(rows) if signs[r * cols + c] == 1) for c in range(cols)]
        col_minus = [sum(1 for r in range(rows) if signs[r * cols + c] == -1) for c in range(cols)]
        prompt = (
            f"Solve this magnets puzzle on a grid of {rows} rows and {cols} columns. The grid is tiled by "
            f"{len(dominoes)} dominoes; the two cells of a domino share a letter (upper and lower case differ). "
            "Make every domino either a magnet, one cell + and the other -, or neutral, both cells empty (.), so "
            "that (1) no two cells side by side (horizontally or vertically, in the same domino or not) hold the "
            "same sign, and (2) every row and column has exactly the given numbers of + cells and - cells.\n\n"
            f"{format_grid([labels[r * cols : (r + 1) * cols] for r in range(rows)])}\n\n"
            f"+ cells per row, top to bottom: {' '.join(map(str, plus))}\n"
            f"- cells per row, top to bottom: {' '.join(map(str, minus))}\n"
            f"+ cells per column, left to right: {' '.join(map(str, col_plus))}\n"
            f"- cells per column, left to right: {' '.join(map(str, col_minus))}"
        )
        revealed = [i for i in range(rows * cols) if known[i] is not None]
        if revealed:
            shown = [["?"] * cols for _ in range(rows)]
            for i in revealed:
                shown[i // cols][i % cols] = SYMBOLS[signs[i]]
            prompt += "\n\nSome cells are already known (+, -, . for a neutral cell, ? unknown):\n\n" + format_grid(
                shown
            )
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([[SYMBOLS[signs[r * cols + c]] for c in range(cols)] for r in range(rows)])
        data = {
            "rows": rows,
            "cols": cols,
            "dominoes": [list(pair) for pair in dominoes],
            "plus": plus + col_plus,
            "minus": minus + col_minus,
            "known": [SYMBOLS[s] if s is not None else "?" for s in known],
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=rows * cols - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, known = data["rows"], data["cols"], data["known"]
        grid = read_grid(answer, rows, cols, r"[+.-]", single_chars=True)
        cells = [grid[i // cols][i % cols] for i in range(rows * cols)]
        for i in range(rows * cols):
            if known[i] != "?" and cells[i] != known[i]:
                return Verdict.wrong(f"{cell_name(i // cols, i % cols)} is known to be {known[i]}")
        for a, b in data["dominoes"]:
            if {cells[a], cells[b]} not in ({"."}, {"+", "-"}):
                return Verdict.wrong(
                    f"the domino at {cell_name(a // cols, a % cols)} is neither neutral nor a + - magnet"
                )
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            for j in ([i + 1] if c + 1 < cols else []) + ([i + cols] if r + 1 < rows else []):
                if cells[i] != "." and cells[i] == cells[j]:
                    return Verdict.wrong(
                        f"{cell_name(r, c)} and {cell_name(j // cols, j % cols)} are side by side and both {cells[i]}"
                    )
        for line in range(rows + cols):
            members = (
                range(line * cols, (line + 1) * cols) if line < rows else range(line - rows, rows * cols, cols)
            )
            what = f"row {line + 1}" if line < rows else f"column {line - rows + 1}"
            for symbol, counts in (("+", data["plus"]), ("-", data["minus"])):
                count = sum(1 for i in members if cells[i] == symbol)
                if count != counts[line]:
                    return Verdict.wrong(f"{what} has {count} {symbol} cells, it needs {counts[line]}")
        return Verdict.right()
