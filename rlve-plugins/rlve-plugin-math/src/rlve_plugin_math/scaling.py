"""The math pack's size limits and random numbers; the difficulty curves themselves are ``rlve.scaling``.

Every environment derives its sizes from ``rlve.scaling.level(d, cap=LEVEL_CAP)``: ``d`` itself up to 100,
then about 20 more per doubling of ``d``, never above ``LEVEL_CAP``. So sizes grow linearly over the range
a curriculum actually visits, d = 1000 (level 165) is generated in milliseconds, and even the cap (reached
near d = 3.5e15, some 10**17 samples of an RLVE curriculum away) keeps every number below Python's
4300-digit int-to-str limit (``MAX_DIGITS``), every prompt readable and every reference answer under the
answer-length cap. Quantities that cost more than linear time or prompt space grow through
``rlve.scaling.slow``.
"""

from __future__ import annotations

import random

#: The highest size level: ``level(d, cap=LEVEL_CAP)`` stops here (near d = 3.5e15).
LEVEL_CAP = 1000

#: No number in a prompt or an answer is allowed more digits than this (Python refuses str() past 4300).
MAX_DIGITS = 4000


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
