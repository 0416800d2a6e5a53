"""math/polynomial_power_mod: the remainder of x^n on division by a monic f(x), coefficients modulo a prime p."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of
from rlve_plugin_math.polynomial_maps import x_power_mod
from rlve_plugin_math.polynomial_tasks import parse_rational_polynomial
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.primes import random_prime_between
from rlve_plugin_math.scaling import LEVEL_CAP


class PolynomialPowerMod(Environment):
    id = "math/polynomial_power_mod"
    version = 1
    description = "Find the remainder of x^n divided by a monic polynomial f(x) over the integers modulo a prime p."
    difficulty_scales = (
        "n has 4 + 2d bits (past d = 100 one more bit per 10 levels); p: a prime from about half of 3 + 2d to "
        "3 + 2d (past d = 100 +2 per 10 levels); degree of f: 2 + d // 8 (past d = 100 +1 per 200 levels)"
    )
    size_name = "bits of the exponent n"
    answer_format = (
        "the polynomial r(x) in powers of x, each coefficient from 0 to p - 1, for example 3x^2 + 5"
    )
    tags = ("math", "algebra", "polynomials", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bits = 4 + 2 * slow(lvl, 1, 20)
        n = rng.getrandbits(bits - 1) | (1 << (bits - 1))
        high = 3 + 2 * slow(lvl, 1, 10)
        p = random_prime_between(rng, max(2, high // 2), high)
        degree = 2 + slow(lvl, 8, 200)
        # A non-zero constant term keeps x invertible modulo f, so the remainder is never 0.
        f = [1] + [rng.randrange(p) for _ in range(degree - 1)] + [rng.randrange(1, p)]
        remainder = x_power_mod(n, f, p)
        prompt = (
            f"Work with polynomials whose coefficients are integers modulo the prime p = {p}. Let\n\n"
            f"f(x) = {format_polynomial(f)}\nn = {n}\n\n"
            f"Find the remainder r(x) of x^n on division by f(x) modulo {p}: the polynomial r(x) of degree less "
            f"than {degree} such that x^n - r(x) is f(x) times some polynomial, with every coefficient compared "
            f"modulo {p}. Write r(x) in powers of x with each coefficient an integer from 0 to {p - 1} "
            "(write 0 if r(x) is zero)."
        )
        data = {
            "p": p,
            "n": str(n),
            "remainder": remainder,
            "degree": degree,
        }
        return Instance(prompt=prompt, answer=format_polynomial(remainder), data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p, degree = data["p"], data["degree"]
        expected = data["remainder"]
        expected = [0] * (degree - len(expected)) + expected
        claimed = parse_rational_polynomial(answer, max_degree=degree - 1, max_digits=digits_of(p) + 2)
        for power, (got, want) in enumerate(zip(claimed, expected)):
            if got.denominator != 1 or not 0 <= got < p:
                return Verdict.wrong(f"the coefficient of x^{degree - 1 - power} must be from 0 to {p - 1}")
            if got != want:
                return Verdict.wrong(f"the coefficient of x^{degree - 1 - power} is wrong")
        return Verdict.right()
