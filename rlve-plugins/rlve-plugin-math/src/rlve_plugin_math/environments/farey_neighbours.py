"""math/farey_neighbours: the fractions just before and just after a/b in the Farey sequence of order N."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rationals
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS


def farey_neighbours(a: int, b: int, n: int) -> tuple[Fraction, Fraction]:
    """The neighbours of a/b (0 < a < b <= n, coprime) in F_n. A left neighbour p/q has b p - a q = -1, so
    q = a^-1 (mod b), and the nearest one has the largest such q <= n; a right one r/s has a s - b r = -1."""
    inverse = pow(a, -1, b)
    q = inverse + (n - inverse) // b * b
    s = (b - inverse) + (n - (b - inverse)) // b * b
    return Fraction((a * q - 1) // b, q), Fraction((a * s + 1) // b, s)


class FareyNeighbours(Environment):
    id = "math/farey_neighbours"
    version = 1
    description = "Find the fractions immediately before and after a/b in the Farey sequence of order N."
    difficulty_scales = "N has 3 + 2d bits (past d = 100 about +40 per doubling); b is random in 2..N"
    size_name = "bits of N"
    answer_format = "two fractions p/q, r/s (the left neighbour, then the right one), for example 1/3, 2/5"
    tags = ("math", "number_theory", "fractions", "farey")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bits = min(3 + 2 * lvl, 3 * MAX_DIGITS)
        n = rng.randint(1 << (bits - 1), (1 << bits) - 1)
        b = rng.randint(2, n)
        while True:
            a = rng.randint(1, b - 1)
            if math.gcd(a, b) == 1:
                break
        left, right = farey_neighbours(a, b, n)
        prompt = (
            f"The Farey sequence of order N lists, in increasing order, every fraction p/q in lowest terms with "
            f"0 \u2264 p/q \u2264 1 and 1 \u2264 q \u2264 N (it starts with 0/1 and ends with 1/1). For "
            f"N = {n}, the fraction {a}/{b} is in it. Find the fraction immediately before {a}/{b} and the "
            f"fraction immediately after it in this sequence, in lowest terms, left one first."
        )
        data = {"a": str(a), "b": str(b), "n": str(n), "left": format_fraction(left), "right": format_fraction(right)}
        answer = f"{left.numerator}/{left.denominator}, {right.numerator}/{right.denominator}"
        return Instance(prompt=prompt, answer=answer, data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = int(data["n"])
        values = parse_rationals(answer, max_items=2, max_digits=digits_of(n) + 2)
        if len(values) != 2:
            return Verdict.wrong("expected two fractions: the left neighbour, then the right one")
        middle = Fraction(int(data["a"]), int(data["b"]))
        wrong = []
        for side, value, expected in (("left", values[0], data["left"]), ("right", values[1], data["right"])):
            if value == Fraction(expected):
                continue
            if value.denominator > n:
                wrong.append(f"the {side} fraction's denominator is larger than N")
            elif (value >= middle) if side == "left" else (value <= middle):
                wrong.append(f"the {side} fraction is on the wrong side of a/b")
            else:
                wrong.append(f"the {side} fraction is not next to a/b: another fraction lies between them")
        if wrong:
            return Verdict.wrong("; ".join(wrong))
        return Verdict.right()
