"""One training run, from a config to a trained model: the entry point ``rlve train``, ``rlve ablate`` and
library code share.

::

    with open_run(config) as plan:        # check (before torch), record the run, build its RunPlan
        result = plan.train()             # the plan builds the trainer; the trainer reports to the history

``train(config)`` does exactly that (and prints the run's first line). Everything that can be wrong with the
input is found by ``preflight`` before torch is imported; the tokenizer is checked next, and only then is
anything written (the history row, the run's folder, its lock), so a bad invocation leaves nothing behind.
Under ``accelerate launch`` the main process checks and records the run, and every rank builds the same
plan (``plan.agree_on_plan``). SIGTERM stops a run like Ctrl-C (``stopping``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig
from rlve_trainer.paths import rlve_command
from rlve_trainer.plan import RunPlan, agree_on_plan
from rlve_trainer.preflight import CheckedRun, preflight
from rlve_trainer.ranks import Ranks, launched_rank
from rlve_trainer.stopping import Terminated, sigterm_stops_the_run
from rlve_trainer.trainer import RunResult

__all__ = ["RunPlan", "RunResult", "Terminated", "open_run", "start_line", "train"]


@contextmanager
def open_run(
    config: TrainConfig,
    *,
    resume: str | None = None,
    overrides: Iterable[str] = (),
    allow_version_change: bool = False,
) -> Iterator[RunPlan]:
    """Check the input, record the run (or the resumed one) and yield its plan on every rank; release the
    plan's lock and processes on the way out. RlveError (one line) for bad input, before anything is written.

    ``resume`` names a stored run (id, id prefix or name); ``overrides`` are ``--set`` settings applied to its
    stored config; ``allow_version_change`` continues it although an environment's version changed since it
    started (recorded in ``environment_changes``) instead of refusing.
    """
    # Checks that need no torch come first, so a typo is reported at once. With several processes the
    # main one reports through the broadcast in agree_on_plan, so every rank stops with the same message.
    overrides = list(overrides)
    rank, world_size = launched_rank()
    checked: CheckedRun | None = None
    error: RlveError | None = None

    def check() -> CheckedRun:
        return preflight(config, resume, overrides, allow_version_change=allow_version_change)

    if rank == 0:
        try:
            checked = check()
        except RlveError as failure:
            if world_size <= 1:
                raise
            error = failure
    ranks = Ranks.start()
    with sigterm_stops_the_run():
        if ranks.is_main and checked is None and error is None:  # a launcher whose RANK was not 0 here
            try:
                checked = check()
            except RlveError as failure:
                error = failure
        with agree_on_plan(ranks, checked, error) as plan:
            yield plan


def start_line(plan: RunPlan) -> str:
    """What a run prints first: its id (or where it resumes from) and how to watch it from another terminal."""
    record, config = plan.record, plan.config
    if not record.resumed:
        head = f"run {record.run_id} started: {config.max_steps} steps, folder {record.run_dir}"
    elif record.checkpoint is not None:
        head = f"run {record.run_id} resumed from {record.checkpoint} (step {record.start_step} of {config.max_steps})"
    else:
        head = (
            f"run {record.run_id} resumed from the start (step 0 of {config.max_steps}): it has no complete "
            f"checkpoint in {record.run_dir}"
        )
    for change in record.version_changes:
        head += (
            f"\n  {change.env} goes on with version {change.new} (it was version {change.old}); "
            "recorded in environment_changes"
        )
    return f"{head}\n  watch it from another terminal: {rlve_command(record.db_url, record.run_id)}"


def train(
    config: TrainConfig,
    *,
    resume: str | None = None,
    overrides: Iterable[str] = (),
    allow_version_change: bool = False,
    quiet: bool = False,
    callbacks: list = (),
    announce: str | None = None,
) -> RunResult:
    """Run (or resume) training; returns a RunResult. Raises RlveError (one line) for bad input.

    ``callbacks`` are extra transformers TrainerCallbacks (timing, custom logging); ``announce`` is printed
    (to stderr, by the main process) once the input is valid and the run is recorded. Unless ``quiet``, the
    main process then prints the run's id (or the checkpoint it resumes from) and how to watch it. A stop by
    Ctrl-C or SIGTERM raises KeyboardInterrupt (Terminated for SIGTERM) carrying ``run_id`` and ``step``.
    """
    with open_run(config, resume=resume, overrides=overrides, allow_version_change=allow_version_change) as plan:
        if plan.ranks.is_main:
            if announce:
                print(announce, file=sys.stderr, flush=True)
            if not quiet:
                print(start_line(plan), flush=True)
        return plan.train(quiet=quiet, callbacks=list(callbacks))
