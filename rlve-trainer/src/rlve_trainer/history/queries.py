"""Read-side questions for ``rlve history``: runs, one run's curriculum over time, plain SQL, a plot."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Integer, cast, func, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from rlve.errors import RlveError
from rlve_trainer.history import models, store
from rlve_trainer.history.engine import first_line


def list_runs(engine: Engine, limit: int | None = None) -> tuple[list[str], list[tuple]]:
    runs = models.runs
    query = select(
        runs.c.id,
        runs.c.name,
        runs.c.status,
        runs.c.last_step,
        runs.c.max_steps,
        runs.c.curriculum_strategy,
        runs.c.environments,
        runs.c.created_at,
        runs.c.model,
    ).order_by(runs.c.created_at.desc())
    if limit:
        query = query.limit(limit)
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    columns = ["id", "name", "status", "step", "strategy", "envs", "created", "model"]
    table = [
        (
            r.id,
            r.name or "",
            r.status,
            f"{r.last_step}/{r.max_steps}",
            r.curriculum_strategy,
            len(json.loads(r.environments)),
            r.created_at,
            r.model or "",
        )
        for r in rows
    ]
    return columns, table


def run_summary(engine: Engine, run: str) -> dict[str, Any]:
    """Per environment: the band's history (the steps where it moved), final band, samples and accuracy."""
    row = store.get_run(engine, run)
    run_id = row["id"]
    curriculum, rollouts, changes = models.curriculum, models.rollouts, models.difficulty_changes
    with engine.connect() as connection:
        bands = connection.execute(
            select(curriculum.c.env, curriculum.c.step, curriculum.c.low, curriculum.c.high)
            .where(curriculum.c.run_id == run_id)
            .order_by(curriculum.c.env, curriculum.c.step)
        ).all()
        totals = connection.execute(
            select(
                rollouts.c.env,
                func.count(),
                func.avg(cast(rollouts.c.correct, Integer)),
                func.avg(rollouts.c.reward),
            )
            .where(rollouts.c.run_id == run_id)
            .group_by(rollouts.c.env)
        ).all()
        change_rows = connection.execute(
            select(changes.c.env, changes.c.step, changes.c.old_high, changes.c.new_high)
            .where(changes.c.run_id == run_id)
            .order_by(changes.c.step, changes.c.id)
        ).all()
    envs: dict[str, dict[str, Any]] = {
        env: {"timeline": [], "samples": 0, "accuracy": None, "reward": None, "changes": []}
        for env in json.loads(row["environments"])
    }
    for env, step, low, high in bands:
        timeline = envs.setdefault(
            env, {"timeline": [], "samples": 0, "accuracy": None, "reward": None, "changes": []}
        )["timeline"]
        if not timeline or (timeline[-1][1], timeline[-1][2]) != (low, high):
            timeline.append((step, low, high))
        envs[env]["final"] = (low, high)
    for env, count, accuracy, reward in totals:
        envs.setdefault(env, {"timeline": [], "changes": []}).update(samples=count, accuracy=accuracy, reward=reward)
    for env, step, old, new in change_rows:
        envs.setdefault(env, {"timeline": [], "changes": []})["changes"].append((step, old, new))
    return {"run": row, "envs": envs}


def run_sql(engine: Engine, query: str) -> tuple[list[str], list[tuple]]:
    """Run one statement and return its columns and rows; nothing it changes is committed."""
    with engine.connect() as connection:
        try:
            result = connection.execute(text(query))
        except SQLAlchemyError as error:
            raise RlveError(f"the query failed: {first_line(getattr(error, 'orig', error) or error)}") from None
        if not result.returns_rows:
            connection.rollback()
            return [], []
        columns = list(result.keys())
        rows = [tuple(r) for r in result.all()]
        connection.rollback()
    return columns, rows


def frontier(engine: Engine, run: str) -> tuple[dict[str, Any], dict[str, list[tuple[int, int, int]]]]:
    """(run row, {env: [(step, low, high), ...]}) for plotting."""
    row = store.get_run(engine, run)
    curriculum = models.curriculum
    with engine.connect() as connection:
        rows = connection.execute(
            select(curriculum.c.env, curriculum.c.step, curriculum.c.low, curriculum.c.high)
            .where(curriculum.c.run_id == row["id"])
            .order_by(curriculum.c.env, curriculum.c.step)
        ).all()
    series: dict[str, list[tuple[int, int, int]]] = {}
    for env, step, low, high in rows:
        series.setdefault(env, []).append((step, low, high))
    return row, series


def plot_frontier(engine: Engine, run: str, output: str) -> str:
    try:
        import matplotlib
    except ImportError:
        raise RlveError("plotting needs matplotlib: pip install 'rlve-trainer[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    row, series = frontier(engine, run)
    if not series:
        raise RlveError(f"run {row['id']} has no curriculum rows yet; nothing to plot")
    figure, axes = plt.subplots(figsize=(9, 5))
    for env, points in sorted(series.items()):
        steps = [p[0] for p in points]
        line = axes.step(steps, [p[2] for p in points], where="post", label=env)[0]
        axes.fill_between(
            steps, [p[1] for p in points], [p[2] for p in points], step="post", alpha=0.15, color=line.get_color()
        )
    axes.set_xlabel("step")
    axes.set_ylabel("difficulty (band low..high; line = high)")
    axes.set_title(f"difficulty frontier: run {row['id']}" + (f" ({row['name']})" if row["name"] else ""))
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="upper left")
    figure.tight_layout()
    figure.savefig(output, dpi=120)
    plt.close(figure)
    return output
