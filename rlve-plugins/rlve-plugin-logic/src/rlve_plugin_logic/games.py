"""Impartial two-player games, solved exactly: Nim and two variants, Wythoff's game, Euclid's game and
subtraction games; and two answer readers these environments (and the automata ones) share: the plain text of
a move or a verdict, and a plain count.

Words used throughout: a position is *lost* when the player about to move loses if both sides play perfectly,
*won* otherwise; a *winning move* is one that leaves the opponent a lost position. Every function here uses
the known theory (nim sums, Beatty sequences, continued fractions, periodic Grundy sequences), so it is cheap at
any size; the pack's tests check each against a plain game-tree search.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from math import isqrt

from rlve import ParseError
from rlve.parse import parse_int

NIM_NORMAL = "normal"  # whoever takes the last object wins
NIM_MISERE = "misere"  # whoever takes the last object loses
NIM_BOUNDED = "bounded"  # normal play, but one move takes at most `limit` objects

WYTHOFF_PILES = ("A", "B", "both")

_SPACES = re.compile(r"\s+")


def plain_answer(answer: str, max_chars: int) -> str:
    """The answer in lower case with runs of spaces made one and one final full stop dropped; bounded first."""
    if len(answer) > max_chars:
        raise ParseError(f"the answer is longer than {max_chars} characters")
    text = _SPACES.sub(" ", answer.strip()).lower()
    return text[:-1].rstrip() if text.endswith(".") else text


def read_natural(answer: str, max_digits: int) -> int:
    """A non-negative integer without leading zeros (so that a doubled "0", "00", is not read as 0)."""
    text = answer.strip().rstrip(".").strip()
    if len(text) > 1 and text.startswith("0"):
        raise ParseError("a number with leading zeros")
    return parse_int(text, max_digits=max_digits)


def mex(values: Iterable[int]) -> int:
    """The smallest non-negative integer not among ``values``."""
    present = set(values)
    value = 0
    while value in present:
        value += 1
    return value


# -- Nim -----------------------------------------------------------------------------------------------------


def nim_is_lost(heaps: list[int], variant: str, limit: int = 0) -> bool:
    """Whether the player to move loses. Misère: with no heap above 1 the mover loses exactly when an odd number
    of heaps hold one object (an empty table means the opponent took the last object, so the mover has won);
    otherwise, as in normal play, when the nim sum is 0. Bounded: heap h counts as h mod (limit + 1)."""
    if variant == NIM_BOUNDED:
        return _xor(h % (limit + 1) for h in heaps) == 0
    if variant == NIM_MISERE and all(h <= 1 for h in heaps):
        return sum(heaps) % 2 == 1
    return _xor(heaps) == 0


def nim_winning_moves(heaps: list[int], variant: str, limit: int = 0) -> list[tuple[int, int]]:
    """Every winning move as (heap index from 0, objects taken), by heap; empty when the position is lost."""
    if nim_is_lost(heaps, variant, limit):
        return []
    big = [i for i, h in enumerate(heaps) if h >= 2]
    if variant == NIM_MISERE and len(big) <= 1:
        ones = sum(1 for h in heaps if h == 1)
        if not big:  # an even number of single objects: take one, leave an odd number
            return [(i, 1) for i, h in enumerate(heaps) if h == 1]
        # one big heap: empty it or leave one object, whichever leaves an odd number of single objects
        j = big[0]
        return [(j, heaps[j] if ones % 2 == 1 else heaps[j] - 1)]
    moves = []
    if variant == NIM_BOUNDED:
        modulus = limit + 1
        total = _xor(h % modulus for h in heaps)
        for i, h in enumerate(heaps):
            wanted = (h % modulus) ^ total
            take = (h - wanted) % modulus  # the heap must end on residue `wanted`, within `limit` objects
            if wanted < modulus and 1 <= take <= min(limit, h):
                moves.append((i, take))
        return moves
    total = _xor(heaps)
    for i, h in enumerate(heaps):
        if h ^ total < h:
            moves.append((i, h - (h ^ total)))
    return moves


def _xor(values: Iterable[int]) -> int:
    total = 0
    for value in values:
        total ^= value
    return total


# -- Wythoff's game ------------------------------------------------------------------------------------------


def wythoff_pair(k: int) -> tuple[int, int]:
    """The k-th lost position (floor(k phi), floor(k phi^2)), in exact integers: k phi = (k + k sqrt 5) / 2."""
    low = (k + isqrt(5 * k * k)) // 2
    return low, low + k


def wythoff_is_lost(x: int, y: int) -> bool:
    low, high = sorted((x, y))
    return wythoff_pair(high - low)[0] == low


def wythoff_partner(value: int) -> int:
    """The other pile of the one lost position that has a pile of ``value`` (every value is in exactly one)."""
    guess_low = (isqrt(5 * value * value) - value) // 2  # value / phi: where value would be a lower pile
    guess_high = value - guess_low  # value / phi^2: where it would be an upper one
    for k in (*range(guess_low - 1, guess_low + 3), *range(guess_high - 1, guess_high + 3)):
        if k < 0:
            continue
        low, high = wythoff_pair(k)
        if low == value:
            return high
        if high == value:
            return low
    raise AssertionError(f"no lost position holds {value}")  # Beatty's theorem: unreachable


def wythoff_winning_moves(x: int, y: int) -> list[tuple[str, int]]:
    """Every winning move from piles (A, B) = (x, y) as (pile, objects taken), pile "A", "B" or "both"."""
    candidates = []
    partner = wythoff_partner(x)  # keep A, move B onto A's partner
    if partner < y:
        candidates.append(("B", y - partner))
    partner = wythoff_partner(y)
    if partner < x:
        candidates.append(("A", x - partner))
    low = wythoff_pair(abs(x - y))[0]  # keep the difference, slide both down to the lost position with it
    if low < min(x, y):
        candidates.append(("both", min(x, y) - low))
    moves = []
    for pile, take in candidates:
        after = wythoff_move(x, y, pile, take)
        if after is not None and wythoff_is_lost(*after) and (pile, take) not in moves:
            moves.append((pile, take))
    return moves


def wythoff_move(x: int, y: int, pile: str, take: int) -> tuple[int, int] | None:
    """The piles after taking ``take`` from ``pile``, or None when the move is not allowed."""
    if take < 1:
        return None
    new_x = x - take if pile in ("A", "both") else x
    new_y = y - take if pile in ("B", "both") else y
    return (new_x, new_y) if new_x >= 0 and new_y >= 0 else None


# -- Euclid's game -------------------------------------------------------------------------------------------


def euclid_mover_wins(a: int, b: int) -> bool:
    """Whether the player to move wins from two positive numbers (a move subtracts a positive multiple of the
    smaller from the larger, never below 0; whoever makes a 0 wins).

    With low <= high: if high is a multiple of low the mover finishes at once; if high >= 2 low the mover can
    leave either (low, high mod low) or (low, high mod low + low), and one of those is lost; otherwise the only
    move is to (high - low, low), so the turn passes along the continued fraction of high / low.
    """
    low, high = sorted((a, b))
    mover_is_first = True
    while high % low != 0 and high < 2 * low:
        low, high = high - low, low
        mover_is_first = not mover_is_first
    return mover_is_first


def euclid_after(a: int, b: int, multiple: int) -> tuple[int, int] | None:
    """The numbers after subtracting ``multiple`` times the smaller from the larger (None if not allowed)."""
    low, high = sorted((a, b))
    if not 1 <= multiple <= high // low:
        return None
    return low, high - multiple * low


def euclid_winning_multiples(a: int, b: int) -> list[int]:
    """Every winning multiple. Only the largest two can win: any other leaves the opponent a larger number at
    least twice the smaller, from which the opponent wins."""
    low, high = sorted((a, b))
    most = high // low
    wins = []
    for multiple in (most - 1, most):
        if multiple >= 1:
            after = euclid_after(a, b, multiple)
            assert after is not None
            if after[1] == 0 or not euclid_mover_wins(*after):
                wins.append(multiple)
    return wins


# -- subtraction games ---------------------------------------------------------------------------------------


def subtraction_grundy(size: int, moves: list[int]) -> int:
    """The Grundy value of a heap of ``size`` from which a move removes exactly s objects, s in ``moves``.

    g(n) = mex{g(n - s) : s in moves, s <= n}. The next value depends only on the last max(moves) values, so
    the sequence is periodic as soon as such a window repeats; the values are computed up to that point only.
    """
    window = max(moves)
    values: list[int] = []
    seen: dict[tuple[int, ...], int] = {}
    for n in range(size + 1):
        values.append(mex(values[n - s] for s in moves if s <= n))
        if n >= window - 1:
            key = tuple(values[n - window + 1 :])
            if key in seen:
                start = seen[key]
                return values[start + (size - start) % (n - start)]
            seen[key] = n
    return values[size]
