"""Combinatorics and probability: every reference against an independent (often brute-force) count."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from math_test_helpers import SEEDS, judge

from rlve_plugin_math.environments.binomial_mod_prime import BinomialModPrime
from rlve_plugin_math.environments.catalan_mod_prime import CatalanModPrime
from rlve_plugin_math.environments.derangements_mod_prime import DerangementsModPrime
from rlve_plugin_math.environments.dice_probability import DiceProbability, outcomes_at_most
from rlve_plugin_math.environments.lattice_paths import LatticePaths, count_paths
from rlve_plugin_math.environments.stirling_second_kind import StirlingSecondKind
from rlve_plugin_math.primes import is_prime


def check_modular_answer_reasons(env, problem, p: int) -> None:
    value = int(problem.answer)
    assert judge(env, problem, f"${value}$").correct
    outside = judge(env, problem, str(value + p))
    assert not outside.correct and "between 0 and" in outside.reason
    wrong = judge(env, problem, str((value + 1) % p))
    assert not wrong.correct and wrong.format_ok and "that is not" in wrong.reason


def test_binomial_mod_prime_matches_exact_binomials():
    env = BinomialModPrime()
    for d in range(0, 3):
        for seed in range(8):
            problem = env.sample(d, seed)
            n, k, p = int(problem.data["n"]), int(problem.data["k"]), problem.data["p"]
            assert is_prime(p) and 0 < k < n
            assert int(problem.answer) == math.comb(n, k) % p
    check_modular_answer_reasons(env, env.sample(20, 1), env.sample(20, 1).data["p"])


def test_binomial_and_catalan_answers_are_not_mostly_zero():
    for env in (BinomialModPrime(), CatalanModPrime()):
        zeros = sum(env.sample(25, s).answer == "0" for s in range(100))
        assert zeros < 25, f"{env.id}: 0 would be a winning guess"


def test_catalan_mod_prime_matches_exact_catalan_numbers():
    env = CatalanModPrime()
    for d in range(0, 3):
        for seed in range(8):
            problem = env.sample(d, seed)
            n, p = int(problem.data["n"]), problem.data["p"]
            assert int(problem.answer) == math.comb(2 * n, n) // (n + 1) % p
    problem = env.sample(15, 0)
    check_modular_answer_reasons(env, problem, problem.data["p"])


def test_derangements_match_brute_force_and_the_exact_formula():
    env = DerangementsModPrime()
    for n in range(1, 8):
        brute = sum(all(i != v for i, v in enumerate(perm)) for perm in itertools.permutations(range(n)))
        assert brute == sum((-1) ** j * math.factorial(n) // math.factorial(j) for j in range(n + 1))
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n, p = problem.data["n"], int(problem.data["p"])
            exact = sum((-1) ** j * (math.factorial(n) // math.factorial(j)) for j in range(n + 1))
            assert is_prime(p) and int(problem.answer) == exact % p
    problem = env.sample(0, 0)
    assert problem.answer == "9"  # D(4) = 9, smaller than every prime used at d = 0
    check_modular_answer_reasons(env, env.sample(12, 2), int(env.sample(12, 2).data["p"]))


def test_stirling_numbers_match_the_explicit_formula():
    env = StirlingSecondKind()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n, k, p = problem.data["n"], problem.data["k"], int(problem.data["p"])
            exact = sum((-1) ** j * math.comb(k, j) * (k - j) ** n for j in range(k + 1)) // math.factorial(k)
            assert 2 <= k < n and int(problem.answer) == exact % p
    check_modular_answer_reasons(env, env.sample(9, 3), int(env.sample(9, 3).data["p"]))


def _brute_paths(grid: list[str]) -> int:
    rows, cols = len(grid), len(grid[0])

    def walk(r: int, c: int) -> int:
        if r >= rows or c >= cols or grid[r][c] == "#":
            return 0
        if (r, c) == (rows - 1, cols - 1):
            return 1
        return walk(r + 1, c) + walk(r, c + 1)

    return walk(0, 0)


def test_lattice_paths_match_brute_force_and_are_never_zero():
    env = LatticePaths()
    for d in range(0, 9):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            grid = problem.data["grid"]
            assert "\n".join(grid) in problem.prompt
            assert int(problem.answer) == _brute_paths(grid) > 0
    for d in (20, 30, 60):
        problem = env.sample(d, 0)
        assert int(problem.answer) == count_paths(problem.data["grid"]) > 0
        assert "#" in "".join(problem.data["grid"])
    problem = env.sample(12, 1)
    value = int(problem.answer)
    assert judge(env, problem, f"{value:,}").correct
    assert "not the number of paths" in judge(env, problem, str(value + 1)).reason


def _dice_brute(dice: int, faces: int, condition: str, total: int) -> Fraction:
    sums = [sum(roll) for roll in itertools.product(range(1, faces + 1), repeat=dice)]
    test = {"exactly": total.__eq__, "at least": total.__le__, "at most": total.__ge__}[condition]
    return Fraction(sum(test(s) for s in sums), len(sums))


def test_outcomes_at_most_matches_a_table_of_sums():
    for dice in range(1, 7):
        for faces in range(2, 9):
            table = [1]
            for _ in range(dice):
                table = [sum(table[max(0, s - faces) : s]) for s in range(len(table) + faces)]
            for total in range(0, dice * faces + 2):
                assert outcomes_at_most(dice, faces, total) == sum(table[: total + 1])


def test_dice_probability_matches_enumeration():
    env = DiceProbability()
    for d in range(0, 5):
        for seed in range(6):
            problem = env.sample(d, seed)
            dice, faces, condition, total = _read_dice_prompt(problem.prompt)
            assert Fraction(problem.answer) == _dice_brute(dice, faces, condition, total)


def _read_dice_prompt(prompt: str) -> tuple[int, int, str, int]:
    words = prompt.replace("?", " ").split()
    dice, faces = int(words[1]), int(words[words.index("to") + 1].rstrip("."))
    rest = prompt.split("rolled is ")[1].split("?")[0].rsplit(" ", 1)
    return dice, faces, rest[0], int(rest[1])


def test_dice_probability_accepts_equivalent_fractions():
    env = DiceProbability()
    problem = next(p for p in (env.sample(4, s) for s in range(50)) if "/" in p.answer)
    value = Fraction(problem.answer)
    num, den = value.numerator, value.denominator
    for form in (
        f"{2 * num}/{2 * den}",
        f"\\frac{{{num}}}{{{den}}}",
        f"P = {num}/{den}",
        f"$\\dfrac{{{num}}}{{{den}}}$",
    ):
        assert judge(env, problem, form).correct, form
    assert "not the probability" in judge(env, problem, f"{den}/{num + den}").reason
    assert not judge(env, problem, f"1 - {num}/{den}").correct
    assert not judge(env, problem, f"{num}/{den} or {num + 1}/{den}").correct
