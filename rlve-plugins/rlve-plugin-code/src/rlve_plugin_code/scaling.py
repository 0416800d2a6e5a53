"""How sizes grow with difficulty: one step per level at first, then slower, never bounded."""

from __future__ import annotations

from math import isqrt

LINEAR_UNTIL = 30
SQRT_UNTIL = 1030


def taper(difficulty: int) -> int:
    """``d`` up to 30, then 30 + sqrt(d - 30) up to d = 1030, then + log2 beyond.

    Strictly increasing on 0..30, non-decreasing and unbounded everywhere, and small enough at
    d = 10**9 (about 90) that prompts and reference answers stay within the answer-size limits.
    """
    if difficulty <= LINEAR_UNTIL:
        return difficulty
    middle = isqrt(min(difficulty, SQRT_UNTIL) - LINEAR_UNTIL)
    return LINEAR_UNTIL + middle + max(0, difficulty - SQRT_UNTIL).bit_length()
