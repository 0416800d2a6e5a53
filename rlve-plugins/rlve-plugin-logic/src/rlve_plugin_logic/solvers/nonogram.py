"""A nonogram solver: exact line solving by dynamic programming, propagation, and backtracking.

``line_options`` decides, for one line with some cells known, which cells can still be empty and which
can still be filled in at least one placement of the runs (two DP passes, prefix and suffix, and a
difference array to mark the cells a valid run placement covers): O(runs x length) per line. The grid
solver re-solves every line whose cells changed until nothing changes, then branches on an unknown
cell; it stops after ``limit`` solutions, so ``limit=2`` decides uniqueness.
"""

from __future__ import annotations

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


def line_options(clue: list[int], cells: list[int]) -> tuple[list[bool], list[bool]] | None:
    """(can be empty, can be filled) per cell, or None if no placement of ``clue`` fits ``cells``."""
    m, k = len(cells), len(clue)
    # zeros[i]: number of known-empty cells in cells[:i]; a run may cover [s, e) only if none is empty.
    zeros = [0] * (m + 1)
    for i, cell in enumerate(cells):
        zeros[i + 1] = zeros[i] + (cell == EMPTY)
    # fwd[j][i]: the first j runs fit in cells[:i], cells[:i] fully decided.
    fwd = [[False] * (m + 1) for _ in range(k + 1)]
    fwd[0][0] = True
    for i in range(1, m + 1):
        fwd[0][i] = fwd[0][i - 1] and cells[i - 1] != FILLED
    for j in range(1, k + 1):
        length = clue[j - 1]
        row, prev = fwd[j], fwd[j - 1]
        for i in range(1, m + 1):
            if row[i - 1] and cells[i - 1] != FILLED:
                row[i] = True
                continue
            s = i - length
            if s < 0 or zeros[i] - zeros[s]:
                continue
            if j == 1:
                row[i] = prev[s]
            else:
                row[i] = s >= 1 and cells[s - 1] != FILLED and prev[s - 1]
    if not fwd[k][m]:
        return None
    # bwd[j][i]: runs j.. (0-based) fit in cells[i:], cells[i:] fully decided.
    bwd = [[False] * (m + 2) for _ in range(k + 1)]
    bwd[k][m] = True
    for i in range(m - 1, -1, -1):
        bwd[k][i] = bwd[k][i + 1] and cells[i] != FILLED
    for j in range(k - 1, -1, -1):
        length = clue[j]
        row, nxt = bwd[j], bwd[j + 1]
        for i in range(m - 1, -1, -1):
            if row[i + 1] and cells[i] != FILLED:
                row[i] = True
                continue
            e = i + length
            if e > m or zeros[e] - zeros[i]:
                continue
            if j == k - 1:
                row[i] = nxt[e]
            else:
                row[i] = e < m and cells[e] != FILLED and nxt[e + 1]
    can_empty = [cells[i] != FILLED and any(fwd[j][i] and bwd[j][i + 1] for j in range(k + 1)) for i in range(m)]
    cover = [0] * (m + 1)
    for j in range(k):
        length = clue[j]
        for s in range(0, m - length + 1):
            e = s + length
            if zeros[e] - zeros[s]:
                continue
            before = fwd[0][s] if j == 0 else (s >= 1 and cells[s - 1] != FILLED and fwd[j][s - 1])
            if not before:
                continue
            after = bwd[k][e] if j == k - 1 else (e < m and cells[e] != FILLED and bwd[j + 1][e + 1])
            if after:
                cover[s] += 1
                cover[e] -= 1
    can_fill, running = [], 0
    for i in range(m):
        running += cover[i]
        can_fill.append(running > 0)
    return can_empty, can_fill


class _Search:
    def __init__(self, row_clues: list[list[int]], col_clues: list[list[int]], limit: int, node_limit):
        self.rows, self.cols = row_clues, col_clues
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
            options = line_options(clue, cells)
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
