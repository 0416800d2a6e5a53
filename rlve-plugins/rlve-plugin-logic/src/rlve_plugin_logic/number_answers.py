"""Bounded readers for answers that are one exact number, possibly with a unit word after it.

Shared by the environments whose answer is a count or an exact rational (clock angles, work rates, model
counts, liar chains): ``7/2 hours``, ``x = 105/2 degrees``, ``12`` are all read, never with ``eval``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rlve import ParseError
from rlve.parse import parse_fraction, parse_int

#: A label before the number that an answer may carry ("answer: 12", "x = 7/2"); nothing else is skipped.
_LEADING_NAME = re.compile(r"^(?:answer|x|n|t|count|angle|time|total)\s*[=:]\s*", re.IGNORECASE)
#: Digits that start with a 0 ("00", "012"): a reference glued to itself, never how a number is written.
_LEADING_ZERO = re.compile(r"(?<![0-9.])0[0-9]")


def _strip(answer: str, units: tuple[str, ...], max_chars: int) -> str:
    text = answer.strip()
    if len(text) > max_chars:
        raise ParseError("the answer is too long for one number")
    text = _LEADING_NAME.sub("", text).strip().rstrip(".").strip()
    lowered = text.lower()
    for unit in sorted(units, key=len, reverse=True):  # "degrees" before "degree"
        if lowered.endswith(unit):
            text = text[: len(text) - len(unit)].strip()
            break
    text = text.replace(" ", "")
    if _LEADING_ZERO.search(text):
        raise ParseError("a number starts with a 0")
    return text


def read_fraction(answer: str, units: tuple[str, ...] = (), max_digits: int = 40) -> Fraction:
    """An exact rational (``a/b``, an integer, or a terminating decimal), a unit word after it allowed."""
    return parse_fraction(_strip(answer, units, 3 * max_digits + 40), max_digits=max_digits)


def read_count(answer: str, units: tuple[str, ...] = (), max_digits: int = 40) -> int:
    """A non-negative integer, thousands separators and a unit word after it allowed."""
    value = parse_int(_strip(answer, units, 3 * max_digits + 40), max_digits=max_digits, allow_thousands=True)
    if value < 0:
        raise ParseError("a count cannot be negative")
    return value
