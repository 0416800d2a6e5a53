"""Options shared by ``rlve train`` and ``rlve history``: where the runs and the database are."""

from __future__ import annotations

from pathlib import Path

import click

DEFAULT_OUTPUT = "rlve-runs"


def location_options(function):
    function = click.option(
        "--db",
        "db",
        metavar="URL",
        help="history database: a SQLAlchemy URL or a file path [default: OUTPUT/history.db]",
    )(function)
    function = click.option(
        "--output", "output", metavar="DIR", help=f"folder of the runs [default: ./{DEFAULT_OUTPUT}]"
    )(function)
    return function


def db_url(db: str | None, output: str | None) -> str:
    """The same default `rlve train` uses: ./rlve-runs/history.db from the current folder."""
    from rlve_trainer.history.engine import to_url

    if db:
        return to_url(db)
    return to_url(str(Path(output or DEFAULT_OUTPUT) / "history.db"))
