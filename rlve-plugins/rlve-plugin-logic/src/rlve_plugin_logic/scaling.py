"""How difficulty turns into instance sizes, the same rule for every environment of the pack.

``level(d)`` is ``d`` itself up to ``LINEAR_UNTIL``, then grows by about ``LOG_STEP`` per doubling of
``d`` (the rule the graph and math packs use). Puzzles whose solvers are exponential grow their
expensive dimension (a grid side, a number of islanders) only every several levels, through ``slow``,
and let cheap knobs (fewer clues, more constraints) carry the rest of the difficulty.
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


def slow(lvl: int, per_step: int, beyond_100: int) -> int:
    """``lvl // per_step`` up to level 100, then one more step per ``beyond_100`` levels."""
    return min(lvl, LINEAR_UNTIL) // per_step + max(0, lvl - LINEAR_UNTIL) // beyond_100
