"""Writing and reading prime factorisations such as ``2^3 * 3 * 5^2``."""

from __future__ import annotations

import re

from rlve import ParseError
from rlve_plugin_math.numbers import clean, split_name

_TIMES = ("\\times", "\\cdot", "\u00d7", "\u00b7", "*")
_SEPARATORS = re.compile(r"[*\s,]+")
_POWER = re.compile(r"([0-9]+)(?:\^(?:\{([0-9]+)\}|([0-9]+)))?")
_DOUBLE_STAR = re.compile(r"\*\s*\*")


def format_factorisation(factors: dict[int, int]) -> str:
    """``{2: 3, 3: 1}`` as ``2^3 * 3``, primes increasing."""
    return " * ".join(str(p) if e == 1 else f"{p}^{e}" for p, e in sorted(factors.items()))


def parse_factorisation(text: str, n: int, *, max_factors: int, max_prime_digits: int) -> dict[int, int]:
    """``{p: e}`` from ``2^3 * 3``, ``2^{3} \\cdot 3``, ``2 * 2 * 2 * 3`` or ``2 2 2 3``; repeats add up.

    Exponents are read as numbers, never applied, so ``2^99999999`` costs nothing. A leading
    ``n =`` (the number itself, or a name) is allowed. At most ``max_factors`` factors are read.
    """
    s = clean(text)
    if s.startswith(f"{n}=") or s.startswith(f"{n} ="):
        s = s[len(str(n)) :].lstrip()[1:]
    else:
        _, s = split_name(s)
    if _DOUBLE_STAR.search(s):
        # 2**3 means 8 to a programmer; reading it as 2 * 3 could make a wrong answer right.
        raise ParseError("write powers with ^, not **")
    for symbol in _TIMES:
        s = s.replace(symbol, "*")
    if "^" in s:
        s = "^".join(part.strip() for part in s.split("^"))  # "2 ^ 3" is one factor
    s = s.strip(" *")
    if not s:
        raise ParseError("no factors")
    if len(s) > max_factors * (max_prime_digits + 12):
        raise ParseError("longer than any factorisation of this number")
    tokens = _SEPARATORS.split(s)
    if len(tokens) > max_factors:
        raise ParseError(f"more than {max_factors} factors")
    factors: dict[int, int] = {}
    for token in tokens:
        match = _POWER.fullmatch(token)
        if match is None:
            raise ParseError(f"unreadable factor {token[:30]!r}")
        base, braced, bare = match.groups()
        exponent = braced if braced is not None else bare
        if len(base) > max_prime_digits or (exponent is not None and len(exponent) > 6):
            raise ParseError(f"factor {token[:30]!r} is larger than any factor of this number")
        p, e = int(base), int(exponent) if exponent is not None else 1
        factors[p] = factors.get(p, 0) + e
    return factors


def explain_mismatch(claimed: dict[int, int], factors: dict[int, int], n: int) -> str | None:
    """Why ``claimed`` is not the prime factorisation ``factors`` of ``n``, or None if it is."""
    # Factors that are not prime factors at all say more than a wrong exponent does, so they come first.
    for p, e in sorted(claimed.items()):
        if p < 2:
            return f"{p} is not a prime"
        if e < 1:
            return f"the exponent of {p} must be at least 1"
        if p not in factors:
            return f"{p} is not prime" if n % p == 0 else f"{p} does not divide the number"
    for p, e in sorted(claimed.items()):
        if e != factors[p]:
            return f"{p} appears with the wrong exponent"
    if any(p not in claimed for p in factors):
        return "a prime factor is missing"
    return None
