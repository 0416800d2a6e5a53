"""math/polynomial_division: quotient and remainder of one polynomial by another, over the rationals."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import clean, digits_of, split_name
from rlve_plugin_math.polynomial_tasks import (
    PROMPT_CONVENTION,
    divide,
    format_rational_polynomial,
    from_strings,
    parse_rational_polynomial,
    to_strings,
)
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def _random_polynomial(rng: random.Random, degree: int, bound: int) -> list[int]:
    return [random_signed(rng, bound, nonzero=True)] + [random_signed(rng, bound) for _ in range(degree)]


def _read_part(text: str, first_letter: str, what: str, degree: int, max_digits: int) -> list[Fraction]:
    """One side of the answer; a name, if written (``q(x) =``, ``remainder =``), must be the right one."""
    name, value = split_name(clean(text))
    if name is not None and not name.startswith(first_letter):
        raise ParseError(f"the {what} is named {name!r}: the quotient comes first, then the remainder")
    return parse_rational_polynomial(value, max_degree=degree, max_digits=max_digits)


class PolynomialDivision(Environment):
    id = "math/polynomial_division"
    version = 1
    description = "Divide one polynomial by another over the rationals: the quotient and the remainder."
    difficulty_scales = (
        "divisor degree: 1 + d // 8 and quotient degree: 1 + d // 5 (past d = 100 +1 per 80 and 50 levels); "
        "coefficients up to 3 + d in absolute value; from d = 2 half the divisors lead with -1, 2, -2 or 3, and "
        "with 2, -2 or 3 half the dividends are arbitrary, so that quotient and remainder have fractions"
    )
    size_name = "largest allowed absolute value of a coefficient of the divisor"
    answer_format = (
        "the quotient, a semicolon, then the remainder, each written out in powers of x, for example "
        "x^2 - 1/2 x + 3; 5/2 x - 1 (write 0 for a zero remainder)"
    )
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 3 + lvl
        divisor_degree, quotient_degree = 1 + slow(lvl, 8, 80), 1 + slow(lvl, 5, 50)
        lead = 1 if lvl < 2 or rng.random() < 0.5 else rng.choice((-1, 2, -2, 3))
        divisor = [lead] + [random_signed(rng, bound) for _ in range(divisor_degree)]
        if abs(lead) == 1 or rng.random() < 0.5:
            # Built as B Q + R with integer Q and R: the division comes out in integers.
            quotient = _random_polynomial(rng, quotient_degree, bound)
            rest = [random_signed(rng, bound) for _ in range(divisor_degree)]
            dividend = multiply(divisor, quotient)
            dividend[-divisor_degree:] = [a + r for a, r in zip(dividend[-divisor_degree:], rest)]
        else:  # any dividend: a divisor that is not monic brings fractions in
            dividend = _random_polynomial(rng, divisor_degree + quotient_degree, bound)
        q, r = divide(dividend, divisor)
        prompt = (
            f"Divide A(x) = {format_polynomial(dividend)} by B(x) = {format_polynomial(divisor)} over the rational "
            "numbers: find the quotient Q(x) and the remainder R(x) such that A(x) = B(x) Q(x) + R(x) and R(x) "
            f"has degree less than {divisor_degree} (R(x) = 0 if B(x) divides A(x)). Coefficients may be "
            f"fractions. {PROMPT_CONVENTION}."
        )
        values = q + r
        data = {
            "quotient": to_strings(q),
            "remainder": to_strings(r),
            "degree": len(dividend) - 1,
            "max_digits": max(max(digits_of(c.numerator), digits_of(c.denominator)) for c in values) + 2,
        }
        answer = f"{format_rational_polynomial(q)}; {format_rational_polynomial(r)}"
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        separator = ";" if ";" in answer else ","
        parts = answer.split(separator, 2)
        if len(parts) != 2:
            return Verdict.wrong("expected the quotient and the remainder, separated by a semicolon")
        degree, max_digits = data["degree"], data["max_digits"]
        sides = (("quotient", "q", parts[0]), ("remainder", "r", parts[1]))
        claimed = [_read_part(text, letter, what, degree, max_digits) for what, letter, text in sides]
        for (what, _, _), got in zip(sides, claimed):
            want = from_strings(data[what])
            want = [Fraction(0)] * (degree + 1 - len(want)) + want
            for power, (mine, theirs) in enumerate(zip(got, want)):
                if mine != theirs:
                    return Verdict.wrong(f"the {what} is wrong: its coefficient of x^{degree - power}")
        return Verdict.right()
