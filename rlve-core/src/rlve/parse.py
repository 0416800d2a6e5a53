"""Bounded parsers for the values answers are made of: integers, fractions, lists, pairs, grids, words.

Model output is untrusted. These parsers never evaluate anything, check sizes before converting, and
use only regular expressions without nested quantifiers, so every call is linear in its input. On any
problem they raise ``ParseError`` with a message a human can act on; ``Environment.verify`` turns
that into a malformed Verdict.

Words are a trap: ``str.isalpha()`` and ``\\w`` accept ``é``, ``ß``, ``ǅ`` and thousands of other letters, and
``str.lower()`` changes lengths (``"İ".lower()`` has two characters), so a checker built on them accepts
look-alikes or crashes on them. ``parse_word`` and friends accept the ASCII letters they are told to, name
what else they found, and never change a word's length.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

#: Default ceiling on the digits of one number; environments raise it when their answers are bigger.
DEFAULT_MAX_DIGITS = 400
#: Default ceiling on the items of one list or the cells of one grid.
DEFAULT_MAX_ITEMS = 10_000

_INT = re.compile(r"[+-]?[0-9]+")
_INT_WITH_THOUSANDS = re.compile(r"[+-]?[0-9]{1,3}(?:,[0-9]{3})+")
_DECIMAL = re.compile(r"([+-]?)([0-9]*)\.([0-9]+)")
_SEPARATORS = re.compile(r"[\s,;]+")
_PAIR_GROUP = re.compile(r"\(([^()]*)\)")


class ParseError(ValueError):
    """The answer text cannot be read as the expected kind of value."""


def _preview(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _count_digits(text: str) -> int:
    return sum(ch.isdigit() for ch in text)


def parse_int(text: str, *, max_digits: int = DEFAULT_MAX_DIGITS, allow_thousands: bool = False) -> int:
    """An integer such as ``42``, ``-7`` or ``+0``; with ``allow_thousands`` also ``1,000,000``."""
    s = text.strip()
    if len(s) > max_digits + 2 + (max_digits // 3 if allow_thousands else 0):
        raise ParseError(f"number has more than {max_digits} digits")
    if allow_thousands and _INT_WITH_THOUSANDS.fullmatch(s):
        s = s.replace(",", "")
    if not _INT.fullmatch(s):
        raise ParseError(f"expected an integer, got {_preview(text)}")
    if _count_digits(s) > max_digits:
        raise ParseError(f"number has more than {max_digits} digits")
    try:
        return int(s)
    except ValueError as error:  # beyond sys.get_int_max_str_digits(), when max_digits is set above it
        raise ParseError(f"number is too long to read ({len(s)} characters)") from error


def parse_decimal(text: str, *, max_digits: int = DEFAULT_MAX_DIGITS) -> Fraction:
    """A decimal such as ``-1.25`` or ``.5``, exactly, as a Fraction; no exponents, no nan or inf."""
    s = text.strip()
    if len(s) > max_digits + 3:
        raise ParseError(f"number has more than {max_digits} digits")
    match = _DECIMAL.fullmatch(s)
    if not match:
        return Fraction(parse_int(s, max_digits=max_digits))
    sign, whole, frac = match.groups()
    value = Fraction(int(whole or "0") * 10 ** len(frac) + int(frac), 10 ** len(frac))
    return -value if sign == "-" else value


def parse_fraction(text: str, *, max_digits: int = DEFAULT_MAX_DIGITS, allow_decimal: bool = True) -> Fraction:
    """An exact rational: ``3/6``, ``-1/2``, ``5``, and (if allowed) ``0.25``. Returned reduced."""
    s = text.strip()
    if "/" in s:
        numerator, _, denominator = s.partition("/")
        num = parse_int(numerator, max_digits=max_digits)
        den = parse_int(denominator, max_digits=max_digits)
        if den == 0:
            raise ParseError("the denominator is zero")
        return Fraction(num, den)
    if allow_decimal:
        return parse_decimal(s, max_digits=max_digits)
    return Fraction(parse_int(s, max_digits=max_digits))


def split_items(text: str, *, max_items: int = DEFAULT_MAX_ITEMS) -> list[str]:
    """Split on whitespace, commas and semicolons, after removing one pair of enclosing brackets."""
    s = text.strip()
    if len(s) >= 2 and (s[0], s[-1]) in {("[", "]"), ("(", ")"), ("{", "}")}:
        s = s[1:-1].strip()
    if not s:
        return []
    # Bound the work before splitting: a list of max_items items has at most ~max_items separators.
    if s.count(",") + s.count(" ") + s.count(";") + s.count("\n") > 4 * max_items + 16:
        raise ParseError(f"more than {max_items} items")
    items = [item for item in _SEPARATORS.split(s) if item]
    if len(items) > max_items:
        raise ParseError(f"more than {max_items} items")
    return items


def parse_int_list(text: str, *, max_items: int = DEFAULT_MAX_ITEMS, max_digits: int = DEFAULT_MAX_DIGITS) -> list[int]:
    """Integers separated by spaces, commas or semicolons, optionally in brackets: ``[0, 4, 2]``."""
    return [parse_int(item, max_digits=max_digits) for item in split_items(text, max_items=max_items)]


def parse_int_pairs(
    text: str, *, max_items: int = DEFAULT_MAX_ITEMS, max_digits: int = DEFAULT_MAX_DIGITS
) -> list[tuple[int, int]]:
    """Pairs of integers, written ``(1,2) (3,4)``, ``1-2, 3-4`` or ``1 2; 3 4``."""
    s = text.strip()
    if "(" in s:
        if s.startswith("[") and s.endswith("]"):
            s = s[1:-1]
        groups = _PAIR_GROUP.findall(s)
        leftover = _PAIR_GROUP.sub(" ", s)
        if leftover.strip(" ,;\n\t"):
            raise ParseError(f"unexpected text between pairs: {_preview(leftover.strip())}")
        raw = [group.split(",") if "," in group else group.split() for group in groups]
    elif "-" in s.lstrip("-"):
        raw = [token.split("-") for token in split_items(s, max_items=max_items)]
    else:
        raw = [chunk.split() for chunk in re.split(r"[;\n]+", s) if chunk.strip()]
    if len(raw) > max_items:
        raise ParseError(f"more than {max_items} pairs")
    pairs = []
    for parts in raw:
        if len(parts) != 2:
            raise ParseError(f"expected a pair of integers, got {_preview(' '.join(parts))}")
        pairs.append((parse_int(parts[0], max_digits=max_digits), parse_int(parts[1], max_digits=max_digits)))
    return pairs


def parse_grid(
    text: str,
    *,
    max_rows: int = 100,
    max_cols: int = 100,
    cell_pattern: str | None = None,
    single_chars: bool = False,
) -> list[list[str]]:
    """A grid, one row per line, cells separated by spaces or commas.

    ``cell_pattern`` (a simple regular expression, matched in full) restricts what a cell may be.
    With ``single_chars``, a row written without separators (``1234``) is read one cell per character.
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) > max_rows:
        raise ParseError(f"more than {max_rows} rows")
    grid = []
    for line in lines:
        if len(line) > 16 * max_cols:
            raise ParseError(f"a row is longer than {max_cols} cells")
        cells = [c for c in re.split(r"[\s,]+", line) if c]
        if single_chars and len(cells) == 1:
            cells = list(cells[0])
        if len(cells) > max_cols:
            raise ParseError(f"a row has more than {max_cols} cells")
        if cell_pattern is not None:
            for cell in cells:
                if not re.fullmatch(cell_pattern, cell):
                    raise ParseError(f"unexpected cell {_preview(cell)}")
        grid.append(cells)
    return grid


