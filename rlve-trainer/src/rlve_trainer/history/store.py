"""The run lifecycle in the history: create a run, mark its status, cut rows after a checkpoint on resume."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine

from rlve.errors import RlveError
from rlve_trainer.history import models

if TYPE_CHECKING:
    from rlve import Environment
    from rlve_trainer.config import TrainConfig


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_run_id() -> str:
    """Sortable by creation time, unique without coordination: ``20250131-142501-3fa9``."""
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


def create_run(
    engine: Engine,
    *,
    run_id: str,
    name: str | None,
    config: dict[str, Any],
    packages: dict[str, str],
    environments: dict[str, int],
    output_dir: str,
    max_steps: int,
    model: str | None,
    strategy: str,
) -> None:
    stamp = now()
    with engine.begin() as connection:
        connection.execute(
            models.runs.insert().values(
                id=run_id,
                name=name,
                status="running",
                created_at=stamp,
                updated_at=stamp,
                last_step=0,
                max_steps=max_steps,
                model=model,
                output_dir=output_dir,
                config=json.dumps(config, sort_keys=True),
                packages=json.dumps(packages, sort_keys=True),
                environments=json.dumps(environments, sort_keys=True),
                curriculum_strategy=strategy,
            )
        )


def record_new_run(
    engine: Engine,
    config: TrainConfig,
    environments: Mapping[str, Environment],
    *,
    run_id: str,
    output_dir: str,
    max_steps: int,
    model: str | None,
) -> None:
    """The run's row as every engine records it (``rlve train``, a user's script, verl, the Ray actor): the
    config, the versions of the packages and environments, the curriculum strategy."""
    from rlve_trainer.versions import environment_versions, package_versions

    create_run(
        engine,
        run_id=run_id,
        name=config.run_name,
        config=config.model_dump(mode="json"),
        packages=package_versions(list(environments)),
        environments=environment_versions(environments),
        output_dir=output_dir,
        max_steps=max_steps,
        model=model,
        strategy=config.curriculum.strategy,
    )


def open_new_run(
    config: TrainConfig, environments: Mapping[str, Environment], *, output_dir: str, max_steps: int, model: str | None
) -> str:
    """Create the history database if needed and record a new run in it (``record_new_run``); returns its id."""
    from rlve_trainer.history.engine import check_url, open_engine

    check_url(config.db_url())
    engine = open_engine(config.db_url(), create=True)
    try:
        run_id = new_run_id()
        record_new_run(
            engine, config, environments, run_id=run_id, output_dir=output_dir, max_steps=max_steps, model=model
        )
    finally:
        engine.dispose()
    return run_id


def set_status(engine: Engine, run_id: str, status: str, *, error: str | None = None, last_step: int | None = None):
    values: dict[str, Any] = {"status": status, "updated_at": now(), "error": error}
    if status == "finished":
        values["finished_at"] = values["updated_at"]
    if last_step is not None:
        values["last_step"] = last_step
    with engine.begin() as connection:
        connection.execute(update(models.runs).where(models.runs.c.id == run_id).values(**values))


def end_if_running(engine: Engine, run_id: str, status: str, *, error: str) -> bool:
    """Mark a run ``status`` (with ``error``) only while it is recorded ``running``: a run that finished, failed
    or stopped on its own keeps what it recorded. True when the row was changed."""
    with engine.begin() as connection:
        changed = connection.execute(
            update(models.runs)
            .where(models.runs.c.id == run_id, models.runs.c.status == "running")
            .values(status=status, error=error, updated_at=now())
        )
    return changed.rowcount == 1


def set_config(engine: Engine, run_id: str, *, config: dict[str, Any], max_steps: int) -> None:
    """Record a resumed run's config as it now trains (``--set max_steps=N`` and other overrides)."""
    with engine.begin() as connection:
        connection.execute(
            update(models.runs)
            .where(models.runs.c.id == run_id)
            .values(config=json.dumps(config, sort_keys=True), max_steps=max_steps, updated_at=now())
        )


def set_output(engine: Engine, run_id: str, *, output_dir: str, max_steps: int) -> None:
    """Where a run started from a user's script keeps its checkpoints, and its step budget (known only once
    the trainer starts)."""
    with engine.begin() as connection:
        connection.execute(
            update(models.runs)
            .where(models.runs.c.id == run_id)
            .values(output_dir=output_dir, max_steps=max_steps, status="running", updated_at=now())
        )


def get_run(engine: Engine, run: str) -> dict[str, Any]:
    """A run by id, unique id prefix or name (the newest run of that name); RlveError saying what exists."""
    return find(engine, models.runs, run, kind="run", listing="`rlve history runs` lists them")


def find(engine: Engine, table, ref: str, *, kind: str, listing: str) -> dict[str, Any]:
    """A row of ``table`` (with ``id``, ``name``, ``created_at``) by id, unique id prefix or newest name."""
    with engine.connect() as connection:
        row = connection.execute(select(table).where(table.c.id == ref)).mappings().first()
        if row is None:
            matches = connection.execute(select(table).where(table.c.id.startswith(ref))).mappings().all()
            if len(matches) == 1:
                row = matches[0]
            elif len(matches) > 1:
                raise RlveError(f"{kind} {ref!r} is ambiguous: {', '.join(m['id'] for m in matches)}")
        if row is None:
            row = (
                connection.execute(select(table).where(table.c.name == ref).order_by(table.c.created_at.desc()))
                .mappings()
                .first()
            )
        if row is None:
            recent = connection.execute(select(table.c.id).order_by(table.c.created_at.desc()).limit(5)).scalars()
            listed = ", ".join(recent) or "none yet"
            raise RlveError(f"no {kind} {ref!r} in the history (recent: {listed}); {listing}")
    return dict(row)


def truncate_after(engine: Engine, run_id: str, step: int) -> int:
    """Delete every step row after ``step`` (what a resume from that checkpoint will write again)."""
    removed = 0
    with engine.begin() as connection:
        for table in models.STEP_TABLES:
            result = connection.execute(delete(table).where(table.c.run_id == run_id, table.c.step > step))
            removed += result.rowcount or 0
        connection.execute(
            update(models.runs).where(models.runs.c.id == run_id).values(last_step=step, updated_at=now())
        )
    return removed


def last_recorded_step(engine: Engine, run_id: str) -> int:
    with engine.connect() as connection:
        value = connection.execute(
            select(func.max(models.steps.c.step)).where(models.steps.c.run_id == run_id)
        ).scalar_one()
    return int(value or 0)


def record_environment_changes(
    engine: Engine, run_id: str, step: int, changes: list[tuple[str, int, int]], environments: dict[str, int]
) -> None:
    """A resumed run goes on with new environment versions (``--allow-version-change``): one
    ``environment_changes`` row per (env, old, new) at ``step``, and ``runs.environments`` set to ``environments``."""
    stamp = now()
    with engine.begin() as connection:
        if changes:
            connection.execute(
                models.environment_changes.insert(),
                [
                    {"run_id": run_id, "step": step, "env": env, "old_version": old, "new_version": new}
                    | {"changed_at": stamp}
                    for env, old, new in changes
                ],
            )
        connection.execute(
            update(models.runs)
            .where(models.runs.c.id == run_id)
            .values(environments=json.dumps(environments, sort_keys=True), updated_at=stamp)
        )
