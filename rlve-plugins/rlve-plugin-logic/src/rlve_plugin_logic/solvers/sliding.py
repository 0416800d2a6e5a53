"""Optimal solutions of sliding-tile puzzles by IDA* with the Manhattan distance plus linear conflicts.

A board is a tuple of ``rows * cols`` tiles in row-major order, 0 for the blank; the goal is
1, 2, ..., rows * cols - 1 with the blank last. A move slides a tile next to the blank into it. IDA*
deepens a depth-first search by the smallest f = g + h that exceeded the last bound; the heuristic is
updated incrementally per move, and the move that would undo the last one is skipped.
A node budget makes the search give up (the generator then draws another scramble).

The heuristic adds to the Manhattan distance two moves per tile that must leave its goal row (or column)
to let another tile of that line pass it: in each line, the tiles already in their goal line minus the
longest run of them in goal order. It stays admissible.

Four things keep the last, most expensive iterations short. Children are searched smallest estimate
first, so the iteration that reaches the goal tends to reach it early. A transposition table skips a board
already searched in this iteration at the same or a smaller depth (its subtree was searched with at least
as much room, and a shortest path never runs through a board it could have reached sooner). A table of
exact distances for every board near the goal (``near_goal``, a breadth-first search made once per board
size) replaces the estimate of a board whose estimate is within the table's radius, so the last levels
of every iteration only follow real shortest paths. And a solution the caller already knows (the
scramble's own moves undone, cut short through that table by ``shortcut``) ends the search as soon as the
bound reaches its length: nothing shorter exists then, so the final iteration, the costliest, is skipped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class Budget(Exception):
    """The search used up its node budget."""


#: Boards with fewer moves than this left under the bound are not put in the transposition table: their
#: subtrees are small, and looking them up would cost more than searching them again.
TABLE_ROOM = 6
#: ``near_goal`` searches breadth-first from the goal, a whole distance at a time, until it holds this many
#: boards: on a 4x4, every board within 12 moves (15,500 boards, a few milliseconds, once per board size).
NEAR_GOAL_BOARDS = 15_000

_near_goal_tables: dict[tuple[int, int], tuple[dict[int, int], int]] = {}


def key_bits(size: int) -> int:
    """Bits per square in a board key: enough for the largest tile, size - 1. Every key (``near_goal``, ``solve``,
    ``shortcut``) uses this width, so keys made by one are found in the tables of another."""
    return max(1, (size - 1).bit_length())


def board_key(board: Sequence[int], bits: int) -> int:
    """The board's tiles as the digits of one integer, ``bits`` bits each, the first square lowest."""
    return sum(tile << (bits * i) for i, tile in enumerate(board))


def near_goal(rows: int, cols: int) -> tuple[dict[int, int], int]:
    """(the exact distance to the goal of every board within ``radius`` moves of it by board key, radius)."""
    made = _near_goal_tables.get((rows, cols))
    if made is not None:
        return made
    size = rows * cols
    bits = key_bits(size)
    digit = (1 << bits) - 1
    near = neighbours_of(rows, cols)
    key = board_key(goal_of(rows, cols), bits)
    table = {key: 0}
    frontier = [(key, size - 1)]
    distance = 0
    while frontier and len(table) < NEAR_GOAL_BOARDS:
        distance += 1
        reached = []
        for key, blank in frontier:
            for j in near[blank]:
                tile = key >> (bits * j) & digit
                child = key + (tile << (bits * blank)) - (tile << (bits * j))
                if child not in table:
                    table[child] = distance
                    reached.append((child, j))
        frontier = reached
    radius = distance if frontier else 1 << 30  # a board space used up is all in the table
    _near_goal_tables[(rows, cols)] = table, radius
    return table, radius


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


