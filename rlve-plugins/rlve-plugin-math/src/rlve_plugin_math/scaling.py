"""How difficulty turns into instance sizes, the same way for every environment of the pack.

``level(d)`` is ``d`` itself up to ``LINEAR_UNTIL``, then grows by about ``LOG_STEP`` per doubling of
``d`` (the rule the graph pack uses too), and stops at ``LEVEL_CAP``. Every environment derives its
sizes from the level, so sizes grow linearly over the range a curriculum actually visits, d = 1000
(level 165) is generated in milliseconds, and even the cap (reached near d = 3.5e15, some 10**17
samples of an RLVE curriculum away) keeps every number below Python's 4300-digit int-to-str limit
(``MAX_DIGITS``), every prompt readable and every reference answer under the answer-length cap.
"""

from __future__ import annotations

import random

LINEAR_UNTIL = 100
LOG_STEP = 20
LEVEL_CAP = 1000

#: No number in a prompt or an answer is allowed more digits than this (Python refuses str() past 4300).
MAX_DIGITS = 4000


def level(difficulty: int) -> int:
    """A non-decreasing size level: ``d`` itself up to 100, then +20 per doubling of ``d``, at most 1000.

    Pure integer arithmetic (no floating-point logarithm), so it is identical on every platform.
    """
    if difficulty <= LINEAR_UNTIL:
        return difficulty
    doublings = (difficulty // LINEAR_UNTIL).bit_length() - 1
    if doublings >= LEVEL_CAP:
        return LEVEL_CAP
    low = LINEAR_UNTIL << doublings  # difficulty lies in [low, 2 * low)
    return min(LEVEL_CAP, LINEAR_UNTIL + LOG_STEP * doublings + LOG_STEP * (difficulty - low) // low)


def slow(lvl: int, per_step: int, beyond_100: int) -> int:
    """``lvl // per_step`` up to level 100, then only ``1 / beyond_100`` per level.

    For the quantities that cost more than linear time or prompt space (matrix sides, polynomial degrees).
    """
    return min(lvl, 100) // per_step + max(0, lvl - 100) // beyond_100


def digits_cap(digits: int) -> int:
    """``digits``, but never more than ``MAX_DIGITS`` (reached only at difficulties beyond about 10**50)."""
    return max(1, min(digits, MAX_DIGITS))


def random_with_digits(rng: random.Random, digits: int) -> int:
    """A uniformly random positive integer with exactly ``digits`` decimal digits."""
    if digits <= 1:
        return rng.randint(1, 9)
    return rng.randint(10 ** (digits - 1), 10**digits - 1)


def random_signed(rng: random.Random, bound: int, *, nonzero: bool = False) -> int:
    """A uniformly random integer in ``[-bound, bound]``, optionally never zero."""
    if not nonzero:
        return rng.randint(-bound, bound)
    magnitude = rng.randint(1, max(1, bound))
    return magnitude if rng.random() < 0.5 else -magnitude
