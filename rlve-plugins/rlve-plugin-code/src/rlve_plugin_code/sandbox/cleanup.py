"""Leaving the machine as it was: killing a run's stray processes and removing its files."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import sys
import time

#: Where a process that escaped the filesystem restriction could still have written.
WORLD_WRITABLE_DIRS = ("/tmp", "/var/tmp", "/dev/shm")


def _real_uid_and_state(pid: str) -> tuple[int, str] | None:
    try:
        with open(f"/proc/{pid}/status", "rb") as handle:
            text = handle.read(4096).decode("ascii", "replace")
    except OSError:
        return None
    uid, state = None, ""
    for line in text.splitlines():
        if line.startswith("Uid:"):
            uid = int(line.split()[1])
        elif line.startswith("State:"):
            state = line.split()[1]
    return (uid, state) if uid is not None else None


def kill_user_processes(uid: int, rounds: int = 20) -> int:
    """SIGKILL every live process whose real uid is ``uid``, until none is left; return how many.

    Only ever called with a sandbox's own throw-away uid, which nothing else on the machine uses. This
    catches what ``killpg`` misses: processes that left the group with ``setsid()``.
    """
    if uid == 0 or uid == os.getuid() or not os.path.isdir("/proc"):
        return 0
    killed = 0
    for _ in range(rounds):
        found = False
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            info = _real_uid_and_state(entry.name)
            if info is None or info[0] != uid or info[1] in ("Z", "X"):
                continue
            found = True
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        if not found:
            break
        time.sleep(0.005)  # SIGKILL is asynchronous: let them die before looking again
    return killed


def remove_user_files(uid: int) -> None:
    """Delete top-level entries owned by ``uid`` in the world-writable folders (used without Landlock)."""
    if uid == 0 or uid == os.getuid():
        return
    for directory in WORLD_WRITABLE_DIRS:
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    remove_tree(entry.path)
                else:
                    os.unlink(entry.path)
            except OSError:
                continue


def remove_tree(path: str) -> None:
    """rmtree that also gets through folders the child made unreadable (chmod 000).

    Permissions are only ever changed on real folders inside ``path`` (never on ``path``'s parent,
    never through a symbolic link), so a failure can never loosen or tighten anything outside.
    """
    root = os.path.realpath(path)

    def inside(candidate: str) -> bool:
        if os.path.islink(candidate) or not os.path.isdir(candidate):
            return False
        real = os.path.realpath(candidate)
        return real == root or real.startswith(root + os.sep)

    def make_writable_and_retry(function, failed_path, _error):
        for folder in (os.path.dirname(failed_path), failed_path):
            if inside(folder):
                try:
                    os.chmod(folder, stat.S_IRWXU)
                except OSError:
                    pass
        if function in (os.rmdir, os.unlink, os.remove):  # a failed listing is retried by the next pass
            try:
                function(failed_path)
            except OSError:
                pass

    for _ in range(3):
        if not os.path.lexists(path):
            return
        if sys.version_info >= (3, 12):
            shutil.rmtree(path, onexc=make_writable_and_retry)
        else:
            shutil.rmtree(path, onerror=make_writable_and_retry)
