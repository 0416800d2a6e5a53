"""A curriculum that starts where the model is: ``initial_difficulty = "from-eval:EVAL"``.

The trainer replaces the string by ``{env id: frontier}`` from evaluation EVAL (an id, id prefix or name in
the run's history database) before the strategy is built, so every strategy that takes an
``initial_difficulty`` honours it. An environment the evaluation did not measure, or measured under another
version, is refused: its frontier would describe another set of problems.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rlve.errors import RlveError

PREFIX = "from-eval:"


def wants_evaluation(params: Mapping[str, Any]) -> bool:
    value = params.get("initial_difficulty")
    return isinstance(value, str) and value.startswith(PREFIX)


def frontier_levels(db_url: str, ref: str, env_versions: Mapping[str, int]) -> dict[str, int]:
    """``{env id: starting difficulty}`` from evaluation ``ref``: its frontier, or 0 where even d = 0 failed."""
    from rlve_trainer.evaluation import records
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(db_url, create=False)
    try:
        evaluation = records.get(engine, ref)
        measured = {row["env"]: row for row in records.frontiers(engine, evaluation["id"])}
    finally:
        engine.dispose()
    missing = [env_id for env_id in env_versions if env_id not in measured]
    if missing:
        raise RlveError(
            f"evaluation {evaluation['id']} has no frontier for {', '.join(missing)}; evaluate "
            f"{'it' if len(missing) == 1 else 'them'} too (rlve eval MODEL --envs ...) or leave "
            f"{'it' if len(missing) == 1 else 'them'} out of the run"
        )
    changed = [
        f"{env_id} (evaluated at version {measured[env_id]['env_version']}, installed {version})"
        for env_id, version in env_versions.items()
        if measured[env_id]["env_version"] != version
    ]
    if changed:
        raise RlveError(
            f"evaluation {evaluation['id']} measured other versions of {'; '.join(changed)}: its frontiers describe "
            "other problems; evaluate the model again with the installed packs"
        )
    return {env_id: measured[env_id]["frontier"] or 0 for env_id in env_versions}


def resolve(params: Mapping[str, Any], db_url: str, env_versions: Mapping[str, int]) -> dict[str, Any]:
    """``params`` with ``initial_difficulty = "from-eval:EVAL"`` replaced by the evaluation's frontiers."""
    value = params.get("initial_difficulty")
    if isinstance(value, str) and not wants_evaluation(params):
        raise RlveError(
            f"curriculum parameter initial_difficulty must be an integer or {PREFIX}EVAL (an evaluation id or "
            f"name from `rlve eval list`), got {value!r}"
        )
    if not wants_evaluation(params):
        return dict(params)
    ref = value[len(PREFIX) :].strip()
    if not ref:
        raise RlveError(f"initial_difficulty = {value!r} names no evaluation; write {PREFIX}EVAL")
    return {**params, "initial_difficulty": frontier_levels(db_url, ref, env_versions)}
