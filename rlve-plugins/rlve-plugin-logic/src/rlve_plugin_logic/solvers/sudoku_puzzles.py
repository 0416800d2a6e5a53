"""Sudoku puzzles with exactly one solution, for any box shape: the generator on top of ``solvers.sudoku``.

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

from rlve_plugin_logic.solvers.sudoku import Shape, Solver, State, solver_for


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

    def __init__(self, solver: Solver, puzzle: list[int]) -> None:
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

    def root(self, strike: tuple[int, int] | None = None) -> State | None:
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
    solver = solver_for(shape)
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
