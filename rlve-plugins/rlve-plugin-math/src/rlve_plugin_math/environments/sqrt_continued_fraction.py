"""math/sqrt_continued_fraction: the continued fraction of sqrt(n) for a non-square n: its shortest period (at low
difficulty the whole expansion a0; a1, ..., ak, later its length k)."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer, parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP

#: Below this level the whole period is asked for; from it on only its length (periods grow like sqrt(n)).
FULL_PERIOD_BELOW = 6


def sqrt_expansion(n: int) -> list[int]:
    """[a0, a1, ..., ak] for sqrt(n), n not a square: the classic (m, d, a) recurrence, which ends its first period
    exactly when a = 2 a0. About sqrt(n) steps at worst, so n stays below about 10^8."""
    a0 = math.isqrt(n)
    terms = [a0]
    m, d, a = 0, 1, a0
    while a != 2 * a0:
        m = d * a - m
        d = (n - m * m) // d
        a = (a0 + m) // d
        terms.append(a)
    return terms


def _size_step(lvl: int) -> int:
    """The level, but past 100 only one step per 8 levels: the reference's cost grows like sqrt(n)."""
    return lvl if lvl <= 100 else 100 + (lvl - 100) // 8


class SqrtContinuedFraction(Environment):
    id = "math/sqrt_continued_fraction"
    version = 1
    description = (
        "Find the periodic continued fraction of sqrt(n) for a non-square n: the whole period at low difficulty, "
        "its length later."
    )
    difficulty_scales = (
        "n between N/2 and N = 20 (d + 1)^3 (past d = 100 one step per 8 levels); the whole expansion for d < 6, "
        "the period length from d = 6"
    )
    size_name = "largest possible n"
    answer_format = "for d < 6 the terms a0; a1, ..., ak, for example 4; 1, 3, 1, 8; from d = 6 an integer k"
    tags = ("math", "number_theory", "continued_fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        high = 20 * (_size_step(lvl) + 1) ** 3
        while True:
            n = rng.randint(high // 2 + 1, high)
            if math.isqrt(n) ** 2 != n:
                break
        terms = sqrt_expansion(n)
        intro = (
            f"The continued fraction of \u221a{n} is [a0; a1, a2, a3, \u2026], where a0 = floor(\u221a{n}) and "
            "each later term is the integer part of the reciprocal of what is left. After a0 it is periodic: "
            "there is a smallest k \u2265 1 with a_(i+k) = a_i for every i \u2265 1."
        )
        if lvl < FULL_PERIOD_BELOW:
            prompt = (
                f"{intro} Give a0 and then one shortest period a1, a2, \u2026, ak, written as a0; a1, \u2026, ak "
                "(for example, \u221a23 = [4; 1, 3, 1, 8, 1, 3, 1, 8, \u2026] is written 4; 1, 3, 1, 8)."
            )
            answer = f"{terms[0]}; " + ", ".join(map(str, terms[1:]))
            data = {"terms": terms}
        else:
            prompt = f"{intro} Find the length k of that shortest period."
            answer = str(len(terms) - 1)
            data = {"k": len(terms) - 1}
        return Instance(prompt=prompt, answer=answer, data=data, size=high)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        if "k" in data:
            value = parse_integer(answer, max_digits=digits_of(data["k"]) + 2)
            if value != data["k"]:
                return Verdict.wrong("that is not the length of the shortest period")
            return Verdict.right()
        terms = data["terms"]
        if answer.count("[") > 1 or answer.count("{") > 1:
            raise ParseError("expected a0; a1, ..., ak, with at most one pair of brackets")
        text = answer.replace(";", ",").replace("[", " ").replace("]", " ").replace("\\overline", " ")
        text = text.replace("{", " ").replace("}", " ")
        values = parse_integers(text, max_items=2 * len(terms) + 1, max_digits=digits_of(max(terms)) + 2)
        if not values:
            raise ParseError("expected a0; a1, ..., ak")
        if values[0] != terms[0]:
            return Verdict.wrong("a0 is wrong")
        period = values[1:]
        if period == terms[1:]:
            return Verdict.right()
        if len(period) % (len(terms) - 1) == 0 and period == terms[1:] * (len(period) // (len(terms) - 1)):
            return Verdict.wrong("that repeats the shortest period more than once")
        return Verdict.wrong("those are not the terms a1..ak of the shortest period")
