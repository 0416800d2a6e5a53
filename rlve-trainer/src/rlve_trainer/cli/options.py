"""Options shared by ``rlve train``, ``rlve history`` and ``rlve ablate``: where the runs and the database are.

The defaults themselves live in ``rlve_trainer.paths``.
"""

from __future__ import annotations

import click

from rlve_trainer.paths import DEFAULT_OUTPUT, HISTORY_FILE, db_url

__all__ = ["db_url", "location_options"]


def location_options(function):
    function = click.option(
        "--db",
        "db",
        metavar="URL",
        help=f"history database: a SQLAlchemy URL or a file path [default: OUTPUT/{HISTORY_FILE}]",
    )(function)
    function = click.option(
        "--output", "output", metavar="DIR", help=f"folder of the runs [default: ./{DEFAULT_OUTPUT}]"
    )(function)
    return function
