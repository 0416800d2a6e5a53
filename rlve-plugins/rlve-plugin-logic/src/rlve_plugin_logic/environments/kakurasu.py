"""logic/kakurasu: shade cells so that every row and column sums the index numbers of its shaded cells."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow, staged
from rlve_plugin_logic.grids import cell_name, format_grid, read_binary_grid
from rlve_plugin_logic.solvers.line_patterns import make_unique, solve_patterns

#: (side, unknown cells at the first level of the stage, at the last): one more unknown cell per step.
#: At the last level of sides 4 to 8 no cell is revealed: the classic puzzle with its clues alone.
STAGES = ((4, 10, 16), (5, 18, 25), (6, 28, 36), (7, 40, 49), (8, 52, 64))


def step_of(difficulty: int) -> int:
    """One step per level up to level 30, then one per two levels."""
    return slow(level(difficulty), 1, 2, knee=30)


def _later_stages():
    """Past the table, sides 9, 10, ...: unknown cells go on rising by one per step, up to a share of the
    grid that falls by 2% per side (86% of a 9x9, 80% of a 12x12, never under 60%), because proving a
    bigger kakurasu unique from its clues alone is slow and seldom possible."""
    n, first = 9, STAGES[-1][2] + 1
    while True:
        last = max(first, n * n * max(60, 86 - 2 * (n - 9)) // 100)
        yield n, first, last
        n, first = n + 1, last + 1


def plan(difficulty: int) -> tuple[int, int]:
    """The side and the number of unknown (not revealed) cells."""
    return staged(step_of(difficulty), itertools.chain(STAGES, _later_stages()))


@lru_cache(maxsize=4096)
def line_patterns(length: int, total: int) -> tuple[int, ...]:
    """Every set of positions 1..length (as bits) whose numbers add up to ``total``."""
    out: list[int] = []

    def extend(i: int, bits: int, rest: int) -> None:
        if rest == 0:
            out.append(bits)
            return
        if i > length or rest < i or rest > (i + length) * (length - i + 1) // 2:
            return
        extend(i + 1, bits | (1 << (i - 1)), rest - i)
        extend(i + 1, bits, rest)

    extend(1, 0, total)
    return tuple(sorted(out))


def clues_of(grid: list[list[int]] | list[list[bool]]) -> tuple[list[int], list[int]]:
    """Row sums of shaded column numbers and column sums of shaded row numbers (numbers from 1)."""
    n = len(grid)
    rows = [sum(c + 1 for c in range(n) if grid[r][c]) for r in range(n)]
    cols = [sum(r + 1 for r in range(n) if grid[r][c]) for c in range(n)]
    return rows, cols


def make_kakurasu(n: int, unknown: int, rng: random.Random) -> tuple[list[list[int]], list[list[int | None]]]:
    """A random half-shaded picture and the puzzle (None = unknown) with exactly ``unknown`` cells hidden."""
    while True:
        picture = [[1 if rng.random() < 0.5 else 0 for _ in range(n)] for _ in range(n)]
        rows, cols = clues_of(picture)
        row_patterns = [line_patterns(n, total) for total in rows]
        col_patterns = [line_patterns(n, total) for total in cols]
        node_limit = 20 * n * n

        def count(grid: list[list[int | None]], rows=row_patterns, cols=col_patterns, limit=node_limit):
            return solve_patterns(rows, cols, grid, limit=2, node_limit=limit)

        puzzle = make_unique(picture, unknown, count, rng)
        if puzzle is not None:
            return picture, puzzle


class Kakurasu(Environment):
    id = "logic/kakurasu"
    version = 1
    description = "Solve a kakurasu: shade cells so each row and column adds up the numbers of its shaded cells."
    difficulty_scales = (
        "side 4 to 8 (the classic clue-only puzzle at the end of each side), then 9, 10, ... with some cells "
        "revealed; one more unknown cell per step (a step per level to d 30, then per two levels)"
    )
    size_name = "unknown cells"
    answer_format = (
        "the grid, one row per line, # for a shaded cell and . for an unshaded one, cells separated by spaces"
    )
    tags = ("logic", "puzzle", "grid", "arithmetic", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, unknown = plan(difficulty)
        picture, puzzle = make_kakurasu(n, unknown, rng)
        rows, cols = clues_of(picture)
        prompt = (
            f"Solve this {n}x{n} kakurasu. Shade some cells of the grid. Columns are numbered 1 to {n} from the "
            f"left and rows 1 to {n} from the top. The clue of a row is the sum of the column numbers of its "
            "shaded cells; the clue of a column is the sum of the row numbers of its shaded cells.\n\n"
            + "\n".join(f"Row {r + 1}: {total}" for r, total in enumerate(rows))
            + "\n"
            + "\n".join(f"Column {c + 1}: {total}" for c, total in enumerate(cols))
        )
        if unknown < n * n:
            shown = [["?" if v is None else "#" if v else "x" for v in row] for row in puzzle]
            prompt += "\n\nSome cells are already known (# shaded, x not shaded, ? unknown):\n\n" + format_grid(shown)
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["#" if v else "." for v in row] for row in picture])
        data = {"rows": rows, "cols": cols, "known": [[-1 if v is None else v for v in row] for row in puzzle]}
        return Instance(prompt=prompt, answer=answer, data=data, size=unknown)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, known = data["rows"], data["cols"], data["known"]
        n = len(rows)
        # x (how the prompt marks known unshaded cells) is read as . too
        grid = read_binary_grid(answer.replace("x", ".").replace("X", "."), n, n, "#", ".")
        for r in range(n):
            for c in range(n):
                if known[r][c] >= 0 and grid[r][c] != bool(known[r][c]):
                    return Verdict.wrong(f"{cell_name(r, c)} is known to be {'shaded' if known[r][c] else 'unshaded'}")
        got_rows, got_cols = clues_of(grid)
        for r in range(n):
            if got_rows[r] != rows[r]:
                return Verdict.wrong(f"row {r + 1} adds up to {got_rows[r]}, its clue is {rows[r]}")
        for c in range(n):
            if got_cols[c] != cols[c]:
                return Verdict.wrong(f"column {c + 1} adds up to {got_cols[c]}, its clue is {cols[c]}")
        return Verdict.right()
