"""Shared helpers: the difficulty scale, primes, Lucas binomials, base digits, exact linear algebra."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from rlve.scaling import level
from rlve_plugin_math.combinatorics import LucasBinomial, base_digits
from rlve_plugin_math.linalg import determinant, solve
from rlve_plugin_math.primes import (
    MAX_PRIME_BITS,
    PROVEN_BELOW,
    is_prime,
    product,
    random_factorisation,
    random_prime,
    random_prime_between,
)
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS, digits_cap, random_signed, random_with_digits


def test_the_pack_level_stops_at_its_cap_far_beyond_any_curriculum():
    # The curve itself is rlve.scaling.level, tested in rlve-core; the cap is this pack's.
    assert level(1000, cap=LEVEL_CAP) == 165
    assert level(10**50, cap=LEVEL_CAP) == level(10**1000, cap=LEVEL_CAP) == LEVEL_CAP < MAX_DIGITS // 3
    assert level(10**15, cap=LEVEL_CAP) < LEVEL_CAP


def test_digit_caps_and_random_numbers():
    assert digits_cap(0) == 1 and digits_cap(10**9) == MAX_DIGITS
    rng = random.Random(1)
    assert all(len(str(random_with_digits(rng, k))) == k for k in range(1, 60))
    assert all(random_signed(rng, 3, nonzero=True) != 0 for _ in range(200))
    assert {random_signed(rng, 2) for _ in range(200)} == {-2, -1, 0, 1, 2}


def test_is_prime_agrees_with_a_sieve_and_known_pseudoprimes():
    limit = 100_000
    sieve = bytearray([1]) * limit
    sieve[0] = sieve[1] = 0
    for i in range(2, int(limit**0.5) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytearray(len(sieve[i * i :: i]))
    assert all(is_prime(n) == bool(sieve[n]) for n in range(limit))
    # Carmichael numbers and strong pseudoprimes to several small bases
    for composite in (561, 1105, 1729, 2047, 3215031751, 2152302898747, 3474749660383, 341550071728321):
        assert not is_prime(composite)
    for prime in (2**31 - 1, 2**61 - 1, 10**18 + 9, 2**79 - 67):
        assert is_prime(prime)
    with pytest.raises(ValueError):
        is_prime(PROVEN_BELOW)


def test_random_primes_have_the_requested_size():
    rng = random.Random(7)
    for bits in range(2, MAX_PRIME_BITS + 1):
        p = random_prime(rng, bits)
        assert p.bit_length() == bits and is_prime(p)
    assert is_prime(random_prime_between(rng, 100, 200))
    with pytest.raises(ValueError):
        random_prime(rng, MAX_PRIME_BITS + 1)


def test_random_factorisation_respects_its_budget():
    rng = random.Random(3)
    for max_bits, largest in ((8, 3), (40, 10), (200, 40), (2000, 81)):
        factors = random_factorisation(rng, max_bits, largest)
        assert all(is_prime(p) for p in factors)
        assert product(factors).bit_length() <= max_bits
        assert max(factors).bit_length() == min(largest, max_bits)


def test_lucas_binomials_match_exact_ones():
    rng = random.Random(5)
    for p in (2, 3, 5, 7, 13, 101, 1009):
        binomial = LucasBinomial(p)
        for _ in range(60):
            n = rng.randint(0, 3000)
            k = rng.randint(-2, n + 2)
            expected = math.comb(n, k) % p if 0 <= k <= n else 0
            assert binomial(n, k) == expected, (p, n, k)
    with pytest.raises(ValueError):
        LucasBinomial(1 << 20)


def test_base_digits():
    assert base_digits(0, 7) == [0]
    assert base_digits(100, 10) == [0, 0, 1]
    assert base_digits(255, 16) == [15, 15]


def test_exact_linear_algebra_on_random_matrices():
    rng = random.Random(11)
    for n in range(1, 7):
        matrix = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(n)]
        rhs = [rng.randint(-9, 9) for _ in range(n)]
        solution = solve(matrix, rhs)
        det = determinant(matrix)
        if det == 0:
            assert solution is None
        else:
            assert [sum(Fraction(a) * x for a, x in zip(row, solution)) for row in matrix] == rhs
            assert all((x * det).denominator == 1 for x in solution)  # Cramer: denominators divide det
