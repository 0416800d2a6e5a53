"""math/dice_probability: the exact probability that the sum of several fair dice meets a condition."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rational
from rlve_plugin_math.scaling import LEVEL_CAP

_CONDITIONS = ("exactly", "at least", "at most")


def outcomes_at_most(dice: int, faces: int, total: int) -> int:
    """How many of the faces**dice ordered rolls have a sum of at most ``total``.

    Inclusion-exclusion over the dice that exceed their top face: O(dice) big-integer binomials,
    so even hundreds of dice cost nothing (a table of sums would need dice * dice * faces steps).
    """
    count = 0
    for j in range(dice + 1):
        top = total - j * faces
        if top < dice:
            break
        count += (-1) ** j * math.comb(dice, j) * math.comb(top, dice)
    return count


class DiceProbability(Environment):
    id = "math/dice_probability"
    version = 1
    description = "Find the exact probability that the sum of n fair s-sided dice is exactly, at least or at most t."
    difficulty_scales = "dice: 2 + d // 2; faces: 4 + (d + 1) // 2 (past d = 100 one more of each per 10 levels)"
    size_name = "dice plus faces per die"
    answer_format = "a fraction p/q in lowest terms, for example 5/36 (write 0 or 1 for those probabilities)"
    tags = ("math", "combinatorics", "probability")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        dice, faces = 2 + slow(lvl, 2, 10), 4 + slow(lvl + 1, 2, 10)
        total = sum(rng.randint(1, faces) for _ in range(dice))  # a likely sum, not an extreme one
        condition = rng.choice(_CONDITIONS)
        if condition == "exactly":
            favourable = outcomes_at_most(dice, faces, total) - outcomes_at_most(dice, faces, total - 1)
        elif condition == "at least":
            favourable = faces**dice - outcomes_at_most(dice, faces, total - 1)
        else:
            favourable = outcomes_at_most(dice, faces, total)
        probability = Fraction(favourable, faces**dice)
        prompt = (
            f"Roll {dice} fair dice, each with faces numbered 1 to {faces}. "
            f"What is the exact probability that the sum of the numbers rolled is {condition} {total}?"
        )
        data = {
            "probability": format_fraction(probability),
            "max_digits": 2 * digits_of(faces**dice) + 8,
        }
        return Instance(prompt=prompt, answer=format_fraction(probability), data=data, size=dice + faces)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_rational(answer, max_digits=data["max_digits"])
        if value != Fraction(data["probability"]):
            return Verdict.wrong("that is not the probability")
        return Verdict.right()
