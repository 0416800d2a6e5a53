"""How difficulty turns into instance sizes, the same way for every environment of the pack.

Sizes grow linearly with the difficulty ``d`` up to ``LINEAR_UNTIL``, then logarithmically (about
``LOG_STEP`` more per doubling of ``d``). Beyond a hundred nodes a problem is already far past what a
model solves reliably, and the slow growth keeps every difficulty fast to generate and keeps every
reference answer inside the answer-length cap, even for absurd difficulties such as 10**9.
"""

from __future__ import annotations

LINEAR_UNTIL = 100
LOG_STEP = 20


def level(difficulty: int) -> int:
    """A non-decreasing, unbounded size level: ``d`` itself up to 100, then +20 per doubling of ``d``.

    Pure integer arithmetic (no floating-point logarithm), so it is identical on every platform.
    """
    if difficulty <= LINEAR_UNTIL:
        return difficulty
    doublings = (difficulty // LINEAR_UNTIL).bit_length() - 1
    low = LINEAR_UNTIL << doublings  # difficulty lies in [low, 2 * low)
    return LINEAR_UNTIL + LOG_STEP * doublings + LOG_STEP * (difficulty - low) // low
