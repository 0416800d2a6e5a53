"""math/partial_fractions: the partial-fraction decomposition of P(x)/Q(x) for a Q with distinct integer roots."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import (
    clean,
    digits_of,
    format_fraction,
    parse_rational_value,
    parse_rationals,
    split_name,
)
from rlve_plugin_math.polynomial_tasks import (
    PROMPT_CONVENTION,
    divide,
    format_rational_polynomial,
    from_strings,
    parse_rational_polynomial,
    to_strings,
    trimmed,
)
from rlve_plugin_math.polynomials import evaluate, format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def linear_factor(root: int) -> str:
    """``(x - 3)``, ``(x + 2)`` or ``x``."""
    if root == 0:
        return "x"
    return f"(x - {root})" if root > 0 else f"(x + {-root})"


def residues(numerator: list[int], lead: int, roots: list[int]) -> list[Fraction]:
    """A_i = P(r_i) / Q'(r_i) for Q = lead * prod (x - r_j) with distinct roots: the cover-up rule."""
    values = []
    for i, r in enumerate(roots):
        derivative = lead
        for j, s in enumerate(roots):
            if j != i:
                derivative *= r - s
        values.append(Fraction(evaluate(numerator, r), derivative))
    return values


#: ``2 3`` inside one comma-separated item is two numbers, not 23.
_SPLIT_NUMBER = re.compile(r"[0-9]\s+[0-9]")


def _read_constants(text: str, k: int, max_digits: int) -> list[Fraction]:
    """A_1, ..., A_k: split at commas where there are any, so that a spaced sign (``- \\frac{26}{3}``, as sympy
    writes it) stays with its number; otherwise at spaces. A name, where written, must be the right A_i."""
    names = [(f"a{i}",) for i in range(1, k + 1)]
    if "," not in text:
        return parse_rationals(text, max_items=k + 1, max_digits=max_digits, names=names)
    items = text.split(",", k + 1)
    if len(items) > k + 1:
        raise ParseError(f"more than {k + 1} constants")
    values = []
    for i, item in enumerate(items):
        name, value = split_name(clean(item))
        if name is not None and (i >= k or name != f"a{i + 1}"):
            raise ParseError(f"unexpected name {name!r} for constant {i + 1}")
        if _SPLIT_NUMBER.search(value):
            raise ParseError(f"a space inside the number {value[:30]!r}")
        values.append(parse_rational_value(value, max_digits=max_digits))
    return values


class PartialFractions(Environment):
    id = "math/partial_fractions"
    version = 1
    description = (
        "Decompose P(x)/Q(x) into partial fractions, for a Q given as a product of distinct linear factors: the "
        "constants over each factor and the polynomial part."
    )
    difficulty_scales = (
        "factors of Q: 2 + d // 6 (past d = 100 +1 per 100 levels); roots up to 2 + d // 2 in absolute value; "
        "coefficients of P up to 3 + d in absolute value; from d = 2 a third of the problems have deg P >= deg Q "
        "(a polynomial part of degree up to d // 10, at most 3); from d = 4 Q often has a leading constant"
    )
    size_name = "largest allowed absolute value of a coefficient of P"
    answer_format = (
        "the constants A_1, ..., A_k in order, separated by commas, then, when deg P >= deg Q, a semicolon and the "
        "polynomial part S(x), for example 3/2, -1, 4; 2x + 1"
    )
    tags = ("math", "algebra", "polynomials", "fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 3 + lvl
        k = 2 + slow(lvl, 6, 100)
        spread = max(2 + lvl // 2, k)
        roots = rng.sample(range(-spread, spread + 1), k)
        lead = rng.choice((2, 3, -1, -2)) if lvl >= 4 and rng.random() < 0.5 else 1
        extra = rng.randint(0, min(lvl // 10, 3)) if lvl >= 2 and rng.random() < 1 / 3 else -1
        degree = k + extra if extra >= 0 else rng.randint(max(0, k - 2), k - 1)
        denominator = [lead]
        for r in roots:
            denominator = multiply(denominator, [1, -r])
        for _ in range(50):  # P must share no root with Q, or a factor would cancel
            numerator = [random_signed(rng, bound, nonzero=True)] + [random_signed(rng, bound) for _ in range(degree)]
            if all(evaluate(numerator, r) for r in roots):
                break
        else:  # x^e Q(x) + 1, or 1, is 1 at every root of Q
            numerator = multiply(denominator, [1] + [0] * extra) if extra >= 0 else [0]
            numerator[-1] += 1
        constants = residues(numerator, lead, roots)
        whole = divide(numerator, denominator)[0] if extra >= 0 else [Fraction(0)]
        shown_lead = "" if lead == 1 else "-" if lead == -1 else str(lead)
        product = shown_lead + "".join(linear_factor(r) for r in roots)
        terms = " + ".join(f"A_{i + 1}/{linear_factor(r)}" for i, r in enumerate(roots))
        names = ", ".join(f"A_{i}" for i in range(1, k + 1)) if k <= 3 else f"A_1, A_2, ..., A_{k}"
        if extra >= 0:
            shape = (
                f"S(x) + {terms}, where S(x) is a polynomial (the quotient of P by Q) and {names} are constants. Give "
                f"{names} in this order, separated by commas, then a semicolon and S(x) written out in powers of x. "
                f"The constants and the coefficients of S may be fractions: write them as a/b. {PROMPT_CONVENTION}."
            )
        else:
            shape = (
                f"{terms}, where {names} are constants (there is no polynomial part, as deg P < deg Q). Give {names} "
                "in this order, separated by commas. The constants may be fractions: write them as a/b."
            )
        prompt = f"Let\n\nP(x) = {format_polynomial(numerator)}\nQ(x) = {product}\n\nWrite P(x)/Q(x) as {shape}"
        answer = ", ".join(format_fraction(a) for a in constants)
        if extra >= 0:
            answer += f"; {format_rational_polynomial(whole)}"
        values = constants + whole
        data = {
            "constants": to_strings(constants),
            "whole": to_strings(whole) if extra >= 0 else None,
            "max_digits": max(max(digits_of(v.numerator), digits_of(v.denominator)) for v in values) + 2,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = from_strings(data["constants"])
        k, max_digits = len(expected), data["max_digits"]
        parts = answer.split(";")
        if len(parts) > 2:
            return Verdict.wrong("expected the constants, then at most one semicolon and the polynomial part")
        constants = _read_constants(parts[0], k, max_digits)
        if len(constants) != k:
            return Verdict.wrong(f"expected {k} constants A_1, ..., A_{k}, got {len(constants)}")
        for i, (got, want) in enumerate(zip(constants, expected)):
            if got != want:
                return Verdict.wrong(f"A_{i + 1} is wrong")
        whole = from_strings(data["whole"]) if data["whole"] is not None else [Fraction(0)]
        if len(parts) == 1:
            if whole != [0]:
                return Verdict.wrong("the polynomial part S(x) is missing (after a semicolon)")
            return Verdict.right()
        name, text = split_name(clean(parts[1]))
        if name is not None and not name.startswith("s"):
            raise ParseError(f"the polynomial part is named {name!r}, not S(x)")
        # One degree of room, so that a part one degree too high is read and called wrong.
        claimed = parse_rational_polynomial(text, max_degree=len(whole), max_digits=max_digits)
        if trimmed(claimed) != whole:
            return Verdict.wrong("the polynomial part S(x) is wrong")
        return Verdict.right()
