"""Primes p whose p - 1 is factored at generation, and what that factorisation makes cheap: multiplicative
orders and primitive roots modulo p.

Below ``primes.PROVEN_BELOW`` a prime is proved by ``primes.is_prime``. Above it, p is built as
p - 1 = 2^s * q * (cofactor), every factor a proved prime, and is proved prime by Lucas' theorem: a base a
with a^(p-1) = 1 and a^((p-1)/r) != 1 for every prime r dividing p - 1 exists only when p is prime (and
it is then a primitive root). So nothing here rests on a probabilistic test, however large p grows.
"""

from __future__ import annotations

import random

from rlve_plugin_math.primes import MAX_PRIME_BITS, PROVEN_BELOW, is_prime, random_prime

#: Up to this many bits p is a random prime and p - 1 is factored by trial division (at most ~2900 steps).
TRIAL_DIVISION_BITS = 24
#: Bits left in p - 1 beside 2^s and the large prime q, filled by a number small enough to trial-divide.
_FILLER_BITS = 8
#: Random bases tried for a Lucas certificate before a candidate is given up (a prime almost never needs 10).
_LUCAS_TRIES = 48
_SMALL_PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)


def trial_factor(n: int) -> dict[int, int]:
    """``{prime: exponent}`` of a small ``n >= 1`` by trial division (callers keep n below about 2^26)."""
    factors: dict[int, int] = {}
    divisor = 2
    while divisor * divisor <= n:
        while n % divisor == 0:
            factors[divisor] = factors.get(divisor, 0) + 1
            n //= divisor
        divisor += 1 if divisor == 2 else 2
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


def multiplicative_order(g: int, p: int, primes_of_p_minus_1: list[int]) -> int:
    """The least k >= 1 with g^k = 1 (mod p), for g not divisible by the prime p."""
    order = p - 1
    for r in primes_of_p_minus_1:
        while order % r == 0 and pow(g, order // r, p) == 1:
            order //= r
    return order


def is_primitive_root(g: int, p: int, primes_of_p_minus_1: list[int]) -> bool:
    """Whether g has order p - 1 modulo the prime p: g^((p-1)/r) != 1 for every prime r dividing p - 1."""
    return g % p != 0 and all(pow(g, (p - 1) // r, p) != 1 for r in primes_of_p_minus_1)


def random_primitive_root(rng: random.Random, p: int, primes_of_p_minus_1: list[int]) -> int:
    """A random primitive root modulo the prime p, from the upper half of 2..p-1 where one is found there.

    The upper half keeps a reference answer from turning into another valid answer when written twice
    ("55" for 5): that number is then at least p.
    """
    if p == 2:
        return 1
    low = max(2, (p + 1) // 2)
    for _ in range(200):  # at least one in ten numbers is a primitive root for the sizes used here
        g = rng.randint(low, p - 1)
        if is_primitive_root(g, p, primes_of_p_minus_1):
            return g
    return next(g for g in range(2, p) if is_primitive_root(g, p, primes_of_p_minus_1))


def _merge(factors: dict[int, int], more: dict[int, int]) -> None:
    for r, e in more.items():
        factors[r] = factors.get(r, 0) + e


def _small_factored_prime(rng: random.Random, bits: int, two_power: int) -> tuple[int, dict[int, int]]:
    """A random prime of ``bits`` bits with 2^two_power dividing p - 1, lowering two_power where none exists."""
    for s in range(two_power, 0, -1):
        # p = 2^s k + 1 with p of exactly `bits` bits.
        low, high = ((1 << (bits - 1)) + (1 << s) - 1) >> s, ((1 << bits) - 2) >> s
        if low > high:
            continue
        for _ in range(400):
            p = (rng.randint(low, high) << s) + 1
            if is_prime(p):
                return p, trial_factor(p - 1)
    p = random_prime(rng, bits)
    return p, trial_factor(p - 1)


def _probably_prime(p: int) -> bool:
    """A cheap filter before the proof: no small factor, and a base-2 Fermat test."""
    return all(p % r for r in _SMALL_PRIMES) and pow(2, p - 1, p) == 1


def _proved_prime(p: int, primes_of_p_minus_1: list[int], rng: random.Random) -> bool:
    """Whether p (with p - 1 factored as given) is prime, proved: is_prime below its bound, Lucas above."""
    if p < PROVEN_BELOW:
        return is_prime(p)
    for _ in range(_LUCAS_TRIES):
        a = rng.randint(2, p - 2)
        if pow(a, p - 1, p) != 1:
            return False
        if is_primitive_root(a, p, primes_of_p_minus_1):
            return True
    return False  # almost surely composite; if not, another candidate is just as good


def factored_prime(rng: random.Random, bits: int, two_power: int = 1) -> tuple[int, dict[int, int]]:
    """A proved prime p of exactly ``bits`` bits (at least 3) and the factorisation ``{r: e}`` of p - 1.

    2^two_power divides p - 1 (lowered where no such prime of this size exists). Above
    ``TRIAL_DIVISION_BITS`` bits, p - 1 = 2^s * q * c with q a random prime of as many bits as the rest
    allows (up to 81), so discrete logarithms modulo p are hard, not reducible to small subgroups.
    """
    if bits < 3:
        raise ValueError("a prime with a factored p - 1 needs at least 3 bits")
    two_power = max(1, min(two_power, bits - 2))
    if bits <= TRIAL_DIVISION_BITS:
        p, factors = _small_factored_prime(rng, bits, two_power)
        return p, dict(sorted(factors.items()))
    s = min(two_power, bits - 2 - _FILLER_BITS - 2)
    q_bits = min(MAX_PRIME_BITS, bits - 1 - s - _FILLER_BITS)
    while True:
        q = random_prime(rng, q_bits)
        base = {2: s, q: 1}
        # Large p: more proved primes, each below 81 bits, until only a trial-divisible filler is left.
        room = bits - 1 - s - q_bits - _FILLER_BITS
        while room >= 2:
            r = random_prime(rng, rng.randint(2, min(MAX_PRIME_BITS, room)))
            base[r] = base.get(r, 0) + 1
            room -= r.bit_length()
        known = 1
        for r, e in base.items():
            known *= r**e
        # The filler t puts p = known * t + 1 at exactly `bits` bits: t in [low, high].
        low = ((1 << (bits - 1)) + known - 1) // known
        high = ((1 << bits) - 2) // known
        for _ in range(8 * bits):
            t = rng.randint(low, high)
            p = known * t + 1
            if not _probably_prime(p):
                continue
            factors = dict(base)
            _merge(factors, trial_factor(t))
            if _proved_prime(p, sorted(factors), rng):
                return p, dict(sorted(factors.items()))
