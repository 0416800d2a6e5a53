"""One process trains a run at a time: an exclusive lock file in the run's folder.

``flock`` locks belong to the open file and vanish when the process ends, however it ends, so a run
killed with SIGKILL can be resumed at once, while ``--resume`` of a run another process is still
training is refused instead of both writing the same checkpoints and history rows.
"""

from __future__ import annotations

import os
from pathlib import Path

from rlve.errors import RlveError

LOCK_FILE = "run.lock"


class RunLock:
    def __init__(self, run_dir: str | Path, run_id: str):
        self.path = Path(run_dir) / LOCK_FILE
        self.run_id = run_id
        self._handle = None

    def acquire(self) -> RunLock:
        try:
            import fcntl
        except ImportError:  # Windows: no flock; resuming a running run is not guarded there
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            handle.close()
            raise RlveError(
                f"run {self.run_id} is being trained by another process (pid {holder}); "
                "wait for it to finish or stop it, then resume"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._handle = handle
        return self

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the lock
            self._handle = None
