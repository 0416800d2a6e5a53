"""math/linear_recurrence: a far term of a linear recurrence modulo m."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


def nth_term(coefficients: list[int], initial: list[int], n: int, m: int) -> int:
    """a_n mod m for a_i = c_1 a_(i-1) + ... + c_k a_(i-k), by Kitamasa's method in O(k^2 log n).

    x^n is reduced modulo the characteristic polynomial x^k - c_1 x^(k-1) - ... - c_k; the remainder's
    coefficients r_j give a_n = sum r_j a_j.
    """
    k = len(coefficients)
    if n < k:
        return initial[n] % m

    def mul(p: list[int], q: list[int]) -> list[int]:
        product = [0] * (2 * k - 1)
        for i, x in enumerate(p):
            if x:
                for j, y in enumerate(q):
                    product[i + j] += x * y
        # Lower every power x^d with d >= k, from the top, using x^k = c_1 x^(k-1) + ... + c_k.
        for d in range(2 * k - 2, k - 1, -1):
            top = product[d] % m
            if top:
                for i, c in enumerate(coefficients, start=1):
                    product[d - i] += top * c
        return [v % m for v in product[:k]]

    result = [1] + [0] * (k - 1)  # x^0
    base = [0, 1] + [0] * (k - 2) if k > 1 else [coefficients[0] % m]  # x^1 (already reduced when k = 1)
    while n:
        if n & 1:
            result = mul(result, base)
        base = mul(base, base)
        n >>= 1
    return sum(r * a for r, a in zip(result, initial)) % m


class LinearRecurrence(Environment):
    id = "math/linear_recurrence"
    version = 1
    description = "Find a far term of a linear recurrence with constant coefficients, modulo m."
    difficulty_scales = (
        "digits of the index n: 2 + d (past d = 100 about +5 per doubling); order: 2 + d // 10 "
        "(past d = 100 +1 per 100 levels); modulus digits: 2 + d // 4"
    )
    size_name = "digits of the index"
    answer_format = "an integer from 0 to m - 1, for example 41"
    tags = ("math", "algebra", "recurrences", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        order = 2 + slow(lvl, 10, 100)
        index_digits = digits_cap(2 + slow(lvl, 1, 4))  # the reference costs order^2 * log(n) steps
        m = max(2, random_with_digits(rng, digits_cap(2 + lvl // 4)))
        coefficients = [rng.randint(0, 9) for _ in range(order)]
        coefficients[-1] = rng.randint(1, 9)  # a true order-k recurrence
        initial = [rng.randint(0, 9) for _ in range(order)]
        n = random_with_digits(rng, index_digits)
        value = nth_term(coefficients, initial, n, m)
        rule = " + ".join(f"{c}\u00b7a(n-{i})" for i, c in enumerate(coefficients, start=1) if c)
        starts = ", ".join(f"a({i}) = {a}" for i, a in enumerate(initial))
        prompt = (
            f"A sequence is defined by {starts} and a(n) = {rule} for n \u2265 {order}. "
            f"Compute a({n}) mod {m}, the remainder of a({n}) divided by {m}."
        )
        data = {"m": str(m), "value": str(value)}
        return Instance(prompt=prompt, answer=str(value), data=data, size=index_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        m = int(data["m"])
        value = parse_integer(answer, max_digits=len(data["m"]) + 2)
        if not 0 <= value < m:
            return Verdict.wrong(f"the answer must be between 0 and {m - 1}")
        if value != int(data["value"]):
            return Verdict.wrong("that is not a(n) mod m")
        return Verdict.right()
