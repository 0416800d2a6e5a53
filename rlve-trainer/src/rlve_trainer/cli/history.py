"""``rlve history``: where the database is, its runs, one run's curriculum, plain SQL, a frontier plot."""

from __future__ import annotations

import csv
import json
import sys

import click

from rlve.errors import RlveError
from rlve_trainer.cli.options import location_options
from rlve_trainer.paths import DEFAULT_OUTPUT, HISTORY_FILE, db_url


@click.group(
    help=f"The training history: a SQL database (./{DEFAULT_OUTPUT}/{HISTORY_FILE} by default) any SQLite "
    "client can read."
)
def history() -> None:
    pass


def _engine(db: str | None, output: str | None):
    from rlve_trainer.history.engine import open_engine

    return open_engine(db_url(db, output), create=False)


@history.command()
@location_options
def path(db, output):
    """Print where the history database is (a file path for SQLite, else the URL)."""
    from rlve_trainer.history.engine import sqlite_path

    url = db_url(db, output)
    file = sqlite_path(url)
    click.echo(str(file) if file is not None else url)


@history.command()
@click.option("--limit", type=int, default=None, help="only the newest N runs")
@click.option("--json", "as_json", is_flag=True)
@click.option("--csv", "as_csv", is_flag=True)
@location_options
def runs(limit, as_json, as_csv, db, output):
    """A table of runs, newest first."""
    from rlve_trainer.history.queries import list_runs

    engine = _engine(db, output)
    try:
        columns, rows = list_runs(engine, limit)
    finally:
        engine.dispose()
    emit(columns, rows, as_json, as_csv)


@history.command()
@click.argument("run")
@click.option("--json", "as_json", is_flag=True)
@location_options
def show(run, as_json, db, output):
    """Per environment: the difficulty band over time, samples, accuracy and the share of GRPO groups with no
    learning signal (every completion got the same reward)."""
    from rlve_trainer.history.queries import run_summary, step_progress
    from rlve_trainer.run_lock import lock_state

    engine = _engine(db, output)
    try:
        summary = run_summary(engine, run)
    finally:
        engine.dispose()
    row = summary["run"]
    # A run recorded as running whose lock nobody holds was killed before it could record that it stopped.
    row["lock"] = lock_state(row["output_dir"]) if row["status"] == "running" and row["output_dir"] else "unknown"
    if as_json:
        click.echo(
            json.dumps(
                {"run": row, "envs": summary["envs"], "version_changes": summary["version_changes"]},
                default=str,
                indent=2,
            )
        )
        return
    click.echo(f"run {row['id']}" + (f" ({row['name']})" if row["name"] else ""))
    click.echo(
        f"  status {row['status']}, step {step_progress(row['last_step'], row['max_steps'])}, "
        f"curriculum {row['curriculum_strategy']}, model {row['model']}"
    )
    # How long ago, for a run still recorded as running: whether its process is alive cannot always be told
    # (a verl driver, a script, another machine), but a last update hours old is a hint.
    ago = f" ({time_since(row['updated_at'])} ago)" if row["status"] == "running" else ""
    click.echo(f"  created {row['created_at']}, updated {row['updated_at']}{ago}")
    if row["lock"] == "free":
        click.echo(
            f"  no process holds its lock ({row['output_dir']}/run.lock): it ended without recording it (killed, "
            f"or out of memory); `rlve train --resume {row['id']}` continues from its last checkpoint"
        )
    if row.get("error"):
        click.echo(f"  error: {row['error']}")
    for change in summary["version_changes"]:  # accepted with --resume --allow-version-change
        click.echo(
            f"  {change['env']} changed from version {change['old_version']} to {change['new_version']} "
            f"at step {change['step']} ({change['changed_at']})"
        )
    columns = [
        "env", "band now", "max high", "rollouts", "accuracy", "reward", "zero-adv groups", "signal rollouts",
        "band over time (step: low-high)",
    ]  # fmt: skip
    table = []
    for env, info in summary["envs"].items():
        timeline = info.get("timeline", [])
        final = info.get("final")
        moves = ", ".join(f"{step}: {low}-{high}" for step, low, high in timeline[-8:])
        if len(timeline) > 8:
            moves = "..., " + moves
        table.append(
            (
                env,
                f"{final[0]}-{final[1]}" if final else "-",
                max((high for _, _, high in timeline), default="-"),
                info.get("samples", 0),
                _fmt(info.get("accuracy")),
                _fmt(info.get("reward")),
                _fmt(info.get("zero_advantage_share")),  # share of GRPO groups with one reward: no signal
                "-" if info.get("signal_rollouts") is None else info["signal_rollouts"],
                moves or "-",
            )
        )
    emit(columns, table, False, False)


