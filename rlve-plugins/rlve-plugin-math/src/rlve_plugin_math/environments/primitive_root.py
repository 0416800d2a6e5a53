"""math/primitive_root: any primitive root modulo a prime p, given the factorisation of p - 1."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.residues import factored_prime, is_primitive_root, random_primitive_root
from rlve_plugin_math.scaling import LEVEL_CAP


class PrimitiveRoot(Environment):
    id = "math/primitive_root"
    version = 1
    description = "Find a primitive root modulo a prime p (the factorisation of p - 1 is given); any one counts."
    difficulty_scales = (
        "p has 5 + d bits (past d = 100 one more bit per 4 levels); p - 1 is divisible by 2^1 to 2^4, "
        "and from 25 bits has a prime factor of all but about 10 of those bits (at most 81)"
    )
    size_name = "bits of p"
    answer_format = "one integer g with 1 <= g <= p - 1, for example 5"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        bits = 5 + slow(level(difficulty, cap=LEVEL_CAP), 1, 4)
        p, factors = factored_prime(rng, bits, rng.randint(1, 4))
        primes = sorted(factors)
        root = random_primitive_root(rng, p, primes)
        prompt = (
            f"Find a primitive root modulo the prime p = {p}: an integer g with 1 \u2264 g \u2264 {p - 1} whose "
            "multiplicative order modulo p is p \u2212 1, that is, g^k \u2262 1 (mod p) for every "
            "1 \u2264 k < p \u2212 1. "
            f"For reference, p \u2212 1 = {p - 1} = {format_factorisation(factors)}. "
            "Any primitive root is accepted."
        )
        data = {"p": str(p), "primes": [str(r) for r in primes]}
        return Instance(prompt=prompt, answer=str(root), data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p = int(data["p"])
        g = parse_integer(answer, max_digits=digits_of(p) + 2)
        if not 1 <= g <= p - 1:
            return Verdict.wrong(f"g must be between 1 and {p - 1}")
        if not is_primitive_root(g, p, [int(r) for r in data["primes"]]):
            return Verdict.wrong("the order of g modulo p is less than p - 1")
        return Verdict.right()
