"""math/linear_diophantine_count: how many non-negative integer solutions a x + b y (+ c z) = n has."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits

#: Share of problems with three unknowns (from d = 1), whose coefficients stay below this bound.
THREE_UNKNOWNS_SHARE = 1 / 3
MAX_SMALL_COEFFICIENT = 99
#: Share of two-unknown problems with a common factor g of a and b that does not divide n (no solution).
UNSOLVABLE_SHARE = 0.1


def floor_sum(count: int, modulus: int, step: int, start: int) -> int:
    """sum_{i=0..count-1} floor((step i + start) / modulus) for non-negative step and start, in O(log) steps."""
    total = 0
    while True:
        if step >= modulus:
            total += count * (count - 1) // 2 * (step // modulus)
            step %= modulus
        if start >= modulus:
            total += count * (start // modulus)
            start %= modulus
        top = step * count + start
        if top < modulus:
            return total
        count, start, modulus, step = top // modulus, top % modulus, step, modulus


def count_solutions(coefficients: list[int], n: int) -> int:
    """Non-negative integer solutions of a x + b y = n, or of a x + b y + c z = n, all coefficients positive.

    With g = gcd(a, b), a = g a', b = g b', the pairs for a right-hand side m (g | m) are x = x0 + b' t,
    y = (m / g - a' x) / b', where x0 is the least x with a' x = m / g (mod b'): (m / g - a' x0) / (a' b') + 1
    of them when that is not negative. With a third unknown, m = n - c z; for z in one residue class
    modulo b, x0 stays fixed and the pair counts are floors of a linear function of z, summed by floor_sum.
    """
    a, b, *rest = coefficients
    c = rest[0] if rest else None
    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    inverse = pow(a1, -1, b1) if b1 > 1 else 0
    total = 0
    for r in range(b if c is not None else 1):
        m = n - (c * r if c is not None else 0)
        if m < 0 or m % g:
            continue
        x0 = m // g * inverse % b1 if b1 > 1 else 0
        y0 = (m // g - a1 * x0) // b1  # y when x = x0, the largest y of any solution
        if y0 < 0:
            continue
        if c is None:
            total += y0 // a1 + 1
            continue
        # z = r + b t for t = 0..last: y (at x = x0) falls by c per step of t, and x may rise by b' per a' of y.
        last = y0 // c
        total += last + 1 + floor_sum(last + 1, a1, c, y0 - c * last)
    return total


def equation_text(coefficients: list[int], n: int) -> str:
    return " + ".join(f"{k}{name}" for k, name in zip(coefficients, "xyz", strict=False)) + f" = {n}"


class LinearDiophantineCount(Environment):
    id = "math/linear_diophantine_count"
    version = 1
    description = "Count the non-negative integer solutions of a x + b y = n, or of a x + b y + c z = n."
    difficulty_scales = (
        "n has 2 + d digits (past d = 100 about +20 per doubling); with two unknowns, a b / gcd(a, b) has about "
        "half to all of them; from d = 1 a third of the problems have three unknowns with coefficients from 2 to "
        f"3 + d (at most {MAX_SMALL_COEFFICIENT})"
    )
    size_name = "digits of n"
    answer_format = "an integer (0 if there is no solution), for example 7"
    tags = ("math", "number_theory", "diophantine", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = digits_cap(2 + lvl)
        n = random_with_digits(rng, digits)
        if lvl >= 1 and rng.random() < THREE_UNKNOWNS_SHARE:
            bound = min(3 + lvl, MAX_SMALL_COEFFICIENT)
            coefficients = [rng.randint(2, bound) for _ in range(3)]
            unknowns = "triples (x, y, z)"
        else:
            coefficients, n = self.two_coefficients(rng, digits, n)
            unknowns = "pairs (x, y)"
        count = count_solutions(coefficients, n)
        prompt = (
            f"How many ordered {unknowns} of non-negative integers satisfy {equation_text(coefficients, n)}? "
            "Every unknown must be an integer at least 0. If there is no solution, the answer is 0."
        )
        data = {"count": str(count)}
        return Instance(prompt=prompt, answer=str(count), data=data, size=digits)

    @staticmethod
    def two_coefficients(rng: random.Random, digits: int, n: int) -> tuple[list[int], int]:
        """a = g a', b = g b' with a' b' of about ``digits - k`` digits for a random k: about 10^k solutions."""
        spare = rng.randint(0, digits // 2)
        product_digits = max(2, digits - spare)
        first_digits = rng.randint(1, product_digits - 1)
        while True:
            a1 = max(2, random_with_digits(rng, first_digits))
            b1 = max(2, random_with_digits(rng, product_digits - first_digits))
            if math.gcd(a1, b1) == 1:
                break
        g = 1 if rng.random() < 0.5 else rng.randint(2, 9)
        if g > 1 and rng.random() >= UNSOLVABLE_SHARE:
            # The multiple of g next below n, or next above where that would lose a digit (n has 2+ digits).
            n = n - n % g if n - n % g >= 10 ** (digits - 1) else n + -n % g
        return [g * a1, g * b1], n

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        count = int(data["count"])
        value = parse_integer(answer, max_digits=digits_of(count) + 2)
        if value != count:
            return Verdict.wrong("that is not the number of solutions")
        return Verdict.right()
