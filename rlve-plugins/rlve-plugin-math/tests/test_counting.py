"""Counting modulo a prime: every instance rebuilt from its prompt and counted again with sympy or brute force."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from math_test_helpers import SEEDS, assert_modular_answer_forms, judge, modulus
from sympy import ZZ, Matrix, Poly, bell, divisors, ilcm, ring, symbols, totient
from sympy.discrete.recurrences import linrec
from sympy.functions.combinatorial.numbers import stirling
from sympy.polys.ring_series import rs_mul
from sympy.utilities.iterables import bracelets, multiset_permutations, necklaces, partitions

from rlve.testing import assert_accepted, assert_rejected
from rlve_plugin_math.environments.bell_numbers_mod_prime import BellNumbersModPrime
from rlve_plugin_math.environments.bounded_dyck_paths import BoundedDyckPaths
from rlve_plugin_math.environments.inclusion_exclusion import InclusionExclusion
from rlve_plugin_math.environments.integer_partitions import IntegerPartitions
from rlve_plugin_math.environments.necklace_colourings import NecklaceColourings
from rlve_plugin_math.environments.permutations_by_inversions import PermutationsByInversions
from rlve_plugin_math.environments.restricted_compositions import RestrictedCompositions
from rlve_plugin_math.environments.stirling_first_kind import StirlingFirstKind

MODULAR = [
    IntegerPartitions,
    RestrictedCompositions,
    BellNumbersModPrime,
    StirlingFirstKind,
    BoundedDyckPaths,
    NecklaceColourings,
    PermutationsByInversions,
]

X = symbols("x")


def numbers(text: str) -> list[int]:
    return [int(token) for token in re.findall(r"\d+", text)]


def instances(env, difficulties):
    for d in difficulties:
        for seed in SEEDS:
            yield env.sample(d, seed)


# -- math/integer_partitions --------------------------------------------------------------------------


def read_partition_question(prompt: str) -> tuple[int, int | None]:
    """(n, k) for "every part at most k", (n, None) for "distinct parts"."""
    match = re.search(
        r"Let P be the number of partitions of (\d+) (?:with every part at most (\d+)|into distinct parts)\.", prompt
    )
    return int(match.group(1)), (int(match.group(2)) if match.group(2) else None)


def partitions_by_enumeration(n: int, k: int | None) -> int:
    if k is not None:
        return sum(1 for _ in partitions(n, k=k))
    return sum(1 for parts in partitions(n) if all(times == 1 for times in parts.values()))


def partitions_by_series(n: int, k: int | None) -> int:
    """The coefficient of x^n in prod_{i <= k} 1 / (1 - x^i), or in prod_i (1 + x^i), truncated products."""
    ring_, x = ring("x", ZZ)
    product = ring_(1)
    for part in range(1, (k or n) + 1):
        factor = sum((x ** (part * t) for t in range(n // part + 1)), ring_(0)) if k else 1 + x**part
        product = rs_mul(product, factor, x, n + 1)
    return int(product.coeff(x**n)) if n else 1


def test_integer_partitions_match_enumeration_and_generating_functions():
    env = IntegerPartitions()
    variants = set()
    for problem in instances(env, range(0, 7)):
        n, k = read_partition_question(problem.prompt)
        variants.add(k is None)
        assert int(problem.answer) == partitions_by_enumeration(n, k) % modulus(problem.prompt)
    assert variants == {True, False}
    for problem in instances(env, (12, 30)):
        n, k = read_partition_question(problem.prompt)
        assert int(problem.answer) == partitions_by_series(n, k) % modulus(problem.prompt)


def test_integer_partitions_at_d0_are_small_enough_to_list_by_hand():
    for seed in range(10):
        problem = IntegerPartitions().sample(0, seed)
        n, k = read_partition_question(problem.prompt)
        assert n == 5 and partitions_by_enumeration(n, k) < modulus(problem.prompt)


# -- math/restricted_compositions ---------------------------------------------------------------------


def read_composition_question(prompt: str) -> tuple[int, list[int]]:
    match = re.search(
        r"Let C be the number of compositions of (\d+) whose parts all come from the set \{([\d, ]+)\}",
        prompt,
    )
    return int(match.group(1)), numbers(match.group(2))


def compositions_by_enumeration(n: int, allowed: list[int]) -> int:
    """Each partition of n into allowed parts gives (number of parts)! / prod (multiplicity)! orderings."""
    total = 0
    for parts in partitions(n):
        if set(parts) <= set(allowed):
            orders = math.factorial(sum(parts.values()))
            for times in parts.values():
                orders //= math.factorial(times)
            total += orders
    return total


def compositions_by_recurrence(n: int, allowed: list[int]) -> int:
    """sympy's linrec on c(t) = sum over allowed a of c(t - a), started from enumerated first terms."""
    order = max(allowed)
    coefficients = [1 if a in allowed else 0 for a in range(1, order + 1)]
    start = [compositions_by_enumeration(t, allowed) if t else 1 for t in range(order)]
    return int(linrec(coefficients, start, n))


