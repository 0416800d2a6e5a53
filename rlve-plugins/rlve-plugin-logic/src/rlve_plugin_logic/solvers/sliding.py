"""Optimal solutions of sliding-tile puzzles by IDA* with the Manhattan distance plus linear conflicts.

A board is a tuple of ``rows * cols`` tiles in row-major order, 0 for the blank; the goal is
1, 2, ..., rows * cols - 1 with the blank last. A move slides a tile next to the blank into it. IDA*
deepens a depth-first search by the smallest f = g + h that exceeded the last bound; the heuristic is
updated incrementally per move, and the move that would undo the last one is skipped.
A node budget makes the search give up (the generator then draws another scramble).

The heuristic adds to the Manhattan distance two moves per tile that must leave its goal row (or column)
to let another tile of that line pass it: in each line, the tiles already in their goal line minus the
longest run of them in goal order. It stays admissible, so every node on a shortest path is still
expanded in the same order, and the path returned (the first shortest one in move order) is the same as
with the Manhattan distance alone, only found after far fewer nodes.
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


def longest_increasing(values: list[int]) -> int:
    """The length of the longest strictly increasing subsequence (patience sorting)."""
    tails: list[int] = []
    for value in values:
        low, high = 0, len(tails)
        while low < high:
            mid = (low + high) // 2
            if tails[mid] < value:
                low = mid + 1
            else:
                high = mid
        if low == len(tails):
            tails.append(value)
        else:
            tails[low] = value
    return len(tails)


def line_conflicts(line: tuple[int, ...], index: int, goal_line: list[int], goal_place: list[int]) -> int:
    """Extra moves forced in one row (or column): two per tile of this goal line that must step out of it."""
    places = [goal_place[t] for t in line if t and goal_line[t] == index]
    return 2 * (len(places) - longest_increasing(places))


def solve(board: tuple[int, ...], rows: int, cols: int, node_budget: int) -> list[int]:
    """A shortest list of tiles to slide; raises Budget when the search needs more than ``node_budget`` nodes."""
    near = neighbours_of(rows, cols)
    cells = list(board)
    goal_row = [0] + [(t - 1) // cols for t in range(1, rows * cols)]
    goal_col = [0] + [(t - 1) % cols for t in range(1, rows * cols)]
    size = rows * cols
    # lines 0 .. rows - 1 are the rows, rows .. rows + cols - 1 the columns; their conflicts are memoised on
    # the line's contents (few distinct lines recur across the search)
    memo: list[dict[tuple[int, ...], int]] = [{} for _ in range(rows + cols)]

    def conflicts_of(k: int) -> int:
        line = tuple(cells[k * cols : (k + 1) * cols] if k < rows else cells[k - rows :: cols])
        value = memo[k].get(line)
        if value is None:
            if k < rows:
                value = line_conflicts(line, k, goal_row, goal_col)
            else:
                value = line_conflicts(line, k - rows, goal_col, goal_row)
            memo[k][line] = value
        return value

    # effect[tile][j * size + blank]: (change of the tile's distance, the line whose conflicts may change or -1)
    # when the tile slides from j into the blank. Conflicts change only in a line the tile leaves or enters as
    # its goal line: the other tiles of the line keep their order.
    effect = [[(0, -1)] * (size * size) for _ in range(size)]
    for tile in range(1, size):
        here = effect[tile]
        for blank in range(size):
            for j in near[blank]:
                moved = abs(blank // cols - goal_row[tile]) + abs(blank % cols - goal_col[tile])
                moved -= abs(j // cols - goal_row[tile]) + abs(j % cols - goal_col[tile])
                line = -1
                if j // cols != blank // cols and goal_row[tile] in (j // cols, blank // cols):
                    line = goal_row[tile]
                elif j % cols != blank % cols and goal_col[tile] in (j % cols, blank % cols):
                    line = rows + goal_col[tile]
                here[j * size + blank] = (moved, line)
    conflicts = [conflicts_of(k) for k in range(rows + cols)]
    path: list[int] = []
    nodes = 0

    # per blank square: each neighbour j with its index into a tile's ``effect`` row
    moves_from = [[(j, j * size + blank) for j in near[blank]] for blank in range(size)]

    def search(blank: int, g: int, h: int, bound: int, previous: int) -> int:
        """The smallest f over the bound among the children cut off below this node (f <= bound, h > 0 here),
        or -1 when the goal is reached. Children over the bound are cut here, not in a call of their own, and
        the board is only touched for a child whose line conflicts must be recounted or that is searched."""
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            raise Budget
        smallest = 1 << 30
        g += 1
        for j, key in moves_from[blank]:
            if j == previous:
                continue
            tile = cells[j]
            moved, line = effect[tile][key]
            child = h + moved
            if line >= 0:
                cells[blank], cells[j] = tile, 0
                old = conflicts[line]
                new = conflicts_of(line)
                child += new - old
                f = g + child
                if f > bound:
                    cells[j], cells[blank] = tile, 0
                    if f < smallest:
                        smallest = f
                    continue
                conflicts[line] = new
            else:
                f = g + child
                if f > bound:
                    if f < smallest:
                        smallest = f
                    continue
                cells[blank], cells[j] = tile, 0
            path.append(tile)
            if child == 0:
                return -1
            f = search(j, g, child, bound, blank)
            if f == -1:
                return -1
            path.pop()
            if line >= 0:
                conflicts[line] = old
            cells[j], cells[blank] = tile, 0
            if f < smallest:
                smallest = f
        return smallest

    start = manhattan(board, cols) + sum(conflicts)
    if start == 0:
        return []
    bound = start
    blank = board.index(0)
    while True:
        result = search(blank, 0, start, bound, -1)
        if result == -1:
            return path
        bound = result
