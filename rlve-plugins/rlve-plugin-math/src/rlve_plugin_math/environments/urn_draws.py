"""math/urn_draws: the exact (hypergeometric) probability of a colour count in balls drawn without replacement."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.probability import (
    PROBABILITY_FORMAT,
    check_exact,
    describe_counts,
    exact_data,
    random_composition,
)
from rlve_plugin_math.scaling import LEVEL_CAP

COLOURS = ("red", "blue", "green", "yellow", "white", "black")
_CONDITIONS = ("exactly", "at least", "at most", "exactly two colours")


def hand_count(counts: list[int], wanted: dict[int, int], draws: int) -> int:
    """How many of the C(N, draws) sets of balls hold exactly ``wanted[c]`` balls of each colour c in ``wanted``."""
    rest_balls = sum(counts) - sum(counts[c] for c in wanted)
    rest_draws = draws - sum(wanted.values())
    ways = math.comb(rest_balls, rest_draws) if rest_draws >= 0 else 0
    for colour, j in wanted.items():
        ways *= math.comb(counts[colour], j)
    return ways


class UrnDraws(Environment):
    id = "math/urn_draws"
    version = 1
    description = (
        "Find the exact probability that balls drawn without replacement from an urn hold exactly, at least or "
        "at most a given number of one colour, or exact numbers of two colours (hypergeometric)."
    )
    difficulty_scales = (
        "balls: 6 + 2d (past d = 100 +2 per 5 levels); colours: 2 + d // 10 (at most 6); "
        "balls drawn: 2 to half the urn; two-colour questions need 3 colours (from d = 10)"
    )
    size_name = "balls in the urn"
    answer_format = PROBABILITY_FORMAT
    tags = ("math", "combinatorics", "probability")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        total = 6 + 2 * slow(lvl, 1, 5)
        colours = min(2 + lvl // 10, len(COLOURS))
        counts = random_composition(rng, total, colours)
        draws = rng.randint(2, total // 2)
        # The counts asked about come from a real random hand, so they are likely ones, never impossible.
        hand = rng.sample([c for c, count in enumerate(counts) for _ in range(count)], draws)
        conditions = _CONDITIONS if colours >= 3 else _CONDITIONS[:3]
        condition = rng.choice(conditions)
        target, other = rng.sample(range(colours), 2)
        j = hand.count(target)
        low, high = max(0, draws - (total - counts[target])), min(draws, counts[target])
        if condition == "exactly two colours":
            m = hand.count(other)
            favourable = hand_count(counts, {target: j, other: m}, draws)
            event = f"exactly {j} of the drawn balls are {COLOURS[target]} and exactly {m} are {COLOURS[other]}"
        else:
            if condition == "at least":
                j = min(max(j, low + 1), high)  # "at least low" would be certain
                wanted = range(j, high + 1)
            elif condition == "at most":
                j = max(min(j, high - 1), low)  # "at most high" would be certain
                wanted = range(low, j + 1)
            else:
                wanted = range(j, j + 1)
            favourable = sum(hand_count(counts, {target: i}, draws) for i in wanted)
            event = f"{condition} {j} of the drawn balls are {COLOURS[target]}"
        probability = Fraction(favourable, math.comb(total, draws))
        urn = describe_counts(counts, list(COLOURS[:colours]), "balls")
        prompt = (
            f"An urn holds {urn}, {total} balls in all. You draw {draws} balls at "
            f"random without replacement, so every set of {draws} of the {total} balls is equally likely to be "
            f"the one drawn. What is the exact probability that {event}?"
        )
        data = exact_data(probability)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=total)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the probability", probability=True)
