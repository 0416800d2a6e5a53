"""Shared helpers for the code pack's tests."""

from __future__ import annotations

import ctypes
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

import pytest

from rlve_plugin_code.implement_function import ImplementFunction
from rlve_plugin_code.sandbox import Limits

#: Short limits: escape attempts that loop or sleep should cost about a second each.
FAST = Limits(wall_seconds=1.5, cpu_seconds=1)


class FastImplementFunction(ImplementFunction):
    """code/implement_function with short limits, for escape attempts against a real problem."""

    limits = FAST


def answer(text: str) -> str:
    return f"<answer>{text}</answer>"


PR_SET_CHILD_SUBREAPER = 36


def _become_subreaper() -> None:
    """Orphans of this process's descendants are re-parented here instead of to init, so a process a
    sandbox left behind is still found among our descendants after its parent died."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _live_descendants(root: int) -> list[int]:
    """Pids of live (not zombie) processes descended from ``root``: only what this test process started.

    Other people's processes on the machine, sandboxes of other test runs included, are never counted.
    """
    parents: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as handle:
                text = handle.read().decode("ascii", "replace")
        except OSError:
            continue
        # The command name (2nd field) may contain spaces and parentheses: fields follow the last ")".
        state, parent = text.rsplit(")", 1)[1].split()[:2]
        if state not in ("Z", "X"):
            parents[int(entry.name)] = int(parent)
    found, frontier = [], [root]
    while frontier:
        current = frontier.pop()
        children = [pid for pid, parent in parents.items() if parent == current]
        found += children
        frontier += children
    return sorted(found)


def _sandbox_processes() -> list[int]:
    """Live processes this test process started, directly or not: sandboxes and what they forked."""
    return _live_descendants(os.getpid())


@pytest.fixture
def canary():
    """A world-readable file in a folder anybody may enter, directly in the temporary folder (pytest's own
    folder is closed to other users): only the sandbox keeps the child out."""
    top = tempfile.mkdtemp(prefix="rlve-test-canary-")
    os.chmod(top, 0o755)
    folder = Path(top) / "parent-files"
    folder.mkdir()
    secret = folder / "expected_outputs.json"
    secret.write_text("SECRET-EXPECTED-OUTPUTS")
    os.chmod(folder, 0o777)
    os.chmod(secret, 0o666)
    yield secret
    shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def problem():
    """A real code/implement_function problem with a list-returning or int-returning function."""
    return FastImplementFunction().sample(4, 11)


@pytest.fixture
def fast_env():
    return FastImplementFunction()


@pytest.fixture
def sandbox_processes():
    """A function listing the live processes this test started (to check nothing is left behind)."""
    _become_subreaper()
    return _sandbox_processes


@pytest.fixture
def wrap():
    return answer


@pytest.fixture(autouse=True)
def shared_folders_keep_their_permissions():
    """No test, and no sandbox cleanup, may change the mode of /tmp or the other shared folders."""
    folders = sorted({tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"})
    before = {folder: stat.S_IMODE(os.stat(folder).st_mode) for folder in folders if os.path.isdir(folder)}
    yield
    after = {folder: stat.S_IMODE(os.stat(folder).st_mode) for folder in before}
    assert after == before
