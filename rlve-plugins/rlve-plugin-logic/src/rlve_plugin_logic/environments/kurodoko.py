"""logic/kurodoko: shade cells so that every number sees exactly that many unshaded cells (itself included) along
its row and column, no two shaded cells touch side by side, and the unshaded cells stay connected; the solution
is unique."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_binary_grid
from rlve_plugin_logic.solvers.boards import connected, name, plan
from rlve_plugin_logic.solvers.counting import CountingProblem
from rlve_plugin_logic.solvers.sliding import neighbours_of

#: Side, random numbers at the stage's first level, at its last (one fewer per step; more are added where
#: uniqueness needs them). Boards stop at 6x6: 7x7 proofs with few numbers take tens of milliseconds.
STAGES = ((4, 14, 0), (5, 8, 3), (6, 13, 3))
#: Search nodes per cell allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODES_PER_CELL = 30
#: The chance a cell is tried for shading when the random board is drawn.
SHADE_CHANCE = 0.3
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def rays(n: int, cell: int) -> list[list[int]]:
    """The cells seen from ``cell`` going up, down, left and right, nearest first."""
    r, c = divmod(cell, n)
    out = []
    for dr, dc in DIRECTIONS:
        ray = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n:
            ray.append(rr * n + cc)
            rr, cc = rr + dr, cc + dc
        out.append(ray)
    return out


def seen(shaded: list[int], cell_rays: list[list[int]]) -> int:
    """Unshaded cells a cell sees (itself included) on a fully decided board."""
    count = 1
    for ray in cell_rays:
        for m in ray:
            if shaded[m] == 1:
                break
            count += 1
    return count


def random_board(n: int, neighbours: list[list[int]], rng: random.Random) -> list[int]:
    """Shaded cells (1) in a random order, each only if no shaded cell is beside it and the unshaded cells
    stay connected."""
    shaded = [0] * (n * n)
    order = list(range(n * n))
    rng.shuffle(order)
    for i in order:
        if rng.random() >= SHADE_CHANCE or any(shaded[m] for m in neighbours[i]):
            continue
        shaded[i] = 1
        if not connected([j for j in range(n * n) if not shaded[j]], neighbours):
            shaded[i] = 0
    return shaded


def kurodoko_problem(n: int, numbers: dict[int, int], neighbours: list[list[int]]) -> CountingProblem:
    """Shaded = yes. Never two shaded cells side by side (a counting rule per pair); each number between the
    unshaded cells it surely sees and those it may see, and the cells not surely shaded connected on a full board.

    A number that surely sees its count already ends each of its lines with a shaded cell, and one that may see
    no more than its count sees every undecided cell up to the first shaded one: the check sets those cells
    itself (a shaded one beside another shaded cell fails it), so the search rarely branches on them."""
    pairs = [([i, m], 0, 1) for i in range(n * n) for m in neighbours[i] if m > i]
    watched = [(k, rays(n, cell)) for cell, k in numbers.items()]

    def shade(values: list[int], cell: int) -> bool:
        if any(values[m] == 1 for m in neighbours[cell]):
            return False
        values[cell] = 1
        for m in neighbours[cell]:
            values[m] = 0
        return True

    def visible(values: list[int]) -> bool:
        changed = True
        while changed:
            changed = False
            for k, cell_rays in watched:
                least = most = 1
                for ray in cell_rays:
                    sure = True
                    for m in ray:
                        v = values[m]
                        if v == 1:
                            break
                        most += 1
                        if v < 0:
                            sure = False
                        elif sure:
                            least += 1
                if not least <= k <= most:
                    return False
                if least == most:
                    continue
                for ray in cell_rays:
                    for m in ray:
                        v = values[m]
                        if v == 1:
                            break
                        if v < 0:
                            if least == k:
                                if not shade(values, m):
                                    return False
                                changed = True
                                break
                            if most == k:
                                values[m] = 0
                                changed = True
                if changed:
                    break
        return True

    def complete(values: list[int]) -> bool:
        if not visible(values):
            return False
        if any(values[i] == 1 and values[m] == 1 for i in range(n * n) for m in neighbours[i]):
            return False
        return connected([i for i in range(n * n) if values[i] != 1], neighbours)

    return CountingProblem(n * n, pairs, prune=visible, accept=complete)


def make_kurodoko(n: int, planned: int, rng: random.Random) -> tuple[list[int], dict[int, int]]:
    """(shading, numbers) with the shading the only solution: ``planned`` random unshaded cells numbered, then,
    while a second solution exists, a number on an unshaded cell that it shades or whose count it changes."""
    neighbours = neighbours_of(n, n)
    all_rays = [rays(n, i) for i in range(n * n)]
    while True:
        shaded = random_board(n, neighbours, rng)
        white = [i for i in range(n * n) if not shaded[i]]
        counts = {i: seen(shaded, all_rays[i]) for i in white}
        numbers = {i: counts[i] for i in rng.sample(white, min(planned, len(white)))}
        while True:
            problem = kurodoko_problem(n, numbers, neighbours)
            found, complete = problem.solve(dict.fromkeys(numbers, 0), limit=2, node_limit=NODES_PER_CELL * n * n)
            if not complete:
                break
            if len(found) == 1:
                return shaded, numbers
            other = found[0] if found[0] != shaded else found[1]
            options = [i for i in white if other[i] or seen(other, all_rays[i]) != counts[i]]
            if not options:  # cannot happen: a cell beside one the solutions shade differently sees differently
                break
            cell = rng.choice(options)
            numbers[cell] = counts[cell]


class Kurodoko(Environment):
    id = "logic/kurodoko"
    version = 1
    description = "Solve a kurodoko: shade cells so that each number sees that many unshaded cells in its lines."
    difficulty_scales = (
        "side 4 (d 0-14), 5 (15-20), 6 (from d 21 on; a step per level to d 30, then one per two levels, the last "
        "board from d 32 on); each side starts with 14, 8, 13 random numbers and loses one per step (down to 0, 3, "
        "3); numbers where a "
        "second solution differs are added until the solution is unique"
    )
    size_name = "cells, less the planned random numbers"
    answer_format = (
        "the grid, one row per line, # for a shaded cell and . for an unshaded one, cells separated by spaces"
    )
    tags = ("logic", "puzzle", "grid", "shading", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, planned = plan(difficulty, STAGES)
        shaded, numbers = make_kurodoko(n, planned, rng)
        shown = [[str(numbers[r * n + c]) if r * n + c in numbers else "." for c in range(n)] for r in range(n)]
        prompt = (
            f"Solve this {n}x{n} kurodoko. Shade some cells so that (1) no numbered cell is shaded, (2) every number "
            "equals how many unshaded cells it sees: itself plus the unshaded cells in its row and column reached "
            "going up, down, left and right before a shaded cell or the edge of the grid, (3) no two shaded cells "
            "are side by side (diagonally is fine), and (4) all unshaded cells form one group connected "
            "horizontally and vertically.\n\n"
            f"{format_grid(shown)}\n\n"
            "(. is a cell without a number.) The puzzle has exactly one solution."
        )
        answer = format_grid([["#" if shaded[r * n + c] else "." for c in range(n)] for r in range(n)])
        data = {"n": n, "numbers": [numbers.get(i, 0) for i in range(n * n)]}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - planned)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, numbers = data["n"], data["numbers"]
        grid = read_binary_grid(answer, n, n, "#", ".")
        shaded = [int(grid[i // n][i % n]) for i in range(n * n)]
        neighbours = neighbours_of(n, n)
        for i in range(n * n):
            if numbers[i] and shaded[i]:
                return Verdict.wrong(f"the number at {name(n, i)} is shaded")
            if shaded[i] and any(shaded[m] for m in neighbours[i]):
                return Verdict.wrong(f"{name(n, i)} is shaded beside another shaded cell")
        for i in range(n * n):
            if numbers[i]:
                count = seen(shaded, rays(n, i))
                if count != numbers[i]:
                    return Verdict.wrong(f"the {numbers[i]} at {name(n, i)} sees {count} unshaded cells")
        if not connected([i for i in range(n * n) if not shaded[i]], neighbours):
            return Verdict.wrong("the unshaded cells are not all connected")
        return Verdict.right()
