"""logic/chomp_small: a winning bite in Chomp on a small board given by its row lengths, or none when the
position is lost.

A Chomp board is always a Young diagram (row lengths never increase downwards), and so is every position after
a bite, so a position is the tuple of its row lengths. No formula is known for Chomp, so the answer comes from a
memoised win/loss search over those tuples. The boards stay inside MAX_ROWS x MAX_COLUMNS, which bounds the
number of states (C(16, 5) = 4368 diagrams) and so the search; the memo is shared by every problem, which keeps
generation in milliseconds. About a quarter of the posed positions are lost (answer none).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import plain_answer

MAX_ROWS = 5
MAX_COLUMNS = 11
#: Share of posed positions that are lost, and boards drawn while looking for the wanted outcome.
LOST_SHARE = 0.25
#: Cells at most (below the full box, so that boards of the largest size still differ).
MAX_CELLS = 40
#: A board has between cells - SPREAD_CELLS and cells cells, for variety among boards of a plan.
SPREAD_CELLS = 3
MAX_DRAWS = 40

_CELL = re.compile(r"(?:bite ?)?(?:\(|\[)? ?(?:row ?)?(\d{1,3}) ?,? ?(?:col(?:umn)? ?)?(\d{1,3}) ?(?:\)|\])?")

Board = tuple[int, ...]


def plan(difficulty: int) -> tuple[int, int]:
    """(cells, most rows): 4 + L cells to level 30 (L = level), then one more per 20 levels, at most MAX_CELLS
    (reached near d = 10**4); up to 2 rows, 3 from level 4, 4 from level 12, 5 from level 20."""
    lvl = level(difficulty)
    cells = min(MAX_CELLS, 4 + slow(lvl, 1, 20, knee=30))
    return cells, 2 + (lvl >= 4) + (lvl >= 12) + (lvl >= 20)


def bite(board: Board, row: int, column: int) -> Board:
    """The board after biting the cell at (row, column), both from 1: that cell and all below-right of it go."""
    after = [length if r < row else min(length, column - 1) for r, length in enumerate(board, start=1)]
    return tuple(length for length in after if length)


@cache
def mover_wins(board: Board) -> bool:
    """Whether the player to move wins; only the poisoned cell left means the mover must take it and lose."""
    return any(not mover_wins(after) for after in safe_bites(board).values())


def safe_bites(board: Board) -> dict[tuple[int, int], Board]:
    """Every bite except the poisoned cell (1, 1), with the board it leaves."""
    return {
        (r, c): bite(board, r, c)
        for r, length in enumerate(board, start=1)
        for c in range(1, length + 1)
        if (r, c) != (1, 1)
    }


@cache
def diagrams(cells: int, rows: int, widest: int) -> tuple[Board, ...]:
    """Every Young diagram of exactly ``cells`` cells in exactly ``rows`` rows, none longer than ``widest``."""
    if rows == 0:
        return ((),) if cells == 0 else ()
    return tuple(
        (first, *rest)
        for first in range(1, min(widest, cells) + 1)
        for rest in diagrams(cells - first, rows - 1, first)
    )


@cache
def boards(cells: int, most_rows: int) -> tuple[Board, ...]:
    """The boards posed for a plan: SPREAD_CELLS + 1 cell counts up to ``cells``, 2 to ``most_rows`` rows."""
    return tuple(
        board
        for count in range(max(2, cells - SPREAD_CELLS), cells + 1)
        for rows in range(2, most_rows + 1)
        for board in diagrams(count, rows, MAX_COLUMNS)
    )


def draw_board(cells: int, most_rows: int, want_lost: bool, rng: random.Random) -> Board:
    """A board drawn evenly from the plan's boards, redrawn (a few times) until its outcome is the wanted one."""
    for _ in range(MAX_DRAWS):
        board = rng.choice(boards(cells, most_rows))
        if mover_wins(board) != want_lost:
            return board
    return board


class ChompSmall(Environment):
    id = "logic/chomp_small"
    version = 1
    description = "Find a winning bite in Chomp on a small board given by its row lengths, or say it is lost."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): 4 + L cells to level 30, then one more per 20 levels, "
        "at most 40 (a board has that many cells or up to 3 fewer); 2 rows, then 2 to 3 from level 4, to 4 from "
        "level 12, to 5 from level 20, at most 11 columns; about a quarter of the positions are lost"
    )
    size_name = "most cells on the board"
    answer_format = "(r, c) for a winning bite at row r, column c (both from 1), for example (2, 3); or none"
    tags = ("logic", "game-theory", "chomp", "search")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        cells, most_rows = plan(difficulty)
        board = draw_board(cells, most_rows, rng.random() < LOST_SHARE, rng)
        wins = [cell for cell, after in safe_bites(board).items() if not mover_wins(after)]
        picture = "\n".join(
            f"row {r}: {length} cell{'s' if length > 1 else ''}  " + "#" * length for r, length in enumerate(board, 1)
        )
        prompt = (
            f"Two players play Chomp on a board of {sum(board)} cells in {len(board)} rows. Rows are numbered from 1 "
            "at the top, columns from 1 at the left; every row starts at column 1, and row r holds the cells in "
            "columns 1 to its length:\n"
            f"{picture}\n\n"
            "The players alternate. A move picks a remaining cell (r, c) and removes it together with every "
            "remaining cell (r', c') with r' >= r and c' >= c (everything below and to the right of it). The cell "
            "(1, 1) is poisoned: the player who takes it loses (so a player left with only that cell loses).\n"
            "It is your turn. Give a winning move, a cell (r, c) to bite after which you win whatever your opponent "
            "does, with perfect play from both sides (any winning move counts); or answer none if every move "
            "loses."
        )
        answer = f"({wins[0][0]}, {wins[0][1]})" if wins else "none"
        return Instance(prompt=prompt, answer=answer, data={"board": list(board)}, size=cells)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        board = tuple(data["board"])
        text = plain_answer(answer, 60)
        lost = not mover_wins(board)
        if text == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        match = _CELL.fullmatch(text)
        if not match:
            raise ParseError("expected a cell as (r, c), or none")
        row, column = int(match.group(1)), int(match.group(2))
        if not 1 <= row <= len(board) or not 1 <= column <= board[row - 1]:
            return Verdict.wrong(f"there is no cell ({row}, {column}) on the board")
        if (row, column) == (1, 1):
            return Verdict.wrong("biting the poisoned cell (1, 1) loses at once")
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if mover_wins(bite(board, row, column)):
            return Verdict.wrong("that bite leaves your opponent a winning position")
        return Verdict.right()
