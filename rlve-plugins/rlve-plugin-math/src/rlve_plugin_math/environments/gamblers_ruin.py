"""math/gamblers_ruin: the probability that a biased walk on 0..N, absorbed at both ends, ends at the top."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import PROBABILITY_FORMAT, check_exact, exact_data, random_composition
from rlve_plugin_math.scaling import LEVEL_CAP


def reach_top(start: int, top: int, up: int, down: int) -> Fraction:
    """P(the walk from ``start`` hits ``top`` before 0) when up and down steps have weights ``up`` and ``down``.

    With r = down / up this is (1 - r^start) / (1 - r^top), or start / top when r = 1; steps that stay put
    only slow the walk down. Multiplied through by up^top, everything is an integer.
    """
    if up == down:
        return Fraction(start, top)
    return Fraction(up**top - down**start * up ** (top - start), up**top - down**top)


class GamblersRuin(Environment):
    id = "math/gamblers_ruin"
    version = 1
    description = (
        "Find the exact probability that a random walk on 0..N with up-probability p, absorbed at 0 and N, "
        "ends at N (or at 0)."
    )
    difficulty_scales = (
        "N: 4 + d (past d = 100 +1 per 5 levels); the step probabilities have denominators up to "
        "3 + d // 3 (at most 12); from d = 4 a third of the walks may also stay put"
    )
    size_name = "N"
    answer_format = PROBABILITY_FORMAT
    tags = ("math", "probability", "markov-chains")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        top = 4 + slow(lvl, 1, 5)
        denominator = rng.randint(2, 3 + min(lvl // 3, 9))
        if lvl >= 4 and denominator >= 3 and rng.random() < 1 / 3:
            up, down, stay = random_composition(rng, denominator, 3)
        else:
            up = rng.randint(1, denominator - 1)
            down, stay = denominator - up, 0
        start = rng.randint(1, top - 1)
        probability = reach_top(start, top, up, down)
        end = rng.choice((0, top))
        if end == 0:
            probability = 1 - probability
        moves = (
            f"moves up by 1 with probability {format_fraction(Fraction(up, denominator))} and down by 1 with "
            f"probability {format_fraction(Fraction(down, denominator))}"
        )
        if stay:
            moves = moves.replace(" and down", ", down") + (
                f", and stays where it is with probability {format_fraction(Fraction(stay, denominator))}"
            )
        prompt = (
            f"A token walks on the positions 0, 1, 2, ..., {top} and starts at position {start}. At each step, "
            f"independently of all earlier steps, it {moves}. The walk stops for good as soon as the token "
            f"reaches position 0 or position {top}. What is the exact probability that the walk stops at "
            f"position {end}?"
        )
        data = exact_data(probability)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=top)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the probability", probability=True)
