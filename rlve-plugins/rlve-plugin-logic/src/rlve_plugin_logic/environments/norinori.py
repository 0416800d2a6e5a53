"""logic/norinori: shade exactly two cells in every region so that the shaded cells pair up into dominoes (each
shaded cell has exactly one shaded orthogonal neighbour); a few cells may be revealed, and the solution is
unique."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_binary_grid
from rlve_plugin_logic.solvers.boards import blocks, known_grid, name, plan
from rlve_plugin_logic.solvers.counting import CountingProblem
from rlve_plugin_logic.solvers.sliding import neighbours_of

#: Side, cells revealed at the stage's first level, at its last (more are revealed if uniqueness needs it).
STAGES = ((4, 6, 0), (5, 8, 0), (6, 10, 0), (7, 12, 2))
#: Search nodes per cell allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODES_PER_CELL = 30
LABELS = string.ascii_uppercase + string.ascii_lowercase


def domino_check(values: list[int], neighbours: list[list[int]], complete: bool) -> bool:
    """Whether no shaded cell has two shaded neighbours and each has one once its neighbours are decided (all
    of them when ``complete``); values are 1 shaded, 0 not, -1 unknown."""
    for i, v in enumerate(values):
        if v != 1:
            continue
        shaded = unknown = 0
        for m in neighbours[i]:
            if values[m] == 1:
                shaded += 1
            elif values[m] < 0:
                unknown += 1
        if shaded > 1 or (shaded == 0 and (complete or not unknown)):
            return False
    return True


def random_dominoes(n: int, neighbours: list[list[int]], rng: random.Random) -> list[tuple[int, int]]:
    """Dominoes on random cells, none beside another, until no more fit."""
    shaded = [0] * (n * n)
    order = list(range(n * n))
    rng.shuffle(order)
    out = []
    for i in order:
        if shaded[i] or any(shaded[m] for m in neighbours[i]):
            continue
        partners = [j for j in neighbours[i] if not shaded[j] and not any(shaded[m] for m in neighbours[j])]
        if partners:
            j = rng.choice(partners)
            shaded[i] = shaded[j] = 1
            out.append((i, j))
    return out


def grow_regions(n: int, dominoes: list[tuple[int, int]], neighbours: list[list[int]], rng: random.Random) -> list[int]:
    """The region of every cell: each domino starts one, and regions take one random free neighbouring cell at
    a time (picked over all borders at once) until the board is covered."""
    region = [-1] * (n * n)
    edges = []
    for k, pair in enumerate(dominoes):
        for cell in pair:
            region[cell] = k
        edges += [(cell, m) for cell in pair for m in neighbours[cell]]
    left = n * n - 2 * len(dominoes)
    while left:
        j = rng.randrange(len(edges))
        inside, outside = edges[j]
        edges[j] = edges[-1]
        edges.pop()
        if region[outside] < 0:
            region[outside] = region[inside]
            left -= 1
            edges += [(outside, m) for m in neighbours[outside] if region[m] < 0]
    return region


def norinori_problem(n: int, region: list[int], neighbours: list[list[int]]) -> CountingProblem:
    """Two shaded cells per region, at most two per 2x2 block (three would bend a domino), and the domino rule."""
    rules = [([i for i in range(n * n) if region[i] == g], 2, 2) for g in range(max(region) + 1)]
    rules += [(list(block), 0, 2) for block in blocks(n)]
    return CountingProblem(
        n * n,
        rules,
        prune=lambda values: domino_check(values, neighbours, False),
        accept=lambda values: domino_check(values, neighbours, True),
    )


def make_norinori(n: int, planned: int, rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """(region of every cell, shading as 0/1 per cell, known cells as 1, 0 or -1) with that shading the only
    solution: random dominoes, a region grown around each, ``planned`` random cells revealed, then one cell where
    a second solution differs for as long as one exists."""
    neighbours = neighbours_of(n, n)
    while True:
        dominoes = random_dominoes(n, neighbours, rng)
        shade = [0] * (n * n)
        for i, j in dominoes:
            shade[i] = shade[j] = 1
        region = grow_regions(n, dominoes, neighbours, rng)
        problem = norinori_problem(n, region, neighbours)
        revealed = set(rng.sample(range(n * n), planned))
        while True:
            fixed = {i: shade[i] for i in revealed}
            found, complete = problem.solve(fixed, limit=2, node_limit=NODES_PER_CELL * n * n)
            if not complete:
                break
            if len(found) == 1:
                # regions lettered in reading order of their first cell
                first_seen: dict[int, int] = {}
                for g in region:
                    first_seen.setdefault(g, len(first_seen))
                known = [shade[i] if i in revealed else -1 for i in range(n * n)]
                return [first_seen[g] for g in region], shade, known
            other = found[0] if found[0] != shade else found[1]
            revealed.add(rng.choice([i for i in range(n * n) if other[i] != shade[i]]))


class Norinori(Environment):
    id = "logic/norinori"
    version = 1
    description = "Solve a norinori: shade two cells per region so that the shaded cells pair up into dominoes."
    difficulty_scales = (
        "side 4 (d 0-6), 5 (7-15), 6 (16-26), 7 (from d 27 on; a step per level to d 30, then per two levels); "
        "each side starts with 6, 8, 10, 12 revealed cells and loses one per step (down to 0, 0, 0, 2); cells "
        "where a second solution differs are revealed until the solution is unique"
    )
    size_name = "cells, less the planned revealed ones"
    answer_format = (
        "the grid, one row per line, # for a shaded cell and . for an unshaded one, cells separated by spaces"
    )
    tags = ("logic", "puzzle", "grid", "shading", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        region, shade, known = make_norinori(n, planned, rng)
        count = max(region) + 1
        prompt = (
            f"Solve this {n}x{n} norinori. The letters split the grid into {count} regions (upper and lower case "
            "differ). Shade some cells so that (1) every region has exactly 2 shaded cells, and (2) every shaded "
            "cell has exactly one shaded neighbour horizontally or vertically: the shaded cells form dominoes "
            "(pairs of cells side by side), and no two dominoes touch horizontally or vertically (diagonally is "
            "fine). A domino may lie across two regions.\n\n"
            f"{format_grid([[LABELS[region[r * n + c]] for c in range(n)] for r in range(n)])}"
        )
        revealed = [i for i in range(n * n) if known[i] >= 0]
        if revealed:
            shown = known_grid(n, shade, revealed, "#", "x")
            prompt += "\n\nSome cells are already known (# shaded, x unshaded, ? unknown):\n\n" + format_grid(shown)
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["#" if shade[r * n + c] else "." for c in range(n)] for r in range(n)])
        data = {"n": n, "regions": region, "known": known}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, region, known = data["n"], data["regions"], data["known"]
        # x (how the prompt marks known unshaded cells) is read as . too
        grid = read_binary_grid(answer.replace("x", ".").replace("X", "."), n, n, "#", ".")
        shade = [int(grid[i // n][i % n]) for i in range(n * n)]
        for i in range(n * n):
            if known[i] >= 0 and shade[i] != known[i]:
                return Verdict.wrong(f"{name(n, i)} is known to be {'shaded' if known[i] else 'unshaded'}")
        for g in range(max(region) + 1):
            count = sum(shade[i] for i in range(n * n) if region[i] == g)
            if count != 2:
                return Verdict.wrong(f"region {LABELS[g]} has {count} shaded cells, it needs 2")
        neighbours = neighbours_of(n, n)
        for i in range(n * n):
            if shade[i]:
                around = sum(shade[m] for m in neighbours[i])
                if around != 1:
                    return Verdict.wrong(f"the shaded cell at {name(n, i)} has {around} shaded neighbours, not 1")
        return Verdict.right()
