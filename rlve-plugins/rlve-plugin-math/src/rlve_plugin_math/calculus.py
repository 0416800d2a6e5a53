"""What the calculus and exact-summation environments share: the answer format for exact values, their
checker, how a rational number is written as the base of a power, and how a quotient of polynomials is shown.

Exact values are stored with ``probability.exact_data`` and checked by ``probability.check_exact`` (any equal
form of the number is accepted, as everywhere in the pack) after one more rule: no number may be written with
a leading zero, since ``00`` is the reference ``0`` glued to itself rather than a way anyone writes zero.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rlve import Verdict
from rlve_plugin_math.numbers import format_fraction, refuse_leading_zeros
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.probability import check_exact

#: The answer format of every environment here whose answer is one exact rational number.
EXACT_FORMAT = "an integer or a fraction p/q in lowest terms, for example -7/12 or 5"

#: A number written with a leading zero (``00``, ``007``, ``3/05``), but not ``0``, ``10``, ``0.05`` or ``1,005``.


def check_exact_value(data: dict[str, Any], answer: str, what: str) -> Verdict:
    """``probability.check_exact`` (any equal form of the stored rational), without leading zeros."""
    refuse_leading_zeros(answer)
    return check_exact(data, answer, what)


def bracketed(value: Fraction | int) -> str:
    """``3``, ``(-3)``, ``(3/4)``: a number as it can stand before ``^i`` or after a product sign."""
    value = Fraction(value)
    text = format_fraction(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


def format_quotient(numerator: list[int], denominator: list[int]) -> str:
    """``(x^2 - 1) / (x - 1)``; each polynomial is bracketed unless it is a single non-negative number."""

    def part(coefficients: list[int]) -> str:
        text = format_polynomial(coefficients)
        return text if text.isdigit() else f"({text})"

    return f"{part(numerator)} / {part(denominator)}"
