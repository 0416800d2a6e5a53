"""Kakuro: white cells of a grid hold digits 1-9; each run (a maximal horizontal or vertical line of white
cells) holds distinct digits adding up to its sum.

Layouts keep a black first row and first column (where the sums are written) and random black cells inside,
blackening any white cell whose across or down run would have a single cell. The solver fills the cell
with the fewest candidates first: a candidate is a digit neither of its runs uses yet, no larger than what is
left of either sum (exactly that in a run's last empty cell), after which each run's remaining sum must still
be reachable with distinct unused digits in its remaining cells.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

#: A run: its cells (row-major indices, in order) and their sum.
Run = tuple[list[int], int]


def random_layout(n: int, black_share: float, rng: random.Random) -> list[bool]:
    """White (True) cells of an n x n grid: first row and column black, every run of at least 2 cells."""
    white = [r > 0 and c > 0 and rng.random() >= black_share for r in range(n) for c in range(n)]
    changed = True
    while changed:
        changed = False
        for i in range(n * n):
            if not white[i]:
                continue
            r, c = divmod(i, n)
            across = (c > 0 and white[i - 1]) or (c < n - 1 and white[i + 1])
            down = (r > 0 and white[i - n]) or (r < n - 1 and white[i + n])
            if not (across and down):
                white[i] = False
                changed = True
    return white


def runs_of(n: int, white: Sequence[bool]) -> list[list[int]]:
    """The across runs (top to bottom, left to right), then the down runs, as cell lists."""
    runs = []
    for step, starts in ((1, [(r, 0) for r in range(n)]), (n, [(0, c) for c in range(n)])):
        for r, c in starts:
            line = [r * n + c + k * step for k in range(n)]
            current: list[int] = []
            for i in line + [-1]:
                if i >= 0 and white[i]:
                    current.append(i)
                else:
                    if len(current) > 1:
                        runs.append(current)
                    current = []
    return runs


def random_fill(n: int, runs: Sequence[list[int]], rng: random.Random) -> list[int] | None:
    """Random digits for the white cells, distinct within each run (0 for black cells); None on a dead end."""
    runs_of_cell: dict[int, list[int]] = {}
    for k, cells in enumerate(runs):
        for i in cells:
            runs_of_cell.setdefault(i, []).append(k)
    digits = [0] * (n * n)
    used = [0] * len(runs)
    order = sorted(runs_of_cell)

    def place(j: int) -> bool:
        if j == len(order):
            return True
        i = order[j]
        options = list(range(1, 10))
        rng.shuffle(options)
        for d in options:
            if any(used[k] >> d & 1 for k in runs_of_cell[i]):
                continue
            digits[i] = d
            for k in runs_of_cell[i]:
                used[k] |= 1 << d
            if place(j + 1):
                return True
            for k in runs_of_cell[i]:
                used[k] &= ~(1 << d)
        digits[i] = 0
        return False

    return digits if place(0) else None


def solve(
    n: int, runs: Sequence[Run], given: Sequence[int], *, limit: int = 2, node_limit: int | None = None
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` fillings (digit per cell, 0 for black) with ``given``'s digits kept (0 where unknown),
    and whether the search finished within ``node_limit`` nodes."""
    runs_of_cell: dict[int, list[int]] = {}
    for k, (cells, _) in enumerate(runs):
        for i in cells:
            runs_of_cell.setdefault(i, []).append(k)
    used = [0] * len(runs)
    left = [total for _, total in runs]
    empty = [len(cells) for cells, _ in runs]
    digits = list(given)
    for i, d in enumerate(digits):
        if d:
            for k in runs_of_cell[i]:
                used[k] |= 1 << d
                left[k] -= d
                empty[k] -= 1
    open_cells = [i for i in runs_of_cell if not digits[i]]
    solutions: list[list[int]] = []
    nodes = 0
    aborted = False

    def reachable(k: int) -> bool:
        """Whether run k's empty cells can take distinct unused digits adding up to what is left of its sum."""
        count, total = empty[k], left[k]
        if count == 0:
            return total == 0
        free = [d for d in range(1, 10) if not used[k] >> d & 1]
        return len(free) >= count and sum(free[:count]) <= total <= sum(free[-count:])

    def allowed(i: int) -> int:
        """The digits cell i may take, as a bit mask (bit d for digit d): unused by its runs, within both sums."""
        a, b = runs_of_cell[i]
        top = min(9, left[a], left[b])
        if top <= 0:
            return 0
        mask = ~(used[a] | used[b]) & ((2 << top) - 2)
        for k in (a, b):
            if empty[k] == 1:  # the run's last empty cell takes what is left of its sum
                mask &= 1 << left[k]
        return mask

    def search() -> None:
        nonlocal nodes, aborted
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            aborted = True
            return
        best, best_mask, best_count = -1, 0, 10
        for i in open_cells:
            if not digits[i]:
                mask = allowed(i)
                count = mask.bit_count()
                if count < best_count:
                    best, best_mask, best_count = i, mask, count
                    if count <= 1:
                        break
        best_options = [d for d in range(1, 10) if best_mask >> d & 1]
        if best < 0:
            solutions.append(list(digits))
            return
        mine = runs_of_cell[best]
        for d in best_options:
            digits[best] = d
            for k in mine:
                used[k] |= 1 << d
                left[k] -= d
                empty[k] -= 1
            if all(reachable(k) for k in mine):
                search()
            digits[best] = 0
            for k in mine:
                used[k] &= ~(1 << d)
                left[k] += d
                empty[k] += 1
            if aborted or len(solutions) >= limit:
                return

    if all(reachable(k) for k in range(len(runs))):
        search()
    return solutions, not aborted
