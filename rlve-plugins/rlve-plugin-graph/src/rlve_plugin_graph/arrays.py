"""What the pack's array environments whose answer is a whole list share: the level at which such lists
stop growing, a bounded reader for a list of signed integers, a comparison that names the first
wrong entry, and the largest rectangle under a histogram (also maximal_rectangle's row-by-row step).

Used by sliding_window_maximum, next_greater_element and range_updates_queries: each asks for one number
per window, position or query, every one of them fixed by the instance, so the answer is right exactly
when the list equals the reference. The reader follows ``reading``'s rules: sizes are capped by the
instance (never by the answer), nothing is evaluated, and anything unreadable raises ``ParseError``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.reading import check_length

#: Lists stop growing at this level (about 1200 numbers), so the reference answer stays far inside the
#: answer-length cap at any difficulty.
LIST_LEVEL_CAP = 600


def list_level(difficulty: int) -> int:
    """``rlve.scaling.level`` (d up to 100, then +20 per doubling), never above ``LIST_LEVEL_CAP``."""
    return level(difficulty, cap=LIST_LEVEL_CAP)


def read_integers(text: str, *, count: int, largest: int) -> list[int]:
    """Integers (a minus sign allowed) separated by spaces, commas or semicolons, optionally in one pair of
    brackets. At most ``count + 1`` of them, so that one too many is reported as a wrong length rather than
    as unreadable, and none with more digits than ``largest`` has, plus slack for a sign or a zero."""
    digits = len(str(abs(largest))) + 2
    return parse_int_list(check_length(text, count + 1, digits + 1), max_items=count + 1, max_digits=digits)


def first_mismatch(given: Sequence[int], expected: Sequence[int], what: str) -> str | None:
    """Why ``given`` is not ``expected`` (its length, or its first wrong entry, the ``what`` numbered from
    1), or None when they are equal."""
    if len(given) != len(expected):
        return f"{len(given)} numbers given, but there are {len(expected)} {what}s"
    for number, (a, b) in enumerate(zip(given, expected), start=1):
        if a != b:
            return f"the answer for {what} {number} is wrong ({a})"
    return None


def largest_rectangle(heights: list[int]) -> tuple[int, int, int]:
    """(area, first column, last column), 0-based, of one largest rectangle, by a monotonic stack in O(n).

    The stack holds columns of increasing height, each with the first column its rectangle can reach on the
    left. A lower column ends the rectangles of the taller ones it pops (they cannot reach past it), and
    itself reaches left as far as the last column it popped.
    """
    best = (0, 0, 0)
    stack: list[tuple[int, int]] = []  # (first column reached, height)
    for i, h in enumerate([*heights, 0]):  # a final 0 ends every open rectangle
        first = i
        while stack and stack[-1][1] >= h:
            first, height = stack.pop()
            area = height * (i - first)
            if area > best[0]:
                best = (area, first, i - 1)
        stack.append((first, h))
    return best
