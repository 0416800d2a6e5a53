"""math/carmichael_lambda: the Carmichael function lambda(n), for n given with its factorisation."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.arithmetic_functions import carmichael_lambda
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS

#: Share of numbers with 2^e, e >= 3, as a factor, where lambda(2^e) = 2^(e-2) is half of phi(2^e).
HIGH_POWER_OF_TWO_SHARE = 0.5


class CarmichaelLambda(Environment):
    id = "math/carmichael_lambda"
    version = 1
    description = (
        "Compute the Carmichael function lambda(n), the exponent of the group of units modulo n, for n given with "
        "its factorisation."
    )
    difficulty_scales = (
        "n has at most 8 + 3d bits; its largest prime factor has 3 + d // 2 bits (at most 60); in half the "
        "problems 2^e divides n for some e from 3 to 3 + d // 4"
    )
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 12"
    tags = ("math", "number_theory", "modular", "primes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = min(8 + 3 * lvl, 3 * MAX_DIGITS)
        two_power = 0
        if rng.random() < HIGH_POWER_OF_TWO_SHARE:
            two_power = rng.randint(3, min(3 + lvl // 4, max_bits - 3))
        factors = random_factorisation(rng, max_bits - two_power, min(3 + lvl // 2, 60))
        if two_power:
            factors[2] = factors.get(2, 0) + two_power
            factors = dict(sorted(factors.items()))
        n, value = product(factors), carmichael_lambda(factors)
        prompt = (
            f"Let n = {n} = {format_factorisation(factors)}. Compute the Carmichael function \u03bb(n): the "
            "smallest positive integer m such that a^m \u2261 1 (mod n) for every integer a with gcd(a, n) = 1."
        )
        data = {"n": str(n), "lambda": str(value)}
        return Instance(prompt=prompt, answer=str(value), data=data, size=max_bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = int(data["lambda"])
        claimed = parse_integer(answer, max_digits=digits_of(int(data["n"])) + 2)
        if claimed < 1:
            return Verdict.wrong("\u03bb(n) is at least 1")
        if claimed != value:
            if claimed % value == 0:
                return Verdict.wrong("every a^m is 1 for that m, but a smaller m works too")
            return Verdict.wrong("some a coprime to n has a^m \u2260 1 for that m")
        return Verdict.right()
