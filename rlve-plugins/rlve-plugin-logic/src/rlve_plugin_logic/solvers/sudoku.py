"""A bitmask sudoku solver for any box shape (2x2, 2x3, 3x3, 3x4, 4x4, ...); the generator is sudoku_puzzles.py.

The solver keeps a candidate bitmask per empty cell and one used-value mask per unit (row, column, box).
Placing a value strikes it from the cell's peers at once (a peer left with one candidate is queued: a
naked single); when the queue is empty, every unit is scanned for hidden singles (a value that fits only
one cell of the unit) and for values that fit nowhere. Then it searches depth first on the empty cell
with the fewest candidates (MRV), copying the small state at each branch instead of undoing moves. It
stops after ``limit`` solutions, so ``limit=2`` decides uniqueness, and after ``node_limit`` search
nodes if given.

Singles deductions reach the same fixed point (or the same contradiction) in any order, so the search
tree, the node count and the solutions in order are the same as those of the slower whole-grid rescan
it replaced; ``random_full_grid`` (which futoshiki uses for its Latin squares) draws the very same grids.

``sudoku_puzzles.py`` builds the puzzles (unique solution) on top of this solver.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter


@dataclass(frozen=True)
class Shape:
    """A sudoku of ``n = box_rows * box_cols`` rows, columns, boxes and values."""

    box_rows: int
    box_cols: int

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    @property
    def cells(self) -> int:
        return self.n * self.n


#: A search state: the grid (0 for empty), the candidate mask of each cell (0 once filled), the used-value
#: mask of each unit (rows, then columns, then boxes), and the cells whose single candidate is still to place.
State = tuple[list[int], list[int], list[int], list[int]]


class Solver:
    """The fixed geometry of one shape, and the search on it.

    A set of values is an int with value ``v`` at bit ``w * (v - 1)`` (fields of ``w`` bits): the masks of
    a unit's cells then add up, in one C-level ``sum``, to the count of candidate cells of every value
    side by side, and a few bit operations on that sum find the values with no cell or with just one.
    """

    def __init__(self, shape: Shape) -> None:
        n, br, bc = shape.n, shape.box_rows, shape.box_cols
        self.n = n
        self.w = w = n.bit_length() + 1  # a field holds a count up to n and keeps its top bit as a guard
        self.ones = sum(1 << (w * k) for k in range(n))  # every value once: also the all-values mask
        self.guards = self.ones << (w - 1)
        self.value_of = {1 << (w * k): k + 1 for k in range(n)}
        boxes = [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]
        units = [tuple(r * n + c for c in range(n)) for r in range(n)]
        units += [tuple(r * n + c for r in range(n)) for c in range(n)]
        units += [tuple(i for i in range(n * n) if boxes[i] == b) for b in range(n)]
        self.units = tuple(units)
        #: the three units of each cell: its row, its column, its box
        self.units_of = tuple((i // n, n + i % n, 2 * n + boxes[i]) for i in range(n * n))
        self.peers = tuple(tuple(sorted({j for u in self.units_of[i] for j in units[u]} - {i})) for i in range(n * n))
        # itemgetter fetches a unit's candidate masks in one C call (a tuple even for one-cell units)
        self.unit_masks = tuple(itemgetter(*u) if len(u) > 1 else (lambda cand, i=u[0]: (cand[i],)) for u in units)

    def bit(self, value: int) -> int:
        return 1 << (self.w * (value - 1))

    def start(self, grid: list[int]) -> State | None:
        """The root state of ``grid``; None if the givens clash or some empty cell has no candidate."""
        n, full, units_of, w = self.n, self.ones, self.units_of, self.w
        used = [0] * (3 * n)
        for i, v in enumerate(grid):
            if v:
                bit = 1 << (w * (v - 1))
                a, b, c = units_of[i]
                if (used[a] | used[b] | used[c]) & bit:
                    return None
                used[a] |= bit
                used[b] |= bit
                used[c] |= bit
        cand = [0] * len(grid)
        queue = []
        for i, v in enumerate(grid):
            if not v:
                a, b, c = units_of[i]
                m = full & ~(used[a] | used[b] | used[c])
                if not m:
                    return None
                cand[i] = m
                if not m & (m - 1):
                    queue.append(i)
        return list(grid), cand, used, queue

    def propagate(self, state: State) -> bool:
        """Place naked and hidden singles until none is left; False on a contradiction."""
        grid, cand, used, queue = state
        peers, units_of, units, unit_masks = self.peers, self.units_of, self.units, self.unit_masks
        value_of, ones, guards, shift = self.value_of, self.ones, self.guards, self.w - 1
        while True:
            while queue:
                i = queue.pop()
                bit = cand[i]
                if not bit:
                    continue  # queued twice, already placed
                grid[i] = value_of[bit]
                cand[i] = 0
                a, b, c = units_of[i]
                used[a] |= bit
                used[b] |= bit
                used[c] |= bit
                for p in peers[i]:
                    m = cand[p]
                    if m & bit:
                        m ^= bit
                        if not m:
                            return False
                        cand[p] = m
                        if not m & (m - 1):
                            queue.append(p)
            for u, masks in enumerate(unit_masks):
                counts = sum(masks(cand))  # per field: how many cells of the unit can take that value
                # (field | guard) - 1 keeps the guard exactly where the field is not 0, borrowing nothing
                if (((counts | guards) - ones) & guards) | (used[u] << shift) != guards:
                    return False  # some value fits nowhere in this unit
                hidden = (guards ^ (((counts ^ ones) | guards) - ones) & guards) >> shift  # counts of exactly 1
                if hidden:
                    for i in units[u]:
                        single = cand[i] & hidden
                        if single:
                            if single & (single - 1):
                                return False  # two values that must both go in this one cell
                            cand[i] = single
                            queue.append(i)
            if not queue:
                return True

    def search(
        self, root: State | None, limit: int, rng: random.Random | None, node_limit: int | None
    ) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions below ``root``, and whether the search finished (depth first, MRV)."""
        solutions: list[list[int]] = []
        if root is None:
            return solutions, True
        n = self.n
        stack = [root]
        nodes = 0
        while stack:
            state = stack.pop()
            nodes += 1
            if node_limit is not None and nodes > node_limit:
                return solutions, False
            if not self.propagate(state):
                continue
            grid, cand, used, _ = state
            best, best_count = -1, n + 1
            for i, m in enumerate(cand):
                if m:
                    count = m.bit_count()
                    if count < best_count:
                        best, best_count = i, count
                        if count == 2:
                            break
            if best < 0:
                solutions.append(grid)
                if len(solutions) >= limit:
                    return solutions, True
                continue
            bits = []  # the candidates of the branching cell, smallest value first
            m = cand[best]
            while m:
                low = m & -m
                bits.append(low)
                m ^= low
            if rng is not None:
                rng.shuffle(bits)
            # Pushed last-tried first; that child, popped after all its siblings, takes the parent's lists.
            last = len(bits) - 1
            for k in range(last, -1, -1):
                child_cand = cand if k == last else cand.copy()
                child_cand[best] = bits[k]
                if k == last:
                    stack.append((grid, child_cand, used, [best]))
                else:
                    stack.append((grid.copy(), child_cand, used.copy(), [best]))
        return solutions, True