@history.command()
@click.argument("query")
@click.option("--json", "as_json", is_flag=True, help="rows as a JSON list of objects")
@click.option("--csv", "as_csv", is_flag=True, help="rows as CSV with a header")
@location_options
def sql(query, as_json, as_csv, db, output):
    """Run one SQL statement against the history, read-only, e.g.

    rlve history sql "SELECT env, MAX(high) FROM curriculum GROUP BY env"

    The database is opened read-only: a statement that would change it (INSERT, UPDATE, DELETE, CREATE,
    DROP, ATTACH...) is refused with exit code 2. Change the history with a SQLite client if you must.
    """
    from rlve_trainer.history.engine import ReadOnlyViolation, open_readonly, sqlite_path
    from rlve_trainer.history.queries import run_sql

    url = db_url(db, output)
    _engine(db, output).dispose()  # the usual checks, and an older schema upgraded like every command does
    engine = open_readonly(url)
    try:
        columns, rows = run_sql(engine, query)
    except ReadOnlyViolation as refused:
        file = sqlite_path(url)
        client = f"sqlite3 {file}" if file is not None else "your database's own client"
        raise RlveError(
            f"rlve history sql is read-only: `{refused}` would change the database, so nothing was run; "
            f"to change the history on purpose, use {client}"
        ) from None
    finally:
        engine.dispose()
    emit(columns, rows, as_json, as_csv)


@history.command()
@click.argument("run")
@click.option("-o", "--out", "out", default="frontier.png", show_default=True, help="image file to write")
@location_options
def plot(run, out, db, output):
    """Plot each environment's difficulty frontier (band high, band shaded) against step."""
    from rlve_trainer.history.queries import plot_frontier

    engine = _engine(db, output)
    try:
        written = plot_frontier(engine, run, out)
    finally:
        engine.dispose()
    click.echo(f"wrote {written}")


def _fmt(value) -> str:
    return "-" if value is None else f"{value:.3f}"


def time_since(timestamp: str) -> str:
    """How long ago an ISO 8601 timestamp was: '45 s', '12 min', '3 h 5 min', '2 d 4 h'."""
    from datetime import datetime, timezone

    try:
        seconds = int((datetime.now(timezone.utc) - datetime.fromisoformat(timestamp)).total_seconds())
    except (TypeError, ValueError):
        return "an unknown time"
    seconds = max(seconds, 0)
    if seconds < 60:
        return f"{seconds} s"
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if hours < 1:
        return f"{minutes} min"
    if days < 1:
        return f"{hours} h {minutes % 60} min"
    return f"{days} d {hours % 24} h"


def emit(columns: list[str], rows: list[tuple], as_json: bool, as_csv: bool) -> None:
    if as_json:
        click.echo(json.dumps([dict(zip(columns, row)) for row in rows], default=str))
        return
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        return
    if not columns:
        click.echo("(no rows)")
        return
    cells = [[("" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    click.echo("  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip())
    click.echo("  ".join("-" * w for w in widths))
    for row in cells:
        click.echo("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())
    if not rows:
        click.echo("(no rows)")
