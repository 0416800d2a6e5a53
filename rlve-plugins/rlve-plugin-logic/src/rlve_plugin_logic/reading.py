"""Bounded readers for the answers of the pack that are not grids: sets of statement numbers, move lists.

Each reader bounds its work by the instance (number of names, moves) before splitting, uses regular
expressions without nested quantifiers, and raises ``ParseError`` with a message a human can act on.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int_list

_ITEM_SEPARATORS = re.compile(r"[,;\n]+")


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
