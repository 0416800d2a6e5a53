"""math/geometric_series: the exact value of a finite geometric sum a r^m + ... + a r^n with a rational ratio r,
or of an arithmetico-geometric one, a m r^m + ... + a n r^n (closed forms: (r^(n+1) - r^m) / (r - 1) and its
derivative trick)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.calculus import EXACT_FORMAT, bracketed, check_exact_value
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import exact_data
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def weighted_geometric_sum(a: int, ratio: Fraction, first: int, last: int, weighted: bool) -> Fraction:
    """sum_{i = first..last} a w_i ratio^i with w_i = i (``weighted``) or 1, over one common denominator q^last."""
    p, q = ratio.numerator, ratio.denominator
    total, power_p, power_q = 0, p**first, q ** (last - first)
    for i in range(first, last + 1):  # term i is p^i q^(last - i) / q^last
        total += (i if weighted else 1) * power_p * power_q
        power_p *= p
        power_q //= q
    return Fraction(a * total, q**last)


def _ratio(rng: random.Random, lvl: int) -> Fraction:
    """A ratio other than 0, 1 and -1: an integer at d = 0, then often a fraction, negative from d = 2."""
    top = min(12, 2 + lvl // 4)
    while True:
        denominator = rng.randint(2, top) if lvl >= 1 and rng.random() < 0.7 else 1
        ratio = Fraction(rng.randint(1, top + 1), denominator)
        if lvl >= 2 and rng.random() < 0.4:
            ratio = -ratio
        if abs(ratio) != 1:
            return ratio


class GeometricSeries(Environment):
    id = "math/geometric_series"
    version = 1
    description = "Find the exact value of a finite geometric sum, or of one whose terms are also multiplied by i."
    difficulty_scales = (
        "terms: 3 + d (past d = 100 +1 per 5 levels); ratio r = u/v with u up to 3 + d // 4 and v up to 2 + d // 4 "
        "(at most 12), a fraction in 70% of problems from d = 1, negative in 40% from d = 2; the first index m "
        "up to d // 3 (at most 10); a factor a up to 1 + d // 3 (at most 20); from d = 3 40% of the sums are "
        "arithmetico-geometric (terms a i r^i)"
    )
    size_name = "terms"
    answer_format = EXACT_FORMAT
    tags = ("math", "algebra", "sums")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        terms = 3 + slow(lvl, 1, 5)
        ratio = _ratio(rng, lvl)
        first = rng.randint(0, min(10, lvl // 3))
        last = first + terms - 1
        a = random_signed(rng, min(20, 1 + lvl // 3), nonzero=True)
        weighted = lvl >= 3 and rng.random() < 0.4
        value = weighted_geometric_sum(a, ratio, first, last, weighted)
        dot = " \u00b7 "
        term = ("" if a == 1 else f"{bracketed(a)}{dot}") + (f"i{dot}" if weighted else "") + f"{bracketed(ratio)}^i"
        indices = list(range(first, last + 1)) if terms <= 4 else [first, first + 1, None, last]
        shown = ["..." if i is None else term.replace("i", str(i)) for i in indices]
        prompt = (
            f"Compute the exact value of the sum of {term} over the integers i from {first} to {last} "
            f"({terms} terms):\n\nS = {' + '.join(shown)}"
        )
        return Instance(prompt=prompt, answer=format_fraction(value), data=exact_data(value), size=terms)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact_value(data, answer, "the value of the sum")
