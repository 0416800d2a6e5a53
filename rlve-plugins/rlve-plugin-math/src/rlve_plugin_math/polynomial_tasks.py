"""Polynomials with rational coefficients, highest power first: division, coprimality, writing and reading.

``polynomials.py`` covers integer polynomials; interpolation, division and gcds over the rationals need
fractions in the coefficients, so their answers are read here, with the same rules: nothing is
evaluated, lengths are checked before any number is converted, and no regular expression has a nested
quantifier. A fractional coefficient stands in front of its power of x: ``3/2 x^2`` (also ``3/2x^2``,
``(3/2)x^2``, ``\\frac{3}{2}x^2``, ``\\frac{3x^2}{2}`` and ``3x^2/2``) is (3/2)·x^2; ``PROMPT_CONVENTION``
says so in prompts.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rlve import ParseError
from rlve.parse import parse_fraction
from rlve_plugin_math.numbers import clean, format_fraction, split_name
from rlve_plugin_math.polynomials import format_polynomial

#: The sentence prompts use to say how a fractional coefficient is written.
PROMPT_CONVENTION = (
    "Write a fractional coefficient as a/b in front of its power of x: 3/2 x^2 - 1/4 means (3/2)x^2 - 1/4"
)

#: A prime far above any coefficient here, for ``coprime``.
COPRIME_MODULUS = 2**61 - 1

_LATEX_FRAC = re.compile(r"\\[dt]?frac\{([+-]?[0-9]+)\}\{([0-9]+)\}")
#: ``\frac{3x^{2}}{2}``, as sympy and many models write it, is ``3x^{2}/2``.
_LATEX_FRAC_TERM = re.compile(r"\\[dt]?frac\{([0-9]*x(?:\^\{[0-9]{1,6}\}|\^[0-9]{1,6})?)\}\{([0-9]+)\}")
_SIGNED_TERM = re.compile(r"[+-]?[^+-]+")
#: A term without its sign: a coefficient (``3``, ``3/4``, ``0.75``, ``(3/4)``), then ``x^k``, then ``/b``.
_TERM = re.compile(
    r"(?:\(([0-9.]+(?:/[0-9]+)?)\)|([0-9.]+(?:/[0-9]+)?))?"
    r"(?:(x)(?:\^(?:\{([0-9]{1,6})\}|([0-9]{1,6})))?)?"
    r"(?:/([0-9]+))?"
)
#: A sign inside a bracketed coefficient moves in front of it (``+(-3/4)x`` is ``-(3/4)x``), then doubled
#: signs multiply out; each step is a sign product, and any sign pair left over makes the text unreadable.
_SIGN_PAIRS = (
    ("+(-", "-("), ("-(-", "+("), ("+(+", "+("), ("-(+", "-("), ("+-", "-"), ("-+", "-"), ("--", "+"), ("++", "+")
)


def trimmed(coefficients: list) -> list:
    """The coefficients without leading zeros (the zero polynomial is ``[0]``)."""
    start = next((i for i, c in enumerate(coefficients) if c != 0), len(coefficients) - 1)
    return list(coefficients[max(start, 0) :]) or [0]


def divide(a: list, b: list) -> tuple[list[Fraction], list[Fraction]]:
    """Quotient and remainder of ``a`` by ``b`` (not zero) over the rationals, both trimmed."""
    a, b = [Fraction(c) for c in trimmed(a)], [Fraction(c) for c in trimmed(b)]
    if len(b) == 1 and b[0] == 0:
        raise ZeroDivisionError("division by the zero polynomial")
    if len(a) < len(b):
        return [Fraction(0)], a
    quotient = [Fraction(0)] * (len(a) - len(b) + 1)
    rest = a[:]
    for i in range(len(quotient)):
        factor = rest[i] / b[0]
        quotient[i] = factor
        if factor:
            for j, c in enumerate(b):
                rest[i + j] -= factor * c
    return trimmed(quotient), trimmed(rest[len(quotient) :] or [Fraction(0)])


def monic(coefficients: list) -> list[Fraction]:
    """The polynomial divided by its leading coefficient (the zero polynomial stays zero)."""
    p = [Fraction(c) for c in trimmed(coefficients)]
    return [c / p[0] for c in p] if p[0] else p


def coprime(a: list[int], b: list[int]) -> bool:
    """Whether two integer polynomials have no common factor of positive degree over the rationals.

    Decided by Euclid modulo the prime ``COPRIME_MODULUS``, where numbers never grow (over the rationals they
    explode with the degree). A common factor over Q can be taken primitive with integer coefficients (Gauss's
    lemma), its leading coefficient divides both leading ones, so modulo a prime that divides neither it keeps
    its degree and still divides both: a gcd of 1 there proves coprimality. The converse can fail for an
    unlucky prime; then this says False, the safe answer for a caller that only retries.
    """
    p = COPRIME_MODULUS
    a, b = [c % p for c in trimmed(a)], [c % p for c in trimmed(b)]
    if a[0] == 0 or b[0] == 0:
        return False
    while len(b) > 1 or b[0] != 0:
        inverse = pow(b[0], -1, p)
        while len(a) >= len(b) and (len(a) > 1 or a[0] != 0):
            factor = a[0] * inverse % p
            a = trimmed([(x - factor * y) % p for x, y in zip(a, b + [0] * (len(a) - len(b)))][1:] or [0])
        a, b = b, a
    return len(a) == 1


def is_integral(coefficients: list[Fraction]) -> bool:
    return all(Fraction(c).denominator == 1 for c in coefficients)


def format_rational_polynomial(coefficients: list) -> str:
    """``[1, -3/2, 1/2]`` as ``x^2 - 3/2 x + 1/2``; integer coefficients as ``polynomials`` writes them."""
    values = [Fraction(c) for c in trimmed(coefficients)]
    if is_integral(values):
        return format_polynomial([int(c) for c in values])
    degree = len(values) - 1
    parts: list[str] = []
    for i, c in enumerate(values):
        if c == 0:
            continue
        power = degree - i
        magnitude = abs(c)
        if power == 0:
            body = format_fraction(magnitude)
        else:
            variable = "x" if power == 1 else f"x^{power}"
            shown = "" if magnitude == 1 else format_fraction(magnitude)
            body = f"{shown} {variable}" if magnitude.denominator > 1 else f"{shown}{variable}"
        parts.append((f"-{body}" if c < 0 else body) if not parts else f"{'-' if c < 0 else '+'} {body}")
    return " ".join(parts)


def _normalised(text: str) -> str:
    """The polynomial with LaTeX fractions as ``(a/b)``, no spaces or ``*``, and signs in front of brackets.

    Only a bracket that opens a term gives up its sign: ``x(-1)`` stays unreadable rather than become x - 1.
    """
    _, s = split_name(clean(text))
    if "**" in "".join(s.split()):
        raise ParseError("write powers with ^, not **")  # 2**x is not 2x
    s = "".join(s.split())
    s = s.replace("\\cdot", "").replace("\\left", "").replace("\\right", "").replace("*", "")
    s = _LATEX_FRAC_TERM.sub(r"\1/\2", _LATEX_FRAC.sub(r"(\1/\2)", s))
    if s.startswith("(-") or s.startswith("(+"):
        s = s[1] + "(" + s[2:]
    for before, after in _SIGN_PAIRS:
        s = s.replace(before, after)
    return s


def _coefficient(term: str, max_digits: int) -> tuple[Fraction, int]:
    """The value and the power of x of one unsigned term."""
    match = _TERM.fullmatch(term)
    if match is None or not match.group():
        raise ParseError(f"unreadable term {term[:30]!r}")
    bracketed, plain, variable, braced, bare, divisor = match.groups()
    written = bracketed if bracketed is not None else plain
    if written is None and variable is None:
        raise ParseError(f"unreadable term {term[:30]!r}")
    if written is not None and "/" in written and divisor is not None:
        raise ParseError(f"two denominators in {term[:30]!r}")
    if len(term) > 2 * max_digits + 16:
        raise ParseError(f"a coefficient has more than {max_digits} digits")
    value = parse_fraction(written, max_digits=max_digits) if written is not None else Fraction(1)
    if divisor is not None:
        if len(divisor) > max_digits or int(divisor) == 0:
            raise ParseError(f"unreadable denominator in {term[:30]!r}")
        value /= int(divisor)
    power = braced if braced is not None else bare
    return value, (int(power) if power else 1) if variable else 0


def parse_rational_polynomial(text: str, *, max_degree: int, max_digits: int) -> list[Fraction]:
    """A polynomial in ``x`` with rational coefficients, ``p(x) = x^2 - 3/2 x + 1/2``, like terms added up.

    Returns the coefficients from ``x^max_degree`` down to the constant. A power above ``max_degree``,
    more terms than a few per power, or a coefficient longer than ``max_digits`` is unreadable.
    """
    s = _normalised(text)
    if not s:
        raise ParseError("empty polynomial")
    max_terms = 2 * (max_degree + 1) + 2
    if len(s) > max_terms * (2 * max_digits + 16):
        raise ParseError("the polynomial is longer than any answer to this problem")
    coefficients = [Fraction(0)] * (max_degree + 1)
    covered = 0
    for count, match in enumerate(_SIGNED_TERM.finditer(s)):
        if match.start() != covered or count >= max_terms:
            raise ParseError("unreadable polynomial")
        covered = match.end()
        term = match.group()
        value, power = _coefficient(term.lstrip("+-"), max_digits)
        if power > max_degree:
            raise ParseError(f"a power x^{power} is above the degree {max_degree}")
        coefficients[max_degree - power] += -value if term[0] == "-" else value
    if covered != len(s):
        raise ParseError("unreadable polynomial")
    return coefficients


def to_strings(coefficients: list) -> list[str]:
    """Coefficients as JSON-safe text (``"-3/4"``), for ``Problem.data``."""
    return [format_fraction(Fraction(c)) for c in coefficients]


def from_strings(texts: list[str]) -> list[Fraction]:
    return [Fraction(t) for t in texts]
