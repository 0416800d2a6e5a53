"""What the counting-sequence environments share: binomials modulo a prime larger than every argument, and
the checker for counts small enough to ask for exactly.

The modular ones (Delannoy, Motzkin, surjections) take their prime from ``counting.random_modulus``, which
has at least 7 + level // 3 bits, so it always exceeds the arguments their curves produce: every factorial
they need is a unit modulo p and a table of factorials and inverse factorials answers each binomial in
O(1). The exact ones (bounded compositions, rook placements, cycle types) answer with the whole count.
"""

from __future__ import annotations

from typing import Any

from rlve import Verdict
from rlve_plugin_math.numbers import digits_of, parse_integer

#: ``answer_format`` of the exact counts, which accept thousands separators.
EXACT_COUNT_FORMAT = "an integer, for example 1234 (commas as thousands separators are allowed)"

#: The prompt's closing request of the exact counts.
EXACT_COUNT_REQUEST = "Give the exact count as a whole number (commas as thousands separators are allowed)."


class BinomialTable:
    """``C(a, b) mod p`` for ``0 <= a <= top`` and a prime ``p > top``: factorials up to ``top`` and their
    inverses, built in O(top) with a single modular inversion."""

    def __init__(self, top: int, p: int) -> None:
        if not 0 <= top < p:
            raise ValueError(f"the table needs top < p, got top {top} and p {p}")
        self.p = p
        fact = [1] * (top + 1)
        for i in range(1, top + 1):
            fact[i] = fact[i - 1] * i % p
        inverse = [1] * (top + 1)
        inverse[top] = pow(fact[top], p - 2, p)
        for i in range(top, 0, -1):
            inverse[i - 1] = inverse[i] * i % p
        self.factorial, self.inverse_factorial = fact, inverse

    def __call__(self, a: int, b: int) -> int:
        if b < 0 or b > a:
            return 0
        return self.factorial[a] * self.inverse_factorial[b] % self.p * self.inverse_factorial[a - b] % self.p


def exact_count_data(value: int) -> dict[str, Any]:
    """What ``check_count`` needs, as JSON: the count (a string: it may be long) and a digit cap for reading."""
    return {"count": str(value), "max_digits": digits_of(value) + 2}


def check_count(data: dict[str, Any], answer: str, what: str) -> Verdict:
    """Right exactly when ``answer`` is the stored count (thousands separators allowed)."""
    value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
    if value != int(data["count"]):
        return Verdict.wrong(f"that is not {what}")
    return Verdict.right()
