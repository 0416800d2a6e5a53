"""An evaluation's rows in the history database: ``evaluations``, ``evaluation_results``, ``evaluation_frontiers``.

Each level is written as soon as the search decides it and each frontier as soon as its environment is done,
so an evaluation stopped by Ctrl-C (status ``stopped``) or by a failing server (``failed``) keeps all it measured.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine

from rlve_trainer.evaluation.frontier import Frontier, LevelResult
from rlve_trainer.history import models
from rlve_trainer.history.store import find, now


def create(
    engine: Engine,
    *,
    evaluation_id: str,
    name: str | None,
    model: str,
    backend: str,
    settings: dict[str, Any],
    packages: dict[str, str],
    environments: dict[str, int],
    threshold: float,
    problems: int,
) -> None:
    with engine.begin() as connection:
        connection.execute(
            models.evaluations.insert().values(
                id=evaluation_id,
                name=name,
                status="running",
                created_at=now(),
                model=model,
                backend=backend,
                settings=json.dumps(settings, sort_keys=True),
                packages=json.dumps(packages, sort_keys=True),
                environments=json.dumps(environments, sort_keys=True),
                threshold=threshold,
                problems=problems,
            )
        )


def set_status(engine: Engine, evaluation_id: str, status: str, *, error: str | None = None) -> None:
    values: dict[str, Any] = {"status": status, "error": error}
    if status == "finished":
        values["finished_at"] = now()
    with engine.begin() as connection:
        connection.execute(
            update(models.evaluations).where(models.evaluations.c.id == evaluation_id).values(**values)
        )


def write_level(engine: Engine, evaluation_id: str, env_id: str, level: LevelResult, probe: int) -> None:
    with engine.begin() as connection:
        connection.execute(
            models.evaluation_results.insert().values(
                evaluation_id=evaluation_id,
                env=env_id,
                difficulty=level.difficulty,
                answers=level.answers,
                correct=level.correct,
                unjudged=level.unjudged,
                accuracy=level.accuracy,
                low=level.low,
                high=level.high,
                passed=level.passed,
                early=level.early,
                probe=probe,
            )
        )


def write_frontier(engine: Engine, evaluation_id: str, env_id: str, env_version: int, result: Frontier) -> None:
    with engine.begin() as connection:
        connection.execute(
            models.evaluation_frontiers.insert().values(
                evaluation_id=evaluation_id,
                env=env_id,
                env_version=env_version,
                frontier=result.frontier,
                failed_at=result.failed_at,
                capped=result.capped,
                answers=result.answers,
            )
        )


def get(engine: Engine, ref: str) -> dict[str, Any]:
    """An evaluation by id, unique id prefix or name; RlveError listing recent ones when there is none."""
    return find(engine, models.evaluations, ref, kind="evaluation", listing="`rlve eval list` lists them")


def results(engine: Engine, evaluation_id: str) -> list[dict[str, Any]]:
    table = models.evaluation_results
    query = select(table).where(table.c.evaluation_id == evaluation_id).order_by(table.c.env, table.c.difficulty)
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]


def frontiers(engine: Engine, evaluation_id: str) -> list[dict[str, Any]]:
    table = models.evaluation_frontiers
    query = select(table).where(table.c.evaluation_id == evaluation_id).order_by(table.c.env)
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]


def listing(engine: Engine, limit: int | None = None) -> list[dict[str, Any]]:
    table = models.evaluations
    query = select(
        table.c.id, table.c.name, table.c.status, table.c.model, table.c.backend, table.c.created_at
    ).order_by(table.c.created_at.desc(), table.c.id.desc())
    if limit:
        query = query.limit(limit)
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]
