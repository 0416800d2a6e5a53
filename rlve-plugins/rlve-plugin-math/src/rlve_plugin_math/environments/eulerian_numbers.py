"""math/eulerian_numbers: permutations of 1..n with exactly k ascents (or k descents, or k increasing runs),
an Eulerian number, modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP

#: From this level the question may count descents or increasing runs instead of ascents.
OTHER_STATISTICS_FROM = 2


def eulerian_mod(n: int, k: int, p: int) -> int:
    """A(n, k) mod p by A(i, j) = (j + 1) A(i - 1, j) + (i - j) A(i - 1, j - 1): the largest value i goes into
    one of the i gaps of a permutation of 1..i-1, and keeps the number of ascents in j + 1 of them (inside an
    ascent or at the end) and adds one in the other i - 1 - (j - 1) = i - j. A(n, k) = A(n, n - 1 - k)
    (reverse the permutation) keeps the row short: O(n k) with k at most (n - 1) / 2."""
    k = min(k, n - 1 - k)
    row = [1] + [0] * k  # A(1, j)
    for i in range(2, n + 1):
        row = [((j + 1) * row[j] + (i - j) * (row[j - 1] if j else 0)) % p for j in range(k + 1)]
    return row[k]


def times(k: int, noun: str, plural: str) -> str:
    return f"{k} {noun if k == 1 else plural}"


def question(statistic: str, n: int, k: int) -> str:
    """The sentence asking for the count. Permutations with j descents are A(n, j) too (reverse them), and
    they are the ones with j + 1 increasing runs (a run ends exactly at each descent)."""
    if statistic == "ascents":
        return f"Let E be the number of permutations of 1, 2, ..., {n} with exactly {times(k, 'ascent', 'ascents')}."
    if statistic == "descents":
        return (
            f"A descent is a position i < n with a_i > a_(i+1). Let E be the number of permutations of "
            f"1, 2, ..., {n} with exactly {times(k, 'descent', 'descents')}."
        )
    return (
        "An increasing run is a maximal block of consecutive positions whose entries increase from left to right "
        "(for example, (2, 5, 1, 3, 4) has the 2 increasing runs 2, 5 and 1, 3, 4). Let E be the number of "
        f"permutations of 1, 2, ..., {n} with exactly {times(k, 'increasing run', 'increasing runs')}."
    )


class EulerianNumbers(Environment):
    id = "math/eulerian_numbers"
    version = 1
    description = (
        "Count the permutations of 1..n with exactly k ascents (an Eulerian number A(n, k)), or k descents or k "
        "increasing runs, modulo a prime."
    )
    difficulty_scales = (
        "n: 4 + 2d (past d = 100 +2 per 20 levels); k: 1 to n - 2 ascents; from d = 2 the question may count "
        f"descents or increasing runs instead; {MODULUS_SCALES}"
    )
    size_name = "n"
    answer_format = "an integer from 0 to p - 1, for example 11"
    tags = ("math", "combinatorics", "permutations", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n = 4 + 2 * slow(lvl, 1, 20)  # the reference costs n * k / 2 steps
        ascents = rng.randint(1, n - 2)
        statistics = ["ascents", "descents", "increasing runs"] if lvl >= OTHER_STATISTICS_FROM else ["ascents"]
        statistic = rng.choice(statistics)
        asked = ascents + 1 if statistic == "increasing runs" else ascents
        p = random_modulus(rng, lvl)
        prompt = (
            "An ascent of a permutation (a_1, a_2, ..., a_n) of the numbers 1 to n is a position i < n with "
            "a_i < a_(i+1). For example, (1, 3, 2) has 1 ascent (1 < 3), and 4 of the 6 permutations of 1, 2, 3 "
            "have exactly 1 ascent: (1, 3, 2), (2, 1, 3), (2, 3, 1) and (3, 1, 2). "
            + question(statistic, n, asked)
            + " "
            + remainder_request("E", p)
        )
        data = {"n": n, "statistic": statistic, "k": asked} | residue_data(eulerian_mod(n, ascents, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, "the number of such permutations")
