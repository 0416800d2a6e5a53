"""A nonogram solver: exact line solving by dynamic programming, propagation, and backtracking.

``line_options`` decides, for one line with some cells known, which cells can still be empty and which
can still be filled in at least one placement of the runs: a prefix pass and a suffix pass, each row of
the DP an integer bit set over the prefix lengths (so a run's placements are shifts and masks, and "the
prefix may grow over cells that can be empty" is one carry ripple), then the union of every placement
that fits both sides. The grid solver re-solves every line whose cells changed until nothing changes,
then branches on an unknown cell; it stops after ``limit`` solutions, so ``limit=2`` decides uniqueness.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

UNKNOWN, EMPTY, FILLED = -1, 0, 1


def runs_of(cells: list[int] | list[bool]) -> list[int]:
    """The lengths of the filled runs of a line, left to right."""
    out, run = [], 0
    for cell in cells:
        if cell:
            run += 1
        elif run:
            out.append(run)
            run = 0
    if run:
        out.append(run)
    return out


def _reach(seeds: int, through: int) -> int:
    """``seeds`` plus every bit reached from a seed by stepping up through consecutive bits of ``through``:
    a carry added at the bit above a seed ripples up the run of ones there, and the bits it flips are that run."""
    step = (seeds << 1) & through
    return seeds | step | (((through + step) ^ through) & through)


def _prefix_fits(clue: Sequence[int], m: int, not_filled: int, not_empty: int) -> tuple[list[int], list[int]]:
    """(fits, starts): fits[j] has bit i when the first j runs fit in cells[:i] (cells[:i] fully decided);
    starts[j] has bit s when run j may start at cell s after the runs before it, over cells that can be filled."""
    filled = ~not_filled & ((1 << m) - 1)
    first_filled = (filled & -filled).bit_length() - 1 if filled else m
    fits = [(1 << (first_filled + 1)) - 1]  # no run yet: every prefix before the first filled cell
    through = not_filled << 1  # a prefix of length i grows to i + 1 over a cell i that can be empty
    starts = []
    for j, length in enumerate(clue):
        room = not_empty & ((1 << max(0, m - length + 1)) - 1)  # cells s .. s + length - 1 can all be filled
        for t in range(1, length):
            room &= not_empty >> t
        begin = fits[0] if j == 0 else (fits[j] & not_filled) << 1  # after the runs before it and one gap
        starts.append(begin & room)
        fits.append(_reach((begin & room) << length, through))
    return fits, starts


def _reverse(bits: int, width: int) -> int:
    return int(format(bits, f"0{width}b")[::-1], 2) if width else 0


def line_options(clue: list[int], cells: list[int]) -> tuple[list[bool], list[bool]] | None:
    """(can be empty, can be filled) per cell, or None if no placement of ``clue`` fits ``cells``."""
    m, k = len(cells), len(clue)
    not_filled = sum(1 << i for i, cell in enumerate(cells) if cell != FILLED)
    not_empty = sum(1 << i for i, cell in enumerate(cells) if cell != EMPTY)
    fwd, starts = _prefix_fits(clue, m, not_filled, not_empty)
    if not fwd[k] >> m & 1:
        return None
    # the suffix pass is the prefix pass of the reversed line: bwd[j] has bit i when runs j.. fit in cells[i:]
    reverse_fits, _ = _prefix_fits(clue[::-1], m, _reverse(not_filled, m), _reverse(not_empty, m))
    bwd = [_reverse(reverse_fits[k - j], m + 1) for j in range(k + 1)]
    empty_mask = 0  # cell i is a gap after j runs: j runs fit in cells[:i] and the rest in cells[i + 1:]
    for j in range(k + 1):
        empty_mask |= fwd[j] & (bwd[j] >> 1)
    empty_mask &= not_filled
    fill_mask = 0  # every cell of every placement of run j that fits both before and after it
    for j, length in enumerate(clue):
        after = bwd[k] if j == k - 1 else (bwd[j + 1] >> 1) & not_filled
        placed = starts[j] & (after >> length)
        for t in range(length):
            fill_mask |= placed << t
    return [bool(empty_mask >> i & 1) for i in range(m)], [bool(fill_mask >> i & 1) for i in range(m)]


@lru_cache(maxsize=1 << 14)
def line_options_of(clue: tuple[int, ...], cells: tuple[int, ...]) -> tuple[list[bool], list[bool]] | None:
    """``line_options`` remembered: the generator re-solves the same clues many times while it adds known
    cells, and the search meets the same line contents again in sibling branches. The lists returned are
    shared: read them, never change them."""
    return line_options(list(clue), list(cells))


class _Search:
    def __init__(self, row_clues: list[list[int]], col_clues: list[list[int]], limit: int, node_limit):
        self.rows = [tuple(clue) for clue in row_clues]
        self.cols = [tuple(clue) for clue in col_clues]
        self.h, self.w = len(row_clues), len(col_clues)
        self.limit = limit
        self.node_limit = node_limit
        self.nodes = 0
        self.aborted = False
        self.solutions: list[list[list[int]]] = []

    def propagate(self, grid: list[list[int]], lines: set[tuple[int, int]]) -> bool:
        """Line-solve the queued lines (0, r) rows / (1, c) columns until nothing changes."""
        queue = sorted(lines)
        queued = set(queue)
        while queue:
            kind, index = queue.pop()
            queued.discard((kind, index))
            if kind == 0:
                cells = grid[index]
                clue = self.rows[index]
            else:
                cells = [grid[r][index] for r in range(self.h)]
                clue = self.cols[index]
            options = line_options_of(clue, tuple(cells))
            if options is None:
                return False
            can_empty, can_fill = options
            for i, cell in enumerate(cells):
                if cell != UNKNOWN:
                    continue
                if not can_empty[i] and not can_fill[i]:
                    return False
                if can_empty[i] and can_fill[i]:
                    continue
                value = FILLED if can_fill[i] else EMPTY
                if kind == 0:
                    grid[index][i] = value
                    other = (1, i)
                else:
                    grid[i][index] = value
                    other = (0, i)
                if other not in queued:
                    queued.add(other)
                    queue.append(other)
        return True

    def run(self, grid: list[list[int]], lines: set[tuple[int, int]]) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.aborted = True
            return
        if not self.propagate(grid, lines):
            return
        for r in range(self.h):
            for c in range(self.w):
                if grid[r][c] == UNKNOWN:
                    for value in (FILLED, EMPTY):
                        child = [list(row) for row in grid]
                        child[r][c] = value
                        self.run(child, {(0, r), (1, c)})
                        if self.aborted or len(self.solutions) >= self.limit:
                            return
                    return
        self.solutions.append(grid)


def solve(
    row_clues: list[list[int]],
    col_clues: list[list[int]],
    known: dict[tuple[int, int], int] | None = None,
    *,
    limit: int = 2,
    node_limit: int | None = None,
) -> tuple[list[list[list[int]]], bool, list[list[int]] | None]:
    """Up to ``limit`` solutions, whether the search finished, and the grid after propagation at the root
    (None if the root is already contradictory): its unknown cells are where the clues alone stay silent."""
    search = _Search(row_clues, col_clues, limit, node_limit)
    grid = [[UNKNOWN] * search.w for _ in range(search.h)]
    for (r, c), value in (known or {}).items():
        grid[r][c] = value
    lines = {(0, r) for r in range(search.h)} | {(1, c) for c in range(search.w)}
    if not search.propagate(grid, lines):
        return [], True, None
    root = [list(row) for row in grid]
    search.run(grid, set())
    return search.solutions, not search.aborted, root
