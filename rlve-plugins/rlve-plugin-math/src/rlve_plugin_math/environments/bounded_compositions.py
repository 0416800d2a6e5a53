"""math/bounded_compositions: integer solutions of x_1 + ... + x_k = n with a bound (or a range) on each x_i."""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting_sequences import EXACT_COUNT_FORMAT, EXACT_COUNT_REQUEST, check_count, exact_count_data
from rlve_plugin_math.scaling import LEVEL_CAP

#: From this level half the problems give each x_i a lower bound too.
LOWER_BOUNDS_FROM = 3


def bounded_solutions(total: int, caps: list[int]) -> int:
    """Solutions of x_1 + ... + x_k = total with 0 <= x_i <= caps[i]: the coefficient of x^total in
    prod (1 + x + ... + x^cap), one factor at a time; each factor is a window sum over a prefix sum, so the
    whole product costs O(k * total)."""
    ways = [1] + [0] * total
    for cap in caps:
        prefix = list(accumulate(ways))
        ways = [prefix[s] - (prefix[s - cap - 1] if s > cap else 0) for s in range(total + 1)]
    return ways[total]


def describe_ranges(lows: list[int], highs: list[int]) -> str:
    if not any(lows):
        return ", ".join(f"x_{i} <= {high}" for i, high in enumerate(highs, 1))
    return ", ".join(f"{low} <= x_{i} <= {high}" for i, (low, high) in enumerate(zip(lows, highs), 1))


class BoundedCompositions(Environment):
    id = "math/bounded_compositions"
    version = 1
    description = (
        "Count the integer solutions of x_1 + ... + x_k = n with 0 <= x_i <= u_i for given bounds u_i (or, from "
        "d = 3, l_i <= x_i <= u_i), exactly."
    )
    difficulty_scales = (
        "unknowns k: 2 + (d + 1) // 2; bounds up to 3 + d // 2 (both past d = 100 +1 per 40 levels); n between a "
        f"quarter and three quarters of the largest possible sum; lower bounds in half the problems from d = "
        f"{LOWER_BOUNDS_FROM}"
    )
    size_name = "unknowns plus the largest allowed bound"
    answer_format = EXACT_COUNT_FORMAT
    tags = ("math", "combinatorics", "inclusion-exclusion", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        unknowns = 2 + slow(lvl + 1, 2, 40)  # the reference costs unknowns * n, both growing
        largest_bound = 3 + slow(lvl, 2, 40)
        lows = [0] * unknowns
        if lvl >= LOWER_BOUNDS_FROM and rng.random() < 0.5:
            lows = [rng.randint(0, largest_bound // 2) for _ in range(unknowns)]
        highs = [low + rng.randint(1, largest_bound - low) for low in lows]
        spare = sum(high - low for low, high in zip(lows, highs))
        n = sum(lows) + rng.randint(spare // 4, spare - spare // 4)
        caps = [high - low for low, high in zip(lows, highs)]
        count = bounded_solutions(n - sum(lows), caps)
        names = " + ".join(f"x_{i}" for i in range(1, unknowns + 1))
        listed = names.replace(" +", ",") if unknowns <= 3 else f"x_1, ..., x_{unknowns}"
        kind = "integers" if any(lows) else "non-negative integers"
        prompt = (
            f"How many solutions in {kind} {listed} does the equation {names} = {n} have with "
            f"{describe_ranges(lows, highs)}? Two solutions are different when they differ in at least one unknown, "
            "so order matters: in non-negative integers with x_1 <= 2, x_2 <= 1 the equation x_1 + x_2 = 2 "
            "has 2 solutions, (2, 0) and (1, 1). " + EXACT_COUNT_REQUEST
        )
        data = {"n": n, "lows": lows, "highs": highs} | exact_count_data(count)
        return Instance(prompt=prompt, answer=data["count"], data=data, size=unknowns + largest_bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_count(data, answer, "the number of solutions")
