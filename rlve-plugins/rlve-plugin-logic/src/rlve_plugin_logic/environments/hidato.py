"""logic/hidato: number a square grid 1 .. N so that consecutive numbers touch (diagonals included), some
numbers given; the solution is unique."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_number_grid
from rlve_plugin_logic.solvers.boards import name, plan, touching
from rlve_plugin_logic.solvers.hidato import random_tour, solve

#: Side, numbers given at the stage's first level, at its last (1 and N included; more are given when a
#: second solution needs ruling out).
STAGES = ((3, 5, 2), (4, 8, 4), (5, 12, 7), (6, 17, 12), (7, 24, 20), (8, 34, 30))
#: Search nodes allowed to one uniqueness proof (a tour whose proof runs over is drawn again).
NODE_LIMIT = 3000


def make_puzzle(n: int, planned: int, rng: random.Random) -> tuple[list[int], dict[int, int]]:
    """(numbering of each cell, given numbers as number -> cell): 1, N and ``planned - 2`` other random numbers,
    plus, while a second solution exists, the number of a cell where it differs; then the solution is unique."""
    total = n * n
    while True:
        tour = random_tour(n, rng)
        number = [0] * total
        for k, cell in enumerate(tour, 1):
            number[cell] = k
        shown = {1, total} | set(rng.sample(range(2, total), planned - 2))
        while True:
            given = {k: tour[k - 1] for k in shown}
            found, complete = solve(n, given, limit=2, node_limit=NODE_LIMIT)
            if not complete:
                break
            if len(found) == 1:
                return number, given
            other = found[0] if found[0] != number else found[1]
            shown.add(number[rng.choice([i for i in range(total) if other[i] != number[i]])])


class Hidato(Environment):
    id = "logic/hidato"
    version = 1
    description = "Solve a hidato: number a grid 1 to N so that consecutive numbers are in touching cells."
    difficulty_scales = (
        "side 3 (d 0-3), 4 (4-9), 5 (10-16), 6 (17-24), 7 (from d 25 on; a step per level to d 30, then per two "
        "levels); each side starts with 5, 8, 11, 14, 18 numbers given (1 and N included) and loses one per step "
        "(down to 2, 3, 5, 7, 10); numbers where a second solution differs are given until the solution is unique"
    )
    size_name = "cells, less the planned given numbers"
    answer_format = "the completed grid, one row per line, numbers separated by spaces"
    tags = ("logic", "puzzle", "grid", "hamiltonian-path", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        total = n * n
        number, given = make_puzzle(n, planned, rng)
        cell_of_given = set(given.values())
        shown = [[number[r * n + c] if r * n + c in cell_of_given else "." for c in range(n)] for r in range(n)]
        prompt = (
            f"Solve this {n}x{n} hidato. Write the numbers 1 to {total} in the cells, each number exactly once, so "
            "that every two consecutive numbers (k and k + 1) are in neighbouring cells: cells that share a side "
            "or a corner, so diagonal neighbours count (each cell has up to 8 neighbours). The numbers 1 to "
            f"{total} then form one path through every cell. In the grid, . is an empty cell and a number is "
            f"given; 1 and {total} are always given. The puzzle has exactly one solution. Answer with the "
            "completed grid, one row per line, numbers separated by spaces.\n\n" + format_grid(shown)
        )
        answer = format_grid([number[r * n : r * n + n] for r in range(n)])
        data = {"n": n, "given": {str(k): cell for k, cell in sorted(given.items())}}
        return Instance(prompt=prompt, answer=answer, data=data, size=total - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        total = n * n
        rows = read_number_grid(answer, n, n, 1, total)
        values = [v for row in rows for v in row]
        for k, cell in data["given"].items():
            if values[cell] != int(k):
                return Verdict.wrong(f"{name(n, cell)} is given as {k}")
        cell_of = [-1] * (total + 1)
        for i, v in enumerate(values):
            if cell_of[v] >= 0:
                return Verdict.wrong(f"{v} is written twice")
            cell_of[v] = i
        for k in range(1, total):
            if cell_of[k + 1] not in touching(n, cell_of[k]):
                where = f"{name(n, cell_of[k])} and {name(n, cell_of[k + 1])}"
                return Verdict.wrong(f"{k} and {k + 1} are at {where}, which do not touch")
        return Verdict.right()