def test_restricted_compositions_match_enumeration_and_sympy_linrec():
    env = RestrictedCompositions()
    for problem in instances(env, range(0, 3)):
        n, allowed = read_composition_question(problem.prompt)
        assert allowed == sorted(set(allowed)) and math.gcd(*allowed) == 1
        assert int(problem.answer) == compositions_by_enumeration(n, allowed) % modulus(problem.prompt)
    for problem in instances(env, (3, 10, 30)):
        n, allowed = read_composition_question(problem.prompt)
        assert int(problem.answer) == compositions_by_recurrence(n, allowed) % modulus(problem.prompt)


def test_restricted_compositions_count_orderings_not_partitions():
    problem = next(
        p
        for p in (RestrictedCompositions().sample(0, seed) for seed in range(40))
        if read_composition_question(p.prompt)[1] == [1, 2]
    )
    assert problem.answer == "13"  # Fibonacci: 6 as ordered sums of 1s and 2s; there are only 4 partitions
    assert_rejected(problem, "4", "not")


# -- math/bell_numbers_mod_prime and math/stirling_first_kind -----------------------------------------


def test_bell_numbers_match_sympy():
    env = BellNumbersModPrime()
    for problem in instances(env, range(0, 31, 3)):
        n = int(re.search(
            r"Let B be the Bell number B_(\d+), the number of ways to split a set of \1 ", problem.prompt
        )[1])
        assert int(problem.answer) == int(bell(n)) % modulus(problem.prompt)
    assert env.sample(0, 0).answer == "52"  # B_5, below every 7-bit prime


def test_stirling_first_kind_matches_sympy_and_brute_force():
    env = StirlingFirstKind()
    for problem in instances(env, range(0, 31, 3)):
        n, k = map(int, re.search(r"Let c be c\((\d+), (\d+)\), the number of permutations", problem.prompt).groups())
        assert int(problem.answer) == int(stirling(n, k, kind=1, signed=False)) % modulus(problem.prompt)
    problem = env.sample(0, 1)
    n, k = problem.data["n"], problem.data["k"]
    assert int(problem.answer) == sum(cycle_count(perm) == k for perm in itertools.permutations(range(n)))


def cycle_count(perm: tuple[int, ...]) -> int:
    seen, cycles = set(), 0
    for start in range(len(perm)):
        if start not in seen:
            cycles += 1
            while start not in seen:
                seen.add(start)
                start = perm[start]
    return cycles


# -- math/inclusion_exclusion -------------------------------------------------------------------------


def read_divisibility_question(prompt: str) -> tuple[int, str, list[int]]:
    match = re.search(
        r"1 <= x <= (\d+) are divisible by (none|at least one|exactly one) of the numbers ([\d, ]+)\?", prompt
    )
    return int(match.group(1)), match.group(2), numbers(match.group(3))


def divisible_by_brute_force(limit: int, condition: str, divisors_: list[int]) -> int:
    wanted = {"none": {0}, "at least one": set(range(1, len(divisors_) + 1)), "exactly one": {1}}
    return sum(sum(x % a == 0 for a in divisors_) in wanted[condition] for x in range(1, limit + 1))


