"""Battleships: place a fleet of straight ships on a square board so that no two ships touch (not even
diagonally), every row and column holds its given number of ship cells, and the revealed cells agree.

The solver places the ships longest first. A placement is a ship's cells and its halo (those cells and every
cell touching them); a cell is free while no placed ship's halo covers it. Ships of one length are placed in
increasing placement order, so each solution is reached once. A partial board is a dead end when a row or
column needs more ship cells than it has free cells, or a revealed ship cell is neither covered nor free.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from rlve_plugin_logic.solvers.boards import touching

#: One placement: its cells, and as bit masks (bit ``i`` is cell ``i``) those cells and its halo (the cells and
#: every cell touching them).
Placement = tuple[tuple[int, ...], int, int]


@lru_cache(maxsize=64)
def placements(n: int, length: int) -> tuple[Placement, ...]:
    """Every placement of a ship of ``length`` on an n x n board: horizontal, then vertical (one for length 1);
    cached, as every uniqueness proof of a board size asks for the same ones."""
    found = []
    steps = (1,) if length == 1 else (1, n)
    for step in steps:
        for r in range(n):
            for c in range(n):
                if (step == 1 and c + length > n) or (step == n and r + length > n):
                    continue
                cells = tuple(r * n + c + k * step for k in range(length))
                halo = set(cells)
                for cell in cells:
                    halo.update(touching(n, cell))
                found.append((cells, sum(1 << i for i in cells), sum(1 << i for i in halo)))
    return tuple(found)


def random_fleet(n: int, fleet: Sequence[int], rng: random.Random) -> list[int]:
    """A random board (0/1 per cell) holding the fleet, no two ships touching."""
    options = {length: placements(n, length) for length in set(fleet)}
    while True:
        ship = covered = 0
        for length in sorted(fleet, reverse=True):
            free = [p for p in options[length] if not p[1] & covered]
            if not free:
                break
            _, mask, halo = rng.choice(free)
            ship, covered = ship | mask, covered | halo
        else:
            return [ship >> i & 1 for i in range(n * n)]


@lru_cache(maxsize=64)
def _line_masks(n: int) -> tuple[int, ...]:
    """The cells of each row, then of each column, as bit masks."""
    rows = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
    return tuple(rows + [sum(1 << (r * n + c) for r in range(n)) for c in range(n)])


#: What the search needs of a placement: its ship cells and halo as masks, the ship cells it puts in each line
#: it crosses, and the lines its halo reaches beyond the ship (with their masks).
SearchPlacement = tuple[int, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=64)
def _search_placements(n: int, length: int) -> tuple[SearchPlacement, ...]:
    """``placements(n, length)`` as the search reads them; cached like them."""
    found = []
    for cells, mask, halo in placements(n, length):
        needs: dict[int, int] = {}
        for i in cells:
            needs[i // n] = needs.get(i // n, 0) + 1
            needs[n + i % n] = needs.get(n + i % n, 0) + 1
        rim = halo & ~mask
        reached = tuple((line, line_mask) for line, line_mask in enumerate(_line_masks(n)) if line_mask & rim)
        found.append((mask, halo, tuple(needs.items()), reached))
    return tuple(found)


def solve(
    n: int,
    fleet: Sequence[int],
    rows: Sequence[int],
    cols: Sequence[int],
    known: Sequence[int],
    *,
    limit: int = 2,
    node_limit: int | None = None,
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` boards (0/1 per cell) fitting the clues, and whether the search finished within
    ``node_limit`` nodes. ``known`` is -1 (unknown), 0 (water) or 1 (ship) per cell.

    Sets of cells are bit masks (bit ``i`` is cell ``i``), so a placement is checked against the covered
    cells with one ``&`` and each line's free cells are counted with one ``bit_count``. A line must keep as
    many free cells as it still wants ship cells; placing a ship takes from a line it crosses as many free
    cells as it gives ship cells, so only the lines its halo reaches beyond the ship need counting again.
    """
    ships = sorted(fleet, reverse=True)
    water = sum(1 << i for i in range(n * n) if known[i] == 0)
    must = sum(1 << i for i in range(n * n) if known[i] == 1)
    left = list(rows) + list(cols)  # ship cells still wanted per row, then per column
    options: dict[int, list[SearchPlacement]] = {
        length: [
            option
            for option in _search_placements(n, length)
            if not option[0] & water and all(left[line] >= k for line, k in option[2])
        ]
        for length in set(ships)
    }
    solutions: list[list[int]] = []
    nodes = 0
    aborted = False

    def search(k: int, first: int, ship: int, covered: int) -> None:
        nonlocal nodes, aborted
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            aborted = True
            return
        if k == len(ships):
            if must & ~ship == 0:
                solutions.append([ship >> i & 1 for i in range(n * n)])
            return
        length = ships[k]
        choices = options[length]
        same = k + 1 < len(ships) and ships[k + 1] == length
        for index in range(first, len(choices)):
            mask, halo, needs, reached = choices[index]
            if mask & covered:
                continue
            for line, need in needs:
                if left[line] < need:
                    break
            else:
                for line, need in needs:
                    left[line] -= need
                now_ship, now_covered = ship | mask, covered | halo
                # a revealed ship cell must stay reachable, and each line must keep enough free cells
                if must & now_covered & ~now_ship == 0:
                    free = ~now_covered
                    for line, line_mask in reached:
                        if left[line] > (line_mask & free).bit_count():
                            break
                    else:
                        search(k + 1, index + 1 if same else 0, now_ship, now_covered)
                for line, need in needs:
                    left[line] += need
                if aborted or len(solutions) >= limit:
                    return

    if sum(rows) == sum(cols) == sum(ships):
        if max(left, default=0) <= n:
            search(0, 0, 0, 0)
        else:  # a line wants more ship cells than it has: no placement passes, the root is the only node
            aborted = node_limit is not None and node_limit < 1
    return solutions, not aborted


def ship_lengths(n: int, board: Sequence[int]) -> list[int] | None:
    """The lengths of the ships of a board (0/1 per cell), longest first; None when two ship cells touch
    diagonally without being in one straight ship (a bent or touching group)."""
    seen = [False] * (n * n)
    lengths = []
    for i in range(n * n):
        if not board[i] or seen[i]:
            continue
        group = [i]
        seen[i] = True
        stack = [i]
        while stack:
            for m in touching(n, stack.pop()):
                if board[m] and not seen[m]:
                    seen[m] = True
                    group.append(m)
                    stack.append(m)
        rows = {g // n for g in group}
        cols = {g % n for g in group}
        if len(rows) > 1 and len(cols) > 1:
            return None
        lengths.append(len(group))
    return sorted(lengths, reverse=True)
