"""Versioned schema migrations: a ``schema_version`` table and migration functions that register themselves.

Each migration is a function decorated with ``@migration``, which appends it to ``MIGRATIONS`` (simonw/llm's
``migration = MIGRATIONS.append``): its position in that list, in the order of this file, is its schema
version, 1 first. A new database runs every migration from 1, exactly as an old one runs the ones it lacks,
so the upgrade path is the path every fresh database takes. Each migration is frozen once released: a later
schema change is a new decorated function after the last one, never an edit or a reordering of an old one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

#: In order; the schema version of a database is the number of migrations applied to it.
MIGRATIONS: list[Callable[[Connection], None]] = []


def migration(function: Callable[[Connection], None]) -> Callable[[Connection], None]:
    """Register ``function`` as the next schema version, N = ``len(MIGRATIONS)`` after it; its name must start
    with ``vN_``, so a migration moved or inserted out of order fails at import instead of misnumbering."""
    number = len(MIGRATIONS) + 1
    if not function.__name__.startswith(f"v{number}_"):
        raise RuntimeError(f"migration {function.__name__} is number {number} here: name it v{number}_...")
    MIGRATIONS.append(function)
    return function


def id_column(connection: Connection) -> str:
    if connection.dialect.name == "postgresql":
        return "id SERIAL PRIMARY KEY"
    if connection.dialect.name in ("mysql", "mariadb"):
        return "id INTEGER PRIMARY KEY AUTO_INCREMENT"
    return "id INTEGER PRIMARY KEY AUTOINCREMENT"


@migration
def v1_initial(connection: Connection) -> None:
    """runs, curriculum, difficulty_changes, rollouts."""
    key = id_column(connection)
    statements = [
        """CREATE TABLE runs (
            id VARCHAR(64) PRIMARY KEY, name VARCHAR(200), status VARCHAR(16) NOT NULL,
            created_at VARCHAR(32) NOT NULL, updated_at VARCHAR(32) NOT NULL, finished_at VARCHAR(32),
            last_step INTEGER NOT NULL DEFAULT 0, max_steps INTEGER NOT NULL, model TEXT, output_dir TEXT NOT NULL,
            config TEXT NOT NULL, packages TEXT NOT NULL, environments TEXT NOT NULL,
            curriculum_strategy VARCHAR(64) NOT NULL, error TEXT)""",
        """CREATE TABLE curriculum (
            run_id VARCHAR(64) NOT NULL REFERENCES runs(id) ON DELETE CASCADE, step INTEGER NOT NULL,
            env VARCHAR(200) NOT NULL, low INTEGER NOT NULL, high INTEGER NOT NULL, samples INTEGER NOT NULL,
            accuracy DOUBLE PRECISION, PRIMARY KEY (run_id, step, env))""",
        f"""CREATE TABLE difficulty_changes (
            {key}, run_id VARCHAR(64) NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            step INTEGER NOT NULL, env VARCHAR(200) NOT NULL, old_high INTEGER NOT NULL, new_high INTEGER NOT NULL,
            reason TEXT)""",
        f"""CREATE TABLE rollouts (
            {key}, run_id VARCHAR(64) NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            step INTEGER NOT NULL, slot INTEGER NOT NULL, env VARCHAR(200) NOT NULL, env_version INTEGER NOT NULL,
            difficulty INTEGER NOT NULL, seed BIGINT NOT NULL, reward DOUBLE PRECISION NOT NULL,
            correct BOOLEAN NOT NULL, format_ok BOOLEAN NOT NULL, completion_tokens INTEGER NOT NULL,
            reason TEXT, text TEXT)""",
        "CREATE INDEX ix_curriculum_run_env ON curriculum (run_id, env, step)",
        "CREATE INDEX ix_rollouts_run_step ON rollouts (run_id, step)",
        "CREATE INDEX ix_changes_run ON difficulty_changes (run_id, step)",
    ]
    for statement in statements:
        connection.execute(text(statement))


@migration
def v2_step_summaries(connection: Connection) -> None:
    """Per-step rollout counts in ``curriculum`` and a ``steps`` table (reward, loss, wall time per step)."""
    connection.execute(text("ALTER TABLE curriculum ADD COLUMN step_samples INTEGER NOT NULL DEFAULT 0"))
    connection.execute(text("ALTER TABLE curriculum ADD COLUMN step_accuracy DOUBLE PRECISION"))
    connection.execute(
        text(
            """CREATE TABLE steps (
            run_id VARCHAR(64) NOT NULL REFERENCES runs(id) ON DELETE CASCADE, step INTEGER NOT NULL,
            reward DOUBLE PRECISION, accuracy DOUBLE PRECISION, loss DOUBLE PRECISION, seconds DOUBLE PRECISION,
            finished_at VARCHAR(32) NOT NULL, PRIMARY KEY (run_id, step))"""
        )
    )


@migration
def v3_ablations(connection: Connection) -> None:
    """``ablations`` and ``ablation_results`` (held-out accuracy per arm, seed, environment and level)."""
    connection.execute(
        text(
            """CREATE TABLE ablations (
            id VARCHAR(64) PRIMARY KEY, name VARCHAR(200), status VARCHAR(16) NOT NULL,
            created_at VARCHAR(32) NOT NULL, finished_at VARCHAR(32), config TEXT NOT NULL, packages TEXT NOT NULL,
            start_model TEXT NOT NULL, error TEXT)"""
        )
    )
    connection.execute(
        text(
            """CREATE TABLE ablation_results (
            ablation_id VARCHAR(64) NOT NULL REFERENCES ablations(id) ON DELETE CASCADE, arm VARCHAR(100) NOT NULL,
            seed INTEGER NOT NULL, phase VARCHAR(8) NOT NULL, env VARCHAR(200) NOT NULL, difficulty INTEGER NOT NULL,
            run_id VARCHAR(64), strategy VARCHAR(64) NOT NULL, held_out BOOLEAN NOT NULL, problems INTEGER NOT NULL,
            correct INTEGER NOT NULL, unjudged INTEGER NOT NULL DEFAULT 0, accuracy DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (ablation_id, arm, seed, phase, env, difficulty))"""
        )
    )


@migration
def v4_environment_changes(connection: Connection) -> None:
    """``environment_changes``: an environment whose version changed while a run was stopped, recorded when
    ``rlve train --resume RUN --allow-version-change`` continued the run with the new version."""
    connection.execute(
        text(
            f"""CREATE TABLE environment_changes (
            {id_column(connection)}, run_id VARCHAR(64) NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            step INTEGER NOT NULL, env VARCHAR(200) NOT NULL, old_version INTEGER NOT NULL,
            new_version INTEGER NOT NULL, changed_at VARCHAR(32) NOT NULL)"""
        )
    )


@migration
def v5_evaluations(connection: Connection) -> None:
    """``evaluations`` (one per ``rlve eval``), ``evaluation_results`` (per environment and level) and
    ``evaluation_frontiers`` (per environment: the frontier and the levels that bound it)."""
    connection.execute(
        text(
            """CREATE TABLE evaluations (
            id VARCHAR(64) PRIMARY KEY, name VARCHAR(200), status VARCHAR(16) NOT NULL,
            created_at VARCHAR(32) NOT NULL, finished_at VARCHAR(32), model TEXT NOT NULL, backend VARCHAR(16) NOT NULL,
            settings TEXT NOT NULL, packages TEXT NOT NULL, environments TEXT NOT NULL,
            threshold DOUBLE PRECISION NOT NULL, problems INTEGER NOT NULL, error TEXT)"""
        )
    )
    connection.execute(
        text(
            """CREATE TABLE evaluation_results (
            evaluation_id VARCHAR(64) NOT NULL REFERENCES evaluations(id) ON DELETE CASCADE,
            env VARCHAR(200) NOT NULL, difficulty INTEGER NOT NULL, answers INTEGER NOT NULL, correct INTEGER NOT NULL,
            unjudged INTEGER NOT NULL, accuracy DOUBLE PRECISION NOT NULL, low DOUBLE PRECISION NOT NULL,
            high DOUBLE PRECISION NOT NULL, passed BOOLEAN NOT NULL, early BOOLEAN NOT NULL, probe INTEGER NOT NULL,
            PRIMARY KEY (evaluation_id, env, difficulty))"""
        )
    )
    connection.execute(
        text(
            """CREATE TABLE evaluation_frontiers (
            evaluation_id VARCHAR(64) NOT NULL REFERENCES evaluations(id) ON DELETE CASCADE,
            env VARCHAR(200) NOT NULL, env_version INTEGER NOT NULL, frontier INTEGER, failed_at INTEGER,
            capped BOOLEAN NOT NULL, answers INTEGER NOT NULL, PRIMARY KEY (evaluation_id, env))"""
        )
    )


@migration
def v6_learning_signal(connection: Connection) -> None:
    """Per step and environment in ``curriculum``: GRPO groups, zero-advantage groups and signal rollouts (NULL
    in runs recorded before); ``ablation_curves``: an ablation arm's held-out accuracy during training."""
    for column in ("step_groups", "zero_advantage_groups", "signal_rollouts"):
        connection.execute(text(f"ALTER TABLE curriculum ADD COLUMN {column} INTEGER"))
    connection.execute(
        text(
            """CREATE TABLE ablation_curves (
            ablation_id VARCHAR(64) NOT NULL REFERENCES ablations(id) ON DELETE CASCADE, arm VARCHAR(100) NOT NULL,
            seed INTEGER NOT NULL, step INTEGER NOT NULL, env VARCHAR(200) NOT NULL, difficulty INTEGER NOT NULL,
            run_id VARCHAR(64), held_out BOOLEAN NOT NULL, problems INTEGER NOT NULL, correct INTEGER NOT NULL,
            unjudged INTEGER NOT NULL, accuracy DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (ablation_id, arm, seed, step, env, difficulty))"""
        )
    )


