"""Difficulty curves: how an environment turns an unbounded difficulty into instance sizes.

The difficulty ``d`` is an integer from 0 with no upper bound, and a curriculum raises it one level at a
time. A good curve therefore

- grows at every level over the range a curriculum visits first: the conformance kit's ``size_growth``
  check wants a strictly bigger instance at each level up to d = 30
  (``rlve.testing.checks.STRICT_GROWTH_UNTIL``);
- never falls and never stops: a higher difficulty must really be harder, at any level;
- grows slowly past a knee, so that generation stays fast and prompts and answers stay within their
  limits even at absurd levels such as d = 10**9.

The curves (pure integer arithmetic, identical on every platform; none imports anything heavy):

- ``level(d)``: d up to 100, then +20 per doubling. The size level most environments derive sizes from.
- ``slow(lvl, per_step, beyond)``: one step per ``per_step`` levels up to a knee, then one per ``beyond``.
  For the knobs that cost more than linear time or space (matrix sides, grid sides, solver depth).
- ``taper(d)``: d up to 30, then + sqrt, then + log2. Sizes whose cost explodes soon after d = 30.
- ``staged(step, stages)``: a knob that grows to a cap, after which another knob moves (a bigger grid)
  and the first starts again. For puzzles that must stay uniquely solvable (blanks per grid side).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import isqrt
from typing import Any

#: ``level`` is the difficulty itself up to here ...
LINEAR_UNTIL = 100
#: ... then grows by this much per doubling of the difficulty.
LOG_STEP = 20

#: ``taper`` is the difficulty itself up to here (the kit's strict-growth range), ...
TAPER_LINEAR_UNTIL = 30
#: ... then grows like a square root up to here, and like a logarithm beyond.
TAPER_SQRT_UNTIL = 1030


def level(difficulty: int, *, cap: int | None = None) -> int:
    """The standard size level: ``d`` itself up to 100, then +20 per doubling of ``d``, never above ``cap``.

    Non-decreasing and (without a cap) unbounded. ``level(50) == 50``, ``level(200) == 120``,
    ``level(400) == 140``, ``level(1000) == 165``, ``level(10**9) == 563``; ``level(10**16, cap=1000) == 1000``
    (a cap keeps numbers printable at absurd levels; ``1000`` is reached near d = 3.5e15).
    """
    if difficulty <= LINEAR_UNTIL:
        value = difficulty
    else:
        doublings = (difficulty // LINEAR_UNTIL).bit_length() - 1
        if cap is not None and LINEAR_UNTIL + LOG_STEP * doublings >= cap:
            return cap  # without building a number as long as the difficulty
        low = LINEAR_UNTIL << doublings  # difficulty lies in [low, 2 * low)
        value = LINEAR_UNTIL + LOG_STEP * doublings + LOG_STEP * (difficulty - low) // low
    return value if cap is None else min(cap, value)


def slow(lvl: int, per_step: int, beyond: int, *, knee: int = LINEAR_UNTIL) -> int:
    """``lvl // per_step`` up to level ``knee`` (100 unless given), then one more step per ``beyond`` levels.

    Non-decreasing and unbounded. For an expensive knob that must still grow at every scale:
    ``slow(40, 4, 16) == 10``, ``slow(100, 4, 16) == 25``, ``slow(132, 4, 16) == 27``;
    ``slow(30, 1, 2, knee=30) == 30`` and ``slow(40, 1, 2, knee=30) == 35`` (every level to 30, then every other).
    """
    return min(lvl, knee) // per_step + max(0, lvl - knee) // beyond


def taper(difficulty: int) -> int:
    """``d`` up to 30, then 30 + isqrt(d - 30) up to d = 1030, then + log2 (bit length) of the rest.

    Strictly increasing on 0..30, non-decreasing and unbounded everywhere, and small at absurd levels
    (about 90 at d = 10**9), so prompts and reference answers stay within their limits:
    ``taper(30) == 30``, ``taper(34) == 32``, ``taper(130) == 40``, ``taper(1030) == 61``, ``taper(2054) == 72``.
    """
    if difficulty <= TAPER_LINEAR_UNTIL:
        return difficulty
    middle = isqrt(min(difficulty, TAPER_SQRT_UNTIL) - TAPER_LINEAR_UNTIL)
    return TAPER_LINEAR_UNTIL + middle + max(0, difficulty - TAPER_SQRT_UNTIL).bit_length()


def staged(step: int, stages: Iterable[tuple[Any, ...]]) -> tuple[Any, int]:
    """Where ``step`` falls in a sequence of stages, each ``(key, first, last)`` or ``(key, first, last, by)``.

    A stage moves a value from ``first`` to ``last`` (up or down) by ``by`` (1 unless given) per step, and
    the next stage takes over once it is reached: growth with a cap, after which another knob moves.
    Returns ``(key, value)``. For an unbounded difficulty the stages must never end (chain a generator of
    later stages); ValueError if they do. With ``((4, 6, 10), (6, 14, 25))`` (grid side, blank cells):
    step 0 is ``(4, 6)``, step 4 is ``(4, 10)``, step 5 is ``(6, 14)``, step 6 is ``(6, 15)``.
    """
    for key, first, last, *by in stages:
        delta = by[0] if by else 1
        count = abs(last - first) // delta + 1
        if step < count:
            return key, (first + step * delta if last >= first else first - step * delta)
        step -= count
    raise ValueError("the stages ended: give a never-ending sequence for an unbounded difficulty")
