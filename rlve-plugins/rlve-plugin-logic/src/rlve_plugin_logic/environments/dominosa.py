"""logic/dominosa: a grid of numbers is covered by a full double-k set of dominoes (every pair of numbers from 0
to k exactly once); find where the dominoes lie. A few dominoes may be given, and the solution is unique."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.grids import cell_name, format_grid, read_grid
from rlve_plugin_logic.solvers.boards import plan
from rlve_plugin_logic.solvers.domino_tilings import random_tiling

#: Highest number k (a double-k set: (k + 1)(k + 2) / 2 dominoes on a (k + 1) x (k + 2) grid), dominoes given at
#: the stage's first level, at its last (more are given if uniqueness needs it).
STAGES = ((3, 9, 0), (4, 4, 0), (5, 5, 0), (6, 6, 0), (7, 7, 2), (8, 8, 3), (9, 9, 4))
#: Search nodes per cell allowed to one uniqueness proof (a grid whose proof runs over is drawn again).
NODES_PER_CELL = 40


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


class DominosaSolver:
    """Exact cover: every cell in one domino, every pair of numbers on one domino."""

    def __init__(self, rows: int, cols: int, numbers: list[int]):
        self.rows, self.cols, self.numbers = rows, cols, numbers
        self.placements: list[tuple[int, int]] = []
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            if c + 1 < cols:
                self.placements.append((i, i + 1))
            if r + 1 < rows:
                self.placements.append((i, i + cols))
        self.of_cell: list[list[int]] = [[] for _ in range(rows * cols)]
        self.of_pair: dict[tuple[int, int], list[int]] = {}
        for p, (a, b) in enumerate(self.placements):
            self.of_cell[a].append(p)
            self.of_cell[b].append(p)
            self.of_pair.setdefault(pair(numbers[a], numbers[b]), []).append(p)
        self.nodes = 0

    def solve(
        self, given: list[tuple[int, int]], limit: int = 2, node_limit: int = 10**6
    ) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (sorted placement indices) and whether the search finished."""
        index = {placement: p for p, placement in enumerate(self.placements)}
        alive = [True] * len(self.placements)
        cell_free = [True] * (self.rows * self.cols)
        pair_free = dict.fromkeys(self.of_pair, True)
        chosen: list[int] = []
        solutions: list[list[int]] = []
        aborted = False
        self.nodes = 0

        def take(p: int) -> list[int]:
            """Lay placement p; returns the placements it killed (for undoing)."""
            a, b = self.placements[p]
            killed = []
            for q in self.of_cell[a] + self.of_cell[b] + self.of_pair[pair(self.numbers[a], self.numbers[b])]:
                if alive[q]:
                    alive[q] = False
                    killed.append(q)
            cell_free[a] = cell_free[b] = False
            pair_free[pair(self.numbers[a], self.numbers[b])] = False
            chosen.append(p)
            return killed

        def undo(p: int, killed: list[int]) -> None:
            a, b = self.placements[p]
            for q in killed:
                alive[q] = True
            cell_free[a] = cell_free[b] = True
            pair_free[pair(self.numbers[a], self.numbers[b])] = True
            chosen.pop()

        def search() -> None:
            nonlocal aborted
            self.nodes += 1
            if self.nodes > node_limit:
                aborted = True
                return
            best: list[int] | None = None
            for i, free in enumerate(cell_free):
                if free:
                    options = [p for p in self.of_cell[i] if alive[p]]
                    if best is None or len(options) < len(best):
                        best = options
                        if len(best) <= 1:
                            break
            if best is None:
                solutions.append(sorted(chosen))
                return
            if len(best) > 1:
                for key, free in pair_free.items():
                    if free:
                        options = [p for p in self.of_pair[key] if alive[p]]
                        if len(options) < len(best):
                            best = options
                            if len(best) <= 1:
                                break
            for p in best:
                killed = take(p)
                search()
                undo(p, killed)
                if aborted or len(solutions) >= limit:
                    return

        for placement in given:
            p = index[placement]
            if not alive[p]:
                return [], True
            take(p)
        search()
        return solutions, not aborted


def make_dominosa(k: int, planned: int, rng: random.Random) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """(numbers per cell, the dominoes, indices of the given ones) with that tiling the only solution: a random
    tiling carrying the double-k set in a random order and direction, ``planned`` random dominoes given, then one
    domino of the tiling that a second solution lacks while one exists."""
    rows, cols = k + 1, k + 2
    dominoes_set = [(a, b) for a in range(k + 1) for b in range(a, k + 1)]
    while True:
        tiling = random_tiling(rows, cols, rng)
        if tiling is None:
            continue
        rng.shuffle(dominoes_set)
        numbers = [0] * (rows * cols)
        for (x, y), (a, b) in zip(tiling, dominoes_set):
            if rng.random() < 0.5:
                a, b = b, a
            numbers[x], numbers[y] = a, b
        solver = DominosaSolver(rows, cols, numbers)
        truth = sorted(solver.placements.index(placement) for placement in tiling)
        given = set(rng.sample(range(len(tiling)), planned))
        while True:
            found, complete = solver.solve([tiling[g] for g in given], node_limit=NODES_PER_CELL * rows * cols)
            if not complete:
                break
            if len(found) == 1:
                return numbers, tiling, sorted(given)
            other = set(found[0] if found[0] != truth else found[1])
            missing = [g for g, placement in enumerate(tiling) if solver.placements.index(placement) not in other]
            given.add(rng.choice(missing))