@lru_cache(maxsize=16)
def solver_for(shape: Shape) -> Solver:
    return Solver(shape)


def solve(
    shape: Shape,
    grid: list[int],
    *,
    limit: int = 2,
    rng: random.Random | None = None,
    node_limit: int | None = None,
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solutions of ``grid`` (row-major, 0 for empty), and whether the search finished.

    With ``rng`` the values are tried in random order (to fill random grids). The search is complete
    unless ``node_limit`` stopped it, in which case fewer solutions than exist may be returned.
    """
    solver = solver_for(shape)
    return solver.search(solver.start(grid), limit, rng, node_limit)


def random_full_grid(shape: Shape, rng: random.Random) -> list[int]:
    """A random complete sudoku grid: random diagonal boxes (they never conflict), then a random-order solve.

    Futoshiki draws its Latin squares here (one-row boxes); sudoku itself uses ``random_band_grid``."""
    n = shape.n
    boxes = solver_for(shape).units[2 * n :]
    for _attempt in range(50):
        grid = [0] * (n * n)
        # Boxes on the diagonal share no row or column with each other, so each can be any permutation.
        per_band = n // shape.box_cols  # boxes side by side in a band of box_rows rows (= box_rows)
        for k in range(min(shape.box_rows, shape.box_cols)):
            values = list(range(1, n + 1))
            rng.shuffle(values)
            for i, v in zip(boxes[k * per_band + k], values):
                grid[i] = v
        solutions, _ = solve(shape, grid, limit=1, rng=rng, node_limit=20 * n * n)
        if solutions:
            return solutions[0]
    raise RuntimeError(f"could not fill a {n}x{n} sudoku grid")  # pragma: no cover - never seen


def count_solutions(shape: Shape, grid: list[int], limit: int = 2, node_limit: int | None = None) -> int | None:
    """The number of solutions of ``grid``, counted up to ``limit``; None if ``node_limit`` stopped the count."""
    solutions, complete = solve(shape, grid, limit=limit, node_limit=node_limit)
    return len(solutions) if complete or len(solutions) >= limit else None
