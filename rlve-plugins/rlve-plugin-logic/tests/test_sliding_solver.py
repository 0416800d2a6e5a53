"""The sliding-puzzle solver the generator relies on: the table of exact distances near the goal (checked
by breadth-first search here), shortest solutions of 4x4 boards (checked by a plain IDA* with the Manhattan
distance alone), the known solution it may be given, and the shortcut it takes through that table."""

from __future__ import annotations

import random
from collections import deque

from rlve_plugin_logic.solvers.sliding import (
    Budget,
    board_key,
    goal_of,
    near_goal,
    neighbours_of,
    scramble,
    shortcut,
    solve,
)


def slide(board, tiles, rows, cols):
    """The board after sliding ``tiles`` in order; AssertionError on a move that is not legal."""
    cells, near = list(board), neighbours_of(rows, cols)
    for tile in tiles:
        blank, where = cells.index(0), cells.index(tile)
        assert where in near[blank], f"tile {tile} is not next to the blank"
        cells[blank], cells[where] = tile, 0
    return tuple(cells)


def distances_from_goal(rows, cols, radius):
    goal, near = goal_of(rows, cols), neighbours_of(rows, cols)
    seen, queue = {goal: 0}, deque([goal])
    while queue:
        state = queue.popleft()
        if seen[state] == radius:
            continue
        blank = state.index(0)
        for j in near[blank]:
            nxt = list(state)
            nxt[blank], nxt[j] = nxt[j], 0
            nxt = tuple(nxt)
            if nxt not in seen:
                seen[nxt] = seen[state] + 1
                queue.append(nxt)
    return seen


def test_near_goal_table_holds_exactly_the_boards_within_its_radius():
    for rows, cols in ((2, 3), (3, 3), (4, 4)):
        table, radius = near_goal(rows, cols)
        bits = max(1, (rows * cols - 1).bit_length())
        expected = distances_from_goal(rows, cols, min(radius, 40))
        assert {board_key(state, bits): d for state, d in expected.items()} == table, (rows, cols)
    assert near_goal(2, 3)[1] > 40  # the whole 2x3 space (360 boards) fits: no radius limits it
    assert near_goal(4, 4)[1] == 12


def manhattan_ida(board, rows, cols):
    """The fewest moves, by IDA* with the Manhattan distance only (no conflicts, tables or known paths)."""
    goal, near = goal_of(rows, cols), neighbours_of(rows, cols)

    def h(state):
        return sum(
            abs(i // cols - (t - 1) // cols) + abs(i % cols - (t - 1) % cols) for i, t in enumerate(state) if t
        )

    def search(state, g, bound, previous):
        f = g + h(state)
        if f > bound:
            return f
        if state == goal:
            return -1
        smallest = 1 << 30
        blank = state.index(0)
        for j in near[blank]:
            if j == previous:
                continue
            nxt = list(state)
            nxt[blank], nxt[j] = nxt[j], 0
            result = search(tuple(nxt), g + 1, bound, blank)
            if result == -1:
                return -1
            smallest = min(smallest, result)
        return smallest

    bound = h(board)
    while True:
        result = search(board, 0, bound, -1)
        if result == -1:
            return bound
        bound = result


def test_solve_finds_shortest_solutions_of_4x4_boards():
    rng = random.Random(11)
    lengths = []
    for walk in (14, 18, 22, 24, 26, 26):
        board, undo = scramble(4, 4, walk, rng)
        best = manhattan_ida(board, 4, 4)
        for known in (None, undo):
            moves = solve(board, 4, 4, 10**6, known=known)
            assert slide(board, moves, 4, 4) == goal_of(4, 4)
            assert len(moves) == best, (walk, known is not None)
        lengths.append(best)
    assert max(lengths) > 12  # some boards lie beyond the table's radius


def test_a_known_solution_is_returned_only_when_it_is_a_shortest_one():
    board, _ = scramble(3, 3, 16, random.Random(2))
    best = solve(board, 3, 3, 10**6)
    assert best
    there_and_back = [best[0], best[0], *best]  # slide a tile out and back, then a shortest solution
    assert slide(board, there_and_back, 3, 3) == goal_of(3, 3)
    moves = solve(board, 3, 3, 10**6, known=there_and_back)
    assert len(moves) == len(best) and slide(board, moves, 3, 3) == goal_of(3, 3)
    assert solve(board, 3, 3, 10**6, known=list(best)) == best


def test_shortcut_cuts_a_solution_that_wanders_near_the_goal():
    rng = random.Random(5)
    cut_some = False
    for walk in (20, 30, 40, 50):
        for _ in range(25):
            board, undo = scramble(4, 4, walk, rng)
            cut = shortcut(board, undo, 4, 4)
            assert slide(board, cut, 4, 4) == goal_of(4, 4)
            assert len(cut) <= len(undo) and len(cut) % 2 == len(undo) % 2
            cut_some = cut_some or len(cut) < len(undo)
    assert cut_some


def test_solve_gives_up_past_its_node_budget():
    board, _ = scramble(4, 4, 40, random.Random(3))
    try:
        solve(board, 4, 4, 50)
    except Budget:
        return
    raise AssertionError("a 40-move scramble was solved within 50 nodes")