def read_labels(answer: str, rows: int, cols: int) -> list[str]:
    """The answer grid: a label per cell (letters or digits, up to 3), the two cells of a domino alike."""
    grid = read_grid(answer, rows, cols, r"[A-Za-z0-9]{1,3}")
    return [grid[i // cols][i % cols] for i in range(rows * cols)]


class Dominosa(Environment):
    id = "logic/dominosa"
    version = 1
    description = "Solve a dominosa: find how a full set of dominoes, each pair of numbers once, tiles a number grid."
    difficulty_scales = (
        "double-3 set on 4x5 (d 0-9), double-4 on 5x6 (10-14), double-5 on 6x7 (15-20), double-6 on 7x8 (21-27), "
        "double-7 on 8x9 (28-37), double-8 on 9x10 (38-49), double-9 on 10x11 (from d 50 on; a step per level to "
        "d 30, then per two levels); each starts with 9, 4, 5, 6, 7, 8, 9 given dominoes and loses one per step "
        "(down to 0, 0, 0, 0, 2, 3, 4); dominoes a second solution lacks are given until the solution is unique"
    )
    size_name = "cells, less those of the planned given dominoes"
    answer_format = (
        "the grid, one row per line, each cell labelled by its domino (letters or digits, the two cells of a domino "
        "with the same label, different dominoes with different labels), cells separated by spaces"
    )
    tags = ("logic", "puzzle", "grid", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        k, planned = plan(difficulty, STAGES)
        rows, cols = k + 1, k + 2
        numbers, tiling, given = make_dominosa(k, planned, rng)
        count = len(tiling)
        prompt = (
            f"Solve this dominosa. A full double-{k} set of {count} dominoes (every pair of numbers from 0 to {k}, "
            f"doubles included, exactly once: 0-0, 0-1, ..., {k}-{k}) was laid on a grid of {rows} rows and {cols} "
            "columns, each domino covering two cells side by side, and the domino outlines were erased. Only the "
            "numbers remain:\n\n"
            f"{format_grid([numbers[r * cols : (r + 1) * cols] for r in range(rows)])}\n\n"
            "Find where every domino lies: split the grid into pairs of horizontally or vertically adjacent cells "
            f"so that every pair of numbers from 0 to {k} appears on exactly one domino (a-b and b-a are the same "
            "domino)."
        )
        if given:
            pieces = [
                f"{cell_name(*divmod(tiling[g][0], cols))} with {cell_name(*divmod(tiling[g][1], cols))}"
                for g in given
            ]
            prompt += " These dominoes are given: " + "; ".join(pieces) + " (rows and columns numbered from 1)."
        prompt += " The puzzle has exactly one solution."
        labels = [""] * (rows * cols)
        for g, (a, b) in enumerate(tiling):
            labels[a] = labels[b] = str(g + 1)
        answer = format_grid([labels[r * cols : (r + 1) * cols] for r in range(rows)])
        data = {"k": k, "numbers": numbers, "given": [list(tiling[g]) for g in given]}
        return Instance(prompt=prompt, answer=answer, data=data, size=rows * cols - 2 * planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        k, numbers = data["k"], data["numbers"]
        rows, cols = k + 1, k + 2
        labels = read_labels(answer, rows, cols)
        cells_of: dict[str, list[int]] = {}
        for i, label in enumerate(labels):
            cells_of.setdefault(label, []).append(i)
        for label, cells in cells_of.items():
            if len(cells) != 2:
                raise ParseError(f"label {label} is on {len(cells)} cells, a domino has 2")
            a, b = cells
            if not (b - a == cols or (b - a == 1 and b % cols)):
                return Verdict.wrong(f"the two cells labelled {label} are not side by side")
        laid = Counter(pair(numbers[a], numbers[b]) for a, b in cells_of.values())
        for (a, b), times in laid.items():
            if times > 1:
                return Verdict.wrong(f"the domino {a}-{b} is used {times} times")
        for a, b in data["given"]:
            if labels[a] != labels[b]:
                return Verdict.wrong(f"the given domino at {cell_name(*divmod(a, cols))} is split")
        return Verdict.right()
