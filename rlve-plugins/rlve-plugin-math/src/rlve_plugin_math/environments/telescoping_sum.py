"""math/telescoping_sum: the exact value of sum_{k=1..n} c / ((a k + b)(a k + b + g a)), or of
sum_{k=1..n} c / ((a k + b)(a k + b + a)(a k + b + 2a)), for an n far too large to add term by term.

With u_k = a k + b, partial fractions turn the terms into differences that cancel in pairs:
c / (u_k u_(k+g)) = c / (g a) (1 / u_k - 1 / u_(k+g)), leaving g head terms and g tail terms, and
c / (u_k u_(k+1) u_(k+2)) = c / (2a) (1 / (u_k u_(k+1)) - 1 / (u_(k+1) u_(k+2))), leaving one of each.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.calculus import EXACT_FORMAT, check_exact_value
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.probability import exact_data
from rlve_plugin_math.scaling import LEVEL_CAP, random_with_digits


def telescoped(c: int, a: int, b: int, gap: int, triple: bool, n: int) -> Fraction:
    """The sum for k = 1..n, from the telescoped closed form (the factors a k + b are never 0 here)."""

    def u(k: int) -> int:
        return a * k + b

    if triple:
        return Fraction(c, 2 * a) * (Fraction(1, u(1) * u(2)) - Fraction(1, u(n + 1) * u(n + 2)))
    head = sum(Fraction(1, u(k)) for k in range(1, gap + 1))
    tail = sum(Fraction(1, u(k)) for k in range(n + 1, n + gap + 1))
    return Fraction(c, gap * a) * (head - tail)


class TelescopingSum(Environment):
    id = "math/telescoping_sum"
    version = 1
    description = "Find the exact value of a long sum of reciprocals of products of linear factors that telescopes."
    difficulty_scales = (
        "the offset b ranges over [1 - a, 2 + d]; a: 1 to 1 + d // 3 (at most 30); n has 1 + d // 3 digits (past "
        "d = 100 +1 per 20 levels); the factors lie g a apart with g up to 1 + d // 4 (at most 4); numerators c "
        "up to 1 + d // 2 (at most 30) from d = 2; a third of the sums have three factors from d = 5"
    )
    size_name = "largest allowed offset b"
    answer_format = EXACT_FORMAT
    tags = ("math", "algebra", "sums")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        top = 2 + lvl
        a = rng.randint(1, min(30, 1 + lvl // 3))
        b = rng.randint(1 - a, top)  # u_1 = a + b >= 1: no factor is ever 0
        digits = 1 + slow(lvl, 3, 20)
        n = rng.randint(3, 9) if digits == 1 else random_with_digits(rng, digits)
        c = rng.randint(1, min(30, 1 + lvl // 2)) if lvl >= 2 else 1
        triple = lvl >= 5 and rng.random() < 1 / 3
        gap = 1 if triple else rng.randint(1, min(4, 1 + lvl // 4))
        value = telescoped(c, a, b, gap, triple, n)
        offsets = (0, a, 2 * a) if triple else (0, gap * a)
        factors = [f"({format_polynomial([a, b + offset], var='k')})" for offset in offsets]
        term = f"{c} / ({''.join(factors)})"
        first = " \u00b7 ".join(str(a + b + offset) for offset in offsets)
        second = " \u00b7 ".join(str(2 * a + b + offset) for offset in offsets)
        prompt = (
            f"Compute the exact value of the sum of {term} over the integers k from 1 to n = {n}:\n\n"
            f"S = {c}/({first}) + {c}/({second}) + ... (one term for each k = 1, 2, ..., {n})"
        )
        return Instance(prompt=prompt, answer=format_fraction(value), data=exact_data(value), size=top)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact_value(data, answer, "the value of the sum")
