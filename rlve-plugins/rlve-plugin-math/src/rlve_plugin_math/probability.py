"""What the exact-probability and expectation environments share: the answer formats, the stored value and
its checker, and random splits of a whole into positive parts (ball colours, transition rows, priors).

Answers are exact rationals. As everywhere in the pack, ``parse_rational`` reads any equal form (``6/8`` is
``3/4``, ``0.75`` too), so the format asks for lowest terms but an unreduced fraction of the right value is
not punished: it is the same number.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Verdict
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rational

PROBABILITY_FORMAT = "a fraction p/q in lowest terms, for example 5/36 (write 0 or 1 for those probabilities)"
EXPECTATION_FORMAT = "an integer or a fraction p/q in lowest terms, for example 12 or 25/6"


def exact_data(value: Fraction) -> dict[str, Any]:
    """What ``check_exact`` needs, as JSON: the value and a digit limit for reading answers.

    The limit leaves room for an unreduced form (a numerator and denominator a few times longer).
    """
    longest = max(digits_of(value.numerator), digits_of(value.denominator))
    return {"value": format_fraction(value), "max_digits": 2 * longest + 8}


def check_exact(data: dict[str, Any], answer: str, what: str, *, probability: bool = False) -> Verdict:
    """Right exactly when ``answer`` is the stored rational; a "probability" outside [0, 1] is told so."""
    value = parse_rational(answer, max_digits=data["max_digits"])
    if probability and not 0 <= value <= 1:
        return Verdict.wrong("a probability lies between 0 and 1")
    if value != Fraction(data["value"]):
        return Verdict.wrong(f"that is not {what}")
    return Verdict.right()


def random_composition(rng: random.Random, total: int, parts: int) -> list[int]:
    """``parts`` positive integers summing to ``total`` (>= parts), uniform over all such ordered splits."""
    cuts = sorted(rng.sample(range(1, total), parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total])]


def describe_counts(counts: list[int], names: list[str], noun: str) -> str:
    """``3 red, 1 blue and 2 green balls``: counts with their names, joined as English lists are."""
    items = [f"{count} {name}" for count, name in zip(counts, names)]
    listed = items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return f"{listed} {noun}"
