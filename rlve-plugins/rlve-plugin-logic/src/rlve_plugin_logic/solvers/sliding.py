"""Optimal solutions of sliding-tile puzzles by IDA* with the Manhattan-distance heuristic.

A board is a tuple of ``rows * cols`` tiles in row-major order, 0 for the blank; the goal is
1, 2, ..., rows * cols - 1 with the blank last. A move slides a tile next to the blank into it. IDA*
deepens a depth-first search by the smallest f = g + h that exceeded the last bound; the Manhattan
distance is updated incrementally per move, and the move that would undo the last one is skipped.
A node budget makes the search give up (the generator then draws another scramble).
"""

from __future__ import annotations

import random


class Budget(Exception):
    """The search used up its node budget."""


def goal_of(rows: int, cols: int) -> tuple[int, ...]:
    return tuple(list(range(1, rows * cols)) + [0])


def neighbours_of(rows: int, cols: int) -> list[list[int]]:
    out = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        out.append(
            [
                (r + dr) * cols + c + dc
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ]
        )
    return out


def manhattan(board: tuple[int, ...], cols: int) -> int:
    total = 0
    for i, tile in enumerate(board):
        if tile:
            total += abs(i // cols - (tile - 1) // cols) + abs(i % cols - (tile - 1) % cols)
    return total


def is_solvable(board: tuple[int, ...], rows: int, cols: int) -> bool:
    """The usual parity rule: inversions, plus (for an even width) the blank's row counted from the bottom."""
    tiles = [t for t in board if t]
    inversions = sum(1 for a in range(len(tiles)) for b in range(a + 1, len(tiles)) if tiles[a] > tiles[b])
    if cols % 2:
        return inversions % 2 == 0
    blank_row_from_bottom = rows - board.index(0) // cols
    return (inversions + blank_row_from_bottom) % 2 == 1


def scramble(rows: int, cols: int, moves: int, rng: random.Random) -> tuple[int, ...]:
    """A random walk of ``moves`` blank moves from the goal, never undoing the previous move."""
    board = list(goal_of(rows, cols))
    near = neighbours_of(rows, cols)
    blank, previous = len(board) - 1, -1
    for _ in range(moves):
        options = [j for j in near[blank] if j != previous]
        j = rng.choice(options)
        board[blank], board[j] = board[j], 0
        previous, blank = blank, j
    return tuple(board)


def solve(board: tuple[int, ...], rows: int, cols: int, node_budget: int) -> list[int]:
    """A shortest list of tiles to slide; raises Budget when the search needs more than ``node_budget`` nodes."""
    near = neighbours_of(rows, cols)
    cells = list(board)
    goal_row = [0] + [(t - 1) // cols for t in range(1, rows * cols)]
    goal_col = [0] + [(t - 1) % cols for t in range(1, rows * cols)]
    path: list[int] = []
    nodes = 0

    def search(blank: int, g: int, h: int, bound: int, previous: int) -> int:
        """The smallest f over the bound seen below this node, or -1 when the goal is reached."""
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            raise Budget
        f = g + h
        if f > bound:
            return f
        if h == 0:
            return -1
        smallest = 1 << 30
        br, bc = divmod(blank, cols)
        for j in near[blank]:
            if j == previous:
                continue
            tile = cells[j]
            jr, jc = divmod(j, cols)
            # the tile moves from j to blank: its distance to its goal cell changes by one
            before = abs(jr - goal_row[tile]) + abs(jc - goal_col[tile])
            after = abs(br - goal_row[tile]) + abs(bc - goal_col[tile])
            cells[blank], cells[j] = tile, 0
            path.append(tile)
            result = search(j, g + 1, h - before + after, bound, blank)
            if result == -1:
                return -1
            path.pop()
            cells[j], cells[blank] = tile, 0
            smallest = min(smallest, result)
        return smallest

    bound = manhattan(board, cols)
    blank = board.index(0)
    while True:
        result = search(blank, 0, manhattan(board, cols), bound, -1)
        if result == -1:
            return path
        bound = result
