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
from typing import TYPE_CHECKING, Any

from transformers import TrainerCallback

from rlve.errors import RlveError
from rlve_trainer import checkpoint
from rlve_trainer.progress import Progress, describe_change, verifier_error_warning

if TYPE_CHECKING:
    from rlve_trainer.session import CurriculumSession


def check_trainer_args(args: Any, resuming: bool) -> None:
    """The GRPOConfig settings the live curriculum needs; RlveError naming the one to change."""
    if getattr(args, "shuffle_dataset", False):
        raise RlveError(
            "GRPOConfig(shuffle_dataset=True) puts a shuffle buffer between the curriculum and the batch, so "
            "problems would come from an old curriculum: pass shuffle_dataset=False"
        )
    if resuming and not getattr(args, "ignore_data_skip", False):
        raise RlveError(
            "resuming with GRPOConfig(ignore_data_skip=False) makes transformers replay the data already "
            "trained on, drawing (and discarding) problems from the live curriculum: pass ignore_data_skip=True; "
            "the session restarts the stream at the right problem itself"
        )


class RlveCallback(TrainerCallback):
    """Closes each step of a ``CurriculumSession``: history rows, progress line, rlve's checkpoint state."""

    def __init__(self, session: CurriculumSession, progress: Progress | None = None):
        self.session = session
        self.progress = progress
        self.pending: int | None = None
        self.last_finished = time.perf_counter()
        self.step_seconds: list[float] = []

    @property
    def is_main(self) -> bool:
        return self.session.ranks.is_main

    def on_train_begin(self, args, state, control, **kwargs: Any):
        session = self.session
        check_trainer_args(args, resuming=state.global_step > 0)
        if state.global_step > 0 and session.restored_step != state.global_step:
            self._restore(Path(args.output_dir), state.global_step)
        if session.owns_status and session.history is not None:
            session.history.started(output_dir=str(Path(args.output_dir).resolve()), max_steps=state.max_steps,
                                    from_step=state.global_step)
        session.reward.callback_running = True
        self.last_finished = time.perf_counter()
        return control

    def _restore(self, output_dir: Path, step: int) -> None:
        folder = output_dir / f"checkpoint-{step}"
        if not (folder / checkpoint.STATE_FILE).is_file():
            raise RlveError(
                f"resuming at step {step}, but {folder} has no {checkpoint.STATE_FILE}: the checkpoint was not "
                "saved by a trainer with session.callback() among its callbacks, so the curriculum cannot be restored"
            )
        self.session.restore(checkpoint.read_state(folder), step)

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
                        "run_id": self.session.run_id,
                        "step": state.global_step,
                        "next_slot": self.session.reward.last_slot + 1,
                        "curriculum": self.session.curriculum.state_dict(),
                    },
                )
        return control

    def on_train_end(self, args, state, control, **kwargs: Any):
        if self.pending is not None:
            step, self.pending = self.pending, None
            self._finish(step, None)
        session = self.session
        session.reward.callback_running = False
        if session.owns_status and session.history is not None:
            session.history.set_status("finished", last_step=state.global_step)
        return control

    def _finish(self, step: int, loss: float | None) -> None:
        now = time.perf_counter()
        seconds, self.last_finished = now - self.last_finished, now
        self.step_seconds.append(seconds)
        session = self.session
        if not session.reward.calls:
            raise RlveError(
                "a training step ended without a call of session.reward: put it in GRPOTrainer(reward_funcs=[...]) "
                "with train_dataset=session.dataset(), or the curriculum never moves"
            )
        stats = session.reward.take_stats()
        bands = session.curriculum.bands()
        if session.history is not None:
            session.history.step_end(step, bands, stats, loss, seconds)
        if self.is_main and self.progress is not None:
            for change in stats.changes:
                self.progress.announce(describe_change(step, change, bands[change.env]))
            self.progress.step(step, stats.mean_reward, stats.accuracy, bands)
            if stats.verifier_errors:
                self.progress.warn(verifier_error_warning(step, stats))
