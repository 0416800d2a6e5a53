"""math/polynomial_roots: all integer roots of an integer polynomial given by its expanded form."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integers, says_none
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.scaling import LEVEL_CAP


def _rootless_factor(rng: random.Random, bound: int) -> list[int]:
    """A factor with no integer root, so that not every factor of the polynomial gives one away."""
    kind = rng.randrange(3)
    if kind == 0:  # x^2 + c, c > 0: no real root at all
        return [1, 0, rng.randint(1, bound)]
    if kind == 1:  # a x + b with a not dividing b: a rational root that is not an integer
        a = rng.randint(2, 4)
        b = rng.randint(1, bound)
        if b % a == 0:
            b += 1
        return [a, b * rng.choice((1, -1))]
    q = rng.randint(2, bound + 2)  # x^2 - q, q not a square: two irrational roots
    if math.isqrt(q) ** 2 == q:
        q += 1
    return [1, 0, -q]


class PolynomialRoots(Environment):
    id = "math/polynomial_roots"
    version = 1
    description = "Find every integer root of a polynomial with integer coefficients."
    difficulty_scales = (
        "roots bounded by 3 + d in absolute value; distinct integer roots: 2 + d // 4 (past d = 100 +1 per "
        "16 levels); double roots from d = 3; factors without integer roots from d = 2"
    )
    size_name = "bound on the absolute value of the roots"
    answer_format = "the distinct integer roots separated by spaces, in any order, each once, for example -3 2 5"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 3 + lvl
        count = min(2 + slow(lvl, 4, 16), 2 * bound + 1)
        roots = rng.sample(range(-bound, bound + 1), count)
        polynomial = [1]
        for root in roots:
            multiplicity = 2 if lvl >= 3 and rng.random() < 0.2 else 1
            for _ in range(multiplicity):
                polynomial = multiply(polynomial, [1, -root])
        if lvl >= 2:
            for _ in range(rng.randint(1, 2)):
                polynomial = multiply(polynomial, _rootless_factor(rng, bound))
        prompt = (
            f"Find all integer roots of the polynomial\n\np(x) = {format_polynomial(polynomial)}\n\n"
            "that is, every integer x with p(x) = 0."
        )
        data = {"roots": sorted(roots), "degree": len(polynomial) - 1}
        return Instance(prompt=prompt, answer=" ".join(map(str, sorted(roots))), data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        roots = set(data["roots"])
        if says_none(answer):
            return Verdict.wrong("the polynomial has integer roots")
        bound = max(abs(r) for r in roots)
        values = parse_integers(answer, max_items=len(roots) + 1, max_digits=digits_of(bound) + 2, names=(("x",),))
        seen = set()
        for x in values:
            if x not in roots:
                return Verdict.wrong(f"{x} is not a root")
            if x in seen:
                return Verdict.wrong(f"{x} is listed twice")
            seen.add(x)
        if seen != roots:
            return Verdict.wrong("a root is missing")
        return Verdict.right()
