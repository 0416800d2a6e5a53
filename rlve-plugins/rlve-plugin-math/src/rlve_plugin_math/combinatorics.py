"""Binomial coefficients modulo a small prime by Lucas' theorem, shared by binomial and Catalan."""

from __future__ import annotations


class LucasBinomial:
    """``C(n, k) mod p`` for any ``n`` and a prime ``p`` small enough for a factorial table (p < 2**20).

    Lucas: C(n, k) = prod C(n_i, k_i) (mod p) over the base-p digits n_i, k_i; each small binomial comes
    from the table of factorials and inverse factorials, so a query costs O(log_p n).
    """

    def __init__(self, p: int) -> None:
        if not 2 <= p < 1 << 20:
            raise ValueError(f"the prime must be below 2**20 for a factorial table, got {p}")
        self.p = p
        fact = [1] * p
        for i in range(1, p):
            fact[i] = fact[i - 1] * i % p
        inverse = [1] * p
        inverse[p - 1] = pow(fact[p - 1], p - 2, p)
        for i in range(p - 1, 0, -1):
            inverse[i - 1] = inverse[i] * i % p
        self._fact, self._inverse = fact, inverse

    def small(self, n: int, k: int) -> int:
        if k < 0 or k > n:
            return 0
        return self._fact[n] * self._inverse[k] % self.p * self._inverse[n - k] % self.p

    def __call__(self, n: int, k: int) -> int:
        if k < 0 or k > n:
            return 0
        p, result = self.p, 1
        while n or k:
            n, n_digit = divmod(n, p)
            k, k_digit = divmod(k, p)
            result = result * self.small(n_digit, k_digit) % p
            if result == 0:
                return 0
        return result


def base_digits(n: int, base: int) -> list[int]:
    """The digits of ``n >= 0`` in ``base``, least significant first (``[0]`` for 0)."""
    digits = []
    while True:
        n, digit = divmod(n, base)
        digits.append(digit)
        if n == 0:
            return digits
