"""math/pattern_waiting_time: the expected number of coin flips or die rolls until a pattern first appears."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import EXPECTATION_FORMAT, check_exact, exact_data
from rlve_plugin_math.scaling import LEVEL_CAP

_MAX_BIAS_DENOMINATOR = 10


def waiting_time(pattern: str, chance: dict[str, Fraction]) -> Fraction:
    """Expected trials until ``pattern`` first appears, each symbol drawn independently with ``chance``.

    Conway's correlation method: the sum, over every k where the first k symbols of the pattern equal its
    last k (k = its length included), of 1 / P(those k symbols). For a fair coin that is a sum of powers of 2.
    """
    prefix_chances = [Fraction(1)]
    for symbol in pattern:
        prefix_chances.append(prefix_chances[-1] * chance[symbol])
    return sum(
        (1 / prefix_chances[k] for k in range(1, len(pattern) + 1) if pattern[:k] == pattern[-k:]), Fraction(0)
    )


def random_pattern(rng: random.Random, symbols: str, length: int) -> str:
    """Half the time uniform; otherwise a random block repeated, so the pattern overlaps itself a lot."""
    if rng.random() < 0.5:
        return "".join(rng.choice(symbols) for _ in range(length))
    block = "".join(rng.choice(symbols) for _ in range(rng.randint(1, max(1, length // 2))))
    return (block * length)[:length]


class PatternWaitingTime(Environment):
    id = "math/pattern_waiting_time"
    version = 1
    description = (
        "Find the exact expected number of coin flips or die rolls until a given pattern first appears "
        "as consecutive outcomes."
    )
    difficulty_scales = (
        "pattern length: 2 + d (past d = 100 +1 per 5 levels); a fair six-sided die from d = 2 and a biased "
        f"coin from d = 3 (probability denominators up to {_MAX_BIAS_DENOMINATOR}), each as often as the fair coin"
    )
    size_name = "pattern length"
    answer_format = EXPECTATION_FORMAT
    tags = ("math", "probability", "expectation", "strings")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        length = 2 + slow(lvl, 1, 5)
        kinds = ["coin"] + (["die"] if lvl >= 2 else []) + (["biased"] if lvl >= 3 else [])
        kind = rng.choice(kinds)
        if kind == "die":
            chance = {str(face): Fraction(1, 6) for face in range(1, 7)}
            pattern = random_pattern(rng, "123456", length)
            experiment = "You roll a fair six-sided die (faces 1 to 6, each equally likely) over and over."
            shown = ", ".join(pattern)
            unit = "rolls"
        else:
            heads = Fraction(1, 2)
            if kind == "biased":
                denominator = rng.randint(3, _MAX_BIAS_DENOMINATOR)
                heads = Fraction(rng.choice([a for a in range(1, denominator) if 2 * a != denominator]), denominator)
            chance = {"H": heads, "T": 1 - heads}
            pattern = random_pattern(rng, "HT", length)
            coin = "a fair coin" if kind == "coin" else (
                f"a biased coin that lands heads with probability {format_fraction(heads)} and tails with "
                f"probability {format_fraction(1 - heads)}"
            )
            experiment = f"You flip {coin} over and over, writing H for heads and T for tails."
            shown = pattern
            unit = "flips"
        value = waiting_time(pattern, chance)
        prompt = (
            f"{experiment} What is the exact expected number of {unit} until the outcomes {shown} first appear "
            f"as consecutive {unit}, in this order? Count every one of the {unit} up to and including the one "
            "that completes the pattern."
        )
        data = exact_data(value)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the expected waiting time")
