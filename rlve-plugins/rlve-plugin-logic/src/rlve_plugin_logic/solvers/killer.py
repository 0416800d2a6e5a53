"""Killer sudoku: a sudoku whose cages (groups of cells with a sum) hold distinct digits adding up to the sum.

Cages are drawn over a full grid (``solvers.sudoku``) by growing each from a random free cell through
neighbours whose digit the cage does not hold yet. The solver is a plain backtracking search: candidates of
a cell are the digits its row, column, box and cage do not use, the last empty cell of a cage must take
what is left of the sum, and a cage whose remaining sum no set of unused digits can reach is a dead end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rlve_plugin_logic.solvers.sliding import neighbours_of
from rlve_plugin_logic.solvers.sudoku import Shape

#: A cage: its cells (row-major indices) and their sum.
Cage = tuple[list[int], int]


def random_cages(n: int, grid: Sequence[int], max_size: int, rng: random.Random) -> list[Cage]:
    """Cages covering the whole grid, each of up to ``max_size`` connected cells with distinct digits."""
    neighbours = neighbours_of(n, n)
    free = set(range(n * n))
    cages = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        free.discard(start)
        cells, digits = [start], {grid[start]}
        target = rng.randint(2, max_size)
        while len(cells) < target:
            options = [m for i in cells for m in neighbours[i] if m in free and grid[m] not in digits]
            if not options:
                break
            cell = rng.choice(options)
            free.discard(cell)
            cells.append(cell)
            digits.add(grid[cell])
        cages.append((sorted(cells), sum(grid[i] for i in cells)))
    return cages


def units_of(shape: Shape) -> list[list[int]]:
    """Rows, columns and boxes of a sudoku shape."""
    n = shape.n
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br + r) * n + bc + c for r in range(shape.box_rows) for c in range(shape.box_cols)]
        for br in range(0, n, shape.box_rows)
        for bc in range(0, n, shape.box_cols)
    ]
    return rows + cols + boxes


def solve(
    shape: Shape, cages: Sequence[Cage], grid: Sequence[int], *, limit: int = 2, node_limit: int | None = None
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solutions of the killer sudoku with ``grid``'s digits given (0 for empty), and whether
    the search finished within ``node_limit`` nodes."""
    n = shape.n
    units = units_of(shape) + [cells for cells, _ in cages]
    unit_of: list[list[int]] = [[] for _ in range(n * n)]
    for k, cells in enumerate(units):
        for i in cells:
            unit_of[i].append(k)
    first_cage = len(units) - len(cages)
    cage_of = [unit_of[i][-1] - first_cage for i in range(n * n)]
    used = [0] * len(units)
    left = [total for _, total in cages]  # each cage's sum not yet placed
    empty = [len(cells) for cells, _ in cages]
    values = list(grid)
    for i, v in enumerate(values):
        if v:
            for k in unit_of[i]:
                used[k] |= 1 << v
            left[cage_of[i]] -= v
            empty[cage_of[i]] -= 1
    solutions: list[list[int]] = []
    nodes = 0
    aborted = False

    def reachable(cage: int) -> bool:
        """Whether the cage's empty cells can still take distinct unused digits adding up to what is left."""
        k, s = empty[cage], left[cage]
        if k == 0:
            return s == 0
        free = [v for v in range(1, n + 1) if not used[first_cage + cage] >> v & 1]
        return len(free) >= k and sum(free[:k]) <= s <= sum(free[-k:])

    def candidates(i: int) -> list[int]:
        taken = 0
        for k in unit_of[i]:
            taken |= used[k]
        cage = cage_of[i]
        if empty[cage] == 1:
            v = left[cage]
            return [v] if 1 <= v <= n and not taken >> v & 1 else []
        return [v for v in range(1, min(n, left[cage]) + 1) if not taken >> v & 1]

    def search() -> None:
        nonlocal nodes, aborted
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            aborted = True
            return
        best, best_options = -1, None
        for i in range(n * n):
            if not values[i]:
                options = candidates(i)
                if best_options is None or len(options) < len(best_options):
                    best, best_options = i, options
                    if len(options) <= 1:
                        break
        if best < 0:
            solutions.append(list(values))
            return
        cage = cage_of[best]
        for v in best_options:
            values[best] = v
            for k in unit_of[best]:
                used[k] |= 1 << v
            left[cage] -= v
            empty[cage] -= 1
            if reachable(cage):
                search()
            values[best] = 0
            for k in unit_of[best]:
                used[k] &= ~(1 << v)
            left[cage] += v
            empty[cage] += 1
            if aborted or len(solutions) >= limit:
                return

    if all(reachable(c) for c in range(len(cages))):
        search()
    return solutions, not aborted
