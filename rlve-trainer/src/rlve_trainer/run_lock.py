"""One process trains a run at a time: an exclusive lock file in the run's folder.

``flock`` locks belong to the open file and vanish when the process ends, however it ends, so a run
killed with SIGKILL can be resumed at once, while ``--resume`` of a run another process is still
training is refused instead of both writing the same checkpoints and history rows.

``release`` deletes the file (while still holding the lock), so a finished or stopped run leaves no
``run.lock`` behind; a killed one leaves it, unlocked, and the next ``acquire`` reuses it. Deleting a
lock file opens a gap that ``acquire`` closes: a process that opened the file just before another
deleted it would lock a file nobody else can see any more, so after locking, ``acquire`` checks that
the path still names the file it locked, and starts again if not.
"""

from __future__ import annotations

import os
from pathlib import Path

from rlve.errors import RlveError

LOCK_FILE = "run.lock"


class RunLock:
    def __init__(self, run_dir: str | Path, run_id: str, kind: str = "run"):
        self.path = Path(run_dir) / LOCK_FILE
        self.run_id = run_id
        self.kind = kind  # "run", or "ablation" for the folder of a whole ablation
        self._handle = None

    def acquire(self) -> RunLock:
        try:
            import fcntl
        except ImportError:  # Windows: no flock; resuming a running run is not guarded there
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            handle = open(self.path, "a+")
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.seek(0)
                holder = handle.read().strip() or "unknown"
                handle.close()
                raise RlveError(
                    f"{self.kind} {self.run_id} is being trained by another process (pid {holder}); "
                    "wait for it to finish or stop it, then resume"
                ) from None
            if self._still_at_path(handle):
                break
            handle.close()  # its holder released and deleted it between our open and our lock: again
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._handle = handle
        return self

    def _still_at_path(self, handle) -> bool:
        try:
            on_disk = os.stat(self.path)
        except FileNotFoundError:
            return False
        held = os.fstat(handle.fileno())
        return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)

    def release(self) -> None:
        if self._handle is not None:
            if self._still_at_path(self._handle):
                # While still locked: whoever opens the path from now on gets a new file.
                self.path.unlink(missing_ok=True)
            self._handle.close()  # closing the file drops the lock
            self._handle = None


def lock_state(run_dir: str | Path) -> str:
    """Whether a process on this machine trains the run in ``run_dir``, as its lock file tells: "held"; "free"
    (the file is there but nobody holds it: the process ended without removing it, killed or out of memory); or
    "unknown" (no lock file here: the run trains on another machine, was not started by ``rlve train``, or ended
    and removed it). Takes a shared lock for an instant, never creates the file."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock
        return "unknown"
    try:
        handle = open(Path(run_dir) / LOCK_FILE)
    except OSError:
        return "unknown"
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return "held"
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    return "free"
