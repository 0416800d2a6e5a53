"""math/bezout: the gcd of two integers and any Bezout coefficients x, y with a x + b y = gcd."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

_NAMES = (("g", "gcd", "d"), ("x", "s", "u"), ("y", "t", "v"))


def extended_gcd(a: int, b: int) -> tuple[int, int, int]:
    """``(g, x, y)`` with ``a x + b y = g = gcd(a, b)``, iteratively (no recursion depth to worry about)."""
    old_r, r, old_s, s, old_t, t = a, b, 1, 0, 0, 1
    while r:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_s, s = s, old_s - q * s
        old_t, t = t, old_t - q * t
    return old_r, old_s, old_t


class Bezout(Environment):
    id = "math/bezout"
    version = 1
    description = "Find gcd(a, b) and integers x, y with a x + b y = gcd(a, b); any such pair counts."
    difficulty_scales = "digits of a and b: 2 + d (past d = 100 about +20 per doubling); the gcd is often above 1"
    size_name = "digits of the larger number"
    answer_format = "the gcd, then x, then y, separated by spaces, for example 6 -3 4"
    tags = ("math", "number_theory")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(2 + lvl)
        shared_digits = rng.randint(0, digits // 2)
        shared = random_with_digits(rng, shared_digits) if shared_digits else 1
        rest = max(1, digits - shared_digits)
        a = shared * random_with_digits(rng, rest)
        b = shared * random_with_digits(rng, rng.randint(max(1, rest - 2), rest))
        if a == b:
            b += shared
        g, x, y = extended_gcd(a, b)
        prompt = (
            f"Let a = {a} and b = {b}. Find g = gcd(a, b) and integers x and y (positive, negative or zero) "
            f"such that a\u00b7x + b\u00b7y = g. Any such pair x, y is accepted."
        )
        data = {"a": str(a), "b": str(b), "gcd": str(g), "max_digits": 2 * digits + 8}
        return Instance(prompt=prompt, answer=f"{g} {x} {y}", data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        # Minimal coefficients have fewer digits than a and b; twice as many still reads any sensible pair.
        values = parse_integers(answer, max_items=4, max_digits=data["max_digits"], names=_NAMES)
        if len(values) != 3:
            return Verdict.wrong(f"expected three numbers g, x, y, got {len(values)}")
        g, x, y = values
        a, b = int(data["a"]), int(data["b"])
        if g != int(data["gcd"]):
            return Verdict.wrong("g is not gcd(a, b)")
        if a * x + b * y != g:
            return Verdict.wrong("a\u00b7x + b\u00b7y does not equal g for that x and y")
        return Verdict.right()
