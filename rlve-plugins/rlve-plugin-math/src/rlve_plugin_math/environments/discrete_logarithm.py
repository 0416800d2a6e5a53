"""math/discrete_logarithm: the smallest x >= 0 with g^x = h (mod p), p prime."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.residues import factored_prime, random_primitive_root
from rlve_plugin_math.scaling import LEVEL_CAP

#: How often the base is not a primitive root, so that "smallest" (x below the order of g) matters.
NON_PRIMITIVE_SHARE = 0.4


class DiscreteLogarithm(Environment):
    id = "math/discrete_logarithm"
    version = 1
    description = "Find the smallest x >= 0 with g^x = h (mod p) for a prime p (a discrete logarithm)."
    difficulty_scales = (
        "p has 5 + d bits (past d = 100 one more bit per 4 levels); from 25 bits p - 1 has a prime factor of "
        "all but about 10 of those bits (at most 81), so only baby-step giant-step-like searches work; "
        f"g is not a primitive root in {NON_PRIMITIVE_SHARE:.0%} of problems"
    )
    size_name = "bits of p"
    answer_format = "an integer x >= 0, for example 17"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        bits = 5 + slow(level(difficulty, cap=LEVEL_CAP), 1, 4)
        p, factors = factored_prime(rng, bits, rng.randint(1, 3))
        primes = sorted(factors)
        root = random_primitive_root(rng, p, primes)
        g, order = root, p - 1
        if rng.random() < NON_PRIMITIVE_SHARE:
            for _ in range(20):
                k = rng.randint(2, p - 2)
                candidate_order = (p - 1) // math.gcd(k, p - 1)
                if 3 <= candidate_order < p - 1:  # order 1 or 2 (g = 1 or p - 1) would make it a riddle
                    g, order = pow(root, k, p), candidate_order
                    break
        x = rng.randint(1, order - 1)  # below the order: the smallest exponent; at least 1, so h != 1
        h = pow(g, x, p)
        prompt = (
            f"Find the smallest integer x \u2265 0 such that {g}^x \u2261 {h} (mod {p}). "
            f"The modulus {p} is prime and such an x exists; if several exponents work, give the smallest."
        )
        data = {"p": str(p), "g": str(g), "h": str(h), "x": str(x)}
        return Instance(prompt=prompt, answer=str(x), data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p, g, h = int(data["p"]), int(data["g"]), int(data["h"])
        value = parse_integer(answer, max_digits=digits_of(p) + 2)
        if value < 0:
            return Verdict.wrong("x must be at least 0")
        if pow(g, value, p) != h:
            return Verdict.wrong("g^x is not congruent to h for that x")
        if value != int(data["x"]):
            return Verdict.wrong("g^x = h for that x, but not for the smallest x")
        return Verdict.right()
