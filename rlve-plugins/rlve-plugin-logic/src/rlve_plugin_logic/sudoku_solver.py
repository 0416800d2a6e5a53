"""A bitmask sudoku solver for any box shape (2x2, 2x3, 3x3, 3x4, 4x4, ...), and the puzzle generator.

The solver keeps one bitmask of used values per row, column and box, and searches depth first on the
empty cell with the fewest candidates (MRV), after filling every naked single and every hidden single
of a unit (a value that fits only one cell of a row, column or box). It stops after ``limit``
solutions, so ``limit=2`` decides uniqueness, and after ``node_limit`` search nodes if given.

The generator fills a random complete grid (the solver on an empty grid with random value order,
after filling the independent diagonal boxes at random), removes the planned number of clues at once,
and repairs non-uniqueness by putting back a clue where a second solution differs; then it removes
single clues, each kept out only if the puzzle stays unique, until the planned count is reached.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache


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


@lru_cache(maxsize=16)
def _layout(shape: Shape) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Row, column and box of every cell, and the cells of every unit (rows, then columns, then boxes)."""
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    rows = tuple(i // n for i in range(n * n))
    cols = tuple(i % n for i in range(n * n))
    boxes = tuple((r // br) * (n // bc) + c // bc for r, c in zip(rows, cols))
    units = [tuple(r * n + c for c in range(n)) for r in range(n)]
    units += [tuple(r * n + c for r in range(n)) for c in range(n)]
    units += [tuple(i for i in range(n * n) if boxes[i] == b) for b in range(n)]
    return rows, cols, boxes, tuple(units)


class _Search:
    """One solve: the used-value masks, the grid being filled and the solutions found so far."""

    def __init__(self, shape: Shape, grid: list[int], limit: int, rng: random.Random | None, node_limit: int | None):
        self.n = shape.n
        self.full = (1 << self.n) - 1
        self.row_of, self.col_of, self.box_of, self.units = _layout(shape)
        self.limit = limit
        self.rng = rng
        self.nodes = 0
        self.node_limit = node_limit
        self.aborted = False
        self.solutions: list[list[int]] = []
        self.grid = list(grid)
        self.rows = [0] * self.n
        self.cols = [0] * self.n
        self.boxes = [0] * self.n
        self.consistent = True
        for i, v in enumerate(self.grid):
            if v:
                bit = 1 << (v - 1)
                r, c, b = self.row_of[i], self.col_of[i], self.box_of[i]
                if (self.rows[r] | self.cols[c] | self.boxes[b]) & bit:
                    self.consistent = False
                self.rows[r] |= bit
                self.cols[c] |= bit
                self.boxes[b] |= bit

    def place(self, i: int, v: int) -> None:
        bit = 1 << (v - 1)
        self.grid[i] = v
        self.rows[self.row_of[i]] |= bit
        self.cols[self.col_of[i]] |= bit
        self.boxes[self.box_of[i]] |= bit

    def unplace(self, i: int, v: int) -> None:
        mask = ~(1 << (v - 1))
        self.grid[i] = 0
        self.rows[self.row_of[i]] &= mask
        self.cols[self.col_of[i]] &= mask
        self.boxes[self.box_of[i]] &= mask

    def candidates(self, i: int) -> int:
        return self.full & ~(self.rows[self.row_of[i]] | self.cols[self.col_of[i]] | self.boxes[self.box_of[i]])

    def propagate(self, placed: list[int]) -> bool:
        """Fill naked and hidden singles until none is left; False on a contradiction. Appends what it places."""
        grid = self.grid
        changed = True
        while changed:
            changed = False
            for i in range(len(grid)):
                if grid[i] == 0:
                    cand = self.candidates(i)
                    if cand == 0:
                        return False
                    if cand & (cand - 1) == 0:
                        self.place(i, cand.bit_length())
                        placed.append(i)
                        changed = True
            if changed:
                continue
            for unit in self.units:
                seen_once = seen_twice = 0
                filled = 0
                for i in unit:
                    if grid[i]:
                        filled |= 1 << (grid[i] - 1)
                    else:
                        cand = self.candidates(i)
                        seen_twice |= seen_once & cand
                        seen_once |= cand
                if (seen_once | filled) != self.full:
                    return False  # some value fits nowhere in this unit
                hidden = seen_once & ~seen_twice
                if hidden:
                    for i in unit:
                        if grid[i] == 0:
                            single = self.candidates(i) & hidden
                            if single:
                                if single & (single - 1):
                                    return False  # two values that must both go in this one cell
                                self.place(i, single.bit_length())
                                placed.append(i)
                                hidden &= ~single
                    changed = True
        return True

    def run(self) -> None:
        if self.aborted or len(self.solutions) >= self.limit:
            return
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.aborted = True
            return
        placed: list[int] = []
        if self.propagate(placed):
            best, best_count, best_cand = -1, self.n + 1, 0
            grid = self.grid
            for i in range(len(grid)):
                if grid[i] == 0:
                    cand = self.candidates(i)
                    count = cand.bit_count()
                    if count < best_count:
                        best, best_count, best_cand = i, count, cand
                        if count == 2:
                            break
            if best < 0:
                self.solutions.append(list(grid))
            else:
                values = [v + 1 for v in range(self.n) if best_cand >> v & 1]
                if self.rng is not None:
                    self.rng.shuffle(values)
                for v in values:
                    self.place(best, v)
                    self.run()
                    self.unplace(best, v)
                    if self.aborted or len(self.solutions) >= self.limit:
                        break
        for i in placed:
            self.unplace(i, self.grid[i])


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
    search = _Search(shape, grid, limit, rng, node_limit)
    if not search.consistent:
        return [], True
    search.run()
    return search.solutions, not search.aborted


def random_full_grid(shape: Shape, rng: random.Random) -> list[int]:
    """A random complete sudoku grid: random diagonal boxes (they never conflict), then a random-order solve."""
    n = shape.n
    _, _, _, units = _layout(shape)
    boxes = units[2 * n :]
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


def make_puzzle(shape: Shape, blanks: int, rng: random.Random) -> tuple[list[int], list[int]] | None:
    """A puzzle with exactly ``blanks`` empty cells and a unique solution, and that solution; None if this
    random grid cannot reach that many blanks by greedy removal (the caller tries another grid)."""
    solution = random_full_grid(shape, rng)
    order = list(range(shape.cells))
    rng.shuffle(order)
    removed = set(order[:blanks])
    puzzle = [0 if i in removed else v for i, v in enumerate(solution)]
    # Repair: while a second solution exists, give back a clue where it differs from ours.
    node_limit = 40 * shape.cells  # a grid this stubborn is dropped for another (rare; keeps generation bounded)
    while True:
        solutions, complete = solve(shape, puzzle, limit=2, node_limit=node_limit)
        if len(solutions) == 1 and complete:
            break
        if len(solutions) < 2:
            return None
        other = solutions[0] if solutions[0] != solution else solutions[1]
        differing = [i for i in order[:blanks] if puzzle[i] == 0 and other[i] != solution[i]]
        cell = rng.choice(differing)
        puzzle[cell] = solution[cell]
    # Top up: remove single clues (each only if the puzzle stays unique) until the count is exact.
    missing = blanks - puzzle.count(0)
    for cell in order:
        if missing == 0:
            break
        value = puzzle[cell]
        if value == 0:
            continue
        puzzle[cell] = 0
        if count_solutions(shape, puzzle, node_limit=node_limit) == 1:
            missing -= 1
        else:
            puzzle[cell] = value
    if missing:
        return None
    return puzzle, solution
