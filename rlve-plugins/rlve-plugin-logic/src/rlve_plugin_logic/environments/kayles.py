"""logic/kayles: the Grundy value of a position of Kayles (or of Dawson's Kayles) on several rows of pins, and a
winning move, or none.

A move knocks down pins from one row, which may split it in two; by the Sprague-Grundy theorem the position's
value is the XOR of the rows' values, and a row of n pins has value mex{g(a) XOR g(b)} over the rows a, b a move
leaves. Both sequences are eventually periodic (Kayles with period 12 from 72 pins, Dawson's Kayles with period
34 from 52), so a table of the first TABLE_SIZE values, checked to repeat, answers any row length. About a
quarter of the posed positions have value 0 (the last row is chosen to cancel the others).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import mex, plain_answer

KAYLES = "kayles"  # knock down one pin or two adjacent pins
DAWSON = "dawson"  # knock down exactly two adjacent pins
#: The pins a move of each game knocks down.
MOVE_WIDTHS = {KAYLES: (1, 2), DAWSON: (2,)}
#: The sequences' periods, and a length beyond which every value repeats with that period.
PERIODS = {KAYLES: 12, DAWSON: 34}
PERIODIC_FROM = 100
#: Values computed outright; the rest are read from the period (checked over the last stretch of the table).
TABLE_SIZE = 200
#: Share of posed positions whose value is 0 (no winning move).
LOST_SHARE = 0.25
#: The level stops growing here (near d = 10**5): rows of at most 126 pins, at most 16 rows.
MAX_LEVEL = 400

_ANSWER = re.compile(
    r"(?:value ?[:=]? ?)?(\d{1,4}) ?[,;:]? ?(?:move ?[:=]? ?)?"
    r"(none|row (\d{1,4}) ?[,:]? ?(?:knock down |remove )?pins? (\d{1,5})(?: ?(?:-|and|,|to) ?(?:pin )?(\d{1,5}))?)"
)

RULES = {
    KAYLES: "knocks down either one pin or two adjacent pins (pins next to each other in the same row)",
    DAWSON: "knocks down exactly two adjacent pins (pins next to each other in the same row); a single pin with "
    "no neighbour can never be knocked down",
}


@cache
def grundy_table(game: str) -> tuple[int, ...]:
    """g(0) .. g(TABLE_SIZE - 1): a move of width w at pins i+1..i+w of a row of n leaves rows of i and n-i-w."""
    values: list[int] = []
    for n in range(TABLE_SIZE):
        values.append(
            mex(values[i] ^ values[n - i - w] for w in MOVE_WIDTHS[game] for i in range(0, n - w + 1))
        )
    period = PERIODS[game]
    assert all(values[n] == values[n - period] for n in range(PERIODIC_FROM + period, TABLE_SIZE))
    return tuple(values)


def row_value(game: str, pins: int) -> int:
    table = grundy_table(game)
    if pins >= TABLE_SIZE:
        pins = PERIODIC_FROM + (pins - PERIODIC_FROM) % PERIODS[game]
    return table[pins]


def position_value(game: str, rows: list[int]) -> int:
    total = 0
    for pins in rows:
        total ^= row_value(game, pins)
    return total


def winning_move(game: str, rows: list[int]) -> tuple[int, int, int] | None:
    """The first winning move as (row from 1, first pin from 1, pins knocked down), or None when the value is 0."""
    total = position_value(game, rows)
    if total == 0:
        return None
    for r, pins in enumerate(rows, start=1):
        wanted = row_value(game, pins) ^ total  # what this row must be worth after the move
        for width in MOVE_WIDTHS[game]:
            for i in range(0, pins - width + 1):
                if row_value(game, i) ^ row_value(game, pins - i - width) == wanted:
                    return r, i + 1, width
    raise AssertionError("a nonzero position always has a winning move")


def plan(difficulty: int) -> tuple[int, int, tuple[str, ...]]:
    """(rows, most pins in a row, games): 1 + L/5 rows to level 30, then one more per 40 levels; rows of up to
    4 + L pins to level 30, then one more per 4 levels; Dawson's Kayles from level 6."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    rows = 1 + slow(lvl, 5, 40, knee=30)
    longest = 4 + slow(lvl, 1, 4, knee=30)
    return rows, longest, (KAYLES, DAWSON) if lvl >= 6 else (KAYLES,)


def format_move(row: int, first: int, width: int) -> str:
    return f"row {row}: pin {first}" if width == 1 else f"row {row}: pins {first}-{first + width - 1}"


