"""math/linear_congruence: every solution of a x = b (mod m) in 0..m-1, or "none"."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits
from rlve_plugin_math.solution_sets import check_solution_set

MAX_SOLUTIONS = 24


class LinearCongruence(Environment):
    id = "math/linear_congruence"
    version = 1
    description = "Find all solutions x in 0..m-1 of a linear congruence a x = b (mod m), or say there are none."
    difficulty_scales = (
        "digits of m: 2 + d (past d = 100 about +5 per doubling); number of solutions gcd(a, m): up to "
        f"1 + d // 2, at most {MAX_SOLUTIONS}; from d = 2 some congruences have no solution"
    )
    size_name = "digits of the modulus"
    answer_format = "all solutions from 0 to m - 1 separated by spaces, in any order, or none, for example 3 10 17"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(2 + slow(lvl, 1, 4))  # up to 24 solutions of this many digits must fit an answer
        g = rng.randint(1, min(1 + lvl // 2, MAX_SOLUTIONS))
        # m = g * m' keeps about `digits` digits; m' has at least two, so x never ranges over just 0 and 1.
        reduced_m = random_with_digits(rng, max(2, digits - digits_of(g) + 1))
        for _ in range(40):
            reduced_a = rng.randint(2, reduced_m - 1)
            if math.gcd(reduced_a, reduced_m) == 1:
                break
        else:
            reduced_a = 1
        m, a = g * reduced_m, g * reduced_a
        solvable = g == 1 or lvl < 2 or rng.random() < 0.9  # "none" must not be a good blind guess
        if solvable:
            x0 = rng.randrange(reduced_m)
            b = a * x0 % m
            solutions = [x0 + t * reduced_m for t in range(g)]  # x = x0 (mod m / g), g of them below m
        else:
            b = rng.randrange(m)
            if b % g == 0:
                b = (b + rng.randint(1, g - 1)) % m
            solutions = []
        prompt = (
            f"Find every integer x with 0 \u2264 x \u2264 {m - 1} such that {a}\u00b7x \u2261 {b} (mod {m}). "
            "List all of them, each once; if there is no such x, answer none."
        )
        data = {"a": str(a), "b": str(b), "m": str(m), "count": len(solutions)}
        answer = " ".join(map(str, solutions)) if solutions else "none"
        return Instance(prompt=prompt, answer=answer, data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        a, b, m = int(data["a"]), int(data["b"]), int(data["m"])
        return check_solution_set(
            answer,
            count=data["count"],
            modulus=m,
            is_solution=lambda x: (a * x - b) % m == 0,
            not_a_solution="{x} is not a solution",
            has_solutions="the congruence has solutions",
        )
