"""math/optimal_stopping_dice: the expected payoff of the best stopping rule in a game of at most r die rolls."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import EXPECTATION_FORMAT, check_exact, exact_data
from rlve_plugin_math.scaling import LEVEL_CAP

_MAX_FACES = 20


def game_value(faces: list[int], rolls: int, cost: Fraction) -> Fraction:
    """The expected payoff of optimal play: at most ``rolls`` rolls of a fair die showing ``faces``, each roll
    after the first costing ``cost``, keeping the last number rolled.

    Backward induction: with one roll left the value is the mean face; with k left, a roll showing f is
    kept when f beats what rolling on is worth (the value with k - 1 left, less the cost), so
    V(k) = mean of max(f, V(k - 1) - cost). Faces are integers, so comparing them with the floor of the
    threshold decides each max without a fraction comparison.
    """
    value = Fraction(sum(faces), len(faces))
    for _ in range(rolls - 1):
        threshold = value - cost
        bar = math.floor(threshold)
        kept = [f for f in faces if f > bar]
        value = (sum(kept) + (len(faces) - len(kept)) * threshold) / len(faces)
    return value


class OptimalStoppingDice(Environment):
    id = "math/optimal_stopping_dice"
    version = 1
    description = (
        "Find the exact expected payoff under optimal play of a game of at most r die rolls in which the player "
        "may stop after any roll and keep it (some games charge for each extra roll)."
    )
    difficulty_scales = (
        "rolls: 2 + d (past d = 100 +1 per 10 levels); faces: 4 to 6 + d // 3 (at most 20); from d = 2 a third "
        "of the games charge for each roll after the first; from d = 4 half the dice have other labels"
    )
    size_name = "rolls allowed"
    answer_format = EXPECTATION_FORMAT
    tags = ("math", "probability", "expectation", "optimal-stopping")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        rolls = 2 + slow(lvl, 1, 10)
        s = rng.randint(4, 6 + min(lvl // 3, _MAX_FACES - 6))
        if lvl >= 4 and rng.random() < 0.5:
            faces = [0, 0]
            while len(set(faces)) == 1:  # a die with one number leaves nothing to decide
                faces = sorted(rng.randint(0, s + 4) for _ in range(s))
            die = f"a fair {s}-sided die whose faces show the numbers {', '.join(map(str, faces))}"
        else:
            faces = list(range(1, s + 1))
            die = f"a fair {s}-sided die with faces numbered 1 to {s}"
        cost = Fraction(rng.randint(1, max(1, s // 2)), 2) if lvl >= 2 and rng.random() < 1 / 3 else Fraction(0)
        value = game_value(faces, rolls, cost)
        rules = (
            f"You may roll {die} (each face equally likely) up to {rolls} times. After each roll you either stop "
            "and receive the number just rolled, or roll again, giving that number up for good; if you get to roll "
            f"number {rolls}, the last one allowed, you must take whatever it shows."
        )
        if cost:
            rules += (
                f" Every roll after the first costs {format_fraction(cost)}, subtracted from what you receive "
                "(the first roll is free)."
            )
        prompt = (
            f"{rules} You play to maximise your expected payoff. What is the exact expected payoff under "
            "optimal play?"
        )
        data = exact_data(value)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=rolls)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the expected payoff under optimal play")
