"""The live curriculum of a verl run, shared by its dataset (``verl_dataset``) and its sampler (``verl_sampler``).

verl builds both in its driver (the ``TaskRunner`` Ray actor that runs ``RayPPOTrainer.fit``): first the dataset,
as ``cls(data_files, tokenizer, config, processor, max_samples)``, then the sampler, handed that dataset. The
dataset reads the run's TOML (``data.train_files``, the same file ``rlve train`` reads) and builds one
``LiveCurriculum``; the sampler takes it from the dataset. So one object holds the curriculum, the problem
stream (slot -> problem, as ``rlve train``'s ``ProblemStream``), the step counter and the history, and the
dataset and the sampler cannot disagree about which problem a slot is: the sampler draws slot s (the
curriculum picks environment and difficulty, ``random.Random(f"rlve-trainer|{seed}|{s}")`` the seed) when
the data loader asks for it, the dataset reads that problem back.

Nothing here imports verl: the state, the outcomes and the history are plain Python, tested without it.

Checkpoints: verl 0.7.1 saves its checkpoint (the data loader's state, so ``state_dict`` here) in the middle of
step k, after the rollouts and before ``sampler.update(batch)``; the saved state therefore lacks step k's
outcomes. A run resumed from that checkpoint replays step k's rollouts from the history database (where the
first run wrote them once ``update`` had run) so that the curriculum is exactly where the first run left it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rlve import Environment, Problem
from rlve.chat import messages
from rlve.errors import RlveError
from rlve.export import verl_row
from rlve_trainer.config import TrainConfig
from rlve_trainer.data import ProblemStream
from rlve_trainer.rewards import CurriculumReward, Outcome

if TYPE_CHECKING:
    from rlve.curriculum import Curriculum, DifficultyChange
    from rlve_trainer.history.run_history import RunHistory

#: What the history records as a verl run's output folder: verl's checkpoints live where its trainer config says.
VERL_OUTPUT = "(verl: trainer.default_local_dir)"


def load_config(path: str | Path, db: str | None = None) -> TrainConfig:
    """The run's TOML (``rlve train``'s format); ``db`` (``data.rlve_db``) replaces its database."""
    from rlve_trainer.config_files import load_train, location_overrides

    return load_train(path, location_overrides(None, db))


class LiveCurriculum:
    """One verl run's curriculum, problems, step counter and history (in the process that owns the sampler)."""

    def __init__(self, config: TrainConfig, *, batch_size: int, run_file: str | None = None):
        from rlve_trainer import packs
        from rlve_trainer.preflight import make_curriculum

        if batch_size < 1:
            raise RlveError(f"data.train_batch_size = {batch_size}: verl must ask for at least one prompt per step")
        self.config = config
        self.batch_size = batch_size
        #: where to write the recorded run's id (``+data.rlve_run_file``, set by ``rlve engines verl --run``)
        self.run_file = run_file
        self.environments = packs.environments(config.envs)
        self.curriculum: Curriculum = make_curriculum(config, list(self.environments))
        # A batch is drawn before the previous one is scored only when verl reads ahead; keep several batches.
        self.stream = ProblemStream(
            self.curriculum,
            self.environments,
            seed=config.seed,
            cache_size=max(4096, 4 * batch_size),
            system_prompt=config.prompt.system,
        )
        # The same code as `rlve train` applies outcomes to the curriculum and hands them to the history.
        self.reward = CurriculumReward(
            self.stream, self.curriculum, self.environments, config.reward, on_outcomes=self._queue_outcomes
        )
        #: slot -> the problem the sampler drew for it, until the dataset has read it (and a little longer)
        self._drawn: OrderedDict[int, Problem] = OrderedDict()
        self._keep = max(4096, 4 * batch_size)
        self.updates = 0  # steps whose outcomes the curriculum has seen (verl's global step after update)
        self.run_id: str | None = None
        self.history: RunHistory | None = None
        self._restored: dict[str, Any] | None = None
        self._started = False
        self._step_started = time.monotonic()

    # -- problems ---------------------------------------------------------------------------------------------

    @property
    def next_slot(self) -> int:
        return self.stream.next_slot

    def draw_next(self) -> int:
        """Draw the next slot's problem from the curriculum as it stands now; returns the slot."""
        self.start()
        slot = self.stream.next_slot
        self.stream.next_slot += 1
        self._drawn[slot] = self.stream.draw(slot)
        while len(self._drawn) > self._keep:
            self._drawn.popitem(last=False)
        return slot

    def problem(self, slot: int) -> Problem:
        """The problem drawn for ``slot`` (the sampler drew it just before the data loader asks the dataset)."""
        problem = self._drawn.get(slot)
        if problem is None:
            raise RlveError(
                f"verl asked the rlve dataset for slot {slot}, which the rlve sampler has not drawn: set "
                "data.sampler.class_path=pkg://rlve_trainer.engines.verl_sampler and "
                "data.sampler.class_name=RlveCurriculumSampler (`rlve engines verl run.toml` prints both)"
            )
        return problem

    def row(self, slot: int) -> dict[str, Any]:
        """The verl row of ``slot``, as ``rlve export --format verl`` writes it (``extra_info.index`` = the slot)."""
        problem = self.problem(slot)
        row = verl_row(problem, slot, "train")
        row["prompt"] = messages(problem.prompt, self.config.prompt.system)
        return row

    # -- outcomes ---------------------------------------------------------------------------------------------

    def record_step(self, outcomes: list[Outcome]) -> list[DifficultyChange]:
        """One verl step's rollouts, every one of them: into the curriculum in slot order, then into the history
        (rollouts, difficulty changes, the curriculum after the step, the step's summary)."""
        self.start()
        step = self.updates + 1
        ordered = sorted(outcomes, key=lambda outcome: outcome.slot)  # balance_batch reorders verl's batch
        changes = self.reward.apply(step, ordered)
        stats = self.reward.take_stats()
        now = time.monotonic()
        seconds, self._step_started = now - self._step_started, now
        self.updates = step
        if self.history is not None:
            self.history.step_end(step, self.curriculum.bands(), stats, None, seconds)
            if step >= self.config.max_steps:
                self.history.set_status("finished", last_step=step)
        return changes

    def _queue_outcomes(self, step: int, outcomes: list[Outcome], changes: list[DifficultyChange]) -> None:
        if self.history is not None:
            self.history.outcomes(step, outcomes, changes)

    # -- checkpoints ------------------------------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """What verl's data-loader checkpoint keeps: the curriculum, the next slot, the steps seen, the run."""
        return {
            "version": 1,
            "run_id": self.run_id,
            "curriculum": self.curriculum.state_dict(),
            "next_slot": self.stream.next_slot,
            "updates": self.updates,
        }

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Continue from a checkpoint; the history is reopened (and the missing step replayed) on the first draw."""
        if self._started:
            raise RlveError("the rlve curriculum already started drawing problems; load its state before that")
        if not isinstance(state, Mapping) or state.get("version") != 1:
            raise RlveError("the checkpoint's rlve sampler state is not one this rlve-trainer wrote (version 1)")
        self.curriculum.load_state_dict(state["curriculum"])
        self.stream.next_slot = int(state["next_slot"])
        self.updates = int(state["updates"])
        self.run_id = state.get("run_id")
        self._restored = dict(state)

    # -- the run in the history -------------------------------------------------------------------------------

    def start(self) -> None:
        """Before the first problem: the run's row in the history (a new run, or the checkpoint's)."""
        if self._started:
            return
        self._started = True
        self._step_started = time.monotonic()
        from rlve_trainer.history.run_history import RunHistory

        url = self.config.db_url()
        if self.run_id is None:
            self.run_id = create_run(self.config, self.environments)
            self.history = RunHistory.open(url, self.run_id)
        else:
            self.history = RunHistory.open(url, self.run_id)
            self._resume_history()
        if self.run_file:  # so the launching process can record the run's end, which verl's driver cannot
            self._tell_launcher(url)

    def _tell_launcher(self, url: str) -> None:
        """Write the run's id and database to ``run_file``. Where verl's driver runs on another machine than
        the launcher (a Ray cluster), the folder is not there: the run goes on, only its end is not marked."""
        import json
        import sys

        try:
            Path(self.run_file).write_text(json.dumps({"run_id": self.run_id, "db": url}))
        except OSError as error:
            print(
                f"rlve: cannot tell `rlve engines verl --run` which run this is ({error}); if verl crashes, the "
                f"run {self.run_id} stays recorded as running",
                file=sys.stderr,
            )

    def _resume_history(self) -> None:
        """A resumed run: replay the step the checkpoint was taken in (its outcomes came after the save), drop
        every later row (the steps are done again), mark the run running."""
        from sqlalchemy import select

        from rlve_trainer.history import models, store

        assert self.history is not None
        engine, run_id = self.history.engine, self.run_id
        pending = self.updates + 1  # the checkpoint's own step
        with engine.connect() as connection:
            if connection.execute(select(models.runs.c.id).where(models.runs.c.id == run_id)).first() is None:
                raise RlveError(
                    f"verl's checkpoint continues rlve run {run_id}, which is not in {self.config.db_url()}: pass "
                    "+data.rlve_db=the database the run was recorded in"
                )
            finished = connection.execute(
                select(models.steps.c.step).where(models.steps.c.run_id == run_id, models.steps.c.step == pending)
            ).first()
            rows = []
            if finished is not None:  # its rows were committed whole (step_end commits the step last)
                rows = connection.execute(
                    select(models.rollouts.c.env, models.rollouts.c.difficulty, models.rollouts.c.correct)
                    .where(models.rollouts.c.run_id == run_id, models.rollouts.c.step == pending)
                    .order_by(models.rollouts.c.id)
                ).all()
        for env, difficulty, correct in rows:
            if env in self.environments:
                self.curriculum.record(env, int(difficulty), bool(correct))
        # Without the step's rows its outcomes are lost (the first run stopped between the save and update);
        # the step number still advances with verl's, so the history's steps stay verl's global steps.
        self.updates = pending
        store.truncate_after(engine, run_id, pending if finished is not None else pending - 1)
        store.set_status(engine, run_id, "running", last_step=pending)


def create_run(config: TrainConfig, environments: Mapping[str, Environment]) -> str:
    """A new run's row in the history database, recorded as ``rlve train`` records one; returns its id."""
    from rlve_trainer.history import store

    return store.open_new_run(
        config, environments, output_dir=VERL_OUTPUT, max_steps=config.max_steps, model=str(config.model.path)
    )
