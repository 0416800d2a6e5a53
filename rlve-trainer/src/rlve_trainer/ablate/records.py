"""The ablation's rows in the history database: ``ablations``, ``ablation_results`` and ``ablation_curves``.

Each arm's training is also an ordinary run (``runs``, ``curriculum``, ``rollouts`` ...), linked from
its result rows by ``run_id``; ``mechanism`` reads back what each arm's training did with its rollouts.
Results are written per arm and seed as soon as that arm is evaluated, so an interrupted ablation keeps
every arm it finished.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine

from rlve_trainer.ablate.evaluate import LevelScore
from rlve_trainer.history import models
from rlve_trainer.history.store import find, now

BEFORE, AFTER = "before", "after"


def create(engine: Engine, *, ablation_id: str, name: str | None, config: dict, packages: dict, start_model: str):
    with engine.begin() as connection:
        connection.execute(
            models.ablations.insert().values(
                id=ablation_id,
                name=name,
                status="running",
                created_at=now(),
                config=json.dumps(config, sort_keys=True),
                packages=json.dumps(packages, sort_keys=True),
                start_model=start_model,
            )
        )


def set_status(engine: Engine, ablation_id: str, status: str, *, error: str | None = None) -> None:
    values: dict[str, Any] = {"status": status, "error": error}
    if status == "finished":
        values["finished_at"] = now()
    with engine.begin() as connection:
        connection.execute(update(models.ablations).where(models.ablations.c.id == ablation_id).values(**values))


def write_scores(
    engine: Engine,
    *,
    ablation_id: str,
    arm: str,
    strategy: str,
    seed: int,
    phase: str,
    run_id: str | None,
    scores: Iterable[LevelScore],
    held_out: set[str],
) -> None:
    """Replace this (arm, seed, phase)'s rows with ``scores``, in one transaction."""
    key = {"ablation_id": ablation_id, "arm": arm, "seed": seed, "phase": phase}
    _replace_scores(engine, models.ablation_results, key, scores, held_out, run_id=run_id, strategy=strategy)


def write_curve(
    engine: Engine,
    *,
    ablation_id: str,
    arm: str,
    seed: int,
    step: int,
    run_id: str | None,
    scores: Iterable[LevelScore],
    held_out: set[str],
) -> None:
    """Replace this (arm, seed, step)'s learning-curve rows with ``scores``, in one transaction."""
    key = {"ablation_id": ablation_id, "arm": arm, "seed": seed, "step": step}
    _replace_scores(engine, models.ablation_curves, key, scores, held_out, run_id=run_id)


def _replace_scores(
    engine: Engine, table, key: dict[str, Any], scores: Iterable[LevelScore], held_out: set[str], **same
) -> None:
    """Delete ``table``'s rows matching ``key`` and insert one row per score (with ``key`` and ``same`` in each),
    in one transaction: a rewritten phase or curve point never leaves a mix of old and new rows."""
    rows = [
        {
            **key,
            **same,
            "env": score.env,
            "difficulty": score.difficulty,
            "held_out": score.env in held_out,
            "problems": score.problems,
            "correct": score.correct,
            "unjudged": score.unjudged,
            "accuracy": score.accuracy,
        }
        for score in scores
    ]
    with engine.begin() as connection:
        connection.execute(delete(table).where(*(table.c[column] == value for column, value in key.items())))
        if rows:
            connection.execute(table.insert(), rows)


def curves(engine: Engine, ablation_id: str) -> list[dict[str, Any]]:
    table = models.ablation_curves
    query = (
        select(table)
        .where(table.c.ablation_id == ablation_id)
        .order_by(table.c.arm, table.c.seed, table.c.step, table.c.env, table.c.difficulty)
    )
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]


def _finished_arm_runs(ablation_id: str):
    """A subquery of (arm, seed, run_id) for every arm-seed of the ablation that has its final scores."""
    results = models.ablation_results
    return (
        select(results.c.arm, results.c.seed, results.c.run_id)
        .where(results.c.ablation_id == ablation_id, results.c.phase == AFTER, results.c.run_id.is_not(None))
        .distinct()
        .subquery()
    )


