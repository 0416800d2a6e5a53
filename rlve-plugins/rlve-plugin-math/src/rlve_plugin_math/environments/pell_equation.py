"""math/pell_equation: the fundamental solution of x^2 - D y^2 = 1 for a non-square D."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP

_NAMES = (("x",), ("y",))


def fundamental_solution(d: int) -> tuple[int, int]:
    """The smallest positive (x, y) with x^2 - d y^2 = 1: the first convergent of sqrt(d) that solves it."""
    a0 = math.isqrt(d)
    m, denominator, a = 0, 1, a0
    p_prev, p, q_prev, q = 1, a0, 0, 1
    while p * p - d * q * q != 1:
        m = denominator * a - m
        denominator = (d - m * m) // denominator
        a = (a0 + m) // denominator
        p_prev, p = p, a * p + p_prev
        q_prev, q = q, a * q + q_prev
    return p, q


def max_d(difficulty: int) -> int:
    """The largest D at this difficulty: 10 + s (s + 2), s = d up to 100, then one step per 10 levels.

    Fundamental solutions grow like exp(sqrt(D)) at worst: x has at most 38 digits for D <= 1000 and
    about 450 for D near the cap's 36 490, so every answer stays printable.
    """
    lvl = level(difficulty, cap=LEVEL_CAP)
    step = min(lvl, 100) + max(0, lvl - 100) // 10
    return 10 + step * (step + 2)


class PellEquation(Environment):
    id = "math/pell_equation"
    version = 1
    description = "Find the fundamental (smallest positive) solution of the Pell equation x^2 - D y^2 = 1."
    difficulty_scales = (
        "D is a non-square between half of and 10 + d (d + 2) (past d = 100 d grows one step per 10 levels, at "
        "most 190 steps)"
    )
    size_name = "largest D"
    answer_format = "x and y separated by a space, for example 649 180"
    tags = ("math", "number_theory", "diophantine", "continued_fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        largest = max_d(difficulty)
        while True:
            d = rng.randint(max(2, largest // 2), largest)
            if math.isqrt(d) ** 2 != d:
                break
        x, y = fundamental_solution(d)
        prompt = (
            f"Find the fundamental solution of the Pell equation x^2 \u2212 {d}\u00b7y^2 = 1: the solution in "
            "positive integers x and y with the smallest x (every other solution in positive integers is larger)."
        )
        data = {"d": d, "x": str(x), "y": str(y)}
        return Instance(prompt=prompt, answer=f"{x} {y}", data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        # Twice the digits: the next solution, (x + y sqrt D)^2, is still read, and told it is not the smallest.
        values = parse_integers(answer, max_items=3, max_digits=2 * len(data["x"]) + 2, names=_NAMES)
        if len(values) != 2:
            return Verdict.wrong(f"expected two numbers x and y, got {len(values)}")
        x, y = values
        if x <= 0 or y <= 0:
            return Verdict.wrong("x and y must be positive")
        if x * x - data["d"] * y * y != 1:
            return Verdict.wrong("x^2 - D y^2 is not 1 for that x and y")
        if (x, y) != (int(data["x"]), int(data["y"])):
            return Verdict.wrong("a solution, but not the smallest one")
        return Verdict.right()
