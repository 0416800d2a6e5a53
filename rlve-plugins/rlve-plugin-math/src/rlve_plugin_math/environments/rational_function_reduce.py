"""math/rational_function_reduce: P(x)/Q(x), each given as a product of expanded factors, in lowest terms with a
monic denominator.

Both are built from irreducible pieces (linear a x - b and quadratics without rational roots), each used in the
numerator, the denominator or both, then grouped at random into the shown factors, so that a common factor is
usually split across differently grouped products: cancelling needs factoring, not matching shown factors.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import clean, digits_of, split_name
from rlve_plugin_math.polynomial_tasks import (
    PROMPT_CONVENTION,
    format_rational_polynomial,
    from_strings,
    parse_rational_polynomial,
    to_strings,
    trimmed,
)
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed

_FRAC_OPENERS = ("\\frac{", "\\dfrac{", "\\tfrac{")


def _atom(rng: random.Random, lvl: int, bound: int) -> tuple[int, ...]:
    """An irreducible factor: a x - b with gcd(a, b) = 1, or from d = 2 a quadratic with no rational root."""
    while True:
        if lvl >= 2 and rng.random() < 0.3:
            b, c = random_signed(rng, bound), random_signed(rng, bound)
            discriminant = b * b - 4 * c
            if discriminant < 0 or math.isqrt(discriminant) ** 2 != discriminant:
                return (1, b, c)
        else:
            a = 1 if lvl < 4 or rng.random() < 0.6 else rng.randint(2, 3)
            b = random_signed(rng, bound)
            if math.gcd(a, b) == 1:
                return (a, -b)


def _grouped(rng: random.Random, atoms: list[tuple[int, ...]], scale: int, largest: int) -> tuple[str, list[int]]:
    """The atoms in random order, multiplied out in groups of 1 to ``largest``, ``scale`` folded into one group;
    the shown product and the full expansion."""
    rng.shuffle(atoms)
    groups: list[list[int]] = []
    i = 0
    while i < len(atoms):
        size = rng.randint(1, largest)
        group = [1]
        for atom in atoms[i : i + size]:
            group = multiply(group, list(atom))
        groups.append(group)
        i += size
    if not groups:
        return str(scale), [scale]
    chosen = rng.randrange(len(groups))
    groups[chosen] = [scale * c for c in groups[chosen]]
    total = [1]
    for group in groups:
        total = multiply(total, group)
    if len(groups) == 1:
        return format_polynomial(groups[0]), total
    # A lone x needs no brackets: x(x - 1), not (x)(x - 1).
    return "".join(text if text == "x" else f"({text})" for text in map(format_polynomial, groups)), total


def _unwrapped(s: str) -> str:
    """``s`` without one pair of brackets around all of it (``(x + 1)`` is ``x + 1``, ``(x)(y)`` stays)."""
    if not (s.startswith("(") and s.endswith(")")):
        return s
    depth = 0
    for i, ch in enumerate(s):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and i < len(s) - 1:
            return s
    return s[1:-1]


def _braced(s: str, start: int) -> int:
    """The index just past the brace group that opens at ``s[start]`` (ParseError if it never closes)."""
    depth = 0
    for i in range(start, len(s)):
        depth += {"{": 1, "}": -1}.get(s[i], 0)
        if depth == 0:
            return i + 1
    raise ParseError("unbalanced braces")


def split_fraction(text: str) -> tuple[str, str, int]:
    """The numerator and denominator texts of ``N; D``, ``(N)/(D)`` or ``\\frac{N}{D}``, and the sign in front of
    the fraction (``-\\frac{1}{x - 2}``)."""
    s = clean(text)
    if ";" in s:
        parts = s.split(";")
        if len(parts) != 2:
            raise ParseError("expected the numerator, a semicolon, then the denominator")
        return parts[0], parts[1], 1
    _, s = split_name(s)
    s = "".join(s.split())
    sign = -1 if s.startswith("-") else 1
    s = s[1:] if sign < 0 or s.startswith("+") else s
    for opener in _FRAC_OPENERS:
        if s.startswith(opener):
            middle = _braced(s, len(opener) - 1)
            if middle >= len(s) or s[middle] != "{" or _braced(s, middle) != len(s):
                raise ParseError("unreadable \\frac{N}{D}")
            return s[len(opener) : middle - 1], s[middle + 1 : -1], sign
    depth, cuts = 0, []
    for i, ch in enumerate(s):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "/" and depth == 0 and 0 < i < len(s) - 1 and s[i - 1] == ")" and s[i + 1] == "(":
            cuts.append(i)
    if len(cuts) != 1:
        raise ParseError("expected the numerator, a semicolon, then the denominator")
    return _unwrapped(s[: cuts[0]]), _unwrapped(s[cuts[0] + 1 :]), sign


class RationalFunctionReduce(Environment):
    id = "math/rational_function_reduce"
    version = 1
    description = (
        "Reduce a rational function P(x)/Q(x), with P and Q given as products of expanded factors, to lowest terms "
        "with a monic denominator."
    )
    difficulty_scales = (
        "irreducible pieces: 3 + d // 4 (past d = 100 +1 per 100 levels), with constants up to 2 + d in absolute "
        "value; quadratic pieces from d = 2, leading coefficients 2 and 3 from d = 4, squared pieces from d = 5; "
        "shown factors group 1 to 2 pieces (3 from d = 6); constant factors up to 1 + d // 6 (at most 6) in "
        "absolute value; from d = 2 one problem in ten is already in lowest terms and from d = 3 one in seven "
        "reduces to a polynomial"
    )
    size_name = "largest allowed absolute value of a constant in an irreducible piece"
    answer_format = (
        "the numerator N(x), a semicolon, then the monic denominator D(x), both written out in powers of x, for "
        "example 1/2 x + 3; x^2 - 2 (D(x) = 1 if everything cancels)"
    )
    tags = ("math", "algebra", "polynomials", "fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 2 + lvl
        count = 3 + slow(lvl, 4, 100)
        pool: list[tuple[int, ...]] = []
        while len(pool) < count:
            atom = _atom(rng, lvl, bound)
            if atom not in pool:
                pool.append(atom)
        reduced_already = lvl >= 2 and rng.random() < 0.1
        polynomial_result = not reduced_already and lvl >= 3 and rng.random() < 1 / 7
        roles = []  # (times in P, times in Q) for each piece
        for i in range(count):
            if i == 0:
                role = (1, 0) if reduced_already else (1, 1)
            elif i == 1:
                role = (0, 1) if not polynomial_result else (1, 1)
            else:
                options = [(1, 0), (0, 1), (1, 1)]
                if reduced_already:
                    options = options[:2]
                elif polynomial_result:
                    options = [(1, 0), (1, 1)]
                role = rng.choice(options)
            if role == (1, 1) and lvl >= 5 and rng.random() < 0.2:
                role = rng.choice(((2, 1), (1, 2)) if not polynomial_result else ((2, 1),))
            roles.append(role)
        scales = [random_signed(rng, min(1 + lvl // 6, 6), nonzero=True) for _ in range(2)]
        largest = 2 if lvl < 6 else 3
        shown, expanded, kept = [], [], []
        for side, scale in zip((0, 1), scales):
            atoms = [atom for atom, role in zip(pool, roles) for _ in range(role[side])]
            text, total = _grouped(rng, atoms, scale, largest)
            shown.append(text)
            expanded.append(total)
            left = [1]
            for atom, role in zip(pool, roles):
                for _ in range(max(0, role[side] - role[1 - side])):
                    left = multiply(left, list(atom))
            kept.append([scale * c for c in left])
        lead = kept[1][0]
        numerator = [Fraction(c, lead) for c in kept[0]]
        denominator = [Fraction(c, lead) for c in kept[1]]
        prompt = (
            f"Reduce the rational function f(x) = P(x)/Q(x) to lowest terms, where\n\nP(x) = {shown[0]}\n"
            f"Q(x) = {shown[1]}\n\nWrite f(x) = N(x)/D(x) with polynomials N and D that have no common factor of "
            "positive degree and D monic (leading coefficient 1); these N and D are unique. (As usual, points where "
            "Q(x) = 0 are ignored.) Give N(x), a semicolon, then D(x), each expanded in powers of x; write 1 for "
            f"D(x) if the whole denominator cancels. Coefficients may be fractions. {PROMPT_CONVENTION}."
        )
        values = numerator + denominator
        data = {
            "numerator": to_strings(numerator),
            "denominator": to_strings(denominator),
            "degrees": [len(expanded[0]) - 1, len(expanded[1]) - 1],
            "max_digits": max(max(digits_of(v.numerator), digits_of(v.denominator)) for v in values) + 2,
        }
        answer = f"{format_rational_polynomial(numerator)}; {format_rational_polynomial(denominator)}"
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        top, bottom, sign = split_fraction(answer)
        sides = []
        for what, text, degree in zip(("numerator", "denominator"), (top, bottom), data["degrees"]):
            name, value = split_name(clean(text))
            if name is not None and name[0] != what[0] and name[0] in "nd":
                raise ParseError(f"the {what} is named {name!r}: the numerator comes first")
            sides.append(trimmed(parse_rational_polynomial(value, max_degree=degree, max_digits=data["max_digits"])))
        numerator, denominator = [sign * c for c in sides[0]], sides[1]
        want_numerator, want_denominator = from_strings(data["numerator"]), from_strings(data["denominator"])
        if denominator == [0]:
            return Verdict.wrong("the denominator is 0")
        if denominator[0] != 1:
            return Verdict.wrong("the denominator must be monic (leading coefficient 1)")
        if numerator == want_numerator and denominator == want_denominator:
            return Verdict.right()
        if multiply(numerator, want_denominator) == multiply(want_numerator, denominator):
            return Verdict.wrong("that equals P(x)/Q(x), but it is not in lowest terms")
        return Verdict.wrong("that is not equal to P(x)/Q(x)")
