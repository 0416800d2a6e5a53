"""Difficulty curves: exact values, never falling, never stopping, strict growth where the kit wants it, caps."""

from __future__ import annotations

import itertools

import pytest

from rlve.scaling import level, slow, staged, taper
from rlve.testing.checks import STRICT_GROWTH_UNTIL

#: Difficulties from small to absurd, in increasing order.
SPREAD = list(range(0, 5000)) + [10**k + j for k in range(4, 120) for j in (-1, 0, 1)]


def non_decreasing(values: list[int]) -> bool:
    return all(a <= b for a, b in zip(values, values[1:]))


def test_level_is_the_difficulty_up_to_100_then_plus_20_per_doubling():
    assert [level(d) for d in range(101)] == list(range(101))
    assert [level(d) for d in (150, 200, 300, 400, 800, 1000, 1600, 10**9)] == [110, 120, 130, 140, 160, 165, 180, 563]
    assert non_decreasing([level(d) for d in SPREAD])
    assert level(10**18) > level(10**9) and level(10**1000) > level(10**100)  # unbounded


def test_a_level_cap_only_stops_the_curve():
    for d in SPREAD:
        assert level(d, cap=1000) == min(1000, level(d))
    assert level(100 * 2**45 - 1, cap=1000) < 1000 == level(100 * 2**45, cap=1000)  # reached near d = 3.5e15
    assert level(10**1000, cap=1000) == level(10**100_000, cap=1000) == 1000


def test_slow_steps_every_few_levels_to_the_knee_then_more_slowly():
    assert [slow(lvl, 4, 16) for lvl in (0, 3, 4, 40, 100, 115, 116, 132)] == [0, 0, 1, 10, 25, 25, 26, 27]
    assert [slow(lvl, 1, 2, knee=30) for lvl in (0, 29, 30, 31, 32, 40)] == [0, 29, 30, 30, 31, 35]
    assert all(slow(lvl, 1, 5, knee=30) == lvl for lvl in range(31))
    for per_step, beyond, knee in ((1, 2, 30), (3, 10, 30), (5, 20, 100), (10, 100, 100)):
        values = [slow(lvl, per_step, beyond, knee=knee) for lvl in SPREAD]
        assert non_decreasing(values) and values[-1] > values[len(values) // 2]


def test_taper_is_the_difficulty_to_30_then_square_root_then_logarithm():
    assert [taper(d) for d in range(31)] == list(range(31))
    assert [taper(d) for d in (31, 34, 35, 130, 1030, 1031, 2054, 3077, 3078)] == [31, 32, 32, 40, 61, 62, 72, 72, 73]
    assert non_decreasing([taper(d) for d in SPREAD])
    assert taper(10**9) == 91 and taper(10**1000) > taper(10**100)


def test_curves_grow_strictly_over_the_range_the_conformance_kit_checks():
    strict = range(STRICT_GROWTH_UNTIL + 1)
    for curve in (level, taper, lambda d: slow(d, 1, 2, knee=STRICT_GROWTH_UNTIL)):
        values = [curve(d) for d in strict]
        assert all(a < b for a, b in zip(values, values[1:]))


@pytest.mark.parametrize("difficulty", [10**9, 10**18, 10**100], ids=["1e9", "1e18", "1e100"])
def test_curves_are_small_integers_at_absurd_difficulties(difficulty):
    for value in (level(difficulty), taper(difficulty), slow(level(difficulty), 3, 30)):
        assert type(value) is int and 0 < value < 10_000


GRIDS = ((4, 6, 10), (6, 14, 25))


def test_staged_fills_one_stage_then_moves_the_next_knob():
    assert [staged(step, GRIDS) for step in (0, 4, 5, 6, 16)] == [(4, 6), (4, 10), (6, 14), (6, 15), (6, 25)]
    with pytest.raises(ValueError):
        staged(17, GRIDS)


def test_staged_counts_down_and_takes_a_step_size():
    assert [staged(step, (("a", 5, 0), ("b", 7, 2)))[1] for step in range(12)] == [5, 4, 3, 2, 1, 0, 7, 6, 5, 4, 3, 2]
    assert [staged(step, (("a", 14, 24, 2), ("b", 36, 37)))[1] for step in range(8)] == [14, 16, 18, 20, 22, 24, 36, 37]


def test_staged_never_ends_with_a_generator_of_later_stages():
    def later():
        for n in itertools.count(8, 2):
            yield n, n * n // 2, 6 * n * n // 10

    sides = [staged(step, itertools.chain(GRIDS, later()))[0] for step in range(0, 2000, 7)]
    assert non_decreasing(sides) and sides[-1] > 8
