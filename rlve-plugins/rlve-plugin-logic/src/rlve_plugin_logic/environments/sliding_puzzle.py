"""logic/sliding_puzzle: solve a sliding-tile puzzle (8-puzzle, 15-puzzle, ...) in the fewest moves."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level, slow
from rlve_plugin_logic.grids import format_grid
from rlve_plugin_logic.solvers.sliding import Budget, goal_of, neighbours_of, scramble, solve

#: IDA* nodes allowed per attempt; a scramble that needs more is redrawn. To level 30 the budget keeps every
#: generation inside the speed bar (about 60 ms; 2 boards of 12,400 at levels 0-30 need more); beyond level
#: 30, under a second of pure Python.
NODE_BUDGET, FAR_NODE_BUDGET = 40_000, 600_000
#: Random walks are capped at this length: beyond it optimal solving in pure Python stops being fast.
LONGEST_WALK = 46


def plan(difficulty: int) -> tuple[int, int, int]:
    """(rows, cols, scramble moves)."""
    lvl = level(difficulty)
    walk = min(LONGEST_WALK, 4 + slow(lvl, 1, 4, knee=30))
    if lvl < 5:
        return 2, 3, walk
    if lvl < 20:
        return 3, 3, walk
    # 4x4 to level 100, then one more row and column per doubling of the level: a bigger board
    side = 4 + (lvl // 100).bit_length()
    return side, side, walk


class SlidingPuzzle(Environment):
    id = "logic/sliding_puzzle"
    # version 2: IDA* adds linear conflicts to the Manhattan distance (same shortest path, 2-8x fewer nodes), so
    # the node budget rejects fewer long scrambles and a few problems past d = 30 changed
    # version 3: IDA* tries children smallest h first, skips boards already searched, knows exact distances near
    # the goal and stops at the undone scramble once nothing shorter exists; to level 30 a scramble needing over
    # 40,000 nodes is redrawn (2 in 12,400); worst generation at d <= 30 from 0.18 s to 0.06 s; other answers
    version = 3
    description = "Solve a sliding-tile puzzle (2x3, 8-puzzle, 15-puzzle, ...) with a shortest sequence of moves."
    difficulty_scales = (
        "scramble: a random walk of 4 + L blank moves to level 30, then one more per four levels up to 46; "
        "board 2x3 (L < 5), 3x3 (L < 20), 4x4, then 5x5 from level 100, 6x6 from 200, ..."
    )
    size_name = "scramble moves"
    answer_format = "the numbers of the tiles you slide, in order, separated by spaces, for example 6 3 2 5"
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, cols, walk = plan(difficulty)
        budget = NODE_BUDGET if level(difficulty) <= 30 else FAR_NODE_BUDGET
        attempts = 0
        while True:
            # after many over-budget draws (never seen in tests), shorter walks guarantee an end
            length = walk if attempts < 30 else max(1, walk // 2)
            board, undo = scramble(rows, cols, length, rng)
            attempts += 1
            if board == goal_of(rows, cols):
                continue
            try:
                moves = solve(board, rows, cols, budget, known=undo)
            except Budget:
                continue
            break
        shown, goal = (
            [["." if t == 0 else str(t) for t in cells[r * cols : (r + 1) * cols]] for r in range(rows)]
            for cells in (board, goal_of(rows, cols))
        )
        prompt = (
            f"This {rows}x{cols} sliding puzzle has tiles numbered 1 to {rows * cols - 1} and one empty square "
            "(shown as .). A move slides a tile that is next to the empty square (above, below, left or right of "
            "it) into the empty square. Bring the board to the goal in as few moves as possible: only a shortest "
            "solution counts.\n\nBoard:\n"
            f"{format_grid(shown)}\n\nGoal:\n{format_grid(goal)}"
        )
        data = {"rows": rows, "cols": cols, "board": list(board), "moves": len(moves)}
        return Instance(prompt=prompt, answer=" ".join(map(str, moves)), data=data, size=walk)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, optimum = data["rows"], data["cols"], data["moves"]
        tiles = parse_int_list(answer, max_items=2 * optimum + 8, max_digits=len(str(rows * cols)) + 1)
        board = list(data["board"])
        near = neighbours_of(rows, cols)
        blank = board.index(0)
        for number, tile in enumerate(tiles, start=1):
            if not 1 <= tile < rows * cols:
                return Verdict.wrong(f"move {number}: there is no tile {tile}")
            where = board.index(tile)
            if where not in near[blank]:
                return Verdict.wrong(f"move {number}: tile {tile} is not next to the empty square")
            board[blank], board[where] = tile, 0
            blank = where
        if tuple(board) != goal_of(rows, cols):
            return Verdict.wrong("the moves do not reach the goal")
        if len(tiles) > optimum:
            return Verdict.wrong(f"solves it in {len(tiles)} moves; the fewest possible is {optimum}")
        return Verdict.right()
