"""math/transformed_roots_polynomial: from a monic integer polynomial with roots r_i, the monic polynomial whose
roots are r_i^2, 1/r_i or r_i + c, found without the roots themselves."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.polynomial_maps import negated_variable, shift
from rlve_plugin_math.polynomial_tasks import (
    PROMPT_CONVENTION,
    format_rational_polynomial,
    from_strings,
    is_integral,
    parse_rational_polynomial,
    to_strings,
    trimmed,
)
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed

KINDS = ("squares", "reciprocals", "shift")


def squared_roots(f: list[int]) -> list[int]:
    """The monic g with g(x^2) = (-1)^n f(x) f(-x): its roots are the squares of the roots of the monic f."""
    n = len(f) - 1
    product = multiply(f, negated_variable(f))  # only even powers survive
    return [(-1) ** n * c for c in product[::2]]


def reciprocal_roots(f: list[int]) -> list[Fraction]:
    """The monic x^n f(1/x) / f(0): its roots are the reciprocals of the roots of f (f(0) must not be 0)."""
    return [Fraction(c, f[-1]) for c in reversed(f)]


def new_root(kind: str, i: int | str, c: int) -> str:
    """The i-th root of the polynomial asked for, as the prompt writes it: ``r_2^2``, ``1/r_2``, ``r_2 - 3``."""
    if kind == "squares":
        return f"r_{i}^2"
    if kind == "reciprocals":
        return f"1/r_{i}"
    return f"r_{i} + {c}" if c > 0 else f"r_{i} - {-c}"


def _listed(n: int, item, separator: str = ", ") -> str:
    """``item(1), item(2), ..., item(n)``, the dots only where something is left out."""
    if n <= 3:
        return separator.join(item(i) for i in range(1, n + 1))
    return separator.join((item(1), item(2), "...", item(n)))


class TransformedRootsPolynomial(Environment):
    id = "math/transformed_roots_polynomial"
    version = 1
    description = (
        "Given a monic integer polynomial with roots r_i, find the monic polynomial whose roots are the squares "
        "r_i^2, the reciprocals 1/r_i or the shifted roots r_i + c."
    )
    difficulty_scales = (
        "coefficients up to 2 + d in absolute value; degree: 2 + d // 5 (past d = 100 +1 per 100 levels); shifts "
        "c up to 1 + d // 4 (at most 30) in absolute value; reciprocals of polynomials whose constant term is not "
        "+-1 (fractional answers) from d = 3; squares, reciprocals and shifts equally often"
    )
    size_name = "largest allowed absolute value of a coefficient of the given polynomial"
    answer_format = "the monic polynomial g(x) in powers of x, for example x^3 - 5x^2 + 1/2 x + 3"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 2 + lvl
        n = 2 + slow(lvl, 5, 100)
        kind = rng.choice(KINDS)
        f = [1] + [random_signed(rng, bound) for _ in range(n - 1)] + [random_signed(rng, bound, nonzero=True)]
        c = 0
        if kind == "reciprocals" and lvl < 3:
            f[-1] = rng.choice((1, -1))  # the new polynomial keeps integer coefficients
        if kind == "squares":
            target: list = squared_roots(f)
        elif kind == "reciprocals":
            target = reciprocal_roots(f)
        else:
            c = random_signed(rng, min(1 + lvl // 4, 30), nonzero=True)
            target = shift(f, -c)  # g(x) = f(x - c) vanishes at x = r_i + c
        if is_integral(target):
            coefficients = "Its coefficients are integers."
        else:
            coefficients = f"Its coefficients are fractions, not all integers. {PROMPT_CONVENTION}."

        def factor(i: int | str) -> str:
            root = new_root(kind, i, c)
            return f"(x - ({root}))" if kind == "shift" else f"(x - {root})"

        prompt = (
            f"Let {_listed(n, lambda i: f'r_{i}')} be the {n} roots of\n\nf(x) = {format_polynomial(f)}\n\ncounted "
            f"with multiplicity, complex roots included. Find the monic polynomial g(x) of degree {n} whose roots, "
            f"with multiplicity, are {_listed(n, lambda i: new_root(kind, i, c))} (the number {new_root(kind, 'i', c)} "
            f"for each root r_i of f), that is, g(x) = {_listed(n, factor, ' ')} written out in "
            f"powers of x. {coefficients}"
        )
        values = [Fraction(v) for v in target]
        data = {
            "kind": kind,
            "f": [str(v) for v in f],
            "c": c,
            "target": to_strings(values),
            "max_digits": max(max(digits_of(v.numerator), digits_of(v.denominator)) for v in values) + 2,
        }
        return Instance(prompt=prompt, answer=format_rational_polynomial(values), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = from_strings(data["target"])
        n = len(expected) - 1
        claimed = parse_rational_polynomial(answer, max_degree=n, max_digits=data["max_digits"])
        if claimed == expected:
            return Verdict.right()
        if trimmed(claimed) == [0]:
            return Verdict.wrong("0 is not a monic polynomial")
        if claimed[0] != 1:
            if claimed[0] and [v / claimed[0] for v in claimed] == expected:
                return Verdict.wrong("those are the right roots, but the polynomial is not monic")
            return Verdict.wrong(f"g must be monic of degree {n}")
        if data["kind"] == "shift":
            f = [int(v) for v in data["f"]]
            if claimed == shift(f, data["c"]):
                return Verdict.wrong(f"its roots are {new_root('shift', 'i', -data['c'])}: the shift is the wrong way")
        power = next(i for i, (got, want) in enumerate(zip(claimed, expected)) if got != want)
        return Verdict.wrong(f"the coefficient of x^{n - power} is wrong")
