"""logic/suguru: fill every region of k cells with 1 to k so that no two touching cells (diagonally too) hold
the same number, from a few given numbers; the solution is unique."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_number_grid
from rlve_plugin_logic.solvers.boards import name, plan, touching
from rlve_plugin_logic.solvers.sliding import neighbours_of
from rlve_plugin_logic.solvers.suguru import SuguruProblem

#: Side, random givens at the stage's first level, at its last (one fewer per step; more are given where
#: uniqueness needs them). Boards stop at 6x6: larger random region layouts are rarely fillable, and drawing
#: them again and again would break the time budget.
STAGES = ((4, 12, 0), (5, 8, 2), (6, 12, 2))
#: The largest region, and search nodes per cell allowed to one uniqueness proof, and to one random filling
#: (most regions that can be filled are filled in a few nodes per cell: a long search is better drawn again).
LARGEST = 5
NODES_PER_CELL = 20
FILL_NODES_PER_CELL = 2
LABELS = string.ascii_uppercase + string.ascii_lowercase


def random_regions(n: int, rng: random.Random) -> list[int]:
    """Regions of 1 to ``LARGEST`` cells: from each free cell in a random order, a region grows by random free
    neighbours towards a random size (mostly 4 or 5); a cell left alone joins a neighbouring region with room
    where there is one (lone cells all need a 1, and two touching ones never fit)."""
    neighbours = neighbours_of(n, n)
    region = [-1] * (n * n)
    sizes: list[int] = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if region[start] >= 0:
            continue
        target = rng.choice((3, 4, 4, 5, 5, 5))
        cells = [start]
        region[start] = len(sizes)
        while len(cells) < target:
            frontier = [m for i in cells for m in neighbours[i] if region[m] < 0]
            if not frontier:
                break
            cell = rng.choice(frontier)
            region[cell] = len(sizes)
            cells.append(cell)
        hosts = [region[m] for m in neighbours[start] if 0 <= region[m] < len(sizes) and sizes[region[m]] < LARGEST]
        if len(cells) == 1 and hosts:
            region[start] = rng.choice(hosts)
            sizes[region[start]] += 1
            continue
        sizes.append(len(cells))
    return region


def random_filling(n: int, rng: random.Random) -> tuple[list[int], list[int]] | None:
    """(region of every cell, numbers): random regions and a random solution of them; None when they have none
    or the search runs over its node limit (the caller draws again)."""
    region = random_regions(n, rng)
    found, _ = SuguruProblem(n, region).solve(limit=1, node_limit=FILL_NODES_PER_CELL * n * n, rng=rng)
    return (region, found[0]) if found else None


def make_suguru(n: int, planned: int, rng: random.Random) -> tuple[list[int], list[int], dict[int, int]]:
    """(region of every cell, numbers, givens) with the numbers the only solution: a random filling,
    ``planned`` random givens, then one given where a second solution differs while one exists."""
    limit = NODES_PER_CELL * n * n
    while True:
        filling = random_filling(n, rng)
        if filling is None or max(filling[0]) >= len(LABELS):  # never on boards up to 6x6
            continue
        region, numbers = filling
        problem = SuguruProblem(n, region)
        cells = list(range(n * n))
        rng.shuffle(cells)
        givens = {i: numbers[i] for i in cells[:planned]}
        while True:
            found, complete = problem.solve(givens, limit=2, node_limit=limit)
            if not complete:
                break
            if len(found) == 1:
                # regions lettered in reading order of their first cell
                first_seen: dict[int, int] = {}
                for g in region:
                    first_seen.setdefault(g, len(first_seen))
                return [first_seen[g] for g in region], numbers, givens
            other = found[0] if found[0] != numbers else found[1]
            cell = rng.choice([i for i in range(n * n) if other[i] != numbers[i]])
            givens[cell] = numbers[cell]


class Suguru(Environment):
    id = "logic/suguru"
    version = 1
    description = "Solve a suguru: regions of k cells hold 1 to k, and touching cells never hold equal numbers."
    difficulty_scales = (
        "side 4 (d 0-12), 5 (13-19), 6 (from d 20 on; a step per level to d 30, the last board from d 30 on), "
        "regions of 1 to 5 cells; each side starts with 12, 8, 12 random givens and loses one per step (down to "
        "0, 2, 2); cells where a second solution differs are given until the solution is unique"
    )
    size_name = "cells, less the planned random givens"
    answer_format = "the grid of numbers, one row per line, cells separated by spaces"
    tags = ("logic", "puzzle", "grid", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        region, numbers, givens = make_suguru(n, planned, rng)
        sizes = [region.count(g) for g in range(max(region) + 1)]
        shown = [[str(givens[r * n + c]) if r * n + c in givens else "." for c in range(n)] for r in range(n)]
        prompt = (
            f"Solve this {n}x{n} suguru. The letters split the grid into {len(sizes)} regions (upper and lower case "
            "differ). Fill every cell with a number so that (1) a region of k cells holds each of the numbers 1 to "
            "k exactly once, and (2) no two cells that touch, horizontally, vertically or diagonally, hold the "
            "same number.\n\n"
            f"Regions:\n{format_grid([[LABELS[region[r * n + c]] for c in range(n)] for r in range(n)])}\n\n"
            f"Given numbers (. for an empty cell):\n{format_grid(shown)}\n\n"
            "The puzzle has exactly one solution."
        )
        answer = format_grid([numbers[r * n : r * n + n] for r in range(n)])
        data = {"n": n, "regions": region, "givens": [givens.get(i, 0) for i in range(n * n)]}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, region, givens = data["n"], data["regions"], data["givens"]
        grid = read_number_grid(answer, n, n, 1, LARGEST)
        numbers = [grid[i // n][i % n] for i in range(n * n)]
        for i in range(n * n):
            if givens[i] and numbers[i] != givens[i]:
                return Verdict.wrong(f"{name(n, i)} is given as {givens[i]}")
        for g in range(max(region) + 1):
            held = sorted(numbers[i] for i in range(n * n) if region[i] == g)
            if held != list(range(1, len(held) + 1)):
                return Verdict.wrong(f"region {LABELS[g]} must hold 1 to {len(held)} once each")
        for i in range(n * n):
            for m in touching(n, i):
                if m > i and numbers[i] == numbers[m]:
                    return Verdict.wrong(f"{name(n, i)} and {name(n, m)} touch and both hold {numbers[i]}")
        return Verdict.right()
