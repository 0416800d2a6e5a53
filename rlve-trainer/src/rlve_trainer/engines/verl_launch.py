"""``rlve engines verl run.toml --run``: verl's ``main_ppo`` in a child process, and the run's end recorded.

verl's driver is a Ray actor (``TaskRunner``), which Ray ends without running exit handlers, so a verl run
that crashes (an out-of-memory worker, a bad override, Ctrl-C) stays ``running`` in the history. This process
is plain Python and outlives it: it starts ``python -m verl.trainer.main_ppo`` with rlve's overrides, passes a
file where rlve's live curriculum writes the id of the run it records (a new run, or the one a checkpoint
continues), and when verl exits marks that run ``failed`` or ``stopped`` if it is still ``running``. A run
verl finished is left as it is. Only a kill of this process too (SIGKILL) leaves the run ``running``.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

VERL_MAIN = "verl.trainer.main_ppo"

#: exit codes that mean the user stopped the run (Ctrl-C, SIGTERM), by a shell's convention or as a signal
STOP_CODES = {130, 143, -signal.SIGINT, -signal.SIGTERM}


@dataclass(frozen=True)
class Ended:
    """How the verl process ended and what was recorded about its run."""

    code: int
    run_id: str | None  # None: verl ended before rlve's curriculum recorded a run
    marked: str | None  # the status written ("failed", "stopped"), or None when the run had already ended
    db_url: str | None = None  # where the run is recorded, when it was marked


def run_verl(overrides: list[str], *, module: str = VERL_MAIN) -> Ended:
    """Run ``python -m module OVERRIDES +data.rlve_run_file=...`` here, wait for it, record how it ended in the
    database the run was recorded in (the file says which: ``+data.rlve_db`` may have changed it).

    Ctrl-C reaches verl from the terminal (both are in its process group); SIGTERM to this process is passed on
    to verl, and this process waits for verl to stop either way.
    """
    with tempfile.TemporaryDirectory(prefix="rlve-verl-") as folder:
        run_file = Path(folder) / "run_id"
        command = [sys.executable, "-m", module, *overrides, f"+data.rlve_run_file={run_file}"]
        child = subprocess.Popen(command)
        previous = signal.signal(signal.SIGTERM, lambda signum, _frame: child.send_signal(signum))
        try:
            code = _wait(child)
        finally:
            signal.signal(signal.SIGTERM, previous)
        run_id, db_url = read_run_file(run_file)
    if run_id is None or code == 0:
        return Ended(code, run_id, None)
    status = "stopped" if code in STOP_CODES else "failed"
    marked = status if mark_if_running(db_url, run_id, status, how_it_ended(code)) else None
    return Ended(code, run_id, marked, db_url)


def read_run_file(path: Path) -> tuple[str | None, str | None]:
    """(run id, database URL) as rlve's live curriculum wrote them; (None, None) when it wrote nothing."""
    try:
        written = json.loads(path.read_text())
        return str(written["run_id"]), str(written["db"])
    except (OSError, ValueError, KeyError, TypeError):
        return None, None


def _wait(child: subprocess.Popen) -> int:
    """verl's exit code. A Ctrl-C in the terminal reaches verl too, which then stops: wait for it. If verl is
    still running 10 s later, only this process was interrupted (``kill -INT``): pass the interrupt on."""
    while True:
        try:
            return child.wait()
        except KeyboardInterrupt:
            try:
                return child.wait(timeout=10)
            except (subprocess.TimeoutExpired, KeyboardInterrupt):
                child.send_signal(signal.SIGINT)


def how_it_ended(code: int) -> str:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"verl's main_ppo was ended by {name}"
    return f"verl's main_ppo exited with code {code}"


def mark_if_running(db_url: str, run_id: str, status: str, error: str) -> bool:
    """Record ``status`` for ``run_id`` unless it has already ended (finished, failed or stopped); True if written."""
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(db_url, create=False)
    try:
        return store.end_if_running(engine, run_id, status, error=error)
    finally:
        engine.dispose()
