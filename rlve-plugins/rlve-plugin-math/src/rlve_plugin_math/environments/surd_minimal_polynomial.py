"""math/surd_minimal_polynomial: the minimal polynomial over the rationals of a sum of square roots, or of
a + b c^(1/n).

A sum r + c_1 sqrt(s_1) + ... + c_m sqrt(s_m), with distinct square-free s_j > 1 none of whose products is a
square and every c_j non-zero, has the 2^m conjugates r +- c_1 sqrt(s_1) +- ..., all distinct, so its minimal
polynomial is the product of x minus each of them. Radicands are shown as drawn (sqrt(8), not 2 sqrt(2)): terms
that share a square-free part merge, and the degree drops, which is the trap. For n >= 2 and a square-free c > 1,
x^n - c is irreducible (Eisenstein at any prime of c), so a + b c^(1/n) has minimal polynomial (x - a)^n - b^n c.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.polynomial_maps import add, shift
from rlve_plugin_math.polynomial_tasks import divide, monic, parse_rational_polynomial, trimmed
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def square_free_part(n: int) -> tuple[int, int]:
    """``(m, s)`` with n = m^2 s and s square-free, by trial division (n is small here)."""
    m, s, q = 1, 1, 2
    while q * q <= n:
        while n % (q * q) == 0:
            n //= q * q
            m *= q
        if n % q == 0:
            n //= q
            s *= q
        q += 1
    return m, s * n


def _random_square_free(rng: random.Random, low: int, high: int) -> int:
    while True:
        s = rng.randint(low, high)
        if square_free_part(s)[0] == 1:
            return s


def _adjoin_root(p: list[int], square: int) -> list[int]:
    """The polynomial whose roots are rho +- t for every root rho of ``p``, where t^2 = ``square``.

    p(x + t) is A(x) + t B(x) with integer A and B (Horner's rule with t^2 replaced by ``square``), and
    p(x + t) p(x - t) = A^2 - square B^2.
    """
    a, b = [0], [0]
    for c in p:
        a, b = add(add(a + [0], [square * v for v in b]), [c]), add(a, b + [0])
    return add(multiply(a, a), [-square * v for v in multiply(b, b)])


def _independent(radicands: list[int]) -> bool:
    """Whether no product of some of these distinct square-free numbers (> 1) is a square."""
    for mask in range(1, 1 << len(radicands)):
        product = math.prod(s for i, s in enumerate(radicands) if mask >> i & 1)
        if math.isqrt(product) ** 2 == product:
            return False
    return True


def _term(coefficient: int, body: str, first: bool) -> str:
    """``+ 2 * sqrt(3)``, ``- sqrt(3)``, or ``sqrt(3)`` / ``-2 * sqrt(3)`` at the front."""
    magnitude = "" if abs(coefficient) == 1 else f"{abs(coefficient)} * "
    if first:
        return f"{'-' if coefficient < 0 else ''}{magnitude}{body}"
    return f"{'-' if coefficient < 0 else '+'} {magnitude}{body}"


def _square_root_sum(rng: random.Random, lvl: int, count: int) -> tuple[str, list[int]] | None:
    """r + c_1 sqrt(a_1) + ..., shown as drawn, and its minimal polynomial; None if the draw is degenerate
    beyond what is wanted (a rational value, or merged radicands that are dependent)."""
    top = 3 + lvl
    multiplier = 2 + lvl // 8
    rational = random_signed(rng, 1 + lvl // 4) if lvl >= 8 else 0
    coefficient_bound = 1 + min(lvl // 10, 9)
    parts: list[tuple[int, int]] = []  # (coefficient, square-free part)
    for i in range(count):
        roll = rng.random()
        if parts and roll < 0.2:
            s = square_free_part(parts[rng.randrange(len(parts))][1])[1]  # the same surd in disguise
        elif roll < 0.3:
            s = 1  # a perfect square under the root
        else:
            s = _random_square_free(rng, 2, max(3, top))
        radicand = s * rng.randint(2 if s == 1 else 1, multiplier) ** 2
        if any(radicand == other for _, other in parts):
            return None
        coefficient = random_signed(rng, coefficient_bound, nonzero=True) if lvl >= 8 else rng.choice((1, -1))
        parts.append((abs(coefficient) if i == 0 else coefficient, radicand))
    merged: dict[int, int] = {}
    value = rational
    for coefficient, radicand in parts:
        m, s = square_free_part(radicand)
        if s == 1:
            value += coefficient * m
        else:
            merged[s] = merged.get(s, 0) + coefficient * m
    surds = {s: c for s, c in merged.items() if c}
    if not surds or not _independent(list(surds)):
        return None
    polynomial = [1, -value]
    for s, c in surds.items():
        polynomial = _adjoin_root(polynomial, c * c * s)
    shown = [_term(c, f"sqrt({radicand})", i == 0) for i, (c, radicand) in enumerate(parts)]
    if rational:
        shown.insert(0, str(rational))
        shown[1] = _term(parts[0][0], f"sqrt({parts[0][1]})", False)
    return " ".join(shown), polynomial


def _radical_line(rng: random.Random, lvl: int) -> tuple[str, list[int]]:
    """a + b c^(1/n) for a square-free c > 1, and its minimal polynomial (x - a)^n - b^n c."""
    n = rng.randint(2, 2 + slow(lvl, 6, 100)) if lvl >= 3 else 2
    c = _random_square_free(rng, 2, max(3, 3 + lvl))
    a = random_signed(rng, 2 + lvl // 2)
    b = random_signed(rng, 2 + lvl // 2, nonzero=True)
    root = f"sqrt({c})" if n == 2 else f"{c}^(1/{n})"
    shown = _term(b, root, True) if a == 0 else f"{a} {_term(b, root, False)}"
    polynomial = shift([1] + [0] * n, -a)
    polynomial[-1] -= b**n * c
    return shown, polynomial


class SurdMinimalPolynomial(Environment):
    id = "math/surd_minimal_polynomial"
    version = 1
    description = (
        "Find the minimal polynomial over the rationals of a sum of square roots, or of a + b c^(1/n) for a "
        "square-free c."
    )
    difficulty_scales = (
        "square-free parts up to 3 + d; square factors under a root up to (2 + d // 8)^2; sums of two square "
        "roots or a + b sqrt(c) from d = 0, a + b c^(1/n) with n up to 2 + d // 6 (past d = 100 +1 per 100 "
        "levels) from d = 3, three square roots from d = 5, from d = 8 a rational part up to 1 + d // 4 and "
        "coefficients up to 1 + d // 10 (at most 10); a fifth of the roots share their square-free part with an "
        "earlier one, a tenth are of perfect squares"
    )
    size_name = "largest allowed square-free part of a radicand"
    answer_format = "the monic minimal polynomial written out in powers of x, for example x^4 - 10x^2 + 1"
    tags = ("math", "algebra", "polynomials", "field_theory")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        kinds = ["radical", "two roots"] + (["three roots"] if lvl >= 5 else [])
        kind = rng.choice(kinds)
        drawn = None
        for _ in range(50):  # degenerate sums are redrawn; a few draws nearly always suffice
            if kind == "radical":
                break
            drawn = _square_root_sum(rng, lvl, 2 if kind == "two roots" else 3)
            if drawn is not None:
                break
        shown, polynomial = drawn if drawn is not None else _radical_line(rng, lvl)
        prompt = (
            f"Let\n\nα = {shown}\n\nwhere sqrt(k) is the positive square root of k and k^(1/n) the positive real "
            "n-th root. Find the minimal polynomial of α over the rational numbers: the monic polynomial (leading "
            "coefficient 1) with rational coefficients of the least possible degree that has α as a root. (Its "
            "coefficients are integers.) Write it out in powers of x."
        )
        data = {
            "polynomial": [str(c) for c in polynomial],
            "max_digits": max(digits_of(c) for c in polynomial) + 2,
        }
        return Instance(prompt=prompt, answer=format_polynomial(polynomial), data=data, size=3 + lvl)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [int(c) for c in data["polynomial"]]
        degree = len(expected) - 1
        claimed = trimmed(parse_rational_polynomial(answer, max_degree=2 * degree, max_digits=data["max_digits"]))
        if claimed == expected:
            return Verdict.right()
        if claimed == [0]:
            return Verdict.wrong("0 is not a minimal polynomial")
        if claimed[0] != 1:
            if monic(claimed) == expected:
                return Verdict.wrong("that polynomial is not monic")
            return Verdict.wrong("the minimal polynomial is monic (leading coefficient 1)")
        if len(claimed) > len(expected) and divide(claimed, expected)[1] == [0]:
            return Verdict.wrong(f"α is a root of it, but it is not of the least degree ({degree})")
        return Verdict.wrong("that is not the minimal polynomial of α")
