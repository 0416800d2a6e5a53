"""logic/northcott_game: a winning move in Northcott's game (each row holds one white and one black piece; a
player slides one of their own pieces along its row, either way, never over or onto the other piece), or none.

The gaps (empty squares between the two pieces of a row) play as Nim heaps: moving towards the other piece
shrinks a gap, and a move away can be answered by following it, which leaves the gaps as they were and brings
the retreating piece nearer its edge, so the mover loses exactly when the XOR of the gaps is 0. A winning move
is any move, towards or away, after which the XOR is 0; the checker plays the model's move and tests that.
About a quarter of the posed positions are lost (the last row's gap cancels the others).
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import plain_answer

#: Share of posed positions that are lost (the answer is "none").
LOST_SHARE = 0.25
#: The level stops growing here (near d = 5 * 10**14): boards of at most 277 columns and 32 rows.
MAX_LEVEL = 1000
#: Boards up to this many columns are also drawn as a picture.
MAX_PICTURE_WIDTH = 40

_MOVE = re.compile(r"(?:move )?row (\d{1,4}) ?[:,]? ?(?:(?:move )?(?:white )?(?:to )?(?:column |col )?)?(\d{1,4})")


def gap(white: int, black: int) -> int:
    return abs(white - black) - 1


def gaps_xor(rows: list[tuple[int, int]]) -> int:
    total = 0
    for white, black in rows:
        total ^= gap(white, black)
    return total


def legal_targets(white: int, black: int, width: int) -> range:
    """Columns the white piece may move to: its own side of the black piece, on the board (its own column too,
    which the caller excludes)."""
    return range(1, black) if white < black else range(black + 1, width + 1)


def winning_moves(rows: list[tuple[int, int]], width: int) -> list[tuple[int, int]]:
    """Every winning move as (row from 1, white's new column), towards or away from the black piece."""
    total = gaps_xor(rows)
    moves = []
    if total:
        for r, (white, black) in enumerate(rows, start=1):
            wanted = gap(white, black) ^ total
            column = black - wanted - 1 if white < black else black + wanted + 1
            if column in legal_targets(white, black, width):
                moves.append((r, column))
    return moves


def plan(difficulty: int) -> tuple[int, int]:
    """(rows, columns): 2 + L/6 rows to level 30, then one more per 40 levels; 5 + L columns to level 30, then
    one more per 4 levels."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 2 + slow(lvl, 6, 40, knee=30), 5 + slow(lvl, 1, 4, knee=30)


def place_row(width: int, wanted_gap: int | None, rng: random.Random) -> tuple[int, int]:
    """(white column, black column), either order, with the wanted gap or a random one."""
    spread = (wanted_gap if wanted_gap is not None else rng.randint(0, width - 2)) + 1
    left = rng.randint(1, width - spread)
    return (left, left + spread) if rng.random() < 0.5 else (left + spread, left)


def picture(white: int, black: int, width: int) -> str:
    return " ".join("W" if c == white else "B" if c == black else "." for c in range(1, width + 1))


class NorthcottGame(Environment):
    id = "logic/northcott_game"
    version = 1
    description = "Find a winning move in Northcott's game (a white and a black piece on each row), or say it is lost."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 1000): 2 + L/6 rows to level 30, then one more "
        "per 40 levels; 5 + L columns to level 30, then one more per 4 levels; about a quarter of the positions "
        "are lost"
    )
    size_name = "columns of the board"
    answer_format = (
        "row i: column c to move your white piece of row i to column c (rows and columns numbered from 1), for "
        "example row 2: column 5; or none if the position is lost"
    )
    tags = ("logic", "game-theory", "nim")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, width = plan(difficulty)
        rows = [place_row(width, None, rng) for _ in range(count)]
        if rng.random() < LOST_SHARE:
            rest = gaps_xor(rows[:-1])
            if rest <= width - 2:
                rows[-1] = place_row(width, rest, rng)
        moves = winning_moves(rows, width)
        listing = "\n".join(
            f"row {r}: White on column {w}, Black on column {b}"
            + (f"    {picture(w, b, width)}" if width <= MAX_PICTURE_WIDTH else "")
            for r, (w, b) in enumerate(rows, start=1)
        )
        prompt = (
            f"Two players, White and Black, play Northcott's game on a board of {count} rows and {width} columns "
            f"(rows and columns numbered from 1; column 1 is the left edge). Each row holds one white piece (W) and "
            f"one black piece (B):\n{listing}\n\n"
            "The players alternate. A move picks one row and slides the mover's own piece of that row any number "
            "of squares (at least one) to the left or to the right, staying on the board and never jumping over "
            "or landing on the other piece of that row. A player who cannot move loses.\n"
            "You are White and it is your turn. A winning move is one after which you can win whatever your "
            "opponent does, with perfect play from both sides. Give a winning move (any winning move counts), "
            "written row i: column c to slide your white piece of row i to column c, for example row 2: column 5; "
            "or answer none if every move loses against perfect play."
        )
        answer = f"row {moves[0][0]}: column {moves[0][1]}" if moves else "none"
        data = {"rows": [list(row) for row in rows], "width": width}
        return Instance(prompt=prompt, answer=answer, data=data, size=width)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, width = [tuple(row) for row in data["rows"]], data["width"]
        lost = gaps_xor(rows) == 0
        text = plain_answer(answer, 80)
        if text == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        match = _MOVE.fullmatch(text)
        if not match:
            raise ParseError("expected row i: column c, or none")
        row, column = int(match.group(1)), int(match.group(2))
        if not 1 <= row <= len(rows):
            return Verdict.wrong(f"there is no row {row}: the rows are numbered 1 to {len(rows)}")
        white, black = rows[row - 1]
        if column == white:
            return Verdict.wrong(f"your piece is already on column {column}: a move slides it at least one square")
        if column not in legal_targets(white, black, width):
            return Verdict.wrong(f"white cannot reach column {column} of row {row} (off the board, or over black)")
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        after = list(rows)
        after[row - 1] = (column, black)
        if gaps_xor(after) != 0:
            return Verdict.wrong("that move leaves your opponent a winning position")
        return Verdict.right()
