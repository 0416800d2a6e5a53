"""math/best_rational_approximation: the fraction with denominator at most N closest to a given rational."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rational
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

#: How often x is the midpoint of its two neighbours, so that the tie-breaking rule decides the answer.
TIE_SHARE = 0.1


def neighbours(x: Fraction, limit: int) -> tuple[Fraction, Fraction]:
    """The closest fractions below and above x with denominators at most ``limit`` (x's own is larger).

    Continued-fraction convergents of x until the next denominator would pass the limit; the last
    convergent and the largest semiconvergent still within it lie on either side of x and are its
    neighbours in the Farey sequence of order ``limit``.
    """
    p0, q0, p1, q1 = 0, 1, 1, 0
    n, d = x.numerator, x.denominator
    while True:
        t = n // d
        q2 = q0 + t * q1
        if q2 > limit:
            break
        p0, q0, p1, q1 = p1, q1, p0 + t * p1, q2
        n, d = d, n - t * d
    k = (limit - q0) // q1
    semiconvergent, convergent = Fraction(p0 + k * p1, q0 + k * q1), Fraction(p1, q1)
    return min(semiconvergent, convergent), max(semiconvergent, convergent)


def best_approximation(x: Fraction, limit: int) -> Fraction:
    """The closest fraction to x with denominator at most ``limit``; on a tie, the smaller denominator."""
    if x.denominator <= limit:
        return x
    below, above = neighbours(x, limit)
    return min((below, above), key=lambda f: (abs(x - f), f.denominator))


class BestRationalApproximation(Environment):
    id = "math/best_rational_approximation"
    version = 1
    description = "Find the fraction p/q with 1 <= q <= N closest to a given rational number (ties: smaller q)."
    difficulty_scales = (
        "the given fraction's denominator has 2 + d digits (past d = 100 about +20 per doubling) and N about half "
        f"as many; in {TIE_SHARE:.0%} of problems two fractions are equally close"
    )
    size_name = "digits of the given denominator"
    answer_format = "a fraction p/q in lowest terms, for example 17/12"
    tags = ("math", "number_theory", "fractions", "continued_fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        digits = digits_cap(2 + level(difficulty, cap=LEVEL_CAP))
        while True:
            denominator = random_with_digits(rng, digits)
            limit = rng.randint(2, 10 ** max(1, (digits + 1) // 2) - 1)
            # x > 1/N, so the answer is never 0 (0 and "00" would read alike).
            x = Fraction(rng.randint(denominator // limit + 1, 3 * denominator), denominator)
            if x.denominator > limit:
                break
        if rng.random() < TIE_SHARE:
            below, above = neighbours(x, limit)
            x = (below + above) / 2  # its denominator, 2 q1 q2, still exceeds the limit
        best = best_approximation(x, limit)
        prompt = (
            f"Among all fractions p/q with integers p and q, 1 \u2264 q \u2264 {limit}, find the one closest to "
            f"x = {x.numerator}/{x.denominator}. If two are equally close to x, give the one with the smaller "
            "denominator. Write it in lowest terms."
        )
        data = {
            "x": format_fraction(x),
            "limit": str(limit),
            "best": format_fraction(best),
            "max_digits": digits_of(max(x.numerator, x.denominator)) + 2,
        }
        return Instance(prompt=prompt, answer=format_fraction(best), data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_rational(answer, max_digits=data["max_digits"])
        best, x = Fraction(data["best"]), Fraction(data["x"])
        if value.denominator > int(data["limit"]):
            return Verdict.wrong("the denominator (in lowest terms) is larger than N")
        if value != best:
            if abs(x - value) == abs(x - best):
                return Verdict.wrong("as close as the answer, but with the larger denominator")
            return Verdict.wrong("another fraction with denominator at most N is closer")
        return Verdict.right()