def divisible_by_subsets(limit: int, condition: str, divisors_: list[int]) -> int:
    """Inclusion-exclusion written out over every subset, with sympy's lcm."""
    none = exactly_one = 0
    for size in range(len(divisors_) + 1):
        for subset in itertools.combinations(divisors_, size):
            signed = (-1) ** size * (limit // ilcm(1, 1, *subset))
            none += signed
            exactly_one -= size * signed
    return {"none": none, "at least one": limit - none, "exactly one": exactly_one}[condition]


def test_inclusion_exclusion_matches_brute_force_and_every_subset():
    env = InclusionExclusion()
    conditions = set()
    for problem in instances(env, range(0, 3)):
        limit, condition, divisors_ = read_divisibility_question(problem.prompt)
        conditions.add(condition)
        assert int(problem.answer) == divisible_by_brute_force(limit, condition, divisors_)
    for problem in instances(env, range(3, 31, 3)):
        limit, condition, divisors_ = read_divisibility_question(problem.prompt)
        conditions.add(condition)
        assert len(set(divisors_)) == len(divisors_) and min(divisors_) >= 2
        assert int(problem.answer) == divisible_by_subsets(limit, condition, divisors_)
    assert conditions == {"none", "at least one", "exactly one"}


def test_inclusion_exclusion_divisors_often_share_factors():
    shared = 0
    for problem in instances(InclusionExclusion(), (8, 16, 24)):
        divisors_ = read_divisibility_question(problem.prompt)[2]
        shared += any(math.gcd(a, b) > 1 for a, b in itertools.combinations(divisors_, 2))
    assert shared >= 8


def test_inclusion_exclusion_answers_and_near_misses():
    problem = InclusionExclusion().sample(20, 1)
    count, limit = int(problem.answer), int(problem.data["limit"])
    assert_accepted(problem, f"{count:,}")
    assert_accepted(problem, f"$N = {count}$")
    assert_rejected(problem, str(count + 1), "not the number")
    assert_rejected(problem, str(count - 1), "not the number")
    assert_rejected(problem, str(limit + 1), "between 0 and")
    assert_rejected(problem, "-3", "between 0 and")
    for bad in ("", "many", "1e5", "3.5", "9" * 200):
        assert not judge(InclusionExclusion(), problem, bad).correct


def test_inclusion_exclusion_by_hand_at_d0():
    for seed in range(10):
        limit, condition, divisors_ = read_divisibility_question(InclusionExclusion().sample(0, seed).prompt)
        assert limit < 100 and len(divisors_) == 2 and max(divisors_) <= 6


# -- math/bounded_dyck_paths --------------------------------------------------------------------------


def read_dyck_question(prompt: str) -> tuple[int, int]:
    match = re.search(r"Let D be the number of Dyck paths of semilength (\d+) whose height is at most (\d+)\.", prompt)
    return int(match.group(1)), int(match.group(2))


def dyck_by_enumeration(n: int, height: int) -> int:
    def fits(steps) -> bool:
        levels = list(itertools.accumulate(1 if s == "U" else -1 for s in steps))
        return min(levels) >= 0 and max(levels) <= height

    return sum(fits(steps) for steps in multiset_permutations("U" * n + "D" * n))


def dyck_by_matrix_power(n: int, height: int) -> int:
    """Closed walks from 0 on the path 0 - 1 - ... - height: a power of its adjacency matrix."""
    adjacency = Matrix(height + 1, height + 1, lambda i, j: int(abs(i - j) == 1))
    return int((adjacency ** (2 * n))[0, 0])


def test_bounded_dyck_paths_match_enumeration_and_matrix_powers():
    env = BoundedDyckPaths()
    for problem in instances(env, range(0, 2)):
        n, height = read_dyck_question(problem.prompt)
        assert int(problem.answer) == dyck_by_enumeration(n, height) % modulus(problem.prompt)
    for problem in instances(env, (2, 9, 30)):
        n, height = read_dyck_question(problem.prompt)
        assert 2 <= height < n
        assert int(problem.answer) == dyck_by_matrix_power(n, height) % modulus(problem.prompt)
    assert env.sample(0, 0).answer == "8"  # semilength 4, height at most 2: 2**3


# -- math/necklace_colourings -------------------------------------------------------------------------


def read_necklace_question(prompt: str) -> tuple[str, int, int]:
    match = re.search(
        r"Let M be the number of different (necklace|bracelet)s with (\d+) beads and (\d+) colours", prompt
    )
    return match.group(1), int(match.group(2)), int(match.group(3))


def colourings_by_burnside(kind: str, beads: int, colours: int) -> int:
    """Exact Burnside count with sympy's divisors and totient."""
    fixed = sum(totient(d) * colours ** (beads // d) for d in divisors(beads))
    if kind == "necklace":
        return int(fixed) // beads
    if beads % 2:
        fixed += beads * colours ** ((beads + 1) // 2)
    else:
        fixed += beads // 2 * (colours + 1) * colours ** (beads // 2)
    return int(fixed) // (2 * beads)


def test_necklace_colourings_match_enumeration_and_burnside():
    env = NecklaceColourings()
    kinds = set()
    for problem in instances(env, range(0, 3)):
        kind, beads, colours = read_necklace_question(problem.prompt)
        kinds.add(kind)
        listing = necklaces(beads, colours) if kind == "necklace" else bracelets(beads, colours)
        assert int(problem.answer) == sum(1 for _ in listing) % modulus(problem.prompt)
    for problem in instances(env, range(3, 31, 3)):
        kind, beads, colours = read_necklace_question(problem.prompt)
        kinds.add(kind)
        assert int(problem.answer) == colourings_by_burnside(kind, beads, colours) % modulus(problem.prompt)
    assert kinds == {"necklace", "bracelet"}


def test_necklaces_and_bracelets_differ_and_are_told_apart():
    samples = (NecklaceColourings().sample(1, seed) for seed in range(40))
    necklace = next(p for p in samples if p.data["kind"] == "necklace")
    _, beads, colours = read_necklace_question(necklace.prompt)
    bracelets_count = colourings_by_burnside("bracelet", beads, colours)
    assert bracelets_count < int(necklace.answer)
    assert_rejected(necklace, str(bracelets_count), "not the number of necklaces")


# -- math/permutations_by_inversions ------------------------------------------------------------------


def read_inversion_question(prompt: str) -> tuple[int, int]:
    match = re.search(
        r"Let I be the number of permutations of 1, 2, \.\.\., (\d+) with exactly (\d+) inversions", prompt
    )
    return int(match.group(1)), int(match.group(2))


def test_permutations_by_inversions_match_brute_force_and_the_product_formula():
    env = PermutationsByInversions()
    for problem in instances(env, range(0, 3)):
        n, k = read_inversion_question(problem.prompt)
        brute = sum(
            sum(a > b for a, b in itertools.combinations(perm, 2)) == k for perm in itertools.permutations(range(n))
        )
        assert int(problem.answer) == brute % modulus(problem.prompt)
    for problem in instances(env, (3, 15, 30)):
        n, k = read_inversion_question(problem.prompt)
        assert 0 < k < n * (n - 1) // 2
        generating = Poly(1, X)
        for i in range(1, n + 1):
            generating *= Poly(sum(X**j for j in range(i)), X)
        assert int(problem.answer) == int(generating.coeff_monomial(X**k)) % modulus(problem.prompt)


# -- what every modular environment shares ------------------------------------------------------------


@pytest.mark.parametrize("cls", MODULAR, ids=lambda cls: cls.id)
def test_modular_answers_accept_harmless_forms_and_reject_near_misses(cls):
    assert_modular_answer_forms(cls())


@pytest.mark.parametrize("cls", MODULAR, ids=lambda cls: cls.id)
def test_modular_answers_differ_between_seeds_at_high_levels(cls):
    env = cls()
    answers = [env.sample(30, seed).answer for seed in range(12)]
    assert len(set(answers)) >= 10 and answers.count("0") <= 1
