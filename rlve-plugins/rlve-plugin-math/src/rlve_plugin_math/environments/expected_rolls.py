"""math/expected_rolls: the expected number of rolls of a fair die until the running total reaches N."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.probability import EXPECTATION_FORMAT, check_exact, exact_data
from rlve_plugin_math.scaling import LEVEL_CAP

_MAX_FACES = 12


def expected_rolls(faces: list[int], target: int) -> Fraction:
    """Expected rolls of a fair die showing ``faces`` (positive) until the running total is >= ``target``.

    E(n), the expectation while n is still missing, is 1 + (1/s) sum over faces f of E(n - f), with
    E(n) = 0 for n <= 0. A(n) = E(n) s^n is then an integer, A(n) = s^n + sum_f A(n - f) s^(f - 1),
    so the recursion runs on integers and only the end result becomes a fraction.
    """
    s = len(faces)
    scaled = [0] * (target + 1)
    for n in range(1, target + 1):
        scaled[n] = s**n + sum(scaled[n - f] * s ** (f - 1) for f in faces if f < n)
    return Fraction(scaled[target], s**target)


class ExpectedRolls(Environment):
    id = "math/expected_rolls"
    version = 1
    description = "Find the exact expected number of rolls of a fair die until the running total reaches N."
    difficulty_scales = (
        "N: 3 + 2d (past d = 100 +2 per 5 levels); faces: 4 to 6 + d // 3 (at most 12); from d = 4 half "
        "the dice have faces labelled with other positive numbers, repeats allowed"
    )
    size_name = "N"
    answer_format = EXPECTATION_FORMAT
    tags = ("math", "probability", "expectation", "dynamic-programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        target = 3 + 2 * slow(lvl, 1, 5)
        s = rng.randint(4, 6 + min(lvl // 3, _MAX_FACES - 6))
        if lvl >= 4 and rng.random() < 0.5:
            faces = [1, 1]
            while len(set(faces)) == 1:  # one repeated number would make the count of rolls certain
                faces = sorted(rng.randint(1, s + 2) for _ in range(s))
            die = f"a fair {s}-sided die whose faces show the numbers {', '.join(map(str, faces))}"
        else:
            faces = list(range(1, s + 1))
            die = f"a fair {s}-sided die with faces numbered 1 to {s}"
        value = expected_rolls(faces, target)
        prompt = (
            f"You roll {die} (each face equally likely) over and over, keeping a running total of the numbers "
            f"rolled, and stop as soon as the total is at least {target}. What is the exact expected number of "
            "rolls?"
        )
        data = exact_data(value)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=target)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the expected number of rolls")
