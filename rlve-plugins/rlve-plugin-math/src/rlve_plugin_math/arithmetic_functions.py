"""Arithmetic functions of a number whose prime factorisation is known: the Carmichael function, the
multiplicative order of a unit, and random numbers whose primes p come with p - 1 factored.

An order modulo n is the least common multiple of the orders modulo its prime powers, and the order
modulo p^e is the order modulo p times a power of p (the kernel of reduction mod p is a p-group). So
everything here needs only the factorisation of n and of p - 1 for its primes p, never a search.
"""

from __future__ import annotations

import math
import random

from rlve_plugin_math.primes import MAX_PRIME_BITS, random_prime
from rlve_plugin_math.residues import TRIAL_DIVISION_BITS, factored_prime, multiplicative_order, trial_factor


def prime_power_lambda(p: int, e: int) -> int:
    """lambda(p^e): p^(e-1) (p - 1) for an odd prime, and 1, 2, 2^(e-2) for 2, 4, 2^e with e >= 3."""
    if p == 2:
        return 1 << max(0, e - 1 if e <= 2 else e - 2)
    return p ** (e - 1) * (p - 1)


def carmichael_lambda(factors: dict[int, int]) -> int:
    """The exponent of the group of units modulo n = prod p^e: the lcm of lambda(p^e)."""
    return math.lcm(1, *(prime_power_lambda(p, e) for p, e in factors.items()))


def order_modulo_prime_power(a: int, p: int, e: int, primes_of_p_minus_1: list[int]) -> int:
    """The least k >= 1 with a^k = 1 (mod p^e), for a not divisible by p: lift the order modulo p."""
    order = multiplicative_order(a % p, p, primes_of_p_minus_1) if p > 2 else 1
    modulus = p**e
    while pow(a, order, modulus) != 1:
        order *= p
    return order


def order_modulo(a: int, factors: dict[int, int], primes_below: dict[int, list[int]]) -> int:
    """The order of a modulo n = prod p^e (gcd(a, n) = 1); ``primes_below[p]`` lists the primes of p - 1."""
    return math.lcm(1, *(order_modulo_prime_power(a, p, e, primes_below[p]) for p, e in factors.items()))


def random_factored_prime(rng: random.Random, bits: int) -> tuple[int, dict[int, int]]:
    """A random prime of ``bits`` bits (2 to 81) and the factorisation of p - 1."""
    if bits <= TRIAL_DIVISION_BITS:
        p = random_prime(rng, bits)
        return p, trial_factor(p - 1)
    return factored_prime(rng, bits, rng.randint(1, 3))


def random_factorisation_with_p_minus_1(
    rng: random.Random, max_bits: int, largest_prime_bits: int
) -> tuple[dict[int, int], dict[int, dict[int, int]]]:
    """A random n of at most ``max_bits`` bits as ``{p: e}``, and ``{p: factorisation of p - 1}`` for its primes.

    Like ``primes.random_factorisation``: one prime of ``largest_prime_bits`` bits, then primes of random
    sizes up to it while room is left, so small primes recur and give exponents.
    """
    largest_prime_bits = max(2, min(largest_prime_bits, MAX_PRIME_BITS, max_bits))
    first, first_below = random_factored_prime(rng, largest_prime_bits)
    factors, below = {first: 1}, {first: first_below}
    n = first
    while (room := max_bits - n.bit_length()) >= 2:
        p, p_below = random_factored_prime(rng, rng.randint(2, min(largest_prime_bits, room)))
        if (n * p).bit_length() > max_bits:
            break
        n *= p
        factors[p] = factors.get(p, 0) + 1
        below[p] = p_below
    return dict(sorted(factors.items())), {p: dict(sorted(below[p].items())) for p in sorted(factors)}
