"""logic/knight_moves_puzzle: rearrange white and black knights on a small holed board (Guarini's puzzle and
its relatives) in the fewest knight moves.

The board is a small rectangle with some squares cut out, chosen so that the knight's graph on the rest is
connected, and crowded with knights, so that they get in each other's way. A breadth-first search from the
start position (a state is the pair of bitmasks of the white and of the black knights), capped at a number
of positions that grows with the level, gives every position it finds its exact distance; the goal is drawn
among the positions at the target distance: the farthest found, but at most 3 + L moves, so that low levels
stay short.
"""

from __future__ import annotations

import random
import re
from math import isqrt
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.planning import explore, moves_back

JUMPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
FILES = "abcdefghijklmnopqrstuvwxyz"
WHITE, BLACK, EMPTY, HOLE = "W", "B", ".", "#"
#: Board squares at most, however high the level.
MAX_SQUARES = 14
#: Positions the search may find (about 4 ms of pure Python at the cap, reached at level 32).
MAX_POSITIONS = 2000
_SQUARE = re.compile(r"([a-z])([0-9]{1,2})")
_TOKEN = re.compile(r"(?:[a-z][0-9]{1,2}){1,2}")
_SEPARATORS = re.compile(r"(?:[\s,;>\-\u2013\u2192]|\bto\b)+")

State = tuple[int, int]  # (bitmask of the white knights' squares, bitmask of the black knights' squares)


