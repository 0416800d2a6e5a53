"""One run's history, as the trainer reports it (main process only): rollouts and difficulty changes as they
happen, the curriculum and summary of each finished step, and the run's status.

Rows go through a ``HistoryWriter`` (a background thread, flushed at each step end, so a step is reported
done only once its rows are committed); status changes are written at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rlve_trainer.history import models, store
from rlve_trainer.history.writer import HistoryWriter

if TYPE_CHECKING:
    from rlve.curriculum import Band, DifficultyChange
    from rlve_trainer.rewards import Outcome, StepStats


class RunHistory:
    def __init__(self, engine, run_id: str):
        self.engine = engine
        self.run_id = run_id
        self.writer = HistoryWriter(engine)

    @classmethod
    def open(cls, db_url: str, run_id: str) -> RunHistory:
        from rlve_trainer.history.engine import open_engine

        return cls(open_engine(db_url), run_id)

    def outcomes(self, step: int, outcomes: list[Outcome], changes: list[DifficultyChange]) -> None:
        """Queue the rollouts of ``step`` and the band moves they caused."""
        run_id = self.run_id
        self.writer.add_many(
            models.rollouts,
            [
                {
                    "run_id": run_id,
                    "step": step,
                    "slot": o.slot,
                    "env": o.env,
                    "env_version": o.env_version,
                    "difficulty": o.difficulty,
                    "seed": o.seed,
                    "reward": o.reward,
                    "correct": o.correct,
                    "format_ok": o.format_ok,
                    "completion_tokens": o.completion_tokens,
                    "reason": o.reason,
                    "text": o.text,
                }
                for o in outcomes
            ],
        )
        self.writer.add_many(
            models.difficulty_changes,
            [
                {
                    "run_id": run_id,
                    "step": step,
                    "env": c.env,
                    "old_high": c.old_high,
                    "new_high": c.new_high,
                    "reason": c.reason,
                }
                for c in changes
            ],
        )

    def step_end(
        self, step: int, bands: Mapping[str, Band], stats: StepStats, loss: float | None, seconds: float | None
    ) -> None:
        """Write the step's curriculum and summary rows, commit everything queued, mark the step done."""
        signal = stats.signal()
        for env, band in bands.items():
            values = stats.by_env.get(env, [])
            groups = signal.get(env)
            self.writer.add(
                models.curriculum,
                {
                    "run_id": self.run_id,
                    "step": step,
                    "env": env,
                    "low": band.low,
                    "high": band.high,
                    "samples": band.samples,
                    "accuracy": band.accuracy,
                    "step_samples": len(values),
                    "step_accuracy": (sum(values) / len(values)) if values else None,
                    "step_groups": groups.groups if groups else 0,
                    "zero_advantage_groups": groups.zero_advantage_groups if groups else 0,
                    "signal_rollouts": groups.signal_rollouts if groups else 0,
                },
            )
        self.writer.add(
            models.steps,
            {
                "run_id": self.run_id,
                "step": step,
                "reward": stats.mean_reward,
                "accuracy": stats.accuracy,
                "loss": loss,
                "seconds": seconds,
                "finished_at": store.now(),
            },
        )
        self.writer.flush()
        store.set_status(self.engine, self.run_id, "running", last_step=step)

    def started(self, *, output_dir: str, max_steps: int, from_step: int) -> None:
        """A run from a user's script starts training (at ``from_step`` when it resumes a checkpoint): record
        where it saves and how far it goes, and drop rows of steps after the checkpoint (they are redone)."""
        store.set_output(self.engine, self.run_id, output_dir=output_dir, max_steps=max_steps)
        store.truncate_after(self.engine, self.run_id, from_step)

    def set_status(self, status: str, **values: Any) -> None:
        """``running``, ``stopped``, ``finished`` or ``failed``, with ``error`` / ``last_step``."""
        store.set_status(self.engine, self.run_id, status, **values)

    def last_recorded_step(self) -> int:
        return store.last_recorded_step(self.engine, self.run_id)

    def stop_writing(self) -> None:
        """Commit what is queued and stop the writer thread (status changes still work)."""
        self.writer.close()

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()
