"""A solver for grid puzzles whose every row and column must be one of a list of allowed lines.

Binario and kakurasu are such puzzles: a row (or column) of 0/1 cells is stored as an int, bit ``i`` for
cell ``i``, and each line keeps the list of allowed patterns that agree with the cells known so far.
Propagation intersects them: a cell is known when every candidate of its row, or of its column, agrees
on it, and that knowledge filters the crossing lines; with ``distinct`` a decided row is removed from
the other rows' candidates (likewise columns). It repeats to a fixed point. Search branches on the line
with the fewest candidates, and stops after ``limit`` solutions, so ``limit=2`` decides uniqueness.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import reduce
from operator import and_, or_


def filter_line(patterns: Sequence[int], ones: int, zeros: int) -> list[int]:
    """The patterns with a 1 wherever ``ones`` has one and a 0 wherever ``zeros`` has one."""
    return [p for p in patterns if p & ones == ones and not p & zeros]


def known_masks(cells: Sequence[int | None]) -> tuple[int, int]:
    """(ones, zeros) bit masks of the known cells of a line (None = unknown)."""
    ones = sum(1 << i for i, v in enumerate(cells) if v == 1)
    zeros = sum(1 << i for i, v in enumerate(cells) if v == 0)
    return ones, zeros


class PatternSearch:
    """One solve. ``rows[r]`` / ``cols[c]``: allowed patterns of each line (already filtered by givens)."""

    def __init__(
        self,
        rows: list[list[int]],
        cols: list[list[int]],
        *,
        distinct: bool = False,
        limit: int = 2,
        rng: random.Random | None = None,
        node_limit: int | None = None,
    ):
        self.start = (rows, cols)
        self.height, self.width = len(rows), len(cols)
        self.distinct = distinct
        self.limit = limit
        self.rng = rng
        self.node_limit = node_limit
        self.nodes = 0
        self.aborted = False
        self.solutions: list[list[int]] = []

    def propagate(
        self,
        rows: list[list[int]],
        cols: list[list[int]],
        state: tuple | None = None,
        touched: tuple[int, int] | None = None,
    ) -> tuple | None:
        """Filter the candidates in place to the fixed point; None on a contradiction, else the bookkeeping
        a child node starts from (``state``, with ``touched`` = (side, line) the only line it changed).

        A worklist: only a line whose candidates changed is looked at again, only the cells it newly knows
        are handed to the crossing lines, and only a line newly decided is removed from its side's others
        (with ``distinct``). Every step only removes candidates that cannot fit, so the fixed point, and the
        candidate lists in their order, are the same whatever order the steps run in; a child of a node at
        its fixed point therefore only needs to start from the line it branched on.
        """
        sides = (rows, cols)
        lengths = (self.width, self.height)
        if state is None or touched is None:
            # per line: the cells already handed to crossing lines; with distinct, the patterns of decided
            # lines and which lines were already removed from the others
            reported = ([0] * len(rows), [0] * len(cols))
            taken: tuple[set[int], set[int]] = (set(), set())
            settled = [[False] * len(rows), [False] * len(cols)]
            dirty = [list(range(len(rows))), list(range(len(cols)))]
            queued = [[True] * len(rows), [True] * len(cols)]
        else:
            reported = (list(state[0][0]), list(state[0][1]))
            taken = (set(state[1][0]), set(state[1][1]))
            settled = [list(state[2][0]), list(state[2][1])]
            dirty = [[], []]
            queued = [[False] * len(rows), [False] * len(cols)]
            dirty[touched[0]].append(touched[1])
            queued[touched[0]][touched[1]] = True
        while dirty[0] or dirty[1]:
            for side in (0, 1):
                mine, other, full = sides[side], sides[1 - side], (1 << lengths[side]) - 1
                todo, dirty[side] = dirty[side], []
                one_at: dict[int, int] = {}
                zero_at: dict[int, int] = {}
                for i in todo:
                    queued[side][i] = False
                    cands = mine[i]
                    if not cands:
                        return None
                    all_and = reduce(and_, cands, full)
                    known_zero = full & ~reduce(or_, cands, 0)
                    new = (all_and | known_zero) & ~reported[side][i]
                    if new:
                        reported[side][i] |= new
                        bit = 1 << i
                        while new:
                            low = new & -new
                            new ^= low
                            j = low.bit_length() - 1
                            if all_and & low:
                                one_at[j] = one_at.get(j, 0) | bit
                            else:
                                zero_at[j] = zero_at.get(j, 0) | bit
                    if self.distinct and len(cands) == 1 and not settled[side][i]:
                        settled[side][i] = True
                        p = cands[0]
                        if p in taken[side]:
                            return None
                        taken[side].add(p)
                        for k, others in enumerate(mine):
                            if k != i and len(others) > 1 and p in others:
                                kept = [q for q in others if q != p]
                                mine[k] = kept
                                if not queued[side][k]:
                                    queued[side][k] = True
                                    dirty[side].append(k)
                for j in sorted(one_at.keys() | zero_at.keys()):
                    cands = other[j]
                    kept = filter_line(cands, one_at.get(j, 0), zero_at.get(j, 0))
                    if len(kept) != len(cands):
                        if not kept:
                            return None
                        other[j] = kept
                        if not queued[1 - side][j]:
                            queued[1 - side][j] = True
                            dirty[1 - side].append(j)
        return reported, taken, settled

    def run(
        self,
        rows: list[list[int]] | None = None,
        cols: list[list[int]] | None = None,
        state: tuple | None = None,
        touched: tuple[int, int] | None = None,
    ) -> None:
        if rows is None or cols is None:
            rows, cols = [list(c) for c in self.start[0]], [list(c) for c in self.start[1]]
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.aborted = True
            return
        state = self.propagate(rows, cols, state, touched)
        if state is None:
            return
        best, best_count, best_side = -1, 0, 0
        for side, lines in enumerate((rows, cols)):
            for i, cands in enumerate(lines):
                if len(cands) > 1 and (best < 0 or len(cands) < best_count):
                    best, best_count, best_side = i, len(cands), side
        if best < 0:
            self.solutions.append([cands[0] for cands in rows])
            return
        options = list((rows, cols)[best_side][best])
        if self.rng is not None:
            self.rng.shuffle(options)
        for p in options:
            child_rows, child_cols = [list(c) for c in rows], [list(c) for c in cols]
            (child_rows, child_cols)[best_side][best] = [p]
            self.run(child_rows, child_cols, state, (best_side, best))
            if self.aborted or len(self.solutions) >= self.limit:
                return


def solve_patterns(
    row_patterns: Sequence[Sequence[int]],
    col_patterns: Sequence[Sequence[int]],
    grid: list[list[int | None]],
    *,
    distinct: bool = False,
    limit: int = 2,
    rng: random.Random | None = None,
    node_limit: int | None = None,
) -> tuple[list[list[list[int]]], bool]:
    """Up to ``limit`` solutions (grids of 0/1) of ``grid`` (None = unknown), and whether the search finished."""
    height, width = len(grid), len(grid[0])
    rows = [filter_line(row_patterns[r], *known_masks(grid[r])) for r in range(height)]
    cols = [filter_line(col_patterns[c], *known_masks([grid[r][c] for r in range(height)])) for c in range(width)]
    search = PatternSearch(rows, cols, distinct=distinct, limit=limit, rng=rng, node_limit=node_limit)
    search.run()
    grids = [[[p >> c & 1 for c in range(width)] for p in rows] for rows in search.solutions]
    return grids, not search.aborted


def make_unique(
    solution: list[list[int]],
    blanks: int,
    solve_grid,
    rng: random.Random,
    *,
    try_other_value: bool = False,
    quick_second: Callable[[list[list[int | None]], int, int], bool] | None = None,
) -> list[list[int | None]] | None:
    """Empty exactly ``blanks`` cells of ``solution`` so that the puzzle keeps one solution, or None.

    ``solve_grid(grid) -> (solutions, complete)`` counts solutions up to 2. The planned cells are emptied
    at once; while a second solution exists a cell where it differs is given back; then single cells are
    emptied, each only if the solution stays unique, until the count is exact. With ``try_other_value``
    that last check solves the puzzle with the cell given its other value instead: as the puzzle had one
    solution, emptying the cell leaves it another exactly when that has one, and that search, pruned by the
    wrong value, is smaller (the answer is the same whenever both searches finish). ``quick_second(puzzle,
    r, c)``, when given, may skip it: True when it finds a second solution of ``puzzle`` without cell (r, c).
    """
    height, width = len(solution), len(solution[0])
    order = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(order)
    puzzle: list[list[int | None]] = [list(row) for row in solution]
    for r, c in order[:blanks]:
        puzzle[r][c] = None
    while True:
        found, complete = solve_grid(puzzle)
        if complete and len(found) == 1:
            break
        if len(found) < 2:
            return None
        other = found[0] if found[0] != solution else found[1]
        differing = [(r, c) for r, c in order[:blanks] if puzzle[r][c] is None and other[r][c] != solution[r][c]]
        r, c = rng.choice(differing)
        puzzle[r][c] = solution[r][c]
    missing = blanks - sum(row.count(None) for row in puzzle)
    for r, c in order:
        if missing == 0:
            break
        if puzzle[r][c] is None:
            continue
        if quick_second is not None and quick_second(puzzle, r, c):
            unique = False
        elif try_other_value:
            puzzle[r][c] = 1 - solution[r][c]
            found, complete = solve_grid(puzzle)
            unique = complete and not found
            puzzle[r][c] = None
        else:
            puzzle[r][c] = None
            found, complete = solve_grid(puzzle)
            unique = complete and len(found) == 1
        if unique:
            missing -= 1
        else:
            puzzle[r][c] = solution[r][c]
    return None if missing else puzzle
