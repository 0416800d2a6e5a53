"""Bounded readers for the answers of the pack that are not grids: sets of statement numbers, move lists,
truth values.

Each reader bounds its work by the instance (number of names, moves) before splitting, uses regular
expressions without nested quantifiers, and raises ``ParseError`` with a message a human can act on.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int_list

_ITEM_SEPARATORS = re.compile(r"[,;\n]+")
_MOVE_SEPARATORS = re.compile(r"[\s,;]+")
#: the letters of grid moves: up, down, left, right
MOVE_LETTERS = "UDLR"
#: one truth value, optionally numbered: ``true``, ``F``, ``2: false``
_TRUTH_VALUE = re.compile(r"(?:\(?[0-9]{1,2}[.:)]\s*)?(true|false|t|f)", re.IGNORECASE)


def read_index_set(answer: str, count: int, *, allow_none: bool = True) -> set[int]:
    """A set of indices from 1 to ``count`` (``none`` for the empty set), each at most once."""
    text = answer.strip()
    if allow_none and text.strip(".").lower() in ("none", "no", "nothing", "empty", "{}", "[]"):
        return set()
    numbers = parse_int_list(text, max_items=count + 1, max_digits=len(str(count)) + 1)
    if not numbers:
        raise ParseError("expected the numbers of the statements, or none")
    chosen: set[int] = set()
    for number in numbers:
        if not 1 <= number <= count:
            raise ParseError(f"{number} is not between 1 and {count}")
        if number in chosen:
            raise ParseError(f"{number} is listed twice")
        chosen.add(number)
    return chosen


def split_moves(answer: str, max_moves: int, *, chars_per_move: int = 16) -> list[str]:
    """Moves separated by commas, semicolons, new lines or (when no other separator is used) spaces."""
    text = answer.strip()
    if len(text) > chars_per_move * (max_moves + 1):
        raise ParseError(f"more than {max_moves} moves")
    if text.lower() in ("none", "no moves", "[]", "-"):
        return []
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    pieces = [p.strip() for p in _ITEM_SEPARATORS.split(text) if p.strip()]
    if len(pieces) > max_moves:
        raise ParseError(f"more than {max_moves} moves")
    return pieces


def read_truth_values(answer: str, count: int) -> list[bool]:
    """``true false true`` (or T/F, or numbered ``1: true, 2: false``), one per sentence, in order."""
    if len(answer) > 16 * (count + 1):
        raise ParseError(f"expected {count} truth values, the answer is too long")
    text = re.sub(r"([0-9]{1,2}[.:)])(?=\S)", r"\1 ", answer.strip().rstrip("."))
    tokens = [t for t in re.split(r"[\s,;]+", text) if t and not re.fullmatch(r"\(?[0-9]{1,2}[.:)]", t)]
    if len(tokens) != count or not all(_TRUTH_VALUE.fullmatch(t) for t in tokens):
        raise ParseError(f"expected {count} values, true or false, one per sentence in order")
    return [t.lower().startswith("t") for t in tokens]


def read_moves(answer: str, limit: int) -> str:
    """Direction letters U, D, L, R (either case), written together or separated by spaces or commas."""
    text = answer.strip().strip(".").strip()
    if len(text) > 3 * limit + 16:
        raise ParseError(f"more than {limit} moves")
    moves = "".join(_MOVE_SEPARATORS.split(text)).upper()
    if len(moves) > limit:
        raise ParseError(f"more than {limit} moves")
    if not moves:
        raise ParseError("expected the moves as letters U, D, L, R")
    for ch in moves:
        if ch not in MOVE_LETTERS:
            raise ParseError(f"unexpected character {ch[:1]!r}: moves are U, D, L, R")
    return moves


def read_tokens(text: str, token: re.Pattern[str], max_tokens: int, too_long: str) -> list[str]:
    """The tokens of ``text``: ``token`` matched again and again from the start (its group 1 is the token, any
    spaces around it are in the match), stopping at trailing spaces; ParseError for a character no token
    starts with, and ``too_long`` past ``max_tokens`` tokens (checked as they are read)."""
    tokens: list[str] = []
    pos = 0
    while pos < len(text):
        match = token.match(text, pos)
        if not match:
            if not text[pos:].strip():
                break
            raise ParseError(f"unexpected character {text[pos]!r}")
        tokens.append(match.group(1))
        pos = match.end()
        if len(tokens) > max_tokens:
            raise ParseError(too_long)
    return tokens
