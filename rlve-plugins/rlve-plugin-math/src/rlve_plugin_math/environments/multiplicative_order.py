"""math/multiplicative_order: the order of a unit a modulo a composite n, given the factorisations it needs."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.arithmetic_functions import carmichael_lambda, order_modulo, random_factorisation_with_p_minus_1
from rlve_plugin_math.factorisations import format_factorisation
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.primes import product
from rlve_plugin_math.scaling import LEVEL_CAP

#: Share of problems where a is a power of a random unit, so that its order is well below lambda(n).
POWER_SHARE = 0.5


def _primes_of_lambda(factors: dict[int, int], below: dict[int, dict[int, int]]) -> list[int]:
    primes = {p for p, e in factors.items() if e > 1}
    for p in factors:
        primes.update(below[p])
    return sorted(primes)


def p_minus_1_text(p: int, factors: dict[int, int]) -> str:
    """``36 = 2^2 * 3^2``, or only ``2`` where p - 1 is itself prime."""
    factorisation = format_factorisation(factors)
    return factorisation if factorisation == str(p - 1) else f"{p - 1} = {factorisation}"


class MultiplicativeOrder(Environment):
    id = "math/multiplicative_order"
    version = 1
    description = (
        "Find the multiplicative order of a modulo n (the least k >= 1 with a^k = 1 mod n), with the "
        "factorisations of n and of p - 1 for its primes p given."
    )
    difficulty_scales = (
        "n has at most 8 + 3d bits (past d = 100 +3 per 4 levels); its largest prime factor has 3 + d // 2 bits "
        "(at most 60); in half the problems a is a power of a random unit, of a smaller order"
    )
    size_name = "bits of n (at most)"
    answer_format = "an integer, for example 6"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        # Every prime of n costs a proved prime with p - 1 factored, so n grows more slowly past d = 100.
        max_bits = 8 + 3 * slow(lvl, 1, 4)
        factors, below = random_factorisation_with_p_minus_1(rng, max_bits, min(3 + lvl // 2, 60))
        n = product(factors)
        a = self.random_unit(rng, n, factors, below)
        order = order_modulo(a, factors, {p: sorted(below[p]) for p in factors})
        reference = "; ".join(f"{p} \u2212 1 = {p_minus_1_text(p, below[p])}" for p in factors if p > 2)
        prompt = (
            f"Let n = {n} = {format_factorisation(factors)} and a = {a} (gcd(a, n) = 1). Find the multiplicative "
            f"order of a modulo n: the smallest integer k \u2265 1 with a^k \u2261 1 (mod n)."
        )
        if reference:
            prompt += f" For reference, for the odd primes p dividing n: {reference}."
        data = {"n": str(n), "a": str(a), "order": str(order)}
        return Instance(prompt=prompt, answer=str(order), data=data, size=max_bits)

    @staticmethod
    def random_unit(rng: random.Random, n: int, factors: dict[int, int], below: dict[int, dict[int, int]]) -> int:
        """A random a in 2..n-1 coprime to n (a = 1 only for n = 2); in half the problems a power of one."""
        if n <= 3:
            return n - 1
        while True:
            a = rng.randint(2, n - 1)
            if math.gcd(a, n) != 1:
                continue
            if rng.random() < POWER_SHARE:
                primes = _primes_of_lambda(factors, below)
                exponent = math.prod(rng.sample(primes, rng.randint(1, min(2, len(primes))))) if primes else 1
                a = pow(a, exponent, n)
            if a != 1 or carmichael_lambda(factors) == 1:
                return a

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        order, n = int(data["order"]), int(data["n"])
        k = parse_integer(answer, max_digits=digits_of(n) + 2)
        if k < 1:
            return Verdict.wrong("the order is at least 1")
        if k != order:
            if k % order == 0:
                return Verdict.wrong("a^k is 1 for that k, but also for a smaller k")
            return Verdict.wrong("a^k is not 1 modulo n for that k")
        return Verdict.right()
