"""Every check of a run's input that needs neither torch nor a write, done before torch is imported.

The database URL, the run to resume (its checkpoint, its step budget, the versions of its environments),
the environments, the curriculum and its parameters, the model folder: the first problem is an RlveError
(one line, exit 2 on the command line) in a moment, and nothing is created (a resumed run's older
database schema is upgraded). What the checks built (the environments, a fresh curriculum) is kept in
the ``CheckedRun`` and used by the run's plan, so the main process builds each once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rlve import Environment
from rlve.chat import chat_template_text
from rlve.curriculum import Curriculum
from rlve.errors import RlveError
from rlve_trainer import checkpoint, packs
from rlve_trainer.config import TrainConfig
from rlve_trainer.config_files import apply_overrides, validate_train
from rlve_trainer.model_loading import check_model_path
from rlve_trainer.paths import rlve_command
from rlve_trainer.versions import VersionChange, environment_versions, refuse_version_changes, version_changes


@dataclass(frozen=True)
class CheckedRun:
    """What ``preflight`` established: the config the run trains with, its environments and a fresh curriculum;
    for ``--resume``, the stored run, its newest complete checkpoint and the rlve state saved in it, and the
    environment version changes the caller allowed."""

    config: TrainConfig
    environments: Mapping[str, Environment]
    curriculum: Curriculum
    stored: dict[str, Any] | None = None  # the run's row in ``runs`` (``--resume``)
    checkpoint: Path | None = None
    state: dict[str, Any] | None = None  # ``rlve_state.json`` of that checkpoint
    version_changes: tuple[VersionChange, ...] = ()

    @property
    def start_step(self) -> int:
        return int(self.state["step"]) if self.state else 0


def make_curriculum(config: TrainConfig, env_ids: list[str]) -> Curriculum:
    """A fresh curriculum of the configured strategy over ``env_ids``; RlveError for a bad parameter."""
    import rlve
    from rlve import curriculum
    from rlve_trainer.evaluation import start

    registry = rlve.registry()
    versions = {env_id: registry.get(env_id).version for env_id in env_ids}
    params = start.resolve(config.curriculum.params, config.db_url(), versions)  # from-eval:EVAL -> frontiers
    return curriculum.create(config.curriculum.strategy, env_ids, **params)


def resumed_config(stored: dict[str, Any], overrides: Iterable[str], db_url: str) -> TrainConfig:
    """A stored run's config with ``--set`` overrides applied, validated like a new one."""
    data = apply_overrides(json.loads(stored["config"]), overrides)
    data["db"] = db_url  # the database the run was found in, wherever it was started from
    return validate_train(data)


def find_run(db_url: str, run: str) -> dict[str, Any]:
    """The stored run ``run`` (id, id prefix or name) in the database at ``db_url``, which must exist."""
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(db_url, create=False)
    try:
        return store.get_run(engine, run)
    finally:
        engine.dispose()


def preflight(
    config: TrainConfig,
    resume: str | None = None,
    overrides: Iterable[str] = (),
    *,
    allow_version_change: bool = False,
) -> CheckedRun:
    """Check everything about a run (new, or ``resume``: a stored run's id, id prefix or name, with ``--set``
    ``overrides``) that needs neither torch nor a write. RlveError (one line) for the first problem.

    A resumed run whose environments changed version since it started is refused, naming each one, unless
    ``allow_version_change`` (then the changes are in ``version_changes``, for the history to record).
    """
    from rlve_trainer.history.engine import check_url

    stored = found = state = None
    if resume is not None:
        stored = find_run(config.db_url(), resume)
        config = resumed_config(stored, overrides, config.db_url())
        found = checkpoint.latest_complete(stored["output_dir"])
        state = checkpoint.read_state(found) if found is not None else None
        start_step = int(state["step"]) if state else 0
        if start_step >= config.max_steps:
            raise RlveError(
                f"run {stored['id']} already reached step {start_step} of max_steps={config.max_steps}; "
                "pass --set max_steps=N with a larger N to train it further"
            )
    else:
        check_url(config.db_url())
    environments = packs.environments(config.envs)
    curriculum = make_curriculum(config, list(environments))
    changes: list[VersionChange] = []
    if stored is not None:
        changes = version_changes(stored["environments"], environment_versions(environments))
        if not allow_version_change:
            resume_command = rlve_command(config.db_url(), stored["id"], "train --resume")
            refuse_version_changes(stored["id"], changes, resume_command)
    if not config.model.tiny:
        check_model_path(config)
    if config.prompt.chat_template is not None:
        chat_template_text(config.prompt.chat_template)
    return CheckedRun(config, environments, curriculum, stored, found, state, tuple(changes))
