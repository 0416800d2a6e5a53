"""math/power_sums_of_roots: the sum of the k-th powers of the roots of a monic integer polynomial."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.polynomials import format_polynomial
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def power_sums(coefficients: list[int], k: int) -> list[int]:
    """``[p_1, ..., p_k]`` for the monic ``x^n + c_1 x^(n-1) + ... + c_n`` (``coefficients`` = [1, c_1, ...]),
    by Newton's identities: p_j = -(c_1 p_(j-1) + ... + c_(j-1) p_1 + j c_j), the c_i past c_n being 0."""
    n = len(coefficients) - 1
    sums: list[int] = []
    for j in range(1, k + 1):
        total = j * coefficients[j] if j <= n else 0
        for i in range(1, min(j - 1, n) + 1):
            total += coefficients[i] * sums[j - i - 1]
        sums.append(-total)
    return sums


class PowerSumsOfRoots(Environment):
    id = "math/power_sums_of_roots"
    version = 1
    description = "Find the sum of the k-th powers of the roots of a monic integer polynomial (Newton's identities)."
    difficulty_scales = (
        "power k: 2 + d; degree: 2 + d // 6 (past d = 100 +1 per 60 levels); coefficients up to 2 + d // 8 in "
        "absolute value (past d = 100 +1 per 80 levels)"
    )
    size_name = "the power k"
    answer_format = "an integer, for example -47"
    tags = ("math", "algebra", "polynomials")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        k, degree, bound = 2 + lvl, 2 + slow(lvl, 6, 60), 2 + slow(lvl, 8, 80)
        for _ in range(20):  # 0 must not be a free guess
            coefficients = [1] + [random_signed(rng, bound) for _ in range(degree - 1)]
            coefficients.append(random_signed(rng, bound, nonzero=True))
            value = power_sums(coefficients, k)[-1]
            if value:
                break
        else:  # x^n - 1: the n-th roots of unity, whose k-th powers add up to n when n divides k
            coefficients = [1] + [0] * (degree - 1) + [-1]
            k = degree * (k // degree + 1)
            value = degree
        if degree == 2:
            roots, powers = "r_1, r_2", f"r_1^{k} + r_2^{k}"
        else:
            roots, powers = f"r_1, r_2, ..., r_{degree}", f"r_1^{k} + r_2^{k} + ... + r_{degree}^{k}"
        prompt = (
            f"Let {roots} be the {degree} roots of\n\np(x) = {format_polynomial(coefficients)}\n\n"
            f"counted with multiplicity (complex roots included). Compute the power sum {powers}, which is an integer."
        )
        data = {"k": k, "value": str(value), "max_digits": digits_of(value) + 2}
        return Instance(prompt=prompt, answer=str(value), data=data, size=2 + lvl)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        if value != int(data["value"]):
            return Verdict.wrong(f"that is not the sum of the {data['k']}-th powers of the roots")
        return Verdict.right()
