"""math/digit_power_cycle: iterate x -> (sum of the k-th powers of the decimal digits of x); find where the
sequence starts repeating and how long its cycle is, or a far term of it."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer, parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP, random_with_digits

#: The start has at most this many digits; after one step every term is below (digits + 1) * 9^k.
MAX_START_DIGITS = 1000


def orbit(start: int, k: int) -> tuple[list[int], int]:
    """The terms x_0, x_1, ... up to just before the first repeat, and the index mu where the cycle starts.

    From x_1 on every term is below (digits + 1) 9^k, and for k <= 9 these orbits close within a few hundred
    steps, so the list stays short."""
    powers = [digit**k for digit in range(10)]
    seen: dict[int, int] = {}
    terms: list[int] = []
    x = start
    while x not in seen:
        seen[x] = len(terms)
        terms.append(x)
        x = sum(powers[int(c)] for c in str(x))
    return terms, seen[x]


def term_at(terms: list[int], mu: int, t: int) -> int:
    """x_t: before the cycle read it off, inside it reduce t modulo the cycle length."""
    if t < len(terms):
        return terms[t]
    return terms[mu + (t - mu) % (len(terms) - mu)]


class DigitPowerCycle(Environment):
    id = "math/digit_power_cycle"
    version = 1
    description = (
        "Repeatedly replace a number by the sum of the k-th powers of its decimal digits: find the length of the "
        "tail before the cycle and the cycle length, or the term after t steps."
    )
    difficulty_scales = (
        "the start has 1 + d digits (at most 1000); k = 2 + d // 4 (at most 9); from d = 2 half the problems ask "
        "for the term after t steps, t with 1 + d // 2 digits (at most 60)"
    )
    size_name = "digits of the start"
    answer_format = "two integers mu, lambda (tail length, then cycle length), for example 5, 1; or one integer"
    tags = ("math", "number_theory", "digits", "cycles")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = min(1 + lvl, MAX_START_DIGITS)
        k = min(2 + lvl // 4, 9)
        start = random_with_digits(rng, digits)
        terms, mu = orbit(start, k)
        rule = (
            f"Let x_0 = {start} and, for i \u2265 0, let x_(i+1) be the sum of the decimal digits of x_i, "
            f"each raised to the power k = {k} (for example, with k = 2, 123 is followed by "
            "1^2 + 2^2 + 3^2 = 14). The sequence x_0, x_1, x_2, \u2026 eventually repeats."
        )
        if lvl >= 2 and rng.random() < 0.5:
            t = random_with_digits(rng, min(1 + lvl // 2, 60))
            value = term_at(terms, mu, t)
            prompt = f"{rule} Find x_t for t = {t}."
            data = {"value": str(value)}
            return Instance(prompt=prompt, answer=str(value), data=data, size=digits)
        cycle = len(terms) - mu
        prompt = (
            f"{rule} Let \u03bc be the smallest index i \u2265 0 such that x_i appears again later in the sequence, "
            "and \u03bb the smallest c \u2265 1 with x_(\u03bc+c) = x_\u03bc (so x_\u03bc, \u2026, x_(\u03bc+\u03bb-1) "
            "is the cycle and \u03bc the number of terms before it). Give \u03bc and \u03bb, in that order."
        )
        data = {"mu": mu, "lambda": cycle}
        return Instance(prompt=prompt, answer=f"{mu}, {cycle}", data=data, size=digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        if "value" in data:
            expected = int(data["value"])
            if parse_integer(answer, max_digits=digits_of(expected) + 2) != expected:
                return Verdict.wrong("that is not x_t")
            return Verdict.right()
        names = [{"mu", "\u03bc", "tail"}, {"lambda", "\u03bb", "cycle", "l"}]
        values = parse_integers(answer, max_items=2, max_digits=6, names=names)
        if len(values) != 2:
            return Verdict.wrong("expected two integers: mu, then lambda")
        wrong = []
        if values[0] != data["mu"]:
            wrong.append("mu (the tail length) is wrong")
        if values[1] != data["lambda"]:
            wrong.append("lambda (the cycle length) is wrong")
        if wrong:
            return Verdict.wrong("; ".join(wrong))
        return Verdict.right()
