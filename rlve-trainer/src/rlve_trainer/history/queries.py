"""Read-side questions for ``rlve history``: runs, one run's curriculum over time, plain SQL, a plot."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Integer, cast, func, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from rlve.errors import RlveError
from rlve_trainer.history import models, store
from rlve_trainer.history.engine import ReadOnlyViolation, first_line


def step_progress(last_step: int, max_steps: int | None) -> str:
    """``12/200``; only ``12`` for runs with no step budget (a Ray actor's, or a script's before its trainer
    started), where ``12/0`` would read as a run past its end."""
    return f"{last_step}/{max_steps}" if max_steps else str(last_step)


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
            step_progress(r.last_step, r.max_steps),
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
        # Summed, not averaged, so the share is over all of the run's groups; NULL (an older run) sums to None.
        signal_rows = connection.execute(
            select(
                curriculum.c.env,
                func.sum(curriculum.c.step_groups),
                func.sum(curriculum.c.zero_advantage_groups),
                func.sum(curriculum.c.signal_rollouts),
            )
            .where(curriculum.c.run_id == run_id)
            .group_by(curriculum.c.env)
        ).all()
        change_rows = connection.execute(
            select(changes.c.env, changes.c.step, changes.c.old_high, changes.c.new_high)
            .where(changes.c.run_id == run_id)
            .order_by(changes.c.step, changes.c.id)
        ).all()
        versions = models.environment_changes
        version_rows = connection.execute(
            select(
                versions.c.env, versions.c.step, versions.c.old_version, versions.c.new_version, versions.c.changed_at
            )
            .where(versions.c.run_id == run_id)
            .order_by(versions.c.step, versions.c.id)
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
    for env, groups, zero, signal in signal_rows:
        share = zero / groups if groups else None
        envs.setdefault(env, {"timeline": [], "changes": []}).update(
            groups=groups, zero_advantage_share=share, signal_rollouts=signal
        )
    for env, step, old, new in change_rows:
        envs.setdefault(env, {"timeline": [], "changes": []})["changes"].append((step, old, new))
    version_changes = [
        {"env": env, "step": step, "old_version": old, "new_version": new, "changed_at": changed_at}
        for env, step, old, new, changed_at in version_rows
    ]
    return {"run": row, "envs": envs, "version_changes": version_changes}


def run_sql(engine: Engine, query: str) -> tuple[list[str], list[tuple]]:
    """Run one statement and return its columns and rows; nothing it changes is committed.

    On an engine from ``open_readonly`` a statement that would write raises ReadOnlyViolation (its
    message is the statement, abbreviated).
    """
    with engine.connect() as connection:
        refused = getattr(connection.connection.dbapi_connection, "refused", None)
        if refused is not None:
            refused.clear()
        try:
            result = connection.execute(text(query))
        except SQLAlchemyError as error:
            cause = getattr(error, "orig", None) or error
            if refused or _is_read_only_error(cause):
                raise ReadOnlyViolation(_abbreviate(query)) from None
            raise RlveError(f"the query failed: {first_line(cause)}") from None
        if not result.returns_rows:
            connection.rollback()
            return [], []
        columns = list(result.keys())
        rows = [tuple(r) for r in result.all()]
        connection.rollback()
    return columns, rows


def _abbreviate(query: str, limit: int = 60) -> str:
    one_line = " ".join(query.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 3] + "..."


def _is_read_only_error(error: BaseException) -> bool:
    if getattr(error, "sqlite_errorname", None) == "SQLITE_READONLY":
        return True
    message = str(error).lower()
    return any(marker in message for marker in ("readonly database", "read-only transaction", "read only transaction"))


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
    """Write the frontier plot of ``run``; the run and its rows are checked before matplotlib is needed."""
    row, series = frontier(engine, run)
    if not series:
        raise RlveError(f"run {row['id']} has no curriculum rows yet; nothing to plot")
    try:
        import matplotlib
    except ImportError:
        raise RlveError(
            "plotting needs matplotlib, which is not installed: pip install 'rlve-trainer[plot]' "
            "(or pip install matplotlib)"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure = frontier_figure(row, series)
    try:
        figure.savefig(output, dpi=120)
    except (OSError, ValueError) as error:
        raise RlveError(f"cannot write the plot to {output!r}: {first_line(error)}") from None
    finally:
        plt.close(figure)
    return output


#: Line styles cycled through the environments, so curves stay apart in print and for colour-blind readers.
LINE_STYLES = ("-", "--", ":", "-.")


def frontier_figure(row: dict[str, Any], series: dict[str, list[tuple[int, int, int]]]):
    """The frontier plot as a matplotlib Figure: per environment the band's top as a line, the band shaded.

    Bands are integers, so environments often share a curve exactly (the demo's stay at 0): each line is
    shifted by a small offset (at most 0.3 of a level in all), has its own style, and an environment whose
    curve equals an earlier one's says so in the legend, so every environment stays visible.
    """
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    envs = sorted(series)
    spacing = min(0.08, 0.3 / max(1, len(envs) - 1))
    first_with: dict[tuple, str] = {}
    figure, axes = plt.subplots(figsize=(9, 5))
    top = 0
    for index, env in enumerate(envs):
        points = series[env]
        steps = [p[0] for p in points]
        lows, highs = [p[1] for p in points], [p[2] for p in points]
        top = max(top, *highs)
        offset = (index - (len(envs) - 1) / 2) * spacing
        key = tuple(points)
        label = env if key not in first_with else f"{env} (same curve as {first_with[key]})"
        first_with.setdefault(key, env)
        line = axes.step(
            steps,
            [high + offset for high in highs],
            where="post",
            label=label,
            linestyle=LINE_STYLES[index % len(LINE_STYLES)],
            linewidth=1.8,
        )[0]
        axes.fill_between(steps, lows, highs, step="post", alpha=0.12, color=line.get_color())
    top = max(top, 1)
    axes.set_ylim(-0.5, top + 0.5)
    if top <= 12:
        axes.set_yticks(range(top + 1))  # every level, never a fractional one
    else:
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("step")
    ylabel = "difficulty (band low..high; line = high)"
    if len(envs) > 1:
        ylabel += f"\nlines offset by up to ±{spacing * (len(envs) - 1) / 2:.2f} so equal curves stay visible"
    axes.set_ylabel(ylabel)
    axes.set_title(f"difficulty frontier: run {row['id']}" + (f" ({row['name']})" if row["name"] else ""))
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="upper left")
    figure.tight_layout()
    return figure
