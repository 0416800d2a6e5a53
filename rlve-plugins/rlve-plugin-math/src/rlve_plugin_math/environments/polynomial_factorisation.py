"""math/polynomial_factorisation: an integer polynomial as its content times irreducible factors over Z.

The polynomial is built from factors known to be irreducible (primitive linear factors, primitive
quadratics whose discriminant is not a square, primitive cubics without a rational root), so the check
never factors anything: it compares the answer's primitive factors, up to sign, with the stored ones.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import clean, digits_of, split_name
from rlve_plugin_math.polynomial_tasks import divide, trimmed
from rlve_plugin_math.polynomials import format_polynomial, multiply, parse_polynomial
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed

_TIMES = ("\\cdot", "\\times", "\\left", "\\right", "\u00d7", "\u00b7", "*")
_CONSTANT = re.compile(r"[0-9]+")
_EXPONENT = re.compile(r"\^(?:\{([0-9]{1,3})\}|([0-9]{1,3}))")
_GAPS = " \t\n*"


def _divisors(n: int) -> list[int]:
    n = abs(n)
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return small + [n // d for d in reversed(small) if d * d != n]


def _has_rational_root(f: list[int]) -> bool:
    """Whether ``f`` (degree 3, nonzero constant term) has a root p/q: p divides the constant, q the lead."""
    degree = len(f) - 1
    for p in _divisors(f[-1]):
        for q in _divisors(f[0]):
            for num in (p, -p):
                if sum(c * num ** (degree - i) * q**i for i, c in enumerate(f)) == 0:
                    return True
    return False


def _irreducible(rng: random.Random, degree: int, bound: int, lead_bound: int) -> list[int]:
    """A random primitive irreducible factor with a positive leading coefficient."""
    for _ in range(100):
        f = [rng.randint(1, lead_bound)] + [random_signed(rng, bound) for _ in range(degree)]
        if math.gcd(*f) != 1 or (degree > 1 and f[-1] == 0):
            continue
        if degree == 2:
            discriminant = f[1] ** 2 - 4 * f[0] * f[2]
            if discriminant >= 0 and math.isqrt(discriminant) ** 2 == discriminant:
                continue
        if degree == 3 and _has_rational_root(f):
            continue
        return f
    return [1, 0, 1] if degree == 2 else [1, 0, 0, 2] if degree == 3 else [1, 1]


def _factor_degree(rng: random.Random, lvl: int, left: int, first: bool) -> int:
    """1, 2 or 3; never the whole polynomial for the first factor, so there is something to factor."""
    most = min(3 if lvl >= 8 else 2 if lvl >= 2 else 1, left - 1 if first else left)
    return min(most, rng.choices((1, 2, 3), weights=(5, 4, 2))[0])


def _read_product(text: str, degree: int, max_digits: int) -> tuple[int, list[tuple[list[int], int]]]:
    """The sign and the factors of ``-2(x + 1)^2(3x - 2)x``: integer polynomials in brackets, integers and
    ``x``, each with an optional power, side by side or separated by spaces or a times sign (``2 * 3`` is 6,
    never 23). Powers are read as numbers, never applied."""
    _, s = split_name(clean(text))
    if "**" in "".join(s.split()):
        raise ParseError("write powers with ^, not **")
    for symbol in _TIMES:
        s = s.replace(symbol, "*")
    s = "^".join(part.strip() for part in s.split("^")).strip()  # "(x + 1) ^ 2" is one factor
    max_factors = degree + 6
    if len(s) > max_factors * (degree + 1) * (max_digits + 12):
        raise ParseError("longer than any factorisation of this polynomial")
    sign = -1 if s[:1] == "-" else 1
    s = s[1:] if s[:1] in ("-", "+") else s
    factors: list[tuple[list[int], int]] = []
    pos = 0
    while True:
        while pos < len(s) and s[pos] in _GAPS:
            pos += 1
        if pos == len(s):
            break
        if len(factors) >= max_factors:
            raise ParseError("more factors than this polynomial can have")
        constant = _CONSTANT.match(s, pos)
        if s[pos] == "(":
            close = s.find(")", pos)
            if close < 0 or "(" in s[pos + 1 : close]:
                raise ParseError("unbalanced or nested brackets")
            factor = trimmed(parse_polynomial(s[pos + 1 : close], max_degree=degree, max_digits=max_digits))
            pos = close + 1
        elif constant is not None:
            if len(constant.group()) > max_digits:
                raise ParseError(f"a constant has more than {max_digits} digits")
            factor, pos = [int(constant.group())], constant.end()
        elif s[pos] == "x":
            factor, pos = [1, 0], pos + 1
        else:
            raise ParseError(f"unreadable factor at {s[pos : pos + 20]!r}: write factors in brackets")
        power = _EXPONENT.match(s, pos)
        exponent = 1
        if power is not None:
            exponent, pos = int(power.group(1) or power.group(2)), power.end()
        factors.append((factor, exponent))
    if not factors:
        raise ParseError("no factors")
    return sign, factors


class PolynomialFactorisation(Environment):
    id = "math/polynomial_factorisation"
    version = 1
    description = "Factor an integer polynomial completely into irreducible factors over the integers."
    difficulty_scales = (
        "degree: 2 + d // 3 (past d = 100 +1 per 30 levels); factor coefficients up to 2 + d in absolute value "
        "(past d = 100 +1 per 10 levels), leading ones from d = 3 up to 2 + (d - 3) // 6 (at most 6); quadratic "
        "factors and a content from d = 2, repeated factors from d = 3, cubic factors from d = 8"
    )
    size_name = "largest allowed absolute value of a coefficient of a factor"
    answer_format = "the factorisation as a product, for example -2(x + 1)^2(3x - 2)(x^2 + x + 1)"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        total, bound = 2 + slow(lvl, 3, 30), 2 + slow(lvl, 1, 10)
        lead_bound = 1 if lvl < 3 else min(6, 2 + (lvl - 3) // 6)
        counts: dict[tuple[int, ...], int] = {}
        left = total
        while left:
            degree = _factor_degree(rng, lvl, left, first=not counts)
            factor = tuple(_irreducible(rng, degree, bound, lead_bound))
            repeat = 2 if lvl >= 3 and 2 * degree <= left and rng.random() < 0.25 else 1
            if not counts and degree * repeat == total:
                repeat = 1
            counts[factor] = counts.get(factor, 0) + repeat
            left -= degree * repeat
        content = 1 if lvl < 2 or rng.random() < 0.4 else random_signed(rng, min(12, 2 + lvl // 4), nonzero=True)
        polynomial = [content]
        for factor, repeat in counts.items():
            for _ in range(repeat):
                polynomial = multiply(polynomial, list(factor))
        ordered = sorted(counts.items(), key=lambda item: (len(item[0]), item[0]))
        shown = "".join(
            f"({format_polynomial(list(f))})" + (f"^{e}" if e > 1 else "") for f, e in ordered
        )
        answer = ("-" if content == -1 else "" if content == 1 else str(content)) + shown
        prompt = (
            f"Factor the polynomial\n\np(x) = {format_polynomial(polynomial)}\n\ncompletely over the integers: "
            "write it as an integer constant times polynomials of positive degree with integer coefficients "
            "that cannot be factored further over the integers (so the coefficients of each factor have no common "
            "divisor above 1). The constant is the greatest common divisor of the coefficients of p, with the sign "
            "that makes the product equal p(x); leave it out if it is 1 (write just - for -1), and write it as one "
            "integer. Put every factor of positive degree in brackets and write a repeated factor with a power, "
            "as in -2(x + 1)^2(3x - 2)(x^2 + x + 1); the factors may come in any order."
        )
        data = {
            "content": content,
            "factors": [[list(f), e] for f, e in ordered],
            "polynomial": [str(c) for c in polynomial],
            "max_digits": max(digits_of(c) for c in polynomial) + 2,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        polynomial = [int(c) for c in data["polynomial"]]
        degree = len(polynomial) - 1
        sign, factors = _read_product(answer, degree, data["max_digits"])
        constant, counts, product_degree = sign, {}, 0
        for factor, exponent in factors:
            if exponent < 1:
                return Verdict.wrong("every power must be at least 1")
            if len(factor) == 1:
                if factor[0] == 0:
                    return Verdict.wrong("a factor is 0")
                if abs(factor[0]) == 1:
                    constant *= factor[0] ** (exponent % 2)
                    continue
                if digits_of(factor[0]) * exponent > data["max_digits"]:
                    return Verdict.wrong("the constant factor is wrong")
                constant *= factor[0] ** exponent
                continue
            shared = math.gcd(*factor)
            if shared != 1:
                shown = format_polynomial(factor)
                return Verdict.wrong(f"({shown}) can be factored further: its coefficients share the factor {shared}")
            if factor[0] < 0:  # (-x + 1) is -(x - 1): the sign goes to the constant
                factor, constant = [-c for c in factor], constant * (-1) ** exponent
            key = tuple(factor)
            counts[key] = counts.get(key, 0) + exponent
            product_degree += (len(factor) - 1) * exponent
        if product_degree != degree:
            return Verdict.wrong(f"the factors multiply to a polynomial of degree {product_degree}, not {degree}")
        expected = {tuple(f): e for f, e in data["factors"]}
        for key, exponent in counts.items():
            if key not in expected:
                shown = format_polynomial(list(key))
                if divide(polynomial, list(key))[1] == [0]:
                    return Verdict.wrong(f"({shown}) divides p(x) but can be factored further")
                return Verdict.wrong(f"({shown}) is not a factor of p(x)")
            if exponent != expected[key]:
                return Verdict.wrong(f"({format_polynomial(list(key))}) appears with the wrong power")
        if len(counts) != len(expected):
            return Verdict.wrong("a factor is missing")
        if constant != data["content"]:
            return Verdict.wrong("the constant factor is wrong: the product is not p(x)")
        return Verdict.right()
