"""Where runs and the history go by default, in one place: ``rlve train``, ``rlve history``, ``rlve ablate``,
the configs and the commands rlve prints all ask here.

A run writes under ``./rlve-runs/<run id>/`` in the current folder and the history database is
``./rlve-runs/history.db``; ``--output DIR`` moves both, ``--db`` takes any SQLAlchemy URL or a file path.
"""

from __future__ import annotations

import shlex
from pathlib import Path

#: The folder of the runs, relative to the current folder, when neither the config nor --output says.
DEFAULT_OUTPUT = "rlve-runs"

#: The history database's file name inside the output folder, when neither the config nor --db says.
HISTORY_FILE = "history.db"


def db_url(db: str | None, output: str | None) -> str:
    """The history database's SQLAlchemy URL: ``db`` (a URL or a file path), else ``<output>/history.db``,
    ``output`` defaulting to ``./rlve-runs``."""
    from rlve_trainer.history.engine import to_url

    if db:
        return to_url(db)
    return to_url(str(Path(output or DEFAULT_OUTPUT) / HISTORY_FILE))


def location_flags(url: str) -> str:
    """The ``--output`` / ``--db`` flags (with a leading space) that find the database at ``url`` from the
    current folder; empty when it is the default one."""
    from rlve_trainer.history.engine import sqlite_path

    if url == db_url(None, None):
        return ""
    file = sqlite_path(url)
    if file is not None and file.name == HISTORY_FILE:
        return f" --output {shlex.quote(str(file.parent))}"
    return f" --db {shlex.quote(str(file) if file is not None else url)}"


def rlve_command(url: str, run_id: str, command: str = "history show") -> str:
    """``rlve history show RUN`` (or ``rlve <command> RUN``) with the flags that find the database at ``url``.

    ``command`` is ``history show``, ``history plot``, or ``train --resume``.
    """
    return f"rlve {command} {run_id}{location_flags(url)}"