def parse_int_grid(text: str, *, max_rows: int = 100, max_cols: int = 100, max_digits: int = 12) -> list[list[int]]:
    """A grid of integers, one row per line."""
    return [
        [parse_int(cell, max_digits=max_digits) for cell in row]
        for row in parse_grid(text, max_rows=max_rows, max_cols=max_cols, cell_pattern=r"[+-]?[0-9]+")
    ]


_TRUE = {"yes", "true", "y", "1"}
_FALSE = {"no", "false", "n", "0"}


def parse_bool(text: str) -> bool:
    """``yes``/``no`` (also ``true``/``false``), case-insensitive."""
    s = text.strip().strip(".").lower()
    if s in _TRUE:
        return True
    if s in _FALSE:
        return False
    raise ParseError(f"expected yes or no, got {_preview(text)}")


def parse_choice(text: str, options: Sequence[str]) -> str:
    """Exactly one of ``options`` (case-insensitive); returns the option as spelled in ``options``."""
    s = text.strip().strip(".").lower()
    for option in options:
        if s == option.lower():
            return option
    raise ParseError(f"expected one of {', '.join(options)}, got {_preview(text)}")


#: Letters a word may hold unless the caller widens it: ASCII only, so look-alikes are refused by name.
ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: Default ceiling on one word's length and on a sentence's.
DEFAULT_MAX_WORD = 64
DEFAULT_MAX_SENTENCE = 2_000
_WORD_SEPARATORS = re.compile(r"[\s,;]+")
_SPACES = re.compile(r"\s+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _first_stranger(text: str, allowed: frozenset[str]) -> str | None:
    for ch in text:
        if ch not in allowed:
            return ch
    return None


def _describe_char(ch: str) -> str:
    import unicodedata

    name = unicodedata.name(ch, "")
    return f"{ch!r} (U+{ord(ch):04X}{' ' + name if name else ''})"


def parse_word(
    text: str,
    *,
    max_length: int = DEFAULT_MAX_WORD,
    letters: frozenset[str] | str = ASCII_LETTERS,
    case_sensitive: bool = False,
) -> str:
    """One word made only of ``letters`` (ASCII letters by default), surrounding spaces and a final full stop
    ignored; lower-cased unless ``case_sensitive``. A letter outside ``letters`` is named in the error."""
    allowed = frozenset(letters)
    s = text.strip()
    if len(s) > max_length + 1:
        raise ParseError(f"expected one word of at most {max_length} letters, got {len(s)} characters")
    if s.endswith(".") and "." not in allowed:
        s = s[:-1]
    if not s:
        raise ParseError("expected a word, got nothing")
    stranger = _first_stranger(s, allowed)
    if stranger is not None:
        what = "a space: give one word" if stranger.isspace() else f"{_describe_char(stranger)}, which is not allowed"
        raise ParseError(f"expected one word of letters, found {what}")
    if len(s) > max_length:
        raise ParseError(f"expected a word of at most {max_length} letters, got {len(s)}")
    # ASCII lower-casing only: str.lower() maps some letters to two characters.
    return s if case_sensitive else s.translate(_ASCII_LOWER)



def parse_word_list(
    text: str,
    *,
    max_items: int = DEFAULT_MAX_ITEMS,
    max_length: int = DEFAULT_MAX_WORD,
    letters: frozenset[str] | str = ASCII_LETTERS,
    case_sensitive: bool = False,
) -> list[str]:
    """Words separated by spaces, commas or semicolons (one pair of enclosing brackets removed), each read by
    ``parse_word``."""
    s = text.strip()
    if len(s) > max_items * (max_length + 4) + 16:
        raise ParseError(f"more than {max_items} words of at most {max_length} letters")
    if len(s) >= 2 and (s[0], s[-1]) in {("[", "]"), ("(", ")"), ("{", "}")}:
        s = s[1:-1]
    items = [item for item in _WORD_SEPARATORS.split(s) if item]
    if len(items) > max_items:
        raise ParseError(f"more than {max_items} words")
    return [parse_word(item, max_length=max_length, letters=letters, case_sensitive=case_sensitive) for item in items]


def normalise_sentence(
    text: str,
    *,
    max_length: int = DEFAULT_MAX_SENTENCE,
    ascii_only: bool = True,
    case_sensitive: bool = False,
) -> str:
    """A sentence for comparison: runs of whitespace made one space, the ends trimmed, final punctuation
    (``.``, ``!``, ``?``) dropped, ASCII letters lower-cased unless ``case_sensitive``. With ``ascii_only``
    a character outside printable ASCII is refused by name."""
    if len(text) > 2 * max_length:
        raise ParseError(f"expected a sentence of at most {max_length} characters, got {len(text)}")
    s = _SPACES.sub(" ", text).strip().rstrip(".!?").rstrip()
    if not s:
        raise ParseError("expected a sentence, got nothing")
    if len(s) > max_length:
        raise ParseError(f"expected a sentence of at most {max_length} characters, got {len(s)}")
    if ascii_only:
        for ch in s:
            if not (" " <= ch <= "~"):
                raise ParseError(f"the sentence holds {_describe_char(ch)}; write it in plain ASCII")
    return s if case_sensitive else s.translate(_ASCII_LOWER)