def plan(difficulty: int) -> tuple[int, int, int, int, int]:
    """(squares, white knights, black knights, positions searched, longest plan wanted).

    The search cap is the knob that grows at every level (100 + 60 L, at most 2000): on a small, crowded
    board the search then covers most of the positions, and the goal it certifies is deep (up to the
    3 + L moves wanted). The board stays small on purpose: every extra square or knight widens the layers of
    the search, and the goal it can certify within the cap gets shallower.
    """
    lvl = level(difficulty)
    squares = min(MAX_SQUARES, 8 + min(lvl, 29) // 10 + max(0, lvl - 100) // 100)
    knights = 2 if lvl < 3 else 3 if lvl < 6 else 4 if lvl < 12 else 5 if lvl < 20 else 6
    positions = min(MAX_POSITIONS, 100 + 60 * lvl)
    return squares, (knights + 1) // 2, knights // 2, positions, 3 + lvl


def random_board(squares: int, rng: random.Random) -> tuple[int, int, list[int], list[list[int]]]:
    """(rows, cols, the board's squares as r * cols + c with row 0 at the bottom, knight moves per square):
    a rectangle about 4/3 the size with random squares cut out, redrawn until the knight's graph is connected."""
    area = (4 * squares + 2) // 3
    rows = max(3, isqrt(area))
    cols = max(3, -(-area // rows))
    while True:
        on = sorted(rng.sample(range(rows * cols), squares))
        index = {sq: i for i, sq in enumerate(on)}
        jumps = []
        for sq in on:
            r, c = divmod(sq, cols)
            jumps.append(
                [
                    index[(r + dr) * cols + c + dc]
                    for dr, dc in JUMPS
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr) * cols + c + dc in index
                ]
            )
        seen, stack = {0}, [0]
        while stack:
            for nxt in jumps[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if len(seen) == squares:
            return rows, cols, on, jumps


def knight_moves(jumps: list[list[int]]):
    """successors(state) for the search: every knight to every empty square a knight's move away."""

    def successors(state: State):
        occupied = state[0] | state[1]
        for colour in (0, 1):
            mask = state[colour]
            rest = mask
            while rest:
                low = rest & -rest
                rest ^= low
                here = low.bit_length() - 1
                for there in jumps[here]:
                    if not occupied >> there & 1:
                        moved = mask ^ low ^ (1 << there)
                        yield (here, there), ((moved, state[1]) if colour == 0 else (state[0], moved))

    return successors


def square_name(sq: int, cols: int) -> str:
    r, c = divmod(sq, cols)
    return f"{FILES[c]}{r + 1}"


def draw(rows: int, cols: int, on: list[int], state: State) -> str:
    """The board with the top rank first, each rank labelled, the file letters below."""
    lines = []
    for r in reversed(range(rows)):
        cells = []
        for c in range(cols):
            sq = r * cols + c
            if sq not in on:
                cells.append(HOLE)
                continue
            i = on.index(sq)
            cells.append(WHITE if state[0] >> i & 1 else BLACK if state[1] >> i & 1 else EMPTY)
        lines.append(f"{r + 1:>2} " + " ".join(cells))
    lines.append("   " + " ".join(FILES[:cols]))
    return "\n".join(lines)


def read_moves(answer: str, rows: int, cols: int, limit: int) -> list[tuple[int, int]]:
    """Moves as pairs of squares: "b1-c3, a3-b1", "b1 c3 a3 b1", "b1c3 a3b1"; squares as file letter + rank."""
    text = answer.strip().strip(".").strip().lower()
    if len(text) > 12 * limit + 16:
        raise ParseError(f"more than {limit} moves")
    names: list[tuple[str, str]] = []
    for token in _SEPARATORS.split(text):
        if not token:
            continue
        if not _TOKEN.fullmatch(token):
            raise ParseError(f"{token[:20]!r} is not a square such as b1 or a move such as b1-c3")
        names += _SQUARE.findall(token)
    if not names or len(names) % 2:
        raise ParseError("expected moves as pairs of squares, from and to, such as b1-c3")
    squares = []
    for file, rank in names:
        c, r = FILES.index(file), int(rank) - 1
        if c >= cols or not 0 <= r < rows:
            raise ParseError(f"{file}{rank} is off the board")
        squares.append(r * cols + c)
    return [(squares[i], squares[i + 1]) for i in range(0, len(squares), 2)]


class KnightMovesPuzzle(Environment):
    id = "logic/knight_moves_puzzle"
    version = 1
    description = (
        "Rearrange white and black knights on a small board with missing squares (Guarini's puzzle and its "
        "relatives) into a goal position in the fewest knight moves."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): a search of 100 + 60 L positions (at most 2000) from the "
        "start, the goal drawn among the farthest it finds but at most 3 + L moves away; board squares 8, 9 from "
        "level 10, 10 from 20, then one more per 100 levels past 100 (at most 14), in a rectangle about 4/3 that "
        "size; knights 2, 3 from level 3, 4 from 6, 5 from 12, 6 from 20 (white ones the odd one out)"
    )
    size_name = "positions searched"
    answer_format = (
        "the moves in order, separated by commas, each as the square a knight leaves and the square it lands on, "
        "for example b1-c3, a3-b1"
    )
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        squares, whites, blacks, limit, longest = plan(difficulty)
        rows, cols, on, jumps = random_board(squares, rng)
        placed = rng.sample(range(squares), whites + blacks)
        start = (sum(1 << i for i in placed[:whites]), sum(1 << i for i in placed[whites:]))
        found, _ = explore([start], knight_moves(jumps), limit=limit)
        depth = min(longest, max(steps for steps, _, _ in found.values()))
        goal = rng.choice([state for state, (steps, _, _) in found.items() if steps == depth])
        moves = moves_back(found, goal)[::-1]

        def names(state: State, colour: int) -> list[str]:
            return [square_name(on[i], cols) for i in range(squares) if state[colour] >> i & 1]

        prompt = (
            f"Knights on a {rows}x{cols} board with some squares missing. Columns are the letters a to "
            f"{FILES[cols - 1]} from left to right, rows the numbers 1 to {rows} from bottom to top (the top row is "
            f"printed first); W is a white knight, B a black knight, . an empty square and # a missing square, which "
            "no knight may land on.\n\n"
            f"Start:\n{draw(rows, cols, on, start)}\n\nGoal:\n{draw(rows, cols, on, goal)}\n\n"
            "A move takes one knight (of either colour) by a chess knight's jump (two squares in one direction and "
            "one square at right angles) onto an empty square; it may jump over anything, missing squares "
            "included. Knights of the same colour are interchangeable: any white knight may end on any of the "
            "goal's white squares. Reach the goal position in as few moves as possible: only a shortest sequence "
            "counts (any shortest one is accepted). Write each move as the square the knight leaves and the square "
            "it lands on, for example b1-c3, separated by commas."
        )
        answer = ", ".join(f"{square_name(on[a], cols)}-{square_name(on[b], cols)}" for a, b in moves)
        data = {
            "rows": rows,
            "cols": cols,
            "squares": on,
            "start": [names(start, 0), names(start, 1)],
            "goal": [names(goal, 0), names(goal, 1)],
            "moves": len(moves),
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=limit)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, optimum = data["rows"], data["cols"], data["moves"]
        on = set(data["squares"])
        moves = read_moves(answer, rows, cols, 2 * optimum + 8)  # longer lists are read, to say why they lose
        if len(moves) > optimum:
            return Verdict.wrong(f"the sequence has {len(moves)} moves; the fewest possible is {optimum}")

        def place(names: list[str]) -> set[int]:
            return {(int(n[1:]) - 1) * cols + FILES.index(n[0]) for n in names}

        colour = {sq: WHITE for sq in place(data["start"][0])} | {sq: BLACK for sq in place(data["start"][1])}
        for number, (here, there) in enumerate(moves, start=1):
            where = f"move {number} ({square_name(here, cols)}-{square_name(there, cols)})"
            if here not in colour:
                return Verdict.wrong(f"{where}: there is no knight on {square_name(here, cols)}")
            if there not in on:
                return Verdict.wrong(f"{where} lands on a missing square")
            if there in colour:
                return Verdict.wrong(f"{where} lands on an occupied square")
            dr, dc = abs(there // cols - here // cols), abs(there % cols - here % cols)
            if {dr, dc} != {1, 2}:
                return Verdict.wrong(f"{where} is not a knight's move")
            colour[there] = colour.pop(here)
        whites = {sq for sq, c in colour.items() if c == WHITE}
        blacks = {sq for sq, c in colour.items() if c == BLACK}
        if whites != place(data["goal"][0]) or blacks != place(data["goal"][1]):
            return Verdict.wrong("after the last move the knights are not in the goal position")
        return Verdict.right()
