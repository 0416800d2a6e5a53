"""Primes for the number-theory environments: a deterministic primality test and random primes.

Every prime used here is below ``PROVEN_BELOW`` (about 3.3e24, 81 bits), where Miller-Rabin with the
first thirteen prime bases is a proof, not a probability (Sorenson and Webster, 2015). Environments
that factor numbers build them from such primes, so a reference answer never needs factoring.
"""

from __future__ import annotations

import itertools
import random

PROVEN_BELOW = 3_317_044_064_679_887_385_961_981
MAX_PRIME_BITS = PROVEN_BELOW.bit_length() - 1  # 81: every number of at most this many bits is covered
_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_SMALL_PRIMES = tuple(p for p in range(2, 200) if all(p % q for q in range(2, p)))


def is_prime(n: int) -> bool:
    """Exact for every ``n < PROVEN_BELOW``; refuses larger ``n`` rather than guess."""
    if n >= PROVEN_BELOW:
        raise ValueError("is_prime is only proven below 3.3e24")
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def random_prime(rng: random.Random, bits: int) -> int:
    """A uniformly random prime with exactly ``bits`` bits (2 <= bits <= 81)."""
    if not 2 <= bits <= MAX_PRIME_BITS:
        raise ValueError(f"bits must be 2..{MAX_PRIME_BITS}, got {bits}")
    if bits <= 8:  # few enough to list: pick one directly, so the loop below never starves
        return rng.choice([p for p in range(1 << (bits - 1), 1 << bits) if is_prime(p)])
    # There are about 2**bits / (bits ln 2) primes of this size, so ~bits/2 odd draws find one.
    while True:
        candidate = rng.randrange(1 << (bits - 1), 1 << bits) | 1
        if is_prime(candidate):
            return candidate


def random_prime_between(rng: random.Random, low: int, high: int) -> int:
    """A random prime in ``[low, high]`` (the interval must hold one; by Bertrand, ``high >= 2 * low`` does)."""
    if high < 2 or high < low:
        raise ValueError(f"no prime in [{low}, {high}]")
    for _ in range(64 * max(1, high.bit_length())):
        candidate = rng.randint(low, high)
        if is_prime(candidate):
            return candidate
    # Rare for the ranges used here; a scan from a random point keeps the result well defined.
    start = rng.randint(low, high)
    for candidate in itertools.chain(range(start, high + 1), range(low, start)):
        if is_prime(candidate):
            return candidate
    raise ValueError(f"no prime in [{low}, {high}]")


def random_factorisation(rng: random.Random, max_bits: int, largest_prime_bits: int) -> dict[int, int]:
    """The prime factorisation {p: e} of a random number of at most ``max_bits`` bits.

    One prime has ``largest_prime_bits`` bits (so the hardest factor really is that large), the rest
    have random sizes up to it, drawn until no room is left. Small primes recur, giving exponents.
    """
    largest_prime_bits = max(2, min(largest_prime_bits, MAX_PRIME_BITS, max_bits))
    first = random_prime(rng, largest_prime_bits)
    factors = {first: 1}
    n = first
    room = max_bits - n.bit_length()
    while room >= 2:
        p = random_prime(rng, rng.randint(2, min(largest_prime_bits, room)))
        if (n * p).bit_length() > max_bits:
            break
        n *= p
        factors[p] = factors.get(p, 0) + 1
        room = max_bits - n.bit_length()
    return dict(sorted(factors.items()))


def product(factors: dict[int, int]) -> int:
    value = 1
    for p, e in factors.items():
        value *= p**e
    return value
