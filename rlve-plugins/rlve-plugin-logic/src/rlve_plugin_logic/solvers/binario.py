"""Binario (takuzu) lines, the solver (``line_patterns`` with distinct lines) and the puzzle generator.

A valid line of even length ``n`` has ``n / 2`` ones and no three equal cells in a row; their number
grows about 2.5 times per 2 cells (34 for n = 8, 1296 for n = 16, 8196 for n = 20).
"""

from __future__ import annotations

import random
from functools import lru_cache

from rlve_plugin_logic.solvers.line_patterns import make_unique, solve_patterns


@lru_cache(maxsize=16)
def valid_lines(n: int) -> tuple[int, ...]:
    """Every balanced length-``n`` line without three equal neighbours, as ints, ascending."""
    out: list[int] = []

    def extend(i: int, bits: int, ones: int, run_value: int, run: int) -> None:
        if ones > n // 2 or i - ones > n // 2:
            return
        if i == n:
            out.append(bits)
            return
        for value in (0, 1):
            length = run + 1 if value == run_value else 1
            if length <= 2:
                extend(i + 1, bits | (value << i), ones + value, value, length)

    extend(0, 0, 0, -1, 0)
    return tuple(sorted(out))


def line_ok(cells: list[int]) -> str | None:
    """Why a line of 0/1 cells breaks the rules (balance, three in a row), or None."""
    n = len(cells)
    if sum(cells) != n // 2:
        return f"has {sum(cells)} ones and {n - sum(cells)} zeros, expected {n // 2} of each"
    for i in range(n - 2):
        if cells[i] == cells[i + 1] == cells[i + 2]:
            return f"has three {cells[i]}s in a row from position {i + 1}"
    return None


def solve(
    n: int,
    grid: list[list[int | None]],
    *,
    limit: int = 2,
    rng: random.Random | None = None,
    node_limit: int | None = None,
) -> tuple[list[list[list[int]]], bool]:
    """Up to ``limit`` solutions (grids of 0/1) of ``grid`` (None = empty), and whether the search finished."""
    lines = valid_lines(n)
    return solve_patterns([lines] * n, [lines] * n, grid, distinct=True, limit=limit, rng=rng, node_limit=node_limit)


def make_puzzle(n: int, blanks: int, rng: random.Random) -> tuple[list[list[int | None]], list[list[int]]] | None:
    """A puzzle with exactly ``blanks`` empty cells and a unique solution, and the solution; None if this
    random solution cannot lose that many cells (the caller tries another)."""
    empty: list[list[int | None]] = [[None] * n for _ in range(n)]
    solution = solve(n, empty, limit=1, rng=rng)[0][0]
    node_limit = 20 * n * n
    puzzle = make_unique(
        solution,
        blanks,
        lambda grid: solve(n, grid, limit=2, node_limit=node_limit),
        rng,
        try_other_value=True,
        quick_second=RectangleFlips(solution).second_solution,
    )
    return None if puzzle is None else (puzzle, solution)


class RectangleFlips:
    """Second solutions that differ from ``solution`` in the four corners of a rectangle: rows ``r``, ``r2``
    and columns ``c``, ``c2`` read ``v, 1 - v`` and ``1 - v, v`` at the corners, and all swap. The rows and
    columns keep their balance, so the flip is a solution when the four changed lines stay valid (no three
    equal in a row) and distinct from the others: a few set lookups, where a search takes a propagation of
    every line."""

    def __init__(self, solution: list[list[int]]):
        n = len(solution)
        self.solution = solution
        self.rows = [sum(v << c for c, v in enumerate(row)) for row in solution]
        self.cols = [sum(solution[r][c] << r for r in range(n)) for c in range(n)]
        self.valid = set(valid_lines(n))

    def second_solution(self, puzzle: list[list[int | None]], r: int, c: int) -> bool:
        """Whether a flip through cell (r, c) changes only it and empty cells of ``puzzle``."""
        solution, rows, cols, valid = self.solution, self.rows, self.cols, self.valid
        n, v = len(solution), solution[r][c]
        for c2 in range(n):
            if puzzle[r][c2] is not None or solution[r][c2] == v:
                continue
            row = rows[r] ^ (1 << c | 1 << c2)
            if row not in valid or row in rows:
                continue
            for r2 in range(n):
                if puzzle[r2][c] is not None or puzzle[r2][c2] is not None:
                    continue
                if solution[r2][c] == v or solution[r2][c2] != v:
                    continue
                row2 = rows[r2] ^ (1 << c | 1 << c2)
                col = cols[c] ^ (1 << r | 1 << r2)
                col2 = cols[c2] ^ (1 << r | 1 << r2)
                if (
                    row2 in valid
                    and col in valid
                    and col2 in valid
                    and row2 not in rows
                    and row != row2
                    and col not in cols
                    and col2 not in cols
                    and col != col2
                ):
                    return True
        return False
