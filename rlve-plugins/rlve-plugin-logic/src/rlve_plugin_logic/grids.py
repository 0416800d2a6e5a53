"""Grids in prompts and answers: one row per line, cells separated by spaces.

Readers wrap ``rlve.parse.parse_grid`` and add what every grid puzzle needs: the exact shape, a
per-cell pattern, and a value range, each failure a ``ParseError`` that says what was expected.
Rows of single-character cells may also be written without spaces (``1234``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rlve import ParseError
from rlve.parse import parse_grid


def format_grid(rows: Sequence[Sequence[object]]) -> str:
    """Rows of cells as text: one row per line, cells separated by single spaces."""
    return "\n".join(" ".join(str(cell) for cell in row) for row in rows)


def cell_name(row: int, col: int) -> str:
    """A cell as people name it: 1-based row and column."""
    return f"row {row + 1}, column {col + 1}"


def read_grid(answer: str, rows: int, cols: int, cell_pattern: str, *, single_chars: bool = False) -> list[list[str]]:
    """A grid of exactly ``rows`` x ``cols`` cells, each matching ``cell_pattern`` (a simple regex)."""
    grid = parse_grid(answer, max_rows=rows, max_cols=cols, cell_pattern=cell_pattern, single_chars=single_chars)
    if len(grid) != rows:
        raise ParseError(f"expected {rows} rows, got {len(grid)}")
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise ParseError(f"row {r + 1} has {len(row)} cells, expected {cols}")
    return grid


def read_number_grid(answer: str, rows: int, cols: int, low: int, high: int) -> list[list[int]]:
    """A grid of integers from ``low`` to ``high`` (both at least 0); unspaced rows allowed when ``high`` < 10."""
    digits = len(str(high))
    grid = read_grid(answer, rows, cols, rf"[0-9]{{1,{digits}}}", single_chars=high < 10)
    values = [[int(cell) for cell in row] for row in grid]
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            if not low <= value <= high:
                raise ParseError(f"{cell_name(r, c)} is {value}, expected a number from {low} to {high}")
    return values


def read_binary_grid(answer: str, rows: int, cols: int, on: str, off: str) -> list[list[bool]]:
    """A grid of two symbols (``on``/``off``, each one character; ``1``/``0`` are always accepted too)."""
    allowed = "".join(sorted({on, off, "1", "0"}))
    grid = read_grid(answer, rows, cols, "[" + "".join(re.escape(ch) for ch in allowed) + "]", single_chars=True)
    return [[cell in (on, "1") for cell in row] for row in grid]


def latin_conflict(grid: list[list[int]]) -> str | None:
    """The first repeated value in a row or a column of a square grid, described; None if there is none."""
    n = len(grid)
    for r in range(n):
        if len(set(grid[r])) != n:
            return f"row {r + 1} repeats a number"
    for c in range(n):
        if len({grid[r][c] for r in range(n)}) != n:
            return f"column {c + 1} repeats a number"
    return None