# The next schema change: a new ``@migration`` function ``v7_...`` here, after the last one.

LATEST = len(MIGRATIONS)


def current_version(connection: Connection) -> int:
    from sqlalchemy import inspect

    if not inspect(connection).has_table("schema_version"):
        return 0
    return connection.execute(text("SELECT COALESCE(MAX(version), 0) FROM schema_version")).scalar_one()


def upgrade(engine: Engine, target: int = LATEST) -> int:
    """Apply the missing migrations up to ``target``, each in its own transaction; returns the new version."""
    from rlve.errors import RlveError

    with engine.begin() as connection:
        connection.execute(
            text(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, applied_at VARCHAR(32) NOT NULL)"
            )
        )
    version = 0
    with engine.begin() as connection:
        version = current_version(connection)
    if version > LATEST:
        raise RlveError(
            f"the history database has schema version {version}, newer than this rlve-trainer knows ({LATEST}); "
            "upgrade rlve-trainer"
        )
    for number in range(version + 1, target + 1):
        with engine.begin() as connection:
            if current_version(connection) >= number:  # another process got there first
                continue
            MIGRATIONS[number - 1](connection)
            now = datetime.now(timezone.utc).isoformat(timespec="seconds")
            connection.execute(
                text("INSERT INTO schema_version (version, applied_at) VALUES (:v, :t)"), {"v": number, "t": now}
            )
    return max(version, target)
