"""A run's plan: everything one training run uses, built once per process, in one typed object.

Data flows one way. The command line (or ``train()``, or ``rlve ablate``) checks the input (``preflight``,
no torch) and opens the run (``train.open_run``): the main process records it (``record_run``: the tokenizer
check, then the history row, the folder, the lock) and every rank builds the same ``RunPlan`` from that
record (``build_plan``). The plan builds the trainer (``RunPlan.train`` -> ``trainer.train_plan``), and the
trainer reports through the plan's history.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rlve import Environment
from rlve.curriculum import Curriculum
from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig
from rlve_trainer.data import ProblemStream
from rlve_trainer.history.run_history import RunHistory
from rlve_trainer.preflight import CheckedRun, make_curriculum
from rlve_trainer.ranks import Ranks
from rlve_trainer.rewards import CurriculumReward
from rlve_trainer.run_lock import RunLock
from rlve_trainer.session import CurriculumSession
from rlve_trainer.verify_pool import VerifyPool
from rlve_trainer.versions import VersionChange

if TYPE_CHECKING:
    from rlve_trainer.trainer import RunResult


@dataclass(frozen=True)
class RunRecord:
    """The run as the main process recorded it: plain data, broadcast to every other rank."""

    config: TrainConfig
    run_id: str
    run_dir: Path
    model_path: Path
    resumed: bool = False
    checkpoint: Path | None = None  # the checkpoint a resumed run continues from (None: from step 0)
    state: dict[str, Any] | None = None  # rlve's state saved in it: step, next slot, curriculum
    version_changes: tuple[VersionChange, ...] = ()  # allowed with --allow-version-change, now recorded

    @property
    def db_url(self) -> str:
        return self.config.db_url()

    @property
    def start_step(self) -> int:
        return int(self.state["step"]) if self.state else 0

    @property
    def start_slot(self) -> int:
        return int(self.state["next_slot"]) if self.state else 0


def record_run(checked: CheckedRun) -> tuple[RunRecord, RunLock]:
    """Main process: the tokenizer check, then (only now) the database, the run's row, folder and lock.

    Returns the record and the run's lock, held; RlveError (lock released) for a problem found here.
    """
    from rlve_trainer.config_files import to_toml
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.model_loading import load_tokenizer, resolve_model
    from rlve_trainer.trainer import check_grpo_extra
    from rlve_trainer.versions import environment_versions

    config, stored = checked.config, checked.stored
    env_ids = list(checked.environments)
    lock = None
    if stored is not None:
        run_id, run_dir = stored["id"], Path(stored["output_dir"])
        lock = RunLock(run_dir, run_id).acquire()
    else:
        run_id = store.new_run_id()
        run_dir = Path(config.output).resolve() / run_id
    try:
        check_grpo_extra(config.grpo.extra)  # imports TRL: after preflight, before anything is written
        model_path = resolve_model(config, run_dir, env_ids)
        load_tokenizer(model_path, config.model.trust_remote_code, config.prompt.chat_template)
        # Everything is valid: only now does the run exist in the history (and get its folder and lock).
        engine = open_engine(config.db_url(), create=stored is None)
        try:
            if stored is None:
                lock = RunLock(run_dir, run_id).acquire()
                store.record_new_run(
                    engine,
                    config,
                    checked.environments,
                    run_id=run_id,
                    output_dir=str(run_dir),
                    max_steps=config.max_steps,
                    model="tiny (built offline)" if config.model.tiny else str(model_path),
                )
            else:
                store.truncate_after(engine, run_id, checked.start_step)
                store.set_config(engine, run_id, config=config.model_dump(mode="json"), max_steps=config.max_steps)
                if checked.version_changes:
                    changes = [(c.env, c.old, c.new) for c in checked.version_changes]
                    recorded = {**json.loads(stored["environments"]), **environment_versions(checked.environments)}
                    store.record_environment_changes(engine, run_id, checked.start_step, changes, recorded)
                store.set_status(engine, run_id, "running", last_step=checked.start_step)
            run_dir.mkdir(parents=True, exist_ok=True)
            (run_dir / "config.toml").write_text(to_toml(config))
        finally:
            engine.dispose()
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    record = RunRecord(
        config=config,
        run_id=run_id,
        run_dir=run_dir,
        model_path=model_path,
        resumed=stored is not None,
        checkpoint=checked.checkpoint,
        state=checked.state,
        version_changes=checked.version_changes,
    )
    return record, lock


@dataclass(frozen=True, eq=False)  # one per run (process): compared by identity
class RunPlan:
    """Everything one run trains with, built once per process after the run was recorded.

    ``session`` is the run's ``CurriculumSession`` (the same object a user's own GRPO script trains with):
    its curriculum moves as outcomes come in, its stream draws each slot's problem from it, its reward
    verifies answers and feeds the curriculum and history. ``history`` and ``lock`` exist on the main
    process only. ``close()`` (or leaving ``with plan:``) releases what the plan holds.
    """

    record: RunRecord
    session: CurriculumSession
    lock: RunLock | None

    @property
    def config(self) -> TrainConfig:
        return self.record.config

    @property
    def run_id(self) -> str:
        return self.record.run_id

    @property
    def run_dir(self) -> Path:
        return self.record.run_dir

    @property
    def ranks(self) -> Ranks:
        return self.session.ranks

    @property
    def environments(self) -> Mapping[str, Environment]:
        return self.session.environments

    @property
    def curriculum(self) -> Curriculum:
        return self.session.curriculum

    @property
    def stream(self) -> ProblemStream:
        return self.session.stream

    @property
    def reward(self) -> CurriculumReward:
        return self.session.reward

    @property
    def history(self) -> RunHistory | None:
        return self.session.history

    @property
    def verify_pool(self) -> VerifyPool | None:
        return self.session.verify_pool

    def train(self, *, quiet: bool = False, callbacks: list = ()) -> RunResult:
        """Build TRL's GRPOTrainer on this plan and train (``trainer.train_plan``)."""
        from rlve_trainer.trainer import train_plan

        return train_plan(self, quiet=quiet, callbacks=list(callbacks))

    def close(self) -> None:
        """Stop the verifier processes, close the history, release the run's lock (each at most once)."""
        try:
            self.session.close()
        finally:
            if self.lock is not None:
                self.lock.release()

    def __enter__(self) -> RunPlan:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def build_plan(
    record: RunRecord, ranks: Ranks, *, lock: RunLock | None = None, checked: CheckedRun | None = None
) -> RunPlan:
    """The plan of ``record`` on this rank. ``checked`` (the main process's) supplies the environments and
    curriculum ``preflight`` already built; other ranks build their own from the record's config."""
    from rlve_trainer import packs

    config = record.config
    if checked is not None:
        environments, curriculum = dict(checked.environments), checked.curriculum
    else:
        environments = packs.environments(config.envs)
        curriculum = make_curriculum(config, list(environments))
    history = RunHistory.open(record.db_url, record.run_id) if ranks.is_main else None
    session = CurriculumSession.for_run(
        config, environments, curriculum, ranks, run_id=record.run_id, history=history, start_slot=record.start_slot
    )
    if record.state is not None:
        session.restore(record.state, record.start_step)
    return RunPlan(record, session, lock)


def agree_on_plan(ranks: Ranks, checked: CheckedRun | None, error: RlveError | None) -> RunPlan:
    """Every rank's plan of one run: the main process records it (or fails, with ``error`` from its
    preflight or what ``record_run`` finds), the outcome is broadcast, and each rank builds its plan.
    Every rank raises the same RlveError when the main process could not record the run."""
    lock = None
    message: tuple[RunRecord | None, str | None] | None = None
    if ranks.is_main:
        try:
            if error is not None:
                raise error
            if checked is None:
                raise RlveError("the main process has no checked input to record (was preflight skipped?)")
            record, lock = record_run(checked)
            message = (record, None)
        except RlveError as failure:
            message = (None, str(failure))
    record, failure = ranks.broadcast(message)
    if failure is not None:
        raise RlveError(failure)
    try:
        return build_plan(record, ranks, lock=lock, checked=checked if ranks.is_main else None)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
