"""math/power_sum: 1^k + 2^k + ... + n^k, exactly while the answer is short, else modulo a prime.

S_k(n) is a polynomial in n of degree k + 1 (Faulhaber), so it is fixed by its values at n = 0..k+1: Lagrange
interpolation through those k + 2 points gives S_k(n) for any n, huge or not, in O(k^2) steps, exactly or
modulo a prime p > k + 1 (the denominators are factorials below (k + 2)!).
"""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.calculus import refuse_leading_zeros
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, random_with_digits

#: S < n^(k + 1) is asked exactly while (k + 1) times the digits of n is at most this, else modulo a prime.
MAX_EXACT_DIGITS = 24


def power_sum(n: int, k: int, modulus: int | None = None) -> int:
    """1^k + ... + n^k, exactly, or modulo ``modulus`` (a prime above k + 1)."""
    reduce = (lambda v: v) if modulus is None else (lambda v: v % modulus)
    values = [reduce(v) for v in accumulate((i**k for i in range(1, k + 2)), initial=0)]  # S(0), ..., S(k + 1)
    if n <= k + 1:
        return values[n]
    points = k + 2
    # S(n) = sum_i S(i) prod_{j != i} (n - j) / (i - j); the denominator is i! (k + 1 - i)! (-1)^(k + 1 - i).
    factorials = list(accumulate(range(1, points), lambda a, b: reduce(a * b), initial=1))
    prefix = list(accumulate((reduce(n - j) for j in range(points)), lambda a, b: reduce(a * b), initial=1))
    suffix = list(accumulate((reduce(n - j) for j in reversed(range(points))), lambda a, b: reduce(a * b), initial=1))
    suffix.reverse()
    total = 0
    for i in range(points):
        sign = -1 if (points - 1 - i) % 2 else 1
        term = sign * values[i] * prefix[i] * suffix[i + 1]
        if modulus is None:
            # Over the integers, scale every term to the common denominator (k + 1)!, which each i! (k + 1 - i)!
            # divides, and divide once at the end.
            total += term * (factorials[points - 1] // (factorials[i] * factorials[points - 1 - i]))
        else:
            total += reduce(term) * pow(factorials[i] * factorials[points - 1 - i], -1, modulus)
    return total // factorials[points - 1] if modulus is None else total % modulus


class PowerSum(Environment):
    id = "math/power_sum"
    version = 1
    description = "Compute 1^k + 2^k + ... + n^k (Faulhaber's formula), exactly or modulo a prime for huge n."
    difficulty_scales = (
        f"n has 1 + (d + 1) // 2 digits (past d = 100 +1 per 10 levels); k: 1 + d // 2 (past d = 100 +1 per 20 "
        f"levels); the sum is asked exactly while (k + 1) x (digits of n) <= {MAX_EXACT_DIGITS}, else modulo a "
        f"prime, where {MODULUS_SCALES}"
    )
    size_name = "digits of n plus k"
    answer_format = "an integer, exact or the remainder as the problem asks, for example 385"
    tags = ("math", "algebra", "sums", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits, k = 1 + slow(lvl + 1, 2, 10), 1 + slow(lvl, 2, 20)
        n = rng.randint(3, 9) if digits == 1 else random_with_digits(rng, digits)
        terms = f"1^{k} + 2^{k} + 3^{k} + ... + {n}^{k}"
        intro = f"Let S be the sum of i^{k} over the integers i from 1 to n = {n}:\n\nS = {terms}\n\n"
        if (k + 1) * digits_of(n) <= MAX_EXACT_DIGITS:  # S < n^(k + 1) has at most this many digits
            exact = power_sum(n, k)
            prompt = f"{intro}Give the exact value of S, an integer."
            data: dict[str, Any] = {"exact": str(exact)}
            answer = str(exact)
        else:
            p = random_modulus(rng, lvl)
            prompt = intro + remainder_request("S", p)
            data = residue_data(power_sum(n, k, p), p)
            answer = data["value"]
        return Instance(prompt=prompt, answer=answer, data=data, size=digits + k)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        if "exact" not in data:
            return check_residue(data, answer, "the sum")
        refuse_leading_zeros(answer)
        value = parse_integer(answer, max_digits=len(data["exact"]) + 2, allow_thousands=True)
        if value != int(data["exact"]):
            return Verdict.wrong("that is not the sum")
        return Verdict.right()