def scramble(rows: int, cols: int, moves: int, rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    """A random walk of ``moves`` blank moves from the goal, never undoing the previous move: the board, and
    the tiles to slide to undo the walk (a solution, not always a shortest one)."""
    board = list(goal_of(rows, cols))
    near = neighbours_of(rows, cols)
    blank, previous = len(board) - 1, -1
    slid = []
    for _ in range(moves):
        options = [j for j in near[blank] if j != previous]
        j = rng.choice(options)
        slid.append(board[j])
        board[blank], board[j] = board[j], 0
        previous, blank = blank, j
    return tuple(board), slid[::-1]


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


def shortcut(board: tuple[int, ...], moves: list[int], rows: int, cols: int) -> list[int]:
    """``moves`` (a solution of ``board``) cut short where it passes a board whose exact distance in
    ``near_goal`` is less than the moves it has left: from there on, a shortest path down the table."""
    size = rows * cols
    bits = key_bits(size)
    digit = (1 << bits) - 1
    exact, _ = near_goal(rows, cols)
    near = neighbours_of(rows, cols)
    cells = list(board)
    key, blank = board_key(board, bits), board.index(0)
    best, best_at = len(moves), None
    distance = exact.get(key)
    if distance is not None and distance < best:
        best, best_at = distance, (0, key, blank)
    for done, tile in enumerate(moves, start=1):
        where = cells.index(tile)
        cells[blank], cells[where] = tile, 0
        key += (tile << (bits * blank)) - (tile << (bits * where))
        blank = where
        distance = exact.get(key)
        if distance is not None and done + distance < best:
            best, best_at = done + distance, (done, key, blank)
    if best_at is None:
        return list(moves)
    done, key, blank = best_at
    out = list(moves[:done])
    distance = exact[key]
    while distance:  # step to a neighbouring board one move nearer the goal; one always exists
        for j in near[blank]:
            tile = key >> (bits * j) & digit
            child = key + (tile << (bits * blank)) - (tile << (bits * j))
            if exact.get(child) == distance - 1:
                out.append(tile)
                key, blank, distance = child, j, distance - 1
                break
    return out


_move_tables_made: dict[tuple[int, int], tuple[list, list, list]] = {}


def _move_tables(rows: int, cols: int) -> tuple[list, list, list]:
    """(effect, moves_from, weight), made once per board size.

    effect[tile][j * size + blank]: (change of the tile's distance, the line whose conflicts may change or -1)
    when the tile slides from j into the blank; conflicts change only in a line the tile leaves or enters as
    its goal line (the other tiles of the line keep their order). Lines 0 .. rows - 1 are the rows, then the
    columns. moves_from[blank]: each neighbour j with its index into a tile's ``effect`` row.
    weight[tile][i]: the tile's term in a board key when it stands on square i."""
    made = _move_tables_made.get((rows, cols))
    if made is not None:
        return made
    size = rows * cols
    near = neighbours_of(rows, cols)
    goal_row = [0] + [(t - 1) // cols for t in range(1, size)]
    goal_col = [0] + [(t - 1) % cols for t in range(1, size)]
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
    moves_from = [[(j, j * size + blank) for j in near[blank]] for blank in range(size)]
    bits = key_bits(size)
    weight = [[tile << (bits * i) for i in range(size)] for tile in range(size)]
    made = _move_tables_made[(rows, cols)] = effect, moves_from, weight
    return made


def solve(
    board: tuple[int, ...], rows: int, cols: int, node_budget: int, known: list[int] | None = None
) -> list[int]:
    """A shortest list of tiles to slide; raises Budget when the search needs more than ``node_budget`` nodes.
    ``known``, a solution already known, is returned when the search proves nothing shorter exists."""
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

    effect, moves_from, weight = _move_tables(rows, cols)
    conflicts = [conflicts_of(k) for k in range(rows + cols)]
    path: list[int] = []
    nodes = 0
    # a board's key (``board_key``) is updated by two terms per move; ``depth_of`` holds the smallest depth each
    # key was searched at in this iteration; a board whose h is within the radius of ``exact`` gets its exact
    # distance from it instead, or, when it is not there, the least distance beyond the radius of h's parity
    bits = key_bits(size)
    depth_of: dict[int, int] = {}
    exact, radius = near_goal(rows, cols)

    def search(blank: int, g: int, h: int, bound: int, previous: int, key: int) -> int:
        """The smallest f over the bound among the children cut off below this node (f <= bound, h > 0 here),
        or -1 when the goal is reached. Children over the bound are cut here, not in a call of their own."""
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            raise Budget
        smallest = 1 << 30
        g += 1
        children = []
        for j, index in moves_from[blank]:
            if j == previous:
                continue
            tile = cells[j]
            moved, line = effect[tile][index]
            child = h + moved
            new = 0
            if line >= 0:  # recount that line's conflicts with the tile moved
                cells[blank], cells[j] = tile, 0
                new = conflicts_of(line)
                cells[j], cells[blank] = tile, 0
                child += new - conflicts[line]
            w = weight[tile]
            child_key = key + w[blank] - w[j]
            # ``child`` stays the incremental Manhattan distance plus conflicts; ``estimate`` may be more
            estimate = exact.get(child_key, radius + 1 + (radius + 1 - child) % 2) if child <= radius else child
            f = g + estimate
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            children.append((estimate, j, tile, line, new, child_key, child))
        if len(children) > 1:
            children.sort()
        for _, j, tile, line, new, child_key, child in children:
            cells[blank], cells[j] = tile, 0
            path.append(tile)
            if child == 0:
                return -1
            if line >= 0:
                old = conflicts[line]
                conflicts[line] = new
            if bound - g < TABLE_ROOM:
                f = search(j, g, child, bound, blank, child_key)
            else:
                if depth_of.get(child_key, 1 << 30) <= g:
                    f = 1 << 30  # searched already, with at least this much room
                else:
                    depth_of[child_key] = g
                    f = search(j, g, child, bound, blank, child_key)
            if f == -1:
                return -1
            path.pop()
            if line >= 0:
                conflicts[line] = old
            cells[j], cells[blank] = tile, 0
            if f < smallest:
                smallest = f
        return smallest

    key = board_key(board, bits)
    start = manhattan(board, cols) + sum(conflicts)
    if start == 0:
        return []
    bound = exact.get(key, radius + 1 + (radius + 1 - start) % 2) if start <= radius else start
    if known is not None:
        known = shortcut(board, known, rows, cols)
    blank = board.index(0)
    while True:
        if known is not None and bound >= len(known):
            return list(known)  # no solution is shorter than the bound, and ``known`` is no longer than it
        depth_of.clear()
        depth_of[key] = 0
        result = search(blank, 0, start, bound, -1, key)
        if result == -1:
            return path
        bound = result