def mechanism(engine: Engine, ablation_id: str) -> list[dict[str, Any]]:
    """Per arm, seed and trained environment: the training run's rollouts, GRPO groups, zero-advantage
    groups and signal rollouts, summed over its steps (from ``curriculum`` and ``rollouts``)."""
    curriculum, rollouts = models.curriculum, models.rollouts
    arms = _finished_arm_runs(ablation_id)
    signal = (
        select(
            arms.c.arm,
            arms.c.seed,
            curriculum.c.env,
            func.sum(curriculum.c.step_groups).label("groups"),
            func.sum(curriculum.c.zero_advantage_groups).label("zero_advantage_groups"),
            func.sum(curriculum.c.signal_rollouts).label("signal_rollouts"),
        )
        .join(curriculum, curriculum.c.run_id == arms.c.run_id)
        .group_by(arms.c.arm, arms.c.seed, curriculum.c.env)
    )
    counts = (
        select(arms.c.arm, arms.c.seed, rollouts.c.env, func.count().label("rollouts"))
        .join(rollouts, rollouts.c.run_id == arms.c.run_id)
        .group_by(arms.c.arm, arms.c.seed, rollouts.c.env)
    )
    with engine.connect() as connection:
        rows = {(r["arm"], r["seed"], r["env"]): dict(r) for r in connection.execute(signal).mappings()}
        for r in connection.execute(counts).mappings():
            rows.setdefault((r["arm"], r["seed"], r["env"]), {"arm": r["arm"], "seed": r["seed"], "env": r["env"]})
            rows[(r["arm"], r["seed"], r["env"])]["rollouts"] = r["rollouts"]
    return [{"rollouts": 0, **row} for _, row in sorted(rows.items())]


def finished_arms(engine: Engine, ablation_id: str) -> set[tuple[str, int]]:
    """The (arm, seed) pairs with final scores: what a resume does not train again."""
    table = models.ablation_results
    query = select(table.c.arm, table.c.seed).where(table.c.ablation_id == ablation_id, table.c.phase == AFTER)
    with engine.connect() as connection:
        return {(row.arm, row.seed) for row in connection.execute(query.distinct())}


def start_scores(engine: Engine, ablation_id: str) -> list[LevelScore]:
    """The starting model's scores as recorded with the first finished arm-seed (every one repeats them);
    empty when none finished."""
    table = models.ablation_results
    first = (
        select(table.c.arm, table.c.seed)
        .where(table.c.ablation_id == ablation_id, table.c.phase == BEFORE)
        .order_by(table.c.arm, table.c.seed)
        .limit(1)
    )
    with engine.connect() as connection:
        picked = connection.execute(first).first()
        if picked is None:
            return []
        query = (
            select(table)
            .where(
                table.c.ablation_id == ablation_id,
                table.c.phase == BEFORE,
                table.c.arm == picked.arm,
                table.c.seed == picked.seed,
            )
            .order_by(table.c.env, table.c.difficulty)
        )
        rows = connection.execute(query).mappings().all()
    return [LevelScore(row["env"], row["difficulty"], row["problems"], row["correct"], row["unjudged"]) for row in rows]


def band_history(engine: Engine, ablation_id: str) -> list[dict[str, Any]]:
    """Per finished arm, seed and trained environment, step by step: the band's upper end after the step and the
    environment's rollouts in it (``curriculum``), in step order."""
    curriculum = models.curriculum
    arms = _finished_arm_runs(ablation_id)
    query = (
        select(
            arms.c.arm, arms.c.seed, curriculum.c.env, curriculum.c.step, curriculum.c.high, curriculum.c.step_samples
        )
        .join(curriculum, curriculum.c.run_id == arms.c.run_id)
        .order_by(arms.c.arm, arms.c.seed, curriculum.c.env, curriculum.c.step)
    )
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]


def first_band_moves(engine: Engine, ablation_id: str) -> dict[tuple[str, int, str], int]:
    """(arm, seed, env) -> the band's upper end before its first move (``difficulty_changes.old_high``): where
    the band started, for the environments whose band moved."""
    changes = models.difficulty_changes
    arms = _finished_arm_runs(ablation_id)
    query = (
        select(arms.c.arm, arms.c.seed, changes.c.env, changes.c.old_high)
        .join(changes, changes.c.run_id == arms.c.run_id)
        .order_by(changes.c.step.desc(), changes.c.id.desc())
    )
    first: dict[tuple[str, int, str], int] = {}
    with engine.connect() as connection:
        for row in connection.execute(query).mappings():
            first[(row["arm"], row["seed"], row["env"])] = row["old_high"]  # the earliest is written last
    return first


def get(engine: Engine, ref: str) -> dict[str, Any]:
    """An ablation by id, unique id prefix or name; RlveError listing recent ones when there is none."""
    return find(engine, models.ablations, ref, kind="ablation", listing="`rlve ablate list` lists them")


def results(engine: Engine, ablation_id: str) -> list[dict[str, Any]]:
    table = models.ablation_results
    query = (
        select(table)
        .where(table.c.ablation_id == ablation_id)
        .order_by(table.c.arm, table.c.seed, table.c.phase, table.c.env, table.c.difficulty)
    )
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]


def listing(engine: Engine, limit: int | None = None) -> list[dict[str, Any]]:
    table = models.ablations
    query = select(table.c.id, table.c.name, table.c.status, table.c.created_at, table.c.finished_at)
    query = query.order_by(table.c.created_at.desc(), table.c.id.desc())
    if limit:
        query = query.limit(limit)
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]
