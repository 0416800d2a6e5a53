"""logic/rotation_puzzle: sort a grid of numbered tiles by turning 2x2 blocks clockwise, in the fewest turns.

A move picks a 2x2 block of tiles (named by the row and column of its top-left tile) and turns it a quarter
clockwise; there is no anticlockwise move (three clockwise turns undo one). The goal is the tiles in reading
order, 1 to n row by row.

Generation searches backwards from the goal, breadth-first: the predecessor of a position by a move is the
position turned anticlockwise at that block. The search is capped at a number of positions that grows with the
level; every position it finds carries its exact distance to the goal, the start is drawn among the farthest,
and the moves recorded along the search, read back from the start, are a shortest solution.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_pairs
from rlve.scaling import level
from rlve_plugin_logic.grids import format_grid
from rlve_plugin_logic.planning import deepest, explore, moves_back

#: Positions the backward search may find (a few milliseconds of pure Python at the cap).
MAX_POSITIONS = 5000


def plan(difficulty: int) -> tuple[int, int, int]:
    """(rows, columns, positions searched).

    The 2x3 puzzle (only 120 positions can be reached, the farthest 9 moves from the goal) with a search of
    20 + 30 L positions to level 3; then 3x3 with 300 + 150 (L - 4) positions (at most 5000, which reaches the
    positions 6 moves out), 3x4 from level 40 and 4x4 from level 80 (more tiles, as many positions searched).
    """
    lvl = level(difficulty)
    if lvl < 4:
        return 2, 3, 20 + 30 * lvl
    rows, cols = (3, 3) if lvl < 40 else (3, 4) if lvl < 80 else (4, 4)
    return rows, cols, min(MAX_POSITIONS, 300 + 150 * (lvl - 4))


@cache
def blocks_of(rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    """Each 2x2 block as its squares clockwise from the top-left: top-left, top-right, bottom-right, bottom-left."""
    return tuple(
        (r * cols + c, r * cols + c + 1, (r + 1) * cols + c + 1, (r + 1) * cols + c)
        for r in range(rows - 1)
        for c in range(cols - 1)
    )


def turn(tiles: tuple[int, ...], block: tuple[int, int, int, int], clockwise: bool = True) -> tuple[int, ...]:
    a, b, c, d = block
    out = list(tiles)
    if clockwise:  # each tile moves one corner on clockwise: top-left -> top-right -> bottom-right -> ...
        out[b], out[c], out[d], out[a] = tiles[a], tiles[b], tiles[c], tiles[d]
    else:
        out[a], out[b], out[c], out[d] = tiles[b], tiles[c], tiles[d], tiles[a]
    return tuple(out)


@lru_cache(maxsize=8)
def backward_search(rows: int, cols: int, limit: int):
    """(found, the farthest positions found) of the capped search from the goal; the same for every problem of a
    level, so a few recent ones are kept (read only)."""
    blocks = blocks_of(rows, cols)

    def predecessors(tiles: tuple[int, ...]):
        for k, block in enumerate(blocks):
            yield k, turn(tiles, block, clockwise=False)

    found, _ = explore([tuple(range(1, rows * cols + 1))], predecessors, limit=limit)
    return found, deepest(found)


class RotationPuzzle(Environment):
    id = "logic/rotation_puzzle"
    version = 1
    description = "Rotation puzzle: sort a grid of numbered tiles by turning 2x2 blocks clockwise, in the fewest turns."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): a 2x3 grid to level 3 with a backward search of "
        "20 + 30 L positions, then 3x3 with 300 + 150 (L - 4) positions (at most 5000: starts 6 moves out), 3x4 "
        "from level 40 and 4x4 from level 80; the start is among the farthest positions from the goal found"
    )
    size_name = "positions searched"
    answer_format = (
        "the turns in order, each as the row and column of the turned block's top-left tile, for example "
        "(1,2), (2,1), (1,1)"
    )
    tags = ("logic", "puzzle", "planning", "permutation", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, cols, limit = plan(difficulty)
        found, farthest = backward_search(rows, cols, limit)
        start = rng.choice(farthest)
        moves = moves_back(found, start)
        grid = [start[r * cols : (r + 1) * cols] for r in range(rows)]
        prompt = (
            f"A {rows}x{cols} grid holds the tiles 1 to {rows * cols} (top row first):\n\n" + format_grid(grid) + "\n\n"
            "A move turns one 2x2 block of tiles a quarter turn clockwise: the tile in the block's top-left corner "
            "goes to its top-right corner, top-right to bottom-right, bottom-right to bottom-left and bottom-left "
            "to top-left. A block is named by the row and column of its top-left tile, rows numbered from 1 at the "
            f"top and columns from 1 at the left (so a block's row is at most {rows - 1} and its column at most "
            f"{cols - 1}). There is "
            "no anticlockwise move. Bring the tiles into order, 1 to "
            f"{rows * cols} row by row from the top-left, in as few moves as possible: only a shortest solution "
            "counts, and any shortest one is accepted. Write the moves in order, each as (row,column) of the "
            "turned block, for example (1,2), (2,1), (1,1)."
        )
        answer = ", ".join(f"({k // (cols - 1) + 1},{k % (cols - 1) + 1})" for k in moves)
        data = {"rows": rows, "cols": cols, "tiles": list(start), "moves": len(moves)}
        return Instance(prompt=prompt, answer=answer, data=data, size=limit)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, optimum = data["rows"], data["cols"], data["moves"]
        tiles = tuple(data["tiles"])
        blocks = blocks_of(rows, cols)
        if len(answer) > 12 * (2 * optimum + 9):
            raise ParseError(f"more than {2 * optimum + 8} moves")
        pairs = parse_int_pairs(answer, max_items=2 * optimum + 8, max_digits=2)  # longer ones are read, to say why
        if not pairs:
            raise ParseError("expected the moves, for example (1,2), (2,1)")
        for number, (r, c) in enumerate(pairs, start=1):
            if not (1 <= r < rows and 1 <= c < cols):
                return Verdict.wrong(f"move {number}: there is no 2x2 block with its top-left tile at ({r},{c})")
            tiles = turn(tiles, blocks[(r - 1) * (cols - 1) + c - 1])
        if tiles != tuple(range(1, rows * cols + 1)):
            return Verdict.wrong("after the last move the tiles are not in order")
        if len(pairs) > optimum:
            return Verdict.wrong(f"the solution takes {len(pairs)} moves; the fewest possible is {optimum}")
        return Verdict.right()
