"""The TRL/transformers callback that closes each step: history rows (``RunHistory``), progress, rlve's
checkpoint state.

Order inside one optimizer step (transformers 5): rewards (rollouts and difficulty changes are queued as
they happen), ``on_step_end``, ``on_log`` when the step logs, ``on_save`` when it checkpoints. A step's
curriculum and ``steps`` rows are written once its loss is known (``on_log``, or ``on_step_end`` when the
step does not log); the writer is flushed before the step is reported done, and checkpoints come after.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

from rlve.curriculum import Curriculum
from rlve_trainer import checkpoint
from rlve_trainer.history.run_history import RunHistory
from rlve_trainer.progress import Progress, describe_change, verifier_error_warning
from rlve_trainer.rewards import CurriculumReward


class RlveCallback(TrainerCallback):
    def __init__(
        self,
        reward: CurriculumReward,
        curriculum: Curriculum,
        history: RunHistory | None,
        progress: Progress,
        run_id: str,
        is_main: bool,
    ):
        self.reward = reward
        self.curriculum = curriculum
        self.history = history
        self.progress = progress
        self.run_id = run_id
        self.is_main = is_main
        self.pending: int | None = None
        self.last_finished = time.perf_counter()
        self.step_seconds: list[float] = []

    def on_step_end(self, args, state, control, **kwargs: Any):
        if control.should_log:
            self.pending = state.global_step  # the loss arrives in on_log, right after this
        else:
            self._finish(state.global_step, None)
        return control

    def on_log(self, args, state, control, logs=None, **kwargs: Any):
        if self.pending is not None and logs is not None and "loss" in logs:
            step, self.pending = self.pending, None
            self._finish(step, float(logs["loss"]))
        return control

    def on_save(self, args, state, control, **kwargs: Any):
        if self.pending is not None:  # a save without a log first: never leave a step unrecorded
            step, self.pending = self.pending, None
            self._finish(step, None)
        if self.is_main:
            folder = Path(args.output_dir) / f"checkpoint-{state.global_step}"
            if folder.is_dir():
                checkpoint.write_state(
                    folder,
                    {
                        "run_id": self.run_id,
                        "step": state.global_step,
                        "next_slot": self.reward.last_slot + 1,
                        "curriculum": self.curriculum.state_dict(),
                    },
                )
        return control

    def on_train_end(self, args, state, control, **kwargs: Any):
        if self.pending is not None:
            step, self.pending = self.pending, None
            self._finish(step, None)
        return control

    def _finish(self, step: int, loss: float | None) -> None:
        now = time.perf_counter()
        seconds, self.last_finished = now - self.last_finished, now
        self.step_seconds.append(seconds)
        stats = self.reward.take_stats()
        bands = self.curriculum.bands()
        if self.history is not None:
            self.history.step_end(step, bands, stats, loss, seconds)
        if self.is_main:
            for change in stats.changes:
                self.progress.announce(describe_change(step, change, bands[change.env]))
            self.progress.step(step, stats.mean_reward, stats.accuracy, bands)
            if stats.verifier_errors:
                self.progress.warn(verifier_error_warning(step, stats))
