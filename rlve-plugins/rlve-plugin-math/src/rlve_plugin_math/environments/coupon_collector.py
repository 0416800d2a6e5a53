"""math/coupon_collector: the expected number of draws until every coupon, or a chosen few, has been seen."""

from __future__ import annotations

import random
import string
from collections import Counter
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import EXPECTATION_FORMAT, check_exact, exact_data
from rlve_plugin_math.scaling import LEVEL_CAP

_UNIFORM_QUESTIONS = ("all", "these", "any")
_MAX_UNEQUAL_TYPES = 8
_MAX_WEIGHT = 30


def harmonic_expectation(n: int, first: int, last: int) -> Fraction:
    """The sum of n / (n - i) for i in first..last - 1: the expected draws while the seen count goes up."""
    return sum((Fraction(n, n - i) for i in range(first, last)), Fraction(0))


def expected_draws_to_cover(weights: list[int], total: int) -> Fraction:
    """Expected draws until every coupon in ``weights`` has appeared, each drawn with chance weight / total.

    By inclusion-exclusion over the coupons still missing (the maximum of the first-appearance times is
    an alternating sum of minimums): E = sum over non-empty subsets S of (-1)^(|S|+1) total / w(S). Subsets
    are grouped by their weight w(S), the coefficients of prod (1 - x^w), so 8 coupons cost 8 small steps.
    """
    signed = Counter({0: 1})
    for w in weights:
        step = Counter(signed)
        for s, c in signed.items():
            step[s + w] -= c
        signed = step
    return sum((Fraction(-c * total, s) for s, c in signed.items() if s and c), Fraction(0))


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1]


class CouponCollector(Environment):
    id = "math/coupon_collector"
    version = 1
    description = (
        "Find the exact expected number of random draws until all coupons, a given subset of them, or any m "
        "different ones have been seen (equal chances, or unequal chances for a few coupons)."
    )
    difficulty_scales = (
        "equally likely coupons: from half of 3 + d to 3 + d (past d = 100 +1 per 5 levels); from d = 1 a "
        f"quarter of the problems have 2 + d // 4 (at most {_MAX_UNEQUAL_TYPES}) coupons with unequal chances, "
        f"weights up to 2 + d (at most {_MAX_WEIGHT})"
    )
    size_name = "largest possible number of equally likely coupons"
    answer_format = EXPECTATION_FORMAT
    tags = ("math", "probability", "expectation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        largest = 3 + slow(lvl, 1, 5)
        if lvl >= 1 and rng.random() < 0.25:
            prompt, value = self._unequal(lvl, rng)
        else:
            prompt, value = self._uniform(rng.randint(max(3, largest // 2), largest), rng)
        data = exact_data(value)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def _uniform(self, n: int, rng: random.Random) -> tuple[str, Fraction]:
        question = rng.choice(_UNIFORM_QUESTIONS)
        m = rng.randint(2, n - 1)
        setting = (
            f"Each box of cereal holds one coupon, numbered from 1 to {n}; each of the {n} numbers is equally "
            "likely, independently from box to box. You buy boxes one at a time."
        )
        if question == "all":
            goal, value = f"you have collected all {n} different coupons", harmonic_expectation(n, 0, n)
        elif question == "these":
            # Once i of the m wanted coupons are in hand, a box brings a new wanted one with chance (m - i) / n.
            goal = f"you have collected each of the coupons numbered 1 to {m} (the others do not matter)"
            value = harmonic_expectation(n, n - m, n)
        else:
            goal, value = f"you hold {m} different coupons (any {m} of the {n})", harmonic_expectation(n, 0, m)
        return f"{setting} What is the exact expected number of boxes you buy until {goal}?", value

    def _unequal(self, lvl: int, rng: random.Random) -> tuple[str, Fraction]:
        types = 2 + min(lvl // 4, _MAX_UNEQUAL_TYPES - 2)
        weights = [rng.randint(1, 2 + min(lvl, _MAX_WEIGHT - 2)) for _ in range(types)]
        total = sum(weights)
        names = list(string.ascii_uppercase[:types])
        chances = _listed(
            [f"{name} with probability {format_fraction(Fraction(w, total))}" for name, w in zip(names, weights)]
        )
        wanted = sorted(rng.sample(range(types), rng.randint(2, types))) if types > 2 else [0, 1]
        value = expected_draws_to_cover([weights[i] for i in wanted], total)
        if len(wanted) == types:
            goal = "every one of the coupons has appeared at least once"
        else:
            goal = f"each of the coupons {_listed([names[i] for i in wanted])} has appeared at least once"
        prompt = (
            f"A machine hands out one coupon per draw, independently from draw to draw: coupon {chances} "
            f"(these {types} are the only coupons). What is the exact expected number of draws until {goal}?"
        )
        return prompt, value

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the expected number")
