"""math/repeating_decimal: where the decimal expansion of a/b starts repeating, and how long its cycle is."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.arithmetic_functions import order_modulo
from rlve_plugin_math.numbers import digits_of, parse_integers
from rlve_plugin_math.primes import product, random_factorisation
from rlve_plugin_math.residues import trial_factor
from rlve_plugin_math.scaling import LEVEL_CAP

#: The primes of b other than 2 and 5 stay below 2^MAX_PRIME_BITS, so p - 1 is trial-divided in generation.
MAX_PRIME_BITS = 20
#: Share of numerators that share a factor with b, so that the fraction must be reduced first.
SHARED_FACTOR_SHARE = 0.3


def decimal_shape(factors: dict[int, int]) -> tuple[int, int]:
    """(r, c) for a/b in lowest terms, b = prod p^e: r is the larger exponent of 2 and 5 in b; c is the order of
    10 modulo the rest of b (1 when nothing is left: the expansion ends in zeros)."""
    pre_period = max(factors.get(2, 0), factors.get(5, 0))
    rest = {p: e for p, e in factors.items() if p not in (2, 5)}
    cycle = order_modulo(10, rest, {p: sorted(trial_factor(p - 1)) for p in rest})
    return pre_period, cycle


class RepeatingDecimal(Environment):
    id = "math/repeating_decimal"
    version = 1
    description = (
        "Find how many digits of the decimal expansion of a/b come before it starts repeating, and the length of "
        "the repeating cycle."
    )
    difficulty_scales = (
        "b has at most 5 + 2d bits; its largest prime factor has 3 + d // 3 bits (at most 20), and 2^s 5^t "
        "divides it for random s, t up to 1 + d // 4 (within half its bits); a shares a factor with b in 30% of "
        "problems"
    )
    size_name = "bits of b (at most)"
    answer_format = "two integers r, c (digits before the cycle, then the cycle length), for example 1, 6"
    tags = ("math", "number_theory", "modular", "fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_bits = 5 + 2 * lvl
        two, five = rng.randint(0, 1 + lvl // 4), rng.randint(0, 1 + lvl // 4)
        while 2 * two + 3 * five > max_bits // 2:  # 2^two 5^five takes at most half of b's bits
            two, five = max(0, two - 1), max(0, five - 1)
        factors = random_factorisation(rng, max_bits - two - 3 * five, min(3 + lvl // 3, MAX_PRIME_BITS))
        for p, e in ((2, two), (5, five)):
            if e:
                factors[p] = factors.get(p, 0) + e
        b = product(factors)  # 5^five has at most 3 five bits, so b has at most max_bits
        a = self.numerator(rng, b, factors)
        g = math.gcd(a, b)
        reduced = {p: e - self.multiplicity(g, p) for p, e in factors.items()}
        pre_period, cycle = decimal_shape({p: e for p, e in reduced.items() if e})
        prompt = (
            f"Write the fraction {a}/{b} as a decimal, 0.d\u2081d\u2082d\u2083\u2026, with infinitely many "
            "digits after the point (a terminating decimal continues with 0s; never end in repeating 9s). The "
            "digits are eventually periodic: there are integers r \u2265 0 and c \u2265 1 with "
            "d_(i+c) = d_i for every i > r. Find the smallest such r, the number of digits before the repetition "
            "starts, and the smallest such c, the length of the repeating cycle."
        )
        data = {"r": pre_period, "c": str(cycle)}
        return Instance(prompt=prompt, answer=f"{pre_period}, {cycle}", data=data, size=max_bits)

    @staticmethod
    def numerator(rng: random.Random, b: int, factors: dict[int, int]) -> int:
        """A random a in 1..b-1; in 30% of problems a multiple of a random divisor of b above 1 (where one fits)."""
        a = rng.randint(1, b - 1)
        if rng.random() < SHARED_FACTOR_SHARE:
            divisor = math.prod(p ** rng.randint(0, e) for p, e in factors.items())
            if 1 < divisor < b:
                a = divisor * rng.randint(1, (b - 1) // divisor)
        return a

    @staticmethod
    def multiplicity(g: int, p: int) -> int:
        count = 0
        while g % p == 0:
            g, count = g // p, count + 1
        return count

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        cycle = int(data["c"])
        values = parse_integers(
            answer, max_items=2, max_digits=max(digits_of(cycle), len(str(data["r"]))) + 2, names=[{"r"}, {"c"}]
        )
        if len(values) != 2:
            return Verdict.wrong("expected two integers: r, then c")
        r, c = values
        if r < 0 or c < 1:
            return Verdict.wrong("r must be at least 0 and c at least 1")
        wrong = []
        if r != data["r"]:
            wrong.append("r (digits before the cycle)" + (" is too large" if r > data["r"] else " is too small"))
        if c != cycle:
            wrong.append("c is a multiple of the shortest cycle" if c % cycle == 0 else "c is not a period")
        if wrong:
            return Verdict.wrong("; ".join(wrong))
        return Verdict.right()
