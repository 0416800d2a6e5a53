"""Reading spans of positions, ``first to last``: one span (``3 5``, ``3-5``, ``3 to 5``, ``3..5``, ``[3, 5]``)
or a list of them (``2-5, 7-9``, ``(2, 5) (7, 9)``, ``2 5; 7 9``). Positions are numbered from 1.

Used by max_subarray_sum (the run of the best sum) and stock_trading (the buy and sell days of each
transaction). The readers follow ``reading``'s rules: sizes are capped by the instance, nothing is
evaluated, every regular expression is linear, and anything unreadable raises ``ParseError``.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int_pairs
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.sequences import read_numbered

#: What may stand between the two ends of a span: "3 5", "3-5", "3 to 5", "3..5".
_SPAN_WORDS = re.compile(r"[ \t]*(?:-|\.\.|\bto\b)[ \t]*")


def _check_position(position: int, count: int, what: str) -> int:
    if not 1 <= position <= count:
        raise ParseError(f"{position} is not {what} (they are numbered 1 to {count})")
    return position


def read_span(text: str, count: int, what: str) -> tuple[int, int]:
    """``(first, last)`` of one span of positions 1..count, as written (the caller checks their order)."""
    ends = read_numbered(_SPAN_WORDS.sub(" ", text), count, what)
    if len(ends) != 2:
        raise ParseError(f"expected two numbers, the first and the last {what}, got {len(ends)}")
    return ends[0], ends[1]


def read_spans(text: str, count: int, what: str, *, max_items: int) -> list[tuple[int, int]]:
    """Spans ``a-b`` of positions 1..count, as written; at most ``max_items`` of them."""
    digits = len(str(count)) + 2
    s = _SPAN_WORDS.sub("-", check_length(text, max_items, 2 * digits).strip())
    pairs = parse_int_pairs(s, max_items=max_items, max_digits=digits)
    return [(_check_position(a, count, what), _check_position(b, count, what)) for a, b in pairs]
