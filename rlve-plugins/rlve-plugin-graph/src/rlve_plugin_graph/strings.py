"""Strings for the pack's string environments: random texts with structure, the prefix function, and
bounded readers for answers that are words or lists of words.

Texts use a few lowercase letters (``letters(k)``), so that repeats, runs, borders and palindromes occur
often enough to matter; uniform random text over a large alphabet has almost none of them.

The readers follow ``rlve.parse``'s rules: lengths are capped by the instance before any scanning, the
regular expressions are linear, nothing is evaluated, and anything unreadable raises ``ParseError``.
"""

from __future__ import annotations

import random
import re

from rlve import ParseError
from rlve.parse import parse_int

ALPHABET = "abcdefghijklmnopqrstuvwxyz"

#: Pieces of a list of words: separated by spaces, commas, semicolons or bars.
_PIECE_SEPARATORS = re.compile(r"[\s,;|]+")
#: A leading count before the list, "4: a b ab" (the count is optional wherever a reader accepts it).
_LEADING_COUNT = re.compile(r"\s*([0-9]{1,7})\s*:")
#: A name in front of a number, "p = 6" or "period = 6": harmless, and dropped.
_NAME_EQUALS = re.compile(r"\s*[A-Za-z][A-Za-z_ ]{0,23}=")
_QUOTES = ("''", '""', "``")
_BRACKETS = ("[]", "()", "{}")


def letters(count: int) -> str:
    """The first ``count`` lowercase letters: ``letters(3) == "abc"``."""
    return ALPHABET[:count]


def random_word(rng: random.Random, length: int, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


def repetitive_word(rng: random.Random, length: int, alphabet: str, copy_chance: float = 0.5) -> str:
    """Random letters mixed with copies of earlier stretches, overlapping ones included ("abab" + "ababab").

    A copy starts at an earlier position and is appended one letter at a time, so it may run into the
    letters it is itself adding: that is how runs and periodic stretches appear.
    """
    out: list[str] = []
    while len(out) < length:
        if len(out) >= 2 and rng.random() < copy_chance:
            start = rng.randrange(len(out))
            for k in range(rng.randint(2, max(2, min(len(out), 4 + length // 6)))):
                out.append(out[start + k])  # start + k < len(out): one letter is appended per step
        else:
            out.append(rng.choice(alphabet))
    return "".join(out[:length])


def prefix_function(s: str) -> list[int]:
    """``pi[i]``: the length of the longest proper prefix of ``s[: i + 1]`` that is also its suffix (KMP), O(n)."""
    pi = [0] * len(s)
    for i in range(1, len(s)):
        k = pi[i - 1]
        while k and s[i] != s[k]:
            k = pi[k - 1]
        if s[i] == s[k]:
            k += 1
        pi[i] = k
    return pi


def smallest_period(s: str) -> int:
    """The smallest p >= 1 with s[i] == s[i + p] for every valid i: the length minus the longest border."""
    return len(s) - prefix_function(s)[-1] if s else 0


def _unwrap(text: str, pairs: tuple[str, ...]) -> str:
    """``text`` without one enclosing pair of the given delimiters, if it has one."""
    if len(text) >= 2 and text[0] + text[-1] in pairs:
        return text[1:-1].strip()
    return text


def read_word(text: str, *, max_length: int, allowed: str = ALPHABET) -> str:
    """One word of the ``allowed`` characters (lowercase letters unless given), optionally in quotes.

    Longer than ``max_length`` is unreadable, checked before the characters are: the cap comes from the
    instance, so a huge answer costs nothing.
    """
    s = _unwrap(text.strip(), _QUOTES)
    if not s:
        raise ParseError("the answer has no letters")
    if len(s) > max_length:
        raise ParseError(f"a word of {len(s)} characters is longer than any answer here ({max_length} at most)")
    for ch in s:
        if ch not in allowed:
            raise ParseError(f"unexpected character {ch!r}: write only the letters, with no spaces")
    return s


def read_number(text: str, *, max_digits: int, allow_thousands: bool = False) -> int:
    """An integer, optionally named first: ``6``, ``p = 6``, ``period = 6`` (``rlve.parse.parse_int`` rules)."""
    match = _NAME_EQUALS.match(text)
    return parse_int(text[match.end() :] if match else text, max_digits=max_digits, allow_thousands=allow_thousands)


def split_count(text: str) -> tuple[int | None, str]:
    """``(4, "a b ab")`` from ``"4: a b ab"``; ``(None, text)`` when there is no leading count and colon."""
    match = _LEADING_COUNT.match(text)
    if not match:
        return None, text
    return int(match.group(1)), text[match.end() :]


def read_pieces(text: str, *, max_pieces: int, max_length: int, allowed: str = ALPHABET) -> list[str]:
    """Words separated by spaces, commas, semicolons or bars, optionally in one pair of brackets, each
    optionally quoted: ``a b ab``, ``a | b | ab``, ``['a', 'b', 'ab']``. At most ``max_pieces`` words of at
    most ``max_length`` characters each."""
    s = text.strip()
    if len(s) > max_pieces * 8 + max_length + 64:
        raise ParseError(f"the answer is much longer than {max_pieces} pieces could be")
    s = _unwrap(s, _BRACKETS)
    pieces = [piece for piece in _PIECE_SEPARATORS.split(s) if piece]
    if not pieces:
        raise ParseError("the answer lists no pieces")
    if len(pieces) > max_pieces:
        raise ParseError(f"more than {max_pieces} pieces")
    return [read_word(piece, max_length=max_length, allowed=allowed) for piece in pieces]
