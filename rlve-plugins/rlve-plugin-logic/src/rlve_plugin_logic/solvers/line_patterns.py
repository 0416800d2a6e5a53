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
from collections.abc import Sequence


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

    def propagate(self, rows: list[list[int]], cols: list[list[int]]) -> bool:
        changed = True
        while changed:
            changed = False
            for mine, other, own_len in ((rows, cols, self.width), (cols, rows, self.height)):
                full = (1 << own_len) - 1
                # the cells this side knows, handed to each crossing line as bit masks
                one_at = [0] * len(other)
                zero_at = [0] * len(other)
                for i, cands in enumerate(mine):
                    if not cands:
                        return False
                    all_and, any_or = full, 0
                    for p in cands:
                        all_and &= p
                        any_or |= p
                    known_zero = full & ~any_or
                    if all_and | known_zero:
                        bit = 1 << i
                        for j in range(own_len):
                            if all_and >> j & 1:
                                one_at[j] |= bit
                            elif known_zero >> j & 1:
                                zero_at[j] |= bit
                for j in range(len(other)):
                    ones, zeros = one_at[j], zero_at[j]
                    if ones or zeros:
                        cands = other[j]
                        kept = filter_line(cands, ones, zeros)
                        if len(kept) != len(cands):
                            if not kept:
                                return False
                            other[j] = kept
                            changed = True
                if self.distinct:
                    decided = [cands[0] for cands in mine if len(cands) == 1]
                    taken = set(decided)
                    if len(taken) != len(decided):
                        return False
                    for i, cands in enumerate(mine):
                        if len(cands) > 1:
                            kept = [p for p in cands if p not in taken]
                            if len(kept) != len(cands):
                                if not kept:
                                    return False
                                mine[i] = kept
                                changed = True
        return True

    def run(self, rows: list[list[int]] | None = None, cols: list[list[int]] | None = None) -> None:
        if rows is None or cols is None:
            rows, cols = [list(c) for c in self.start[0]], [list(c) for c in self.start[1]]
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.aborted = True
            return
        if not self.propagate(rows, cols):
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
            self.run(child_rows, child_cols)
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
) -> list[list[int | None]] | None:
    """Empty exactly ``blanks`` cells of ``solution`` so that the puzzle keeps one solution, or None.

    ``solve_grid(grid) -> (solutions, complete)`` counts solutions up to 2. The planned cells are emptied
    at once; while a second solution exists a cell where it differs is given back; then single cells are
    emptied, each only if the solution stays unique, until the count is exact.
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
        puzzle[r][c] = None
        found, complete = solve_grid(puzzle)
        if complete and len(found) == 1:
            missing -= 1
        else:
            puzzle[r][c] = solution[r][c]
    return None if missing else puzzle
