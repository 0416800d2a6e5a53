"""Bounded readers for the ways people write mathematical answers: ``$-5$``, ``x = 5``, ``\\frac{3}{4}``.

They sit on top of ``rlve.parse`` and keep its rules: nothing is evaluated (``9**9**9`` and
``2^{100}`` are text, not numbers), sizes are checked before any conversion, the regular
expressions have no nested quantifiers, and anything unreadable raises ``ParseError``.

What is tolerated, because it is the same number written another way:

- surrounding ``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``, a final full stop, LaTeX spaces,
  the Unicode minus sign;
- one leading ``name =`` (``x = 5``, ``\\phi(n) = 96``), per item in lists;
- ``\\frac{a}{b}`` / ``\\dfrac`` / ``\\tfrac`` and ``a/b`` in any equivalent form (``3/6`` is ``1/2``),
  and exact decimals where a rational is asked for (``0.25`` is ``1/4``);
- ``1,000`` only where the caller allows thousands separators (single-integer answers whose prompt says so).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Collection, Sequence
from fractions import Fraction

from rlve import ParseError
from rlve.parse import parse_fraction, parse_int, split_items

_LEADING_ZERO = re.compile(r"(?<![0-9.,])0[0-9]")
_WRAPPERS = (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]"))
_LATEX_SPACE = re.compile(r"\\[,;:! ]|\\quad|\\qquad|~")
#: ``x =``, ``x_1 =``, ``\phi(n) =``, ``C(10, 3) =``: a short name that starts with a letter or backslash.
_NAME = re.compile(r"((?:[^\W\d_]|\\)[\w{}()\\^', ]{0,40}?)=")
_FRAC = re.compile(r"([+-]?)\\[dt]?frac\{([+-]?[0-9]+)\}\{([+-]?[0-9]+)\}")
_NAME_NOISE = str.maketrans("", "", "_{}\\ ")


def _digit_limit(max_digits: int) -> int:
    """``max_digits``, but never past Python's int-to-str limit: int() would raise ValueError, not ParseError."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    return min(max_digits, limit - 1) if limit else max_digits


_NONE_WORDS = {"none", "no solution", "no solutions", "empty", "{}", "[]", "\\emptyset", "\\varnothing", "\u2205"}


def clean(text: str) -> str:
    """The answer without math-mode wrappers, LaTeX spacing, a final full stop, or a Unicode minus."""
    s = text.strip().replace("\u2212", "-")
    for _ in range(2):  # "$\(5\)$" is as far as anyone nests them
        for left, right in _WRAPPERS:
            if len(s) >= len(left) + len(right) and s.startswith(left) and s.endswith(right):
                s = s[len(left) : len(s) - len(right)].strip()
    s = _LATEX_SPACE.sub(" ", s).strip()
    if s.endswith(".") and not s.endswith(".."):
        s = s[:-1].rstrip()
    return s


def normalise_name(name: str) -> str:
    """``x_{1}``, ``X1`` and ``x 1`` are all the name ``x1``."""
    return name.translate(_NAME_NOISE).lower()


def split_name(text: str) -> tuple[str | None, str]:
    """``("x", "5")`` from ``"x = 5"``; ``(None, text)`` when there is no leading name."""
    match = _NAME.match(text)
    if match is None:
        return None, text
    return normalise_name(match.group(1)), text[match.end() :].strip()


def _unparenthesise(s: str) -> str:
    """``(-3)`` is ``-3``: one pair of parentheses around a whole value is only punctuation."""
    if len(s) >= 2 and s[0] == "(" and s[-1] == ")" and "(" not in s[1:-1]:
        return s[1:-1].strip()
    return s


def parse_integer(text: str, *, max_digits: int, allow_thousands: bool = False) -> int:
    """One integer, as the whole answer: ``-42``, ``$42$``, ``x = 42``, and ``1,042`` if allowed."""
    _, value = split_name(clean(text))
    return parse_int(_unparenthesise(value), max_digits=_digit_limit(max_digits), allow_thousands=allow_thousands)


def parse_rational_value(text: str, *, max_digits: int) -> Fraction:
    """One exact rational: ``-3/4``, ``\\frac{-3}{4}``, ``-\\dfrac{3}{4}``, ``0.75``, ``5``."""
    s = _unparenthesise("".join(text.split()))
    max_digits = _digit_limit(max_digits)
    if len(s) > 2 * max_digits + 24:
        raise ParseError(f"a number has more than {max_digits} digits")
    match = _FRAC.fullmatch(s)
    if match:
        sign, numerator, denominator = match.groups()
        s = f"{sign}{numerator}/{denominator}"
        if sign and numerator[:1] in "+-":
            raise ParseError(f"two signs in {s!r}")
    return parse_fraction(s, max_digits=max_digits, allow_decimal=True)


def parse_rational(text: str, *, max_digits: int) -> Fraction:
    """One exact rational, as the whole answer, with the tolerances of ``clean`` and ``split_name``."""
    _, value = split_name(clean(text))
    return parse_rational_value(value, max_digits=max_digits)


def named_items(text: str, *, max_items: int) -> list[tuple[str | None, str]]:
    """The items of a list answer, each with its name if written ``name = value``."""
    s = clean(text)
    if "=" in s:
        # "x = 3, y = 4" -> "x=3, y=4", so that each assignment stays one item (linear, no regex).
        s = "=".join(part.strip() for part in s.split("="))
    items = []
    for item in split_items(s, max_items=max_items):
        name, value = split_name(item)
        if name is not None and not value:
            raise ParseError(f"nothing after {item!r}")
        items.append((name, value))
    return items


def _check_names(items: list[tuple[str | None, str]], names: Sequence[Collection[str]] | None) -> list[str]:
    """The values; a name, where written, must be one allowed at that position (one set: any position)."""
    values = []
    for index, (name, value) in enumerate(items):
        if name is not None:
            allowed = () if names is None else names[0] if len(names) == 1 else names[min(index, len(names) - 1)]
            if name not in allowed:
                raise ParseError(f"unexpected name {name!r} in item {index + 1}")
        values.append(value)
    return values


def parse_integers(
    text: str, *, max_items: int, max_digits: int, names: Sequence[Collection[str]] | None = None
) -> list[int]:
    """Integers separated by spaces, commas or semicolons, optionally ``name = value`` each."""
    values = _check_names(named_items(text, max_items=max_items), names)
    return [parse_int(_unparenthesise(value), max_digits=_digit_limit(max_digits)) for value in values]


def parse_rationals(
    text: str, *, max_items: int, max_digits: int, names: Sequence[Collection[str]] | None = None
) -> list[Fraction]:
    """Rationals separated by spaces, commas or semicolons, optionally ``name = value`` each."""
    values = _check_names(named_items(text, max_items=max_items), names)
    return [parse_rational_value(value, max_digits=max_digits) for value in values]


def says_none(text: str) -> bool:
    """True for an answer that says "there is no solution": ``none``, ``no solutions``, ``\\emptyset``."""
    return clean(text).lower() in _NONE_WORDS


def format_fraction(value: Fraction) -> str:
    """``-3/4``, or ``5`` when the value is an integer."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def digits_of(value: int) -> int:
    """The number of decimal digits of ``abs(value)`` (1 for 0); values here stay below ``MAX_DIGITS``."""
    return len(str(abs(value)))


def refuse_leading_zeros(answer: str) -> None:
    """ParseError for an answer with a leading zero: ``00`` is the reference ``0`` written twice, not a number
    anyone writes, and accepting it would let glued or repeated answers through."""
    if _LEADING_ZERO.search(answer):
        raise ParseError("a number is written with a leading zero")