class Kayles(Environment):
    id = "logic/kayles"
    version = 1
    description = (
        "Kayles or Dawson's Kayles on rows of pins: the Grundy value of the position and a winning move, or none."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 400): 1 + L/5 rows to level 30, then one more "
        "per 40 levels; rows of up to 4 + L pins to level 30, then one more pin per 4 levels; Dawson's Kayles "
        "(exactly two pins per move) from level 6; about a quarter of the positions have value 0"
    )
    size_name = "most pins in a row"
    answer_format = (
        "the Grundy value, then a winning move as row i: pin j (one pin) or row i: pins j-k (two adjacent pins), "
        "or none when the value is 0; for example 3; row 2: pins 4-5, or 0; none"
    )
    tags = ("logic", "game-theory", "sprague-grundy", "kayles")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, longest, games = plan(difficulty)
        game = rng.choice(games)
        rows = [rng.randint(1 if game == KAYLES else 2, longest) for _ in range(count)]
        if rng.random() < LOST_SHARE:
            rest = position_value(game, rows[:-1])
            cancelling = [n for n in range(1, longest + 1) if row_value(game, n) == rest]
            if cancelling:
                rows[-1] = rng.choice(cancelling)
        total = position_value(game, rows)
        move = winning_move(game, rows)
        name = "Kayles" if game == KAYLES else "Dawson's Kayles"
        listing = "\n".join(f"row {i + 1}: {n} pin{'s' if n > 1 else ''}" for i, n in enumerate(rows))
        prompt = (
            f"A game of {name} is played on {count} row{'s' if count > 1 else ''} of pins standing in a line:\n"
            f"{listing}\n\n"
            f"In each row the pins are numbered 1, 2, ... from the left. Two players alternate; a move picks one row "
            f"and {RULES[game]}. Knocking down pins in the middle of a row splits it into two separate rows (pins "
            "on either side of a gap are not adjacent). A player who cannot move loses.\n"
            "The Grundy value of a position is the mex (the smallest non-negative integer not in a set) of the "
            "Grundy values of the positions one move can reach, so a position with no move has value 0; by the "
            "Sprague-Grundy theorem the value of several rows is the bitwise XOR of the values of the single rows, "
            "and the player to move wins exactly when it is not 0.\n"
            "Give the Grundy value of the whole position and a winning move for the player to move (a move after "
            "which the value is 0; any such move counts), written row i: pin j to knock down pin j of row i, or "
            "row i: pins j-k to knock down the two adjacent pins j and k = j + 1 of row i (rows and pins as "
            "numbered above, before the move); if the value is 0, write none instead of a move. For example: "
            "3; row 2: pins 4-5, or 0; none."
        )
        answer = f"{total}; {format_move(*move) if move else 'none'}"
        data = {"game": game, "rows": rows, "total": total}
        return Instance(prompt=prompt, answer=answer, data=data, size=longest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        match = _ANSWER.fullmatch(plain_answer(answer, 80))
        if not match:
            raise ParseError("expected the Grundy value, then row i: pin j, row i: pins j-k or none")
        game, rows, total = data["game"], data["rows"], data["total"]
        claimed = int(match.group(1))
        if claimed != total:
            return Verdict.wrong(f"{claimed} is not the Grundy value of the position")
        if match.group(2) == "none":
            return Verdict.right() if total == 0 else Verdict.wrong("the value is not 0: a winning move exists")
        if total == 0:
            return Verdict.wrong("the value is 0: no move is winning, answer none")
        row, first = int(match.group(3)), int(match.group(4))
        first, last = sorted((first, int(match.group(5)) if match.group(5) else first))  # "pins 5-4" is pins 4-5
        if not 1 <= row <= len(rows):
            return Verdict.wrong(f"there is no row {row}: the rows are numbered 1 to {len(rows)}")
        width = last - first + 1
        if width not in MOVE_WIDTHS[game]:
            allowed = "one pin or two adjacent pins" if game == KAYLES else "exactly two adjacent pins"
            return Verdict.wrong(f"a move knocks down {allowed}")
        pins = rows[row - 1]
        if not 1 <= first or last > pins:
            return Verdict.wrong(f"row {row} has pins 1 to {pins} only")
        after = row_value(game, first - 1) ^ row_value(game, pins - last)
        if total ^ row_value(game, pins) ^ after != 0:
            return Verdict.wrong("that move leaves a position of nonzero Grundy value: the opponent wins")
        return Verdict.right()
