"""Maps on polynomials (coefficient lists, highest power first, as in ``polynomials.py``): substituting one
polynomial into another, and reducing modulo a polynomial over the integers modulo a prime p.

Composition works for any coefficients that add and multiply (int or Fraction). The modular maps keep every
coefficient in 0..p-1, so their numbers never grow, and ``x_power_mod`` reaches x^n for an n of hundreds of bits
by squaring, about (bits of n) * deg(f)^2 small multiplications.
"""

from __future__ import annotations

from rlve_plugin_math.polynomial_tasks import trimmed
from rlve_plugin_math.polynomials import multiply


def add(a: list, b: list) -> list:
    """The sum of two polynomials, trimmed."""
    if len(a) < len(b):
        a, b = b, a
    offset = len(a) - len(b)
    return trimmed(a[:offset] + [x + y for x, y in zip(a[offset:], b)])


def compose(outer: list, inner: list) -> list:
    """``outer(inner(x))``, by Horner's rule: each step multiplies by ``inner`` and adds a coefficient."""
    result = [outer[0]]
    for c in outer[1:]:
        result = add(multiply(result, inner), [c])
    return trimmed(result)


def shift(p: list, c) -> list:
    """``p(x + c)``: the polynomial whose roots are those of ``p`` minus ``c``."""
    return compose(p, [1, c])


def negated_variable(p: list) -> list:
    """``p(-x)``: the coefficient of x^k changes sign for odd k."""
    degree = len(p) - 1
    return [-c if (degree - i) % 2 else c for i, c in enumerate(p)]


def reduce_mod(a: list[int], p: int) -> list[int]:
    """The coefficients as residues 0..p-1, trimmed (the zero polynomial is ``[0]``)."""
    return trimmed([c % p for c in a])


def remainder_mod(a: list[int], f: list[int], p: int) -> list[int]:
    """The remainder of ``a`` divided by ``f`` over the integers modulo the prime ``p`` (f's leading coefficient
    must not be 0 modulo p), with residues 0..p-1 and degree below that of ``f``."""
    f = reduce_mod(f, p)
    rest = reduce_mod(a, p)
    if f == [0]:
        raise ZeroDivisionError("division by the zero polynomial modulo p")
    degree = len(f) - 1
    inverse = pow(f[0], -1, p)
    while len(rest) > degree and rest != [0]:
        factor = rest[0] * inverse % p
        if factor:
            for j in range(1, degree + 1):
                rest[j] = (rest[j] - factor * f[j]) % p
        rest = rest[1:]
    return trimmed(rest) if rest else [0]


def multiply_mod(a: list[int], b: list[int], f: list[int], p: int) -> list[int]:
    """``a * b`` modulo ``f`` and ``p``."""
    return remainder_mod(multiply(a, b), f, p)


def x_power_mod(n: int, f: list[int], p: int) -> list[int]:
    """``x^n`` modulo ``f`` and ``p`` for ``n >= 0``, by square-and-multiply from the top bit of ``n``.

    Multiplying by x is a shift and one step of reduction, so each bit costs one squaring.
    """
    result = remainder_mod([1], f, p)
    for bit in bin(n)[2:]:
        result = multiply_mod(result, result, f, p)
        if bit == "1":
            result = remainder_mod(result + [0], f, p)
    return result


def gcd_mod(a: list[int], b: list[int], p: int) -> list[int]:
    """The monic greatest common divisor of ``a`` and ``b`` modulo the prime ``p`` (``[0]`` if both are zero)."""
    a, b = reduce_mod(a, p), reduce_mod(b, p)
    while b != [0]:
        a, b = b, remainder_mod(a, b, p)
    if a == [0]:
        return a
    inverse = pow(a[0], -1, p)
    return [c * inverse % p for c in a]


def evaluate_mod(a: list[int], x: int, p: int) -> int:
    """``a(x)`` modulo ``p``, by Horner's rule."""
    value = 0
    for c in a:
        value = (value * x + c) % p
    return value
