"""math/rational_limit: the limit of a quotient of integer polynomials at a point where both may vanish
(common factors must cancel first) or at plus or minus infinity.

The answer is a number, ``infinity``, ``-infinity`` or ``does not exist``. A quotient of polynomials cannot
oscillate, so these cover every case: at a point a, after cancelling (x - a) as often as both allow, the
rest of the denominator's multiplicity decides (even: one infinity from both sides; odd: the two sides
go to opposite infinities and the two-sided limit does not exist).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.calculus import check_exact_value, format_quotient, refuse_leading_zeros
from rlve_plugin_math.numbers import clean, digits_of, format_fraction, parse_rational, split_name
from rlve_plugin_math.polynomial_tasks import divide, trimmed
from rlve_plugin_math.polynomials import evaluate, multiply
from rlve_plugin_math.probability import exact_data
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed

INFINITY, MINUS_INFINITY, NO_LIMIT = "infinity", "-infinity", "does not exist"

#: The spellings accepted for the three non-numeric answers, once spaces, ``$`` and backslashes are removed
#: (``\infty`` is ``infty``). Infinity must be written in lower case, as a word or LaTeX: bare ``inf``,
#: ``Infinity`` and the sign ``\u221e`` are what float parsers turn into a number, and the conformance kit
#: refuses them as answers everywhere, so they are refused here too (the prompt names the exact words).
_WORDS = {
    INFINITY: {"infinity", "+infinity", "infty", "+infty", "positiveinfinity", "plusinfinity"},
    MINUS_INFINITY: {"-infinity", "-infty", "negativeinfinity", "minusinfinity"},
    NO_LIMIT: {"doesnotexist", "dne", "doesn'texist", "nolimit", "thelimitdoesnotexist", "limitdoesnotexist"},
}

_RULES = (
    "If the limit is a finite number, give it exactly. If f(x) grows without bound through positive values as x "
    "approaches the target (from both sides, for a finite point), answer infinity; if it grows without bound "
    "through negative values, answer -infinity. If f(x) tends to infinity from one side of the point and to "
    "-infinity from the other, the limit does not exist: answer does not exist."
)


def _linear(rng: random.Random, bound: int, avoid: Fraction) -> list[int]:
    """x - t for an integer t in [-bound, bound] other than ``avoid``."""
    t = rng.randint(-bound, bound)
    while t == avoid:
        t = rng.randint(-bound, bound)
    return [1, -t]


def _cofactor(rng: random.Random, bound: int, factors: int, avoid: Fraction) -> list[int]:
    """A product of linear factors not vanishing at ``avoid``, sometimes with x^2 + c (no real root)."""
    result = [random_signed(rng, 3, nonzero=True)]
    for _ in range(factors):
        if rng.random() < 0.2:
            result = multiply(result, [1, 0, rng.randint(1, bound)])
        else:
            result = multiply(result, _linear(rng, bound, avoid))
    return result


def limit_at(numerator: list[int], denominator: list[int], point: Fraction) -> str:
    """The two-sided limit at ``point``: a number as text, or one of the three words."""
    p, q = [Fraction(c) for c in trimmed(numerator)], [Fraction(c) for c in trimmed(denominator)]
    root = [Fraction(1), -point]
    while evaluate(p, point) == 0 and evaluate(q, point) == 0:  # cancel one common factor (x - a)
        p, q = divide(p, root)[0], divide(q, root)[0]
    if evaluate(q, point) != 0:
        return format_fraction(evaluate(p, point) / evaluate(q, point))
    multiplicity = 0
    while evaluate(q, point) == 0:
        q, multiplicity = divide(q, root)[0], multiplicity + 1
    if multiplicity % 2:
        return NO_LIMIT
    return INFINITY if evaluate(p, point) / evaluate(q, point) > 0 else MINUS_INFINITY


def limit_at_infinity(numerator: list[int], denominator: list[int], sign: int) -> str:
    """The limit as x goes to +infinity (``sign`` 1) or -infinity (``sign`` -1)."""
    p, q = trimmed(numerator), trimmed(denominator)
    excess = len(p) - len(q)
    if excess < 0:
        return "0"
    if excess == 0:
        return format_fraction(Fraction(p[0], q[0]))
    direction = (1 if p[0] * q[0] > 0 else -1) * (sign**excess)
    return INFINITY if direction > 0 else MINUS_INFINITY


def _word(answer: str) -> str | None:
    """Which of the three words the answer says, if any."""
    _, value = split_name(clean(answer))
    key = "".join(value.replace("\\", "").replace("$", "").split())
    if key.lower() in _WORDS[NO_LIMIT]:
        return NO_LIMIT
    return next((word for word, spellings in _WORDS.items() if key in spellings), None)


class RationalLimit(Environment):
    id = "math/rational_limit"
    version = 1
    description = (
        "Find the limit of a quotient of polynomials at a point where both may vanish, or at plus or minus infinity."
    )
    difficulty_scales = (
        "roots up to 2 + d in absolute value; other factors per polynomial: 1 + d // 5 (past d = 100 +1 per 50 "
        "levels); the shared factor appears up to 1 + d // 6 times (at most 4) in each; limits at infinity in a "
        "quarter of the problems from d = 2 (also at -infinity from d = 5); rational points from d = 6"
    )
    size_name = "largest allowed absolute value of a root"
    answer_format = (
        'an integer or a fraction p/q in lowest terms (for example -7/12), or "infinity", "-infinity" or '
        '"does not exist"'
    )
    tags = ("math", "calculus", "limits", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound, factors = 2 + lvl, 1 + slow(lvl, 5, 50)
        if lvl >= 2 and rng.random() < 0.25:
            sign = -1 if lvl >= 5 and rng.random() < 0.5 else 1
            far = Fraction(bound + 1)  # no root to avoid: any value outside the roots' range
            numerator = _cofactor(rng, bound, rng.randint(1, factors + 1), far)
            denominator = _cofactor(rng, bound, rng.randint(1, factors + 1), far)
            answer = limit_at_infinity(numerator, denominator, sign)
            where = (
                "as x tends to infinity (through ever larger positive values)"
                if sign > 0
                else "as x tends to -infinity (through ever more negative values)"
            )
        else:
            denominator_of_point = rng.randint(2, min(5, 2 + lvl // 10)) if lvl >= 6 and rng.random() < 0.4 else 1
            point = Fraction(rng.randint(-bound, bound), denominator_of_point)
            # (s x - r) vanishes at r / s; it is the factor both polynomials may share.
            shared = [point.denominator, -point.numerator]
            top = min(4, 1 + lvl // 6)
            # m and n: how often each polynomial has the shared factor. Equal (a finite, non-zero limit) in half
            # the problems, more in the numerator (limit 0) in 15%, more in the denominator (infinite) in 35%.
            draw = 0.0 if lvl == 0 else rng.random()
            if draw < 0.5:
                m = n = rng.randint(1, top)
            elif draw < 0.65:
                n = rng.randint(0, top - 1)
                m = rng.randint(n + 1, top)
            else:
                n = rng.randint(1, top)
                m = rng.randint(0, n - 1)
            numerator = _cofactor(rng, bound, rng.randint(1, factors), point)
            denominator = _cofactor(rng, bound, rng.randint(0, factors), point)
            for _ in range(m):
                numerator = multiply(numerator, shared)
            for _ in range(n):
                denominator = multiply(denominator, shared)
            answer = limit_at(numerator, denominator, point)
            where = f"as x tends to {format_fraction(point)}"
        prompt = f"Let f(x) = {format_quotient(numerator, denominator)}.\n\nFind the limit of f(x) {where}. {_RULES}"
        digits = max(digits_of(c) for c in numerator + denominator)
        data: dict[str, Any] = {"limit": answer, "max_digits": 4 * digits + 8}
        if answer not in _WORDS:
            data.update(exact_data(Fraction(answer)))
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected, said = data["limit"], _word(answer)
        if expected in _WORDS:
            if said == expected:
                return Verdict.right()
            if said is None:
                refuse_leading_zeros(answer)
                parse_rational(answer, max_digits=data["max_digits"])  # unreadable text is malformed, not wrong
                return Verdict.wrong("the limit is not a finite number")
            return Verdict.wrong(f"the answer is not {said}")
        if said is not None:
            return Verdict.wrong("the limit is a finite number")
        return check_exact_value(data, answer, "the limit")
