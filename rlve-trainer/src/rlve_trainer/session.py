"""The curriculum as a library: environments, curriculum, live problem stream, reward and history, handed to
TRL's ``GRPOTrainer`` in your own script. ``rlve train`` trains through the same object (``RunPlan.session``).

::

    from rlve_trainer import CurriculumSession

    with CurriculumSession(["graph/*", "math/addition"], db="sqlite:///history.db") as session:
        trainer = GRPOTrainer(
            model=model, processing_class=tokenizer,
            args=GRPOConfig(output_dir="out", shuffle_dataset=False, ...),
            train_dataset=session.dataset(), reward_funcs=[session.reward], callbacks=[session.callback()],
        )
        trainer.train()                       # or trainer.train(resume_from_checkpoint=True)

The three pieces only work together: the dataset draws each problem from the curriculum when TRL asks for
it, the reward verifies completions and moves the curriculum, the callback closes each step (history rows,
rlve's state in every checkpoint, restoring it on resume). Misuse is an RlveError naming the fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rlve import Environment
from rlve.curriculum import Band, Curriculum
from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig
from rlve_trainer.data import ProblemStream
from rlve_trainer.history.run_history import RunHistory
from rlve_trainer.rewards import CurriculumReward
from rlve_trainer.verify_pool import VerifyPool

if TYPE_CHECKING:
    from rlve_trainer.callbacks import RlveCallback
    from rlve_trainer.progress import Progress
    from rlve_trainer.ranks import Ranks

#: What the history records as the model of a run started from a user's script (the script owns the model).
SCRIPT_MODEL = "(a user script's model)"


class CurriculumSession:
    """One run's curriculum, problem stream, reward and history.

    ``envs``: environment ids or patterns (``"graph/*"``); ``strategy`` and ``params``: the curriculum
    (``rlve curriculum list``); ``db``: a SQLAlchemy URL or file path to record the run in (None: nothing
    is recorded); ``resume``: a run stored in ``db`` (id, id prefix or name) to go on recording into;
    ``reward``: the ``[reward]`` settings (``mode``, ``format_penalty``, ``verify_workers``,
    ``verify_timeout``); ``system_prompt``: a system message put before every problem.
    """

    def __init__(
        self,
        envs: str | Iterable[str],
        *,
        strategy: str = "adaptive",
        params: Mapping[str, Any] | None = None,
        seed: int = 0,
        db: str | None = None,
        run_name: str | None = None,
        resume: str | None = None,
        reward: Mapping[str, Any] | None = None,
        system_prompt: str | None = None,
        store_completions: bool = False,
    ):
        from rlve_trainer import packs
        from rlve_trainer.config_files import validate_train
        from rlve_trainer.preflight import make_curriculum
        from rlve_trainer.ranks import Ranks

        if resume is not None and db is None:
            raise RlveError("resume= names a run in a database: pass db= too (the one the run was recorded in)")
        config = validate_train(
            {
                "envs": [envs] if isinstance(envs, str) else list(envs),
                "curriculum": {"strategy": strategy, "params": dict(params or {})},
                "seed": seed,
                "db": db,
                "run_name": run_name,
                "reward": dict(reward or {}),
                "prompt": {"system": system_prompt},
                "store_completions": store_completions,
            }
        )
        environments = packs.environments(config.envs)
        curriculum = make_curriculum(config, list(environments))
        ranks = Ranks.start()
        run_id = None
        if db is not None:
            run_id = ranks.broadcast(_record_script_run(config, environments, resume) if ranks.is_main else None)
        history = RunHistory.open(config.db_url(), run_id) if run_id is not None and ranks.is_main else None
        self._assemble(config, environments, curriculum, ranks, run_id=run_id, history=history, owns_status=True)

    @classmethod
    def for_run(
        cls,
        config: TrainConfig,
        environments: Mapping[str, Environment],
        curriculum: Curriculum,
        ranks: Ranks,
        *,
        run_id: str,
        history: RunHistory | None,
        start_slot: int = 0,
    ) -> CurriculumSession:
        """The session of a run ``rlve train`` recorded (``plan.build_plan``); the plan marks its status."""
        session = cls.__new__(cls)
        session._assemble(
            config, environments, curriculum, ranks, run_id=run_id, history=history, start_slot=start_slot
        )
        return session

    def _assemble(
        self,
        config: TrainConfig,
        environments: Mapping[str, Environment],
        curriculum: Curriculum,
        ranks: Ranks,
        *,
        run_id: str | None,
        history: RunHistory | None,
        start_slot: int = 0,
        owns_status: bool = False,
    ) -> None:
        self.config = config
        self.environments = dict(environments)
        self.curriculum = curriculum
        self.ranks = ranks
        self.run_id = run_id
        self.history = history
        #: a library session marks its run finished / failed itself; ``rlve train``'s plan does it otherwise
        self.owns_status = owns_status
        self.stream = ProblemStream(
            curriculum, self.environments, seed=config.seed, start_slot=start_slot, system_prompt=config.prompt.system
        )
        untrusted = any(env.runs_untrusted_code for env in self.environments.values())
        reward_config = config.reward
        self.verify_pool = VerifyPool(reward_config.verify_workers, reward_config.verify_timeout) if untrusted else None
        self.reward = CurriculumReward(
            self.stream,
            curriculum,
            self.environments,
            reward_config,
            on_outcomes=history.outcomes if history is not None else None,
            gather=ranks.gather,
            store_text=config.store_completions,
            verify_pool=self.verify_pool,
        )
        self.reward.last_slot = start_slot - 1
        self.reward.require_callback = True  # without session.callback() nothing is recorded or checkpointed
        #: the step whose rlve state is loaded (a resumed run's checkpoint), so the callback restores it once
        self.restored_step: int | None = None
        self._callback: RlveCallback | None = None
        self._closed = False

    def dataset(self):
        """The live problem stream as a ``datasets.IterableDataset``: give it to ``GRPOTrainer`` as
        ``train_dataset`` with ``GRPOConfig(shuffle_dataset=False)``; each row is drawn when TRL asks for it."""
        return self.stream.dataset()

    def callback(self, progress: Progress | None = None) -> RlveCallback:
        """The TrainerCallback that closes each step; give it to ``GRPOTrainer(callbacks=[...])``.

        ``progress`` (``rlve_trainer.progress.Progress``) prints a line per step; None prints nothing.
        """
        from rlve_trainer.callbacks import RlveCallback

        if self._callback is None:
            self._callback = RlveCallback(self, progress)
        elif progress is not None:
            self._callback.progress = progress
        return self._callback

    def bands(self) -> dict[str, Band]:
        """Each environment's difficulty band now."""
        return self.curriculum.bands()

    def restore(self, state: Mapping[str, Any], step: int) -> None:
        """Continue from rlve's state saved in a checkpoint (``rlve_state.json``) at ``step``."""
        self.curriculum.load_state_dict(state["curriculum"])
        next_slot = int(state["next_slot"])
        self.stream.next_slot = next_slot
        self.reward.last_slot = next_slot - 1
        self.restored_step = step

    def close(self, error: BaseException | None = None) -> None:
        """Stop the verifier processes and close the history; a library session also records how its run
        ended (``failed`` / ``stopped`` when ``error`` is given). Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        if self.verify_pool is not None:
            self.verify_pool.close()
        if self.history is not None:
            if self.owns_status and error is not None:
                stopped = isinstance(error, KeyboardInterrupt)
                reason = "interrupted" if stopped else f"{type(error).__name__}: {error}"[:2000]
                self.history.set_status("stopped" if stopped else "failed", error=reason)
            self.history.close()

    def __enter__(self) -> CurriculumSession:
        return self

    def __exit__(self, exc_type, error, traceback) -> None:
        self.close(error)


def _record_script_run(config: TrainConfig, environments: Mapping[str, Environment], resume: str | None) -> str:
    """Main process: the run's row in the history (a new one, or ``resume``'s); returns its id."""
    from rlve_trainer.history import store
    from rlve_trainer.preflight import find_run

    if resume is not None:
        stored = find_run(config.db_url(), resume)
        return stored["id"]
    # output_dir is known once training starts (GRPOConfig.output_dir): the callback sets it
    return store.open_new_run(config, environments, output_dir="", max_steps=0, model=SCRIPT_MODEL)
