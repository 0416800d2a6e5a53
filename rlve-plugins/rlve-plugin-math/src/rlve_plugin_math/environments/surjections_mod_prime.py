"""math/surjections_mod_prime: the functions from an n-set onto an m-set, for a long n, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.counting_sequences import BinomialTable
from rlve_plugin_math.scaling import LEVEL_CAP, random_with_digits

#: At d = 0 n is at most this, so the count can be listed by hand.
FIRST_LEVEL_N = 5


def surjections_mod(n: int, m: int, p: int) -> int:
    """Inclusion-exclusion over the values missed: sum_j (-1)^j C(m, j) (m - j)^n. With 0 < m - j < p the
    power depends only on n mod (p - 1) (Fermat), so a long n costs one reduction, not a long power."""
    binomial = BinomialTable(m, p)
    exponent = n % (p - 1)
    total = 0
    for j in range(m):  # j = m adds 0^n = 0 for n >= 1
        term = binomial(m, j) * pow(m - j, exponent, p)
        total += -term if j % 2 else term
    return total % p


class SurjectionsModPrime(Environment):
    id = "math/surjections_mod_prime"
    version = 1
    description = "Count the functions from an n-element set onto an m-element set (surjections), modulo a prime."
    difficulty_scales = (
        "digits of n: 1 + (d + 1) // 2 (past d = 100 +1 per 20 levels); m: 2 to 3 + d // 2 "
        f"(past d = 100 +1 per 20 levels); n from m + 1 to {FIRST_LEVEL_N} at d = 0; {MODULUS_SCALES}"
    )
    size_name = "digits of n plus the largest possible m"
    answer_format = "an integer from 0 to p - 1, for example 36"
    tags = ("math", "combinatorics", "inclusion-exclusion", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        digits = 1 + slow(lvl + 1, 2, 20)
        largest_m = 3 + slow(lvl, 2, 20)
        m = rng.randint(2, largest_m)
        # From d = 1 n has two digits or more, so it always exceeds m (below 100 at any level).
        n = rng.randint(m + 1, FIRST_LEVEL_N) if lvl == 0 else random_with_digits(rng, digits)
        p = random_modulus(rng, lvl)
        prompt = (
            "A function f from a set A to a set B is onto (surjective) if every element of B is f(a) for at least "
            "one a in A. For example, of the 8 functions from {1, 2, 3} to {x, y}, 6 are onto: all but the two "
            "constant ones. "
            f"Let S be the number of functions from a set of {n} elements onto a set of {m} elements. "
            + remainder_request("S", p)
        )
        data = {"n": str(n), "m": m} | residue_data(surjections_mod(n, m, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=digits + largest_m)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of onto functions")
