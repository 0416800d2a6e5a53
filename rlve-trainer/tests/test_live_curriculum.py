"""The curriculum drives the problems live: a raise shows within one generation batch; groups share a problem."""

from collections import defaultdict

import pytest
from sqlalchemy import select

from rlve_trainer.config import TrainConfig
from rlve_trainer.history import models
from rlve_trainer.history.engine import open_engine
from rlve_trainer.train import train

NUM_GENERATIONS = 4
BATCH = 8  # completions per step = 2 problems per generation batch


@pytest.fixture(scope="module")
def live_run(tmp_path_factory, tiny_model, fakes):
    folder = tmp_path_factory.mktemp("live")
    config = TrainConfig.model_validate(
        {
            "model": {"path": str(tiny_model)},
            "envs": ["testfake/always_right"],
            # window 1: the band is exactly {high}; one generation batch of outcomes at high decides a raise.
            "curriculum": {"strategy": "adaptive", "params": {"window": 1, "min_samples": BATCH, "threshold": 0.9}},
            "grpo": {
                "num_generations": NUM_GENERATIONS,
                "per_device_train_batch_size": BATCH,
                "max_completion_length": 6,
                "save_steps": 1000,
            },
            "max_steps": 9,
            "output": str(folder),
            "run_name": "live",
        }
    )
    result = train(config, quiet=True)
    engine = open_engine(config.db_url())
    with engine.connect() as connection:
        rollouts = connection.execute(select(models.rollouts)).mappings().all()
        changes = connection.execute(select(models.difficulty_changes)).mappings().all()
        curriculum = connection.execute(select(models.curriculum)).mappings().all()
    engine.dispose()
    return result, rollouts, changes, curriculum


def test_a_raise_takes_effect_within_one_generation_batch(live_run):
    result, rollouts, changes, _ = live_run
    assert len(changes) >= 3, "the always-right environment should have climbed several times"
    difficulties = defaultdict(set)
    for row in rollouts:
        difficulties[row["step"]].add(row["difficulty"])
    for change in changes:
        # Step change.step made the raise; step + 1 may still be a batch made before it (Accelerate's
        # one-batch look-ahead); from step + 2 on every problem must come from the new band.
        for step in range(change["step"] + 2, result.final_step + 1):
            assert min(difficulties[step]) >= change["new_high"], (change, step, difficulties[step])
    lags = []
    for change in changes:
        if change["step"] + 2 > result.final_step:
            continue
        first = min(s for s in difficulties if s > change["step"] and min(difficulties[s]) >= change["new_high"])
        lags.append(first - change["step"] - 1)
    assert lags and max(lags) <= 1, lags


def test_every_group_is_one_problem(live_run):
    _, rollouts, _, _ = live_run
    groups = defaultdict(list)
    for row in rollouts:
        groups[row["slot"]].append((row["env"], row["difficulty"], row["seed"], row["step"]))
    assert groups and all(len(members) == NUM_GENERATIONS for members in groups.values())
    assert all(len(set(members)) == 1 for members in groups.values())
    assert len(rollouts) == BATCH * 9


def test_curriculum_rows_per_step_match_rollouts(live_run):
    result, rollouts, changes, curriculum = live_run
    assert sorted(row["step"] for row in curriculum) == list(range(1, 10))
    last = max(curriculum, key=lambda row: row["step"])
    assert last["high"] == result.curriculum_state["state"]["high"]["testfake/always_right"]
    assert last["high"] == max(change["new_high"] for change in changes)
    assert all(row["step_samples"] == BATCH and row["step_accuracy"] == 1.0 for row in curriculum)


def test_a_run_that_crashes_is_marked_failed(tmp_path, tiny_model, fakes):
    import rlve
    from rlve import Verdict

    # Through the registry (the fakes fixture registered it), not `from conftest import`: when every
    # package's tests run in one session, "conftest" may be another folder's.
    always_right = rlve.registry().entry("testfake/always_right").cls

    class Exploding(always_right):
        id = "testfake/exploding"

        def score(self, problem, response):
            raise RuntimeError("boom in the verifier")

    if Exploding.id not in rlve.registry():
        rlve.registry().add(Exploding, "rlve-trainer-tests")
    assert Verdict.right().correct
    config = TrainConfig.model_validate(
        {
            "model": {"path": str(tiny_model)},
            "envs": [Exploding.id],
            "max_steps": 2,
            "output": str(tmp_path),
            "grpo": {"num_generations": 4, "per_device_train_batch_size": 8, "max_completion_length": 4},
        }
    )
    with pytest.raises(RuntimeError, match="boom"):
        train(config, quiet=True)
    engine = open_engine(config.db_url())
    with engine.connect() as connection:
        status, error = connection.execute(select(models.runs.c.status, models.runs.c.error)).one()
    engine.dispose()
    assert status == "failed" and "boom" in error
