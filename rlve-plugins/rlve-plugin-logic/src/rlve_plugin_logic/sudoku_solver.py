"""A bitmask sudoku solver for any box shape (2x2, 2x3, 3x3, 3x4, 4x4, ...), and the puzzle generator.

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

The generator (``make_puzzle``) builds a random complete grid band by band out of perfect matchings
(``random_band_grid``: it never backtracks, where a random search stalls on big grids), empties a random
40% of the cells at once (repairing the rare second solution by giving back a clue where it differs),
then empties further cells one at a time in random order, each only if the puzzle stays unique, until
the planned count is reached. Taking one clue ``c`` out of a puzzle whose only solution is ``S`` keeps it
unique exactly when no solution has ``c != S[c]`` (any solution with ``c = S[c]`` solves the old puzzle,
so it is ``S``): that is one search for a single solution with ``S[c]`` struck from ``c``, skipped when
``S[c]`` is a naked or hidden single among the remaining clues. The candidates given the clues alone are
kept up to date as clues come and go, so no test rebuilds them.
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
_State = tuple[list[int], list[int], list[int], list[int]]


class _Solver:
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

    def start(self, grid: list[int]) -> _State | None:
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

    def propagate(self, state: _State) -> bool:
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
        self, root: _State | None, limit: int, rng: random.Random | None, node_limit: int | None
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
def _solver(shape: Shape) -> _Solver:
    return _Solver(shape)


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
    solver = _solver(shape)
    return solver.search(solver.start(grid), limit, rng, node_limit)


def random_full_grid(shape: Shape, rng: random.Random) -> list[int]:
    """A random complete sudoku grid: random diagonal boxes (they never conflict), then a random-order solve.

    Futoshiki draws its Latin squares here (one-row boxes); sudoku itself uses ``random_band_grid``."""
    n = shape.n
    boxes = _solver(shape).units[2 * n :]
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


def random_band_grid(shape: Shape, rng: random.Random) -> list[int]:
    """A random complete sudoku grid, built band by band (``box_rows`` rows at a time) without ever backtracking.

    In each box of the new band, every value must go to one of the box's columns that has not had it yet,
    ``box_rows`` values per column. After ``k`` bands each value is still free in ``box_cols - k`` columns of a
    stack and each column has ``box_rows * (box_cols - k)`` free values, so that is a perfect matching in a
    regular bipartite graph: one always exists (Hall). Each column's values must then be spread over the band's
    rows, each row taking every value once: the columns and values form a ``box_rows``-regular bipartite graph,
    whose edges always split into ``box_rows`` perfect matchings (Konig), one per row. A random search would
    also find grids, but it stalls for long stretches on big ones (36x36 and up).
    """
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    grid = [0] * (n * n)
    column_used = [0] * n  # bit v - 1: value v is already in the column
    for band in range(bc):  # n // br bands
        column_values: list[list[int]] = [[] for _ in range(n)]
        for stack in range(br):  # n // bc stacks
            columns = range(stack * bc, stack * bc + bc)
            free = [[c for c in columns if not column_used[c] >> v & 1] for v in range(n)]
            for v, c in enumerate(_random_matching(free, n, br, rng)):
                column_values[c].append(v)
        rows = list(range(band * br, band * br + br))
        rng.shuffle(rows)
        for r in rows:
            for c, v in enumerate(_random_matching(column_values, n, 1, rng)):
                grid[r * n + c] = v + 1
                column_values[c].remove(v)
                column_used[c] |= 1 << v
    return grid


def _random_matching(adjacency: list[list[int]], right: int, capacity: int, rng: random.Random) -> list[int]:
    """A random matching of every left node ``0..len(adjacency)-1`` to a neighbour among ``0..right-1``, each
    right node taking ``capacity`` of them (one such matching must exist): the right node of each left node.

    Kuhn's augmenting paths, with the left nodes and every neighbour list visited in random order (sorted by
    independent random keys: a uniform shuffle, like ``rng.shuffle`` but about twice as fast)."""
    draw = rng.random
    neighbours = [sorted(a, key=lambda _: draw()) for a in adjacency]
    owners: list[list[int]] = [[] for _ in range(right)]
    match = [-1] * len(adjacency)

    def augment(left: int, seen: list[bool]) -> bool:
        for r in neighbours[left]:
            if len(owners[r]) < capacity:
                owners[r].append(left)
                match[left] = r
                return True
        for r in neighbours[left]:
            if not seen[r]:
                seen[r] = True
                for k, other in enumerate(owners[r]):
                    if augment(other, seen):  # ``other`` moved elsewhere: ``left`` takes its place at ``r``
                        owners[r][k] = left
                        match[left] = r
                        return True
        return False

    for left in sorted(range(len(adjacency)), key=lambda _: draw()):
        if not augment(left, [False] * right):
            raise AssertionError("no perfect matching: the graph was not regular")  # pragma: no cover
    return match


class _Clues:
    """A puzzle being dug out of its solution: the clues, and the candidates of the empty cells given the clues
    alone, kept up to date as single clues come and go (so a uniqueness test need not rebuild them)."""

    def __init__(self, solver: _Solver, puzzle: list[int]) -> None:
        root = solver.start(puzzle)
        assert root is not None, "the clues of a solved grid never clash"
        self.solver = solver
        self.puzzle, self.cand, self.used, _ = root

    def remove(self, cell: int) -> int:
        """Empty ``cell``; its value back in the candidates of its empty peers (where no other clue rules it out)."""
        solver, puzzle, cand, used = self.solver, self.puzzle, self.cand, self.used
        value = puzzle[cell]
        puzzle[cell] = 0
        bit = solver.bit(value)
        for u in solver.units_of[cell]:
            used[u] &= ~bit
        full, units_of = solver.ones, solver.units_of
        for p in (cell, *solver.peers[cell]):
            if not puzzle[p]:
                a, b, c = units_of[p]
                cand[p] = full & ~(used[a] | used[b] | used[c])
        return value

    def restore(self, cell: int, value: int) -> None:
        solver, puzzle, cand, used = self.solver, self.puzzle, self.cand, self.used
        puzzle[cell] = value
        cand[cell] = 0
        bit = solver.bit(value)
        for u in solver.units_of[cell]:
            used[u] |= bit
        for p in solver.peers[cell]:
            cand[p] &= ~bit

    def root(self, strike: tuple[int, int] | None = None) -> _State | None:
        """A search root for the puzzle (a copy), with ``strike[1]`` struck from cell ``strike[0]`` if given."""
        cand = self.cand.copy()
        if strike is not None:
            cand[strike[0]] &= ~self.solver.bit(strike[1])
            if not cand[strike[0]]:
                return None
        queue = [i for i, m in enumerate(cand) if m and not m & (m - 1)]
        return self.puzzle.copy(), cand, self.used.copy(), queue

    def forced(self, cell: int, value: int) -> bool:
        """Whether the clues alone force ``value`` into the empty ``cell``: its only candidate, or the only cell
        of one of its units where it can go (a naked or a hidden single; a cheap test, often enough)."""
        solver, cand = self.solver, self.cand
        bit = solver.bit(value)
        if cand[cell] == bit:
            return True
        units = solver.units
        return any(not any(cand[i] & bit for i in units[u] if i != cell) for u in solver.units_of[cell])


#: The share of cells emptied at once before the one-by-one removals (measured fastest: 40% to 50%).
AT_ONCE_PERCENT = 40


def make_puzzle(shape: Shape, blanks: int, rng: random.Random) -> tuple[list[int], list[int]] | None:
    """A puzzle with exactly ``blanks`` empty cells and a unique solution, and that solution; None if this
    random grid cannot reach that many blanks by greedy removal (the caller tries another grid)."""
    solver = _solver(shape)
    solution = random_band_grid(shape, rng)
    order = list(range(shape.cells))
    rng.shuffle(order)
    # The first cells go all at once (a random puzzle this full is nearly always unique already); each of the
    # others only if the puzzle stays unique, which is cheaper than repairing an overfull removal.
    at_once = order[: min(blanks, shape.cells * AT_ONCE_PERCENT // 100)]
    removed = set(at_once)
    clues = _Clues(solver, [0 if i in removed else v for i, v in enumerate(solution)])
    puzzle = clues.puzzle
    # Repair: while a second solution exists, give back a clue where it differs from ours.
    node_limit = 40 * shape.cells  # a grid this stubborn is dropped for another (rare; keeps generation bounded)
    while True:
        solutions, complete = solver.search(clues.root(), 2, None, node_limit)
        if len(solutions) == 1 and complete:
            break
        if len(solutions) < 2:
            return None
        other = solutions[0] if solutions[0] != solution else solutions[1]
        differing = [i for i in at_once if puzzle[i] == 0 and other[i] != solution[i]]
        cell = rng.choice(differing)
        clues.restore(cell, solution[cell])
    # Top up: remove single clues (each only if the puzzle stays unique) until the count is exact. Without the
    # clue ``cell`` the puzzle stays unique exactly when no solution puts anything else there (see the top).
    missing = blanks - puzzle.count(0)
    for cell in order:
        if missing == 0:
            break
        if puzzle[cell] == 0:
            continue
        value = clues.remove(cell)
        if clues.forced(cell, value):
            missing -= 1
            continue
        solutions, complete = solver.search(clues.root((cell, value)), 1, None, node_limit)
        if complete and not solutions:
            missing -= 1
        else:
            clues.restore(cell, value)
    if missing:
        return None
    return list(puzzle), solution
