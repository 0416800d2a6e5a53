"""A verl run's status when the process that owns rlve's sampler (verl's driver) ends: finished at max_steps,
stopped short of it (a crash, a stop, fewer verl steps than max_steps), never left `running` by a normal exit.
``LiveCurriculum`` imports no verl, so this runs without it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap

from rlve_trainer.config import TrainConfig
from rlve_trainer.engines.verl_live import LiveCurriculum
from rlve_trainer.rewards import Outcome

SCRIPT = textwrap.dedent(
    """
    import sys
    from rlve_trainer.config import TrainConfig
    from rlve_trainer.engines.verl_live import LiveCurriculum
    from rlve_trainer.rewards import Outcome

    live = LiveCurriculum(TrainConfig.model_validate_json(sys.argv[1]), batch_size=2)
    slots = [live.draw_next(), live.draw_next()]
    live.record_step([Outcome(slot, "math/addition", 1, 0, live.problem(slot).seed, 0.0, False, True, 3, "", None)
                      for slot in slots])
    if sys.argv[2] == "crash":
        raise RuntimeError("verl's driver fails here")
    """
)


def config(tmp_path, max_steps: int) -> TrainConfig:
    (tmp_path / "model").mkdir(exist_ok=True)
    return TrainConfig.model_validate(
        {
            "envs": ["math/addition"],
            "max_steps": max_steps,
            "db": str(tmp_path / "history.db"),
            "model": {"path": str(tmp_path / "model")},
        }
    )


def status(tmp_path) -> tuple:
    with sqlite3.connect(tmp_path / "history.db") as db:
        return db.execute("SELECT status, last_step, error FROM runs").fetchone()


def test_a_driver_that_ends_short_of_max_steps_leaves_the_run_stopped(tmp_path):
    for how in ("crash", "exit"):
        folder = tmp_path / how
        folder.mkdir()
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, config(folder, 20).model_dump_json(), how], capture_output=True, text=True
        )
        assert (done.returncode != 0) == (how == "crash"), done.stderr
        state, last_step, error = status(folder)
        assert (state, last_step) == ("stopped", 1)
        assert "ended after step 1 of 20" in error
        with sqlite3.connect(folder / "history.db") as db:  # the step's rows were committed before the status
            assert db.execute("SELECT COUNT(*) FROM rollouts").fetchone()[0] == 2


def test_a_run_at_max_steps_stays_finished_when_the_driver_exits(tmp_path):
    live = LiveCurriculum(config(tmp_path, 1), batch_size=2)
    slots = [live.draw_next(), live.draw_next()]
    outcomes = [Outcome(s, "math/addition", 1, 0, live.problem(s).seed, 1.0, True, True, 3, "", None) for s in slots]
    live.record_step(outcomes)
    live.mark_ended()
    assert status(tmp_path)[:2] == ("finished", 1)
