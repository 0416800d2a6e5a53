"""Curricula against a simulated learner whose success probability falls with difficulty."""

from __future__ import annotations

import json
import math
import random

import pytest

from rlve import curriculum
from rlve.curriculum import AdaptiveCurriculum, FixedCurriculum, TargetSuccessCurriculum, UniformCurriculum
from rlve.errors import RlveError


def learner(midpoint: float, steepness: float):
    """Success probability at difficulty d: a logistic curve that is 0.5 at ``midpoint``."""
    return lambda d: 1.0 / (1.0 + math.exp(steepness * (d - midpoint)))


def drive(cur, skills: dict, samples: int, seed: int = 0) -> list[tuple[str, int, bool]]:
    rng, outcomes = random.Random(seed), []
    for _ in range(samples):
        env, difficulty = cur.sample(rng)
        correct = rng.random() < skills[env](difficulty)
        cur.record(env, difficulty, correct)
        outcomes.append((env, difficulty, correct))
    return outcomes


def test_adaptive_defaults_are_rlves():
    cur = curriculum.create("adaptive", ["a/x"])
    assert cur.params() == {"initial_difficulty": 0, "window": 4, "min_samples": 128, "threshold": 0.9}


def test_adaptive_climbs_to_where_success_crosses_0_9_and_stops_there():
    # success: d=4 -> 0.95, d=5 -> 0.73: the frontier is 5, the first level the learner has not mastered.
    skills = {"a/easy": learner(5.5, 2.0), "a/hard": learner(2.5, 2.0)}
    cur = AdaptiveCurriculum(list(skills))
    highs = []
    for _ in range(40):
        drive(cur, skills, 2_000, seed=len(highs))
        highs.append(dict(cur.high))
    assert cur.high == {"a/easy": 5, "a/hard": 2}
    assert all(h["a/easy"] <= 5 and h["a/hard"] <= 2 for h in highs)  # never overshoots...
    assert highs[-20:] == [cur.high] * 20  # ...and stays put once there


def test_adaptive_samples_uniformly_from_the_window_below_high():
    cur = AdaptiveCurriculum(["a/x", "a/y"])
    cur.high["a/x"] = 10
    rng = random.Random(1)
    draws = [cur.sample(rng) for _ in range(4000)]
    x_levels = [d for env, d in draws if env == "a/x"]
    assert set(x_levels) == {7, 8, 9, 10}
    assert {d for env, d in draws if env == "a/y"} == {0}
    assert abs(len(x_levels) / len(draws) - 0.5) < 0.05


def test_adaptive_counts_only_outcomes_at_high_and_resets_either_way():
    cur = AdaptiveCurriculum(["a/x"], min_samples=4, initial_difficulty=3)
    for _ in range(10):
        assert cur.record("a/x", 2, True) is None  # below high: ignored
    assert cur.bands()["a/x"].samples == 0
    for correct in (True, True, True, False):  # 0.75 < 0.9: no raise, counters reset
        change = cur.record("a/x", 3, correct)
    assert change is None and cur.high["a/x"] == 3 and cur.bands()["a/x"].samples == 0
    for _ in range(4):
        change = cur.record("a/x", 3, True)
    assert change is not None and (change.old_high, change.new_high) == (3, 4)
    assert cur.bands()["a/x"].low == 1
    for _ in range(4):
        cur.record("a/x", 4, False)
    assert cur.high["a/x"] == 4  # never falls


def test_target_success_settles_near_its_target():
    skills = {"a/x": learner(8.0, 0.5), "a/y": learner(3.0, 0.5)}
    cur = TargetSuccessCurriculum(list(skills))
    drive(cur, skills, 20_000)
    late = drive(cur, skills, 4_000, seed=7)
    for env in skills:
        outcomes = [correct for e, _, correct in late if e == env]
        assert len(outcomes) > 500
        assert abs(sum(outcomes) / len(outcomes) - 0.5) < 0.1, env
    assert abs(cur.difficulty["a/x"] - 8) <= 2 and abs(cur.difficulty["a/y"] - 3) <= 2


def test_target_success_comes_back_down_when_too_hard():
    cur = TargetSuccessCurriculum(["a/x"], initial_difficulty=10, patience=8)
    drive(cur, {"a/x": learner(2.0, 1.0)}, 3_000)
    assert cur.difficulty["a/x"] <= 4


def test_fixed_and_uniform_never_move():
    fixed, uniform = FixedCurriculum(["a/x"], difficulty=7), UniformCurriculum(["a/x"], low=2, high=5)
    drive(fixed, {"a/x": lambda d: 1.0}, 500)
    drive(uniform, {"a/x": lambda d: 1.0}, 500)
    rng = random.Random(0)
    assert {fixed.sample(rng)[1] for _ in range(50)} == {7}
    assert {uniform.sample(rng)[1] for _ in range(400)} == {2, 3, 4, 5}


@pytest.mark.parametrize(
    ("name", "params"),
    [("adaptive", {"min_samples": 16}), ("target", {}), ("fixed", {"difficulty": 3}), ("uniform", {"high": 4})],
)
def test_state_round_trips_through_json_and_continues_identically(name, params):
    skills = {"a/x": learner(6.0, 1.0), "a/y": learner(3.0, 1.0)}
    original = curriculum.create(name, list(skills), **params)
    drive(original, skills, 3_000)
    restored = curriculum.from_state(json.loads(json.dumps(original.state_dict())))
    assert restored.state_dict() == original.state_dict()
    assert drive(restored, skills, 2_000, seed=5) == drive(original, skills, 2_000, seed=5)
    assert restored.state_dict() == original.state_dict()


def test_same_seed_same_trajectory():
    skills = {"a/x": learner(6.0, 1.0)}
    runs = [drive(AdaptiveCurriculum(["a/x"], min_samples=8), skills, 2_000, seed=3) for _ in range(2)]
    assert runs[0] == runs[1]


def test_bad_strategy_and_parameters_say_what_is_allowed():
    with pytest.raises(RlveError, match="available: adaptive"):
        curriculum.create("adaptiv", ["a/x"])
    with pytest.raises(RlveError, match="accepts: initial_difficulty, window, min_samples, threshold"):
        curriculum.create("adaptive", ["a/x"], windw=4)
    with pytest.raises(RlveError, match="threshold must be a number from 0 to 1"):
        curriculum.create("adaptive", ["a/x"], threshold=9)
    with pytest.raises(KeyError, match="not one of this curriculum's environments"):
        AdaptiveCurriculum(["a/x"]).record("a/z", 0, True)


def test_state_for_another_strategy_is_refused():
    with pytest.raises(ValueError, match="not 'fixed'"):
        FixedCurriculum(["a/x"]).load_state_dict(AdaptiveCurriculum(["a/x"]).state_dict())
