"""math/egyptian_fraction_greedy: the greedy (Fibonacci-Sylvester) Egyptian-fraction expansion of a/b."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS, digits_cap, random_with_digits

#: Fractions tried; of the first ``CANDIDATES`` whose expansion fits, the one with the most terms is asked.
TRIES = 60
CANDIDATES = 8
#: No denominator may have more digits than this, at any level (the answer stays well below its length cap).
DIGITS_CAP = 3 * MAX_DIGITS // 4


def greedy_expansion(x: Fraction, max_digits: int) -> list[int] | None:
    """The denominators the greedy rule picks for 0 < x < 1, or None once one has more than ``max_digits`` digits.

    Each step takes 1/c with c = ceil(1/x), the largest unit fraction not above x; the numerator of what is
    left falls strictly, so the expansion ends after at most numerator(x) steps.
    """
    limit = 10**max_digits
    denominators = []
    while x:
        c = -(-x.denominator // x.numerator)
        if c >= limit:
            return None
        denominators.append(c)
        x -= Fraction(1, c)
    return denominators


class EgyptianFractionGreedy(Environment):
    id = "math/egyptian_fraction_greedy"
    version = 1
    description = (
        "Expand a fraction a/b < 1 into distinct unit fractions by the greedy (Fibonacci-Sylvester) rule and give "
        "the denominators."
    )
    difficulty_scales = (
        f"b has 2 + d // 4 digits, a is from 2 to 5 + d, and every denominator has at most 8 + 4d digits (at most "
        f"{DIGITS_CAP}); of {CANDIDATES} such fractions the one with the longest expansion is asked"
    )
    size_name = "digits a denominator may have"
    answer_format = "the denominators, separated by commas, for example 3, 11, 231"
    tags = ("math", "number_theory", "fractions", "greedy")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(2 + lvl // 4)
        max_digits = min(8 + 4 * lvl, DIGITS_CAP)
        # The denominators' digits about double at each step, so the bound on them is what lets expansions grow.
        candidates = []
        for _ in range(TRIES):
            b = random_with_digits(rng, digits)
            a = rng.randint(2, min(b - 1, 5 + lvl))
            if math.gcd(a, b) == 1 and (denominators := greedy_expansion(Fraction(a, b), max_digits)):
                candidates.append((len(denominators), a, b, denominators))
                if len(candidates) == CANDIDATES:
                    break
        if candidates:
            _, a, b, denominators = max(candidates, key=lambda candidate: candidate[0])
        else:
            a, b = 2, random_with_digits(rng, digits) | 1
            denominators = greedy_expansion(Fraction(a, b), max_digits)
        prompt = (
            f"Write {a}/{b} as a sum of distinct unit fractions 1/c by the greedy rule: start with r = {a}/{b}; "
            "while r > 0, take the smallest positive integer c with 1/c \u2264 r, record c, and replace r by "
            "r \u2212 1/c. Give every recorded denominator c, in the order they are recorded (increasing)."
        )
        answer = ", ".join(map(str, denominators))
        data = {"a": a, "b": str(b), "denominators": [str(c) for c in denominators]}
        return Instance(prompt=prompt, answer=answer, data=data, size=max_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [int(c) for c in data["denominators"]]
        values = parse_integers(answer, max_items=2 * len(expected) + 4, max_digits=len(data["denominators"][-1]) + 2)
        if sorted(values) == expected:
            return Verdict.right()  # the same sum in another order
        if len(values) != len(expected):
            return Verdict.wrong("not the greedy expansion: it has another number of terms")
        if min(values) < 1 or len(set(values)) != len(values):
            return Verdict.wrong("the denominators must be distinct positive integers")
        # Only now add them up: as many terms as the reference, none longer than its largest, so this is cheap.
        if sum(Fraction(1, c) for c in values) == Fraction(data["a"], int(data["b"])):
            return Verdict.wrong("the unit fractions add up to a/b, but the greedy rule picks other ones")
        return Verdict.wrong("the unit fractions do not add up to a/b")
