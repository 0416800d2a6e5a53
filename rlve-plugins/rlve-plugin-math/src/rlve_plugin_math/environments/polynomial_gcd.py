"""math/polynomial_gcd: the monic greatest common divisor of two integer polynomials, over the rationals."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.polynomial_tasks import (
    PROMPT_CONVENTION,
    coprime,
    divide,
    format_rational_polynomial,
    from_strings,
    monic,
    parse_rational_polynomial,
    to_strings,
    trimmed,
)
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def _random_polynomial(rng: random.Random, degree: int, bound: int, lead: int | None = None) -> list[int]:
    first = lead if lead is not None else random_signed(rng, bound, nonzero=True)
    return [first] + [random_signed(rng, bound) for _ in range(degree)]


def _common_factor(rng: random.Random, lvl: int) -> list[int]:
    """The shared factor: none (gcd 1) now and then, and from d = 4 sometimes with a leading coefficient
    above 1, so that the monic gcd has fractions and a primitive answer is not the monic one."""
    if lvl >= 2 and rng.random() < 0.2:
        return [1]
    degree = rng.randint(max(1, slow(lvl, 6, 60)), 1 + slow(lvl, 6, 60))
    lead = rng.randint(2, 3) if lvl >= 4 and rng.random() < 0.4 else 1
    for _ in range(20):
        factor = _random_polynomial(rng, degree, 2 + lvl // 4, lead)
        if math.gcd(*factor) == 1:
            return factor
    return [lead] + [0] * (degree - 1) + [1]


class PolynomialGcd(Environment):
    id = "math/polynomial_gcd"
    version = 1
    description = "Find the monic greatest common divisor of two integer polynomials over the rationals."
    difficulty_scales = (
        "cofactor degrees: up to 1 + d // 5, shared factor degree: up to 1 + d // 6 (past d = 100 +1 per 50 and 60 "
        "levels); cofactor coefficients up to 2 + d in absolute value; from d = 2 one problem in five has gcd 1; "
        "from d = 4 the monic gcd often has fractions"
    )
    size_name = "largest allowed absolute value of a coefficient of the cofactors"
    answer_format = "the monic gcd written out in powers of x, for example x^2 - 1/2 x + 3, or 1"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 2 + lvl
        shared = _common_factor(rng, lvl)
        top = 1 + slow(lvl, 5, 50)
        for _ in range(20):  # random cofactors are almost always coprime; retry the rare pair that is not
            first = _random_polynomial(rng, rng.randint(max(1, top - 1), top), bound)
            second = _random_polynomial(rng, rng.randint(1, top), bound)
            if coprime(first, second):
                break
        else:  # x f + 1 is coprime to f
            second = multiply(first, [1, 0])
            second[-1] += 1
        # With coprime cofactors the gcd is the shared factor itself, made monic: no Euclid over the rationals,
        # whose numbers explode with the degree.
        a, b, gcd = multiply(shared, first), multiply(shared, second), monic(shared)
        prompt = (
            f"Find the greatest common divisor of\n\nA(x) = {format_polynomial(a)}\nB(x) = {format_polynomial(b)}\n\n"
            "as polynomials over the rational numbers, written as a monic polynomial (leading coefficient 1); "
            "if A and B have no common factor of positive degree, the answer is 1. Coefficients may be fractions. "
            f"{PROMPT_CONVENTION}."
        )
        data = {
            "gcd": to_strings(gcd),
            "a": [str(c) for c in a],
            "b": [str(c) for c in b],
            "max_digits": max(max(digits_of(c.numerator), digits_of(c.denominator)) for c in gcd) + 2,
        }
        return Instance(prompt=prompt, answer=format_rational_polynomial(gcd), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = from_strings(data["gcd"])
        a, b = [int(c) for c in data["a"]], [int(c) for c in data["b"]]
        degree = min(len(a), len(b)) - 1
        claimed = trimmed(parse_rational_polynomial(answer, max_degree=degree, max_digits=data["max_digits"]))
        if claimed == expected:
            return Verdict.right()
        if claimed == [0]:
            return Verdict.wrong("0 is not a divisor")
        if monic(claimed) == expected:
            return Verdict.wrong("that is a greatest common divisor, but not the monic one")
        if claimed[0] == 1 and divide(a, claimed)[1] == [0] and divide(b, claimed)[1] == [0]:
            return Verdict.wrong("that is a common divisor, but not the greatest")
        return Verdict.wrong("that is not the greatest common divisor")
