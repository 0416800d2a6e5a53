"""Puzzles where every piece of the board fills up to a level: thermometers fill from the bulb, aquarium tanks
from the bottom. A piece's options are nested sets of cells (level 0 is empty, each level adds cells to the one
below), and the only other rules are how many cells are filled in each row and column, and a few revealed cells.

The solver keeps an interval of levels per piece. A line's filled count is a sum of monotone contributions,
one per piece crossing it, so bounds propagation is exact per line: a piece's level can only rise as far as the
line's target less the least the other pieces give, and must rise as far as the target less the most they give.
Revealed cells cut a piece's interval once (a filled cell needs the level that fills it, an empty one a lower
level). The search branches on the open piece with the fewest levels left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class LevelPuzzle:
    """Pieces ``levels[p]`` (cells filled from level 1 on, from level 2 on, ...: ``levels[p][k]`` is the list of
    cells level k + 1 adds) on a rows x cols board, with filled counts per row and per column."""

    def __init__(self, rows: int, cols: int, levels: Sequence[Sequence[Sequence[int]]]):
        self.rows, self.cols = rows, cols
        self.levels = [[list(step) for step in piece] for piece in levels]
        lines = rows + cols
        #: contribution[p][line] = filled cells piece p gives that line at each level 0..len(levels[p])
        self.contribution: list[dict[int, list[int]]] = []
        self.pieces_of: list[list[int]] = [[] for _ in range(lines)]
        for p, piece in enumerate(self.levels):
            per_line: dict[int, list[int]] = {}
            for k, step in enumerate(piece):
                for cell in step:
                    for line in (cell // cols, rows + cell % cols):
                        per_line.setdefault(line, [0] * (len(piece) + 1))[k + 1] += 1
            for counts in per_line.values():
                for k in range(1, len(counts)):
                    counts[k] += counts[k - 1]
            for line in per_line:
                self.pieces_of[line].append(p)
            self.contribution.append(per_line)
        self.level_of_cell = {}
        for p, piece in enumerate(self.levels):
            for k, step in enumerate(piece):
                for cell in step:
                    self.level_of_cell[cell] = (p, k + 1)
        self.nodes = 0

    def fill(self, chosen: Sequence[int]) -> list[int]:
        """The board (0/1 per cell) of pieces at levels ``chosen``."""
        board = [0] * (self.rows * self.cols)
        for p, level in enumerate(chosen):
            for step in self.levels[p][:level]:
                for cell in step:
                    board[cell] = 1
        return board

    def _propagate(self, lo: list[int], hi: list[int], targets: Sequence[int], queue: list[int]) -> bool:
        contribution, pieces_of = self.contribution, self.pieces_of
        pending = set(queue)
        while pending:
            line = pending.pop()
            target = targets[line]
            pieces = pieces_of[line]
            least = most = 0
            for p in pieces:
                counts = contribution[p][line]
                least += counts[lo[p]]
                most += counts[hi[p]]
            if least > target or most < target:
                return False
            if least == most:
                continue
            for p in pieces:
                counts = contribution[p][line]
                cap = target - (least - counts[lo[p]])  # the most this piece may give the line
                need = target - (most - counts[hi[p]])  # the least it must give
                new_lo, new_hi = lo[p], hi[p]
                while counts[new_hi] > cap:
                    new_hi -= 1
                while counts[new_lo] < need:
                    new_lo += 1
                if new_lo > new_hi:
                    return False
                if new_lo != lo[p] or new_hi != hi[p]:
                    least += counts[new_lo] - counts[lo[p]]
                    most += counts[new_hi] - counts[hi[p]]
                    lo[p], hi[p] = new_lo, new_hi
                    pending.update(self.contribution[p])
        return True

    def solve(
        self,
        row_counts: Sequence[int],
        col_counts: Sequence[int],
        known: Sequence[int] | None = None,
        *,
        limit: int = 2,
        node_limit: int | None = None,
    ) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (the level of every piece) and whether the search finished; ``known`` is
        1 (filled), 0 (empty) or -1 per cell."""
        targets = list(row_counts) + list(col_counts)
        lo = [0] * len(self.levels)
        hi = [len(piece) for piece in self.levels]
        for cell, value in enumerate(known or ()):
            if value < 0 or cell not in self.level_of_cell:
                continue
            p, level = self.level_of_cell[cell]
            if value:
                lo[p] = max(lo[p], level)
            else:
                hi[p] = min(hi[p], level - 1)
            if lo[p] > hi[p]:
                return [], True
        self.nodes = 0
        solutions: list[list[int]] = []
        aborted = False

        def search(lo: list[int], hi: list[int], queue: list[int]) -> None:
            nonlocal aborted
            self.nodes += 1
            if node_limit is not None and self.nodes > node_limit:
                aborted = True
                return
            if not self._propagate(lo, hi, targets, queue):
                return
            best, width = -1, 0
            for p in range(len(lo)):
                w = hi[p] - lo[p]
                if w and (best < 0 or w < width):
                    best, width = p, w
                    if w == 1:
                        break
            if best < 0:
                solutions.append(list(lo))
                return
            for level in range(lo[best], hi[best] + 1):
                child_lo, child_hi = list(lo), list(hi)
                child_lo[best] = child_hi[best] = level
                search(child_lo, child_hi, list(self.contribution[best]))
                if aborted or len(solutions) >= limit:
                    return

        search(lo, hi, list(range(len(targets))))
        return solutions, not aborted


def unique_with_reveals(
    puzzle: LevelPuzzle, chosen: Sequence[int], planned: int, rng: random.Random, node_limit: int
) -> list[int] | None:
    """The known cells (1, 0 or -1 per cell) for the pieces at levels ``chosen``: ``planned`` random cells, then
    one cell where a second solution differs for as long as one exists. None when a proof runs over
    ``node_limit`` nodes (the caller draws another board)."""
    board = puzzle.fill(chosen)
    cells = puzzle.rows * puzzle.cols
    rows = [sum(board[r * puzzle.cols : (r + 1) * puzzle.cols]) for r in range(puzzle.rows)]
    cols = [sum(board[c::puzzle.cols]) for c in range(puzzle.cols)]
    revealed = set(rng.sample(range(cells), planned))
    while True:
        known = [board[i] if i in revealed else -1 for i in range(cells)]
        found, complete = puzzle.solve(rows, cols, known, limit=2, node_limit=node_limit)
        if not complete:
            return None
        if len(found) == 1:
            return known
        other = puzzle.fill(found[0] if list(found[0]) != list(chosen) else found[1])
        revealed.add(rng.choice([i for i in range(cells) if other[i] != board[i]]))
