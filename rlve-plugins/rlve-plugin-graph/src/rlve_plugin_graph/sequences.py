"""What the pack's dynamic-programming environments share: their size level, and bounded readers for
answers written ``optimum: witness`` (``23: 1 3 4``), numbered items and words.

Used by knapsack, subset_sum, coin_change, edit_distance, lcs_three, longest_palindromic_subsequence,
matrix_chain_order and weighted_interval_scheduling. The readers follow ``reading``'s rules: sizes are
capped by the instance, nothing is evaluated, every regular expression is linear, and anything
unreadable raises ``ParseError``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rlve import ParseError
from rlve.parse import parse_int, parse_int_list
from rlve.scaling import taper
from rlve_plugin_graph.reading import check_length

#: The optimum at the start of an answer (``4500`` or ``4,500``), then a colon (or a semicolon, a bar, a line break).
_OPTIMUM_FIRST = re.compile(r"\s*([+-]?[0-9]{1,3}(?:,[0-9]{3})+|[+-]?[0-9]+)[ \t]*[:;|\n]")
#: What may separate the letters of a word: ``abca``, ``a b c a`` and ``a, b, c, a`` are one word.
_LETTER_SEPARATORS = re.compile(r"[\s,]+")


def dp_level(difficulty: int, *, cap: int | None = None) -> int:
    """The size level of these tables: ``taper(d)`` (d up to 30, then a square root, then a logarithm), so
    that a table quadratic or cubic in the size still fills in milliseconds at absurd difficulties; never
    above ``cap`` for the cubic ones."""
    value = taper(difficulty)
    return value if cap is None else min(cap, value)


def split_optimum(text: str, what: str, max_digits: int) -> tuple[int, str]:
    """``(23, "1 3 4")`` from ``"23: 1 3 4"``: the stated optimum and the witness after it (stripped)."""
    match = _OPTIMUM_FIRST.match(text)
    if not match:
        raise ParseError(f"expected {what}, then a colon, then the rest of the answer")
    return parse_int(match.group(1), max_digits=max_digits, allow_thousands=True), text[match.end() :].strip()


def read_numbers(text: str, *, largest: int, max_items: int) -> list[int]:
    """Non-negative integers separated by spaces or commas, none above ``largest``, at most ``max_items``."""
    digits = len(str(largest)) + 2
    numbers = parse_int_list(check_length(text, max_items, digits), max_items=max_items, max_digits=digits)
    for number in numbers:
        if not 0 <= number <= largest:
            raise ParseError(f"{number} is out of range (0 to {largest})")
    return numbers


def read_numbered(text: str, count: int, what: str) -> list[int]:
    """Numbers of ``what`` (items, intervals, positions), each from 1 to ``count``; at most count + 1 of them."""
    numbers = read_numbers(text, largest=count, max_items=count + 1)
    for number in numbers:
        if number < 1:
            raise ParseError(f"{number} is not {what} (they are numbered 1 to {count})")
    return numbers


def first_repeat(numbers: Sequence[int]) -> int | None:
    """The first number that appears a second time, or None if all differ."""
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            return number
        seen.add(number)
    return None


def read_word(text: str, max_letters: int) -> str:
    """A word of lower-case letters, written ``abca``, ``"abca"``, ``a b c a`` or ``A, B, C, A``; at most
    ``max_letters``."""
    word = _LETTER_SEPARATORS.sub("", check_length(text, max_letters, 1).strip().strip("\"'")).lower()
    if len(word) > max_letters:
        raise ParseError(f"more than {max_letters} letters")
    if not (word.isascii() and word.isalpha()):
        raise ParseError(f"expected letters only, got {text.strip()[:30]!r}")
    return word


def is_word_of(answer: str, words: tuple[str, ...]) -> bool:
    """True when the answer is one of ``words`` (case-insensitive, a final full stop allowed)."""
    return answer.strip().rstrip(".").strip().lower() in words


def is_subsequence(candidate: list[int], values: list[int]) -> bool:
    """Greedy matching: taking the earliest possible position for each value never loses a match."""
    position = 0
    for x in candidate:
        while position < len(values) and values[position] != x:
            position += 1
        if position == len(values):
            return False
        position += 1
    return True
