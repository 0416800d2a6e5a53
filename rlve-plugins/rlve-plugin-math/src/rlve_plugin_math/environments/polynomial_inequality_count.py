"""math/polynomial_inequality_count: how many integers x in [L, R] satisfy P(x) < 0 (or <= 0, > 0, >= 0) for
an integer polynomial, given expanded, whose real roots are all rational.

The intended route is a sign chart: factor P, and between consecutive real roots the sign is constant; it
flips across a root of odd multiplicity and not across one of even multiplicity, and factors such as x^2 + c
never vanish. The reference count is computed from the roots the generator built in, interval by interval.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integer, refuse_leading_zeros
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP

#: The relation, as shown, and whether it holds for a value of each sign (-1, 0, 1).
_RELATIONS = {
    "<": (True, False, False),
    "<=": (True, True, False),
    ">": (False, False, True),
    ">=": (False, True, True),
}


def count_satisfying(lead_sign: int, roots: dict[Fraction, int], relation: str, low: int, high: int) -> int:
    """The integers x in [low, high] where sign(P(x)) satisfies the relation, for P with the given real roots
    (with multiplicities) and ``lead_sign``, the sign of P far to the right."""
    holds = _RELATIONS[relation]
    ordered = sorted(roots)
    total = 0
    # Right of all roots P has the sign lead_sign; crossing a root of odd multiplicity leftwards flips it.
    sign = lead_sign
    right_end = high
    for root in reversed(ordered):
        first = max(low, math.floor(root) + 1)  # the integers strictly between root and the previous boundary
        if holds[sign + 1] and right_end >= first:
            total += right_end - first + 1
        if root.denominator == 1 and low <= root <= high and holds[1]:
            total += 1  # P(root) = 0
        right_end = min(right_end, math.ceil(root) - 1)
        if roots[root] % 2:
            sign = -sign
    if holds[sign + 1] and right_end >= low:
        total += right_end - low + 1
    return total


class PolynomialInequalityCount(Environment):
    id = "math/polynomial_inequality_count"
    version = 1
    description = "Count the integers x in a range [L, R] at which a polynomial is negative (or <= 0, > 0, >= 0)."
    difficulty_scales = (
        "roots and range ends up to 5 + 3d in absolute value; distinct rational roots: 2 + d // 4 (past d = 100 "
        "+1 per 40 levels); from d = 2 a negative leading coefficient in half the problems; from d = 3 double "
        "roots; from d = 4 roots with denominators 2 or 3; from d = 6 a factor x^2 + b x + c with no real root in a "
        "third of the problems; relations <, <=, >, >= from d = 1; in 70% of the problems the range holds every root"
    )
    size_name = "largest allowed absolute value of a root or range end"
    answer_format = "a non-negative integer, for example 7"
    tags = ("math", "algebra", "polynomials", "inequalities")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound, count = 5 + 3 * lvl, 2 + slow(lvl, 4, 40)
        roots: dict[Fraction, int] = {}
        polynomial = [1]
        while len(roots) < count:
            q = rng.choice((2, 3)) if lvl >= 4 and rng.random() < 0.3 else 1
            root = Fraction(rng.randint(-bound * q, bound * q), q)  # q x - p when q > 1: p / q may not reduce
            if root in roots:
                continue
            multiplicity = 2 if lvl >= 3 and rng.random() < 0.25 else 1
            roots[root] = multiplicity
            for _ in range(multiplicity):
                polynomial = multiply(polynomial, [root.denominator, -root.numerator])
        if lvl >= 6 and rng.random() < 1 / 3:
            polynomial = multiply(polynomial, [1, rng.randint(-2, 2), rng.randint(3, 3 + lvl // 4)])  # b^2 < 4c
        lead_sign = -1 if lvl >= 2 and rng.random() < 0.5 else 1
        polynomial = [lead_sign * c for c in polynomial]
        relation = "<" if lvl == 0 else rng.choice(tuple(_RELATIONS))
        if rng.random() < 0.7:  # a range around every root, so the whole sign chart matters
            low = rng.randint(-bound, math.floor(min(roots)))
            high = rng.randint(math.ceil(max(roots)), bound)
        else:  # any range, often cutting the chart somewhere inside
            low, high = sorted(rng.sample(range(-bound, bound + 1), 2))
        answer = count_satisfying(lead_sign, roots, relation, low, high)
        prompt = (
            f"Let P(x) = {format_polynomial(polynomial)}.\n\nHow many integers x with {low} <= x <= {high} "
            f"satisfy P(x) {relation} 0? Both ends of the range count if they qualify."
        )
        data = {"count": answer, "max_digits": digits_of(high - low + 1) + 2}
        return Instance(prompt=prompt, answer=str(answer), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        refuse_leading_zeros(answer)
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        if value != data["count"]:
            return Verdict.wrong("that is not the number of such integers")
        return Verdict.right()
