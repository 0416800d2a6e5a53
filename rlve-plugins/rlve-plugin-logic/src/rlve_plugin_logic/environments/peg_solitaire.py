"""logic/peg_solitaire: jump pegs over pegs on a small rectangular board until exactly one peg is left.

A jump moves a peg two holes up, down, left or right, over an adjacent peg into an empty hole, and removes the
peg jumped over; every jump removes one peg, so a solution has exactly one jump fewer than there are pegs, and
any sequence of legal jumps that leaves a single peg (wherever it stands) is accepted.

Generation plays the game backwards from a single peg: an "unjump" takes a peg out of a hole and puts pegs into
the two empty holes behind it in a line. A start made by random unjumps is solvable by construction (the
unjumps read backwards are a solution); the board is drawn afresh if the unjumps get stuck.
"""

from __future__ import annotations

import random
import re
from math import isqrt
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import split_moves

PEG, HOLE = "o", "."
COLUMNS = "abcdefghijklmnopqrstuvwxyz"
#: Pegs at the start at most, however high the level.
MAX_PEGS = 60
#: Random unjump sequences tried per problem before the board is enlarged by a row (never needed in practice).
MAX_TRIES = 20
_MOVE = re.compile(r"([a-z])([0-9]{1,2}) ?(?:-|->|to|x)? ?([a-z])([0-9]{1,2})", re.IGNORECASE)


def plan(difficulty: int) -> tuple[int, int, int]:
    """(rows, columns, pegs): pegs 3 + L to level 30, then one more per four levels (at most 60), on the
    squarest board with at least twice as many holes as pegs, plus two."""
    lvl = level(difficulty)
    pegs = min(MAX_PEGS, 3 + slow(lvl, 1, 4, knee=30))
    holes = 2 * pegs + 2
    cols = -(-holes // isqrt(holes))
    rows = -(-holes // cols)
    return rows, cols, pegs


def jumps(rows: int, cols: int, r: int, c: int):
    """(jumped-over hole, landing hole) for a peg at (r, c), each as (row, column), that stay on the board."""
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + 2 * dr < rows and 0 <= c + 2 * dc < cols:
            yield (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)


def unjumped(rows: int, cols: int, pegs: int, rng: random.Random) -> tuple[set, list] | None:
    """(start pegs, solution jumps as (from, to) pairs) made by random unjumps from a single peg; None if stuck."""
    board = {(rng.randrange(rows), rng.randrange(cols))}
    solution = []
    while len(board) < pegs:
        options = [
            (peg, over, origin)
            for peg in sorted(board)
            for over, origin in jumps(rows, cols, *peg)
            if over not in board and origin not in board
        ]
        if not options:
            return None
        peg, over, origin = rng.choice(options)
        board ^= {peg, over, origin}
        solution.append((origin, peg))
    return board, solution[::-1]


def name(cell: tuple[int, int]) -> str:
    return f"{COLUMNS[cell[1]]}{cell[0] + 1}"


def draw(rows: int, cols: int, board: set) -> list[str]:
    lines = ["   " + " ".join(COLUMNS[:cols])]
    for r in range(rows):
        lines.append(f"{r + 1:>2} " + " ".join(PEG if (r, c) in board else HOLE for c in range(cols)))
    return lines


class PegSolitaire(Environment):
    id = "logic/peg_solitaire"
    version = 1
    description = "Peg solitaire: jump pegs over neighbours on a small board until exactly one peg is left."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): pegs 3 + L to level 30, then one more per four levels "
        "(at most 60), on the squarest rectangular board with at least 2 x pegs + 2 holes; the start is made by "
        "random unjumps from a single peg, so it is always solvable"
    )
    size_name = "pegs"
    answer_format = (
        "the jumps in order, separated by commas, each as the hole the peg leaves and the hole it lands in "
        "(column letter and row number), for example c3-a3, a1-a3"
    )
    tags = ("logic", "puzzle", "planning", "search")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, cols, pegs = plan(difficulty)
        made = None
        while made is None:
            for _ in range(MAX_TRIES):
                made = unjumped(rows, cols, pegs, rng)
                if made is not None:
                    break
            else:
                rows += 1
        board, solution = made
        prompt = (
            f"Peg solitaire on a board of {rows} rows and {cols} columns of holes. Columns are named by letters "
            f"a to {COLUMNS[cols - 1]} from left to right, rows by numbers 1 to {rows} from top to bottom, and a "
            "hole is named by its column letter and row number (b3 is column b, row 3). o is a hole with a peg, "
            ". an empty hole:\n\n" + "\n".join(draw(rows, cols, board)) + "\n\n"
            "A jump moves a peg two holes up, down, left or right (never diagonally), over a neighbouring hole "
            "that holds a peg, into an empty hole; the peg jumped over is removed from the board. Find a sequence "
            f"of jumps that leaves exactly one peg on the board (anywhere): with {pegs} pegs that is {pegs - 1} "
            "jumps, and any such sequence is accepted. Write the jumps in order, separated by commas, each as the "
            "hole the peg jumps from and the hole it lands in, for example c3-a3, a1-a3."
        )
        answer = ", ".join(f"{name(a)}-{name(b)}" for a, b in solution)
        data = {"rows": rows, "cols": cols, "pegs": sorted([r, c] for r, c in board)}
        return Instance(prompt=prompt, answer=answer, data=data, size=pegs)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols = data["rows"], data["cols"]
        board = {(r, c) for r, c in data["pegs"]}
        pieces = split_moves(answer, len(board) + 4, chars_per_move=16)
        if not pieces:
            raise ParseError("expected the jumps, for example c3-a3, a1-a3")
        for number, piece in enumerate(pieces, start=1):
            match = _MOVE.fullmatch(" ".join(piece.split()))
            if not match:
                raise ParseError(f"jump {number}: expected two holes such as c3-a3, not {piece[:24]!r}")
            cells = []
            for letter, digits in ((match.group(1), match.group(2)), (match.group(3), match.group(4))):
                r, c = int(digits) - 1, COLUMNS.index(letter.lower())
                if not (0 <= r < rows and c < cols):
                    return Verdict.wrong(f"jump {number}: {letter}{digits} is not a hole of the board")
                cells.append((r, c))
            (r, c), landing = cells
            over = next((over for over, to in jumps(rows, cols, r, c) if to == landing), None)
            if over is None:
                return Verdict.wrong(f"jump {number}: {piece.strip()[:16]} is not two holes in a straight line")
            if (r, c) not in board:
                return Verdict.wrong(f"jump {number}: there is no peg in {name((r, c))}")
            if over not in board:
                return Verdict.wrong(f"jump {number}: there is no peg in {name(over)} to jump over")
            if landing in board:
                return Verdict.wrong(f"jump {number}: {name(landing)} is not empty")
            board ^= {(r, c), over, landing}
        if len(board) != 1:
            return Verdict.wrong(f"after the last jump {len(board)} pegs are left, not one")
        return Verdict.right()
