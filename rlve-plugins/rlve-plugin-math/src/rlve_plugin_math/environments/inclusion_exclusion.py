"""math/inclusion_exclusion: how many of 1..N are divisible by none, at least one, or exactly one of some numbers."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

#: Inclusion-exclusion has 2**m terms: past this many divisors only N and the divisors' sizes grow.
MAX_DIVISORS = 12

_CONDITIONS = {
    "none": "divisible by none of",
    "at least one": "divisible by at least one of",
    "exactly one": "divisible by exactly one of",
}


def count_divisible(limit: int, divisors: list[int], condition: str) -> int:
    """How many x in 1..limit meet ``condition`` ("none", "at least one", "exactly one") for ``divisors``.

    Inclusion-exclusion over the subsets T of the divisors, grouped by lcm(T): for each lcm L the sums of
    (-1)^|T| and (-1)^|T| |T|. Then "none" is sum (-1)^|T| floor(N / L) and "exactly one" is
    sum over non-empty T of (-1)^(|T| - 1) |T| floor(N / L). Subsets whose lcm passes N count nothing and
    neither do their supersets, so they are dropped as soon as they appear.
    """
    sums = {1: (1, 0)}  # lcm -> (sum of (-1)^|T|, sum of (-1)^|T| |T|), the empty set alone to start
    for divisor in divisors:
        grown = dict(sums)
        for lcm, (sign, weighted) in sums.items():
            bigger = math.lcm(lcm, divisor)
            if bigger > limit:
                continue
            old_sign, old_weighted = grown.get(bigger, (0, 0))
            grown[bigger] = (old_sign - sign, old_weighted - weighted - sign)  # T + {divisor}: one more member
        sums = grown
    if condition == "exactly one":
        return -sum(weighted * (limit // lcm) for lcm, (_, weighted) in sums.items())
    none = sum(sign * (limit // lcm) for lcm, (sign, _) in sums.items())
    return none if condition == "none" else limit - none


def _random_divisors(rng: random.Random, count: int, bound: int) -> list[int]:
    """``count`` different numbers in 2..bound; about half share a factor with (or divide) an earlier one."""
    chosen: list[int] = []
    while len(chosen) < count:
        if chosen and rng.random() < 0.5:
            earlier = rng.choice(chosen)
            factor = rng.choice([f for f in range(2, earlier + 1) if earlier % f == 0])
            candidate = factor * rng.randint(1, bound // factor)
        else:
            candidate = rng.randint(2, bound)
        if candidate not in chosen:
            chosen.append(candidate)
    return chosen


class InclusionExclusion(Environment):
    id = "math/inclusion_exclusion"
    version = 1
    description = (
        "Count the integers in 1..N divisible by none, by at least one, or by exactly one of some given numbers."
    )
    difficulty_scales = (
        f"digits of N: 2 + d (past d = 100 about +20 per doubling); numbers: 2 + d // 4 (at most {MAX_DIVISORS}), "
        "each from 2 to 6 + 2d, about half sharing a factor with another"
    )
    size_name = "digits of N"
    answer_format = "an integer, for example 1234 (commas as thousands separators are allowed)"
    tags = ("math", "combinatorics", "inclusion-exclusion", "number_theory")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(2 + lvl)
        limit = random_with_digits(rng, digits)
        divisors = _random_divisors(rng, min(MAX_DIVISORS, 2 + lvl // 4), 6 + 2 * lvl)
        condition = rng.choice(sorted(_CONDITIONS))
        count = count_divisible(limit, divisors, condition)
        prompt = (
            f"How many integers x with 1 <= x <= {limit} are {_CONDITIONS[condition]} the numbers "
            f"{', '.join(map(str, divisors))}?"
        )
        if condition == "exactly one":
            prompt += " (x counts when exactly one of these numbers divides x, and none of the others does.)"
        data = {"limit": str(limit), "divisors": divisors, "condition": condition, "count": str(count)}
        return Instance(prompt=prompt, answer=str(count), data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=len(data["limit"]) + 2, allow_thousands=True)
        if not 0 <= value <= int(data["limit"]):
            return Verdict.wrong(f"the count must be between 0 and N = {data['limit']}")
        if value != int(data["count"]):
            return Verdict.wrong("that is not the number of such integers")
        return Verdict.right()
