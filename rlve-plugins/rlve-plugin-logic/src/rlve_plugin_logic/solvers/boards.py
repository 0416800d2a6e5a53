"""What the square-board puzzles of the pack share (skyscrapers, kenken, hitori, light up, star battle,
tents, aquarium): the difficulty plan, the revealed cells that carry the difficulty within a board size,
board geometry, and growing a board's regions from seed cells. Cells are row-major indices ``r * n + c``;
orthogonal neighbours come from ``solvers.sliding``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from rlve.scaling import level, slow, staged
from rlve_plugin_logic.grids import cell_name, format_grid, read_binary_grid


def plan(difficulty: int, stages: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
    """(board side, count) from ``(side, count at the stage's first level, at its last)`` stages; the count is
    what carries the difficulty within a side (revealed cells, given numbers, one-cell cages).

    One step per level up to level 30, then one per two levels; past the last stage the last board stays,
    with its last count: the biggest boards are the slowest to prove unique, and a plateau keeps absurd
    difficulties (10**100) as quick to generate as the last stage.
    """
    step = slow(level(difficulty), 1, 2, knee=30)
    last = sum(abs(first - final) + 1 for _, first, final in stages) - 1
    return staged(min(step, last), stages)


def blocks(n: int) -> list[tuple[int, int, int, int]]:
    """Every 2x2 block of an n x n board: two cells touch, even diagonally, exactly when a block holds both."""
    corners = [r * n + c for r in range(n - 1) for c in range(n - 1)]
    return [(i, i + 1, i + n, i + n + 1) for i in corners]


def name(n: int, cell: int) -> str:
    """A cell (row-major index) as people name it: ``row 2, column 3``."""
    return cell_name(cell // n, cell % n)


def touching(n: int, cell: int) -> list[int]:
    """The up to 8 cells around ``cell`` (diagonal ones included)."""
    r, c = divmod(cell, n)
    return [
        rr * n + cc
        for rr in range(max(0, r - 1), min(n, r + 2))
        for cc in range(max(0, c - 1), min(n, c + 2))
        if (rr, cc) != (r, c)
    ]


def lines(n: int) -> list[list[int]]:
    """The rows, then the columns, of an n x n board."""
    return [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]


def connected(cells: Iterable[int], neighbours: Sequence[Sequence[int]]) -> bool:
    """Whether ``cells`` (non-empty) form one orthogonally connected group."""
    members = set(cells)
    if not members:
        return False
    start = next(iter(members))
    seen = {start}
    stack = [start]
    while stack:
        for m in neighbours[stack.pop()]:
            if m in members and m not in seen:
                seen.add(m)
                stack.append(m)
    return len(seen) == len(members)


def known_grid(n: int, solution: Sequence[int], revealed: Iterable[int], yes: str, no: str) -> list[list[str]]:
    """The board as the prompt shows the revealed cells of a yes/no solution: ``yes``, ``no``, else ``?``."""
    shown = [["?"] * n for _ in range(n)]
    for cell in revealed:
        shown[cell // n][cell % n] = yes if solution[cell] else no
    return shown


def grow_regions(n: int, seeds: list[int], neighbours: list[list[int]], rng: random.Random) -> list[int]:
    """The region (index into ``seeds``) of every cell: each seed's region takes one random free neighbour
    cell at a time, picked over all the borders at once, until the board is covered."""
    region = [-1] * (n * n)
    edges = []
    for k, seed in enumerate(seeds):
        region[seed] = k
        edges += [(seed, m) for m in neighbours[seed]]
    left = n * n - len(seeds)
    while left:
        j = rng.randrange(len(edges))
        inside, outside = edges[j]
        edges[j] = edges[-1]
        edges.pop()
        if region[outside] < 0:
            region[outside] = region[inside]
            left -= 1
            edges += [(outside, m) for m in neighbours[outside] if region[m] < 0]
    return region


def known_cells_text(n: int, board: Sequence[int], known: Sequence[int], filled: str) -> str:
    """The prompt's paragraph showing the revealed cells of a fill puzzle (# ``filled``, x empty, ? unknown),
    or nothing when none is revealed."""
    revealed = [i for i in range(n * n) if known[i] >= 0]
    if not revealed:
        return ""
    shown = known_grid(n, board, revealed, "#", "x")
    return f"\n\nSome cells are already known (# {filled}, x empty, ? unknown):\n\n" + format_grid(shown)


def read_filled_board(answer: str, n: int, known: Sequence[int], filled: str) -> tuple[list[int], str | None]:
    """A fill puzzle's answer grid of # and . (x, how the prompt marks known empty cells, read as .) as 0/1 per
    cell, and the reason it is wrong when it contradicts a revealed cell (None when it does not)."""
    grid = read_binary_grid(answer.replace("x", ".").replace("X", "."), n, n, "#", ".")
    board = [int(grid[i // n][i % n]) for i in range(n * n)]
    for i in range(n * n):
        if known[i] >= 0 and board[i] != known[i]:
            return board, f"{name(n, i)} is known to be {filled if known[i] else 'empty'}"
    return board, None
