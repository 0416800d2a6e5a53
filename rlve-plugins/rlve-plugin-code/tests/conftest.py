"""Shared helpers for the code pack's tests."""

from __future__ import annotations

import os
import stat
import tempfile

import pytest

from rlve_plugin_code.implement_function import ImplementFunction
from rlve_plugin_code.sandbox import Limits
from rlve_plugin_code.sandbox.runner import UID_RANGE

#: Short limits: escape attempts that loop or sleep should cost about a second each.
FAST = Limits(wall_seconds=1.5, cpu_seconds=1)


class FastImplementFunction(ImplementFunction):
    """code/implement_function with short limits, for escape attempts against a real problem."""

    limits = FAST


def answer(text: str) -> str:
    return f"<answer>{text}</answer>"


def _sandbox_processes() -> list[int]:
    """Pids of live sandbox children: a throw-away uid, or the harness's command line, whatever the uid."""
    pids = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status") as handle:
                fields = dict(line.split(":", 1) for line in handle if ":" in line)
            with open(f"/proc/{entry.name}/cmdline", "rb") as handle:
                command = handle.read()
        except OSError:
            continue
        if fields.get("State", "").strip().startswith("Z"):
            continue
        uid = int(fields.get("Uid", "0").split()[0])
        if UID_RANGE[0] <= uid < UID_RANGE[1] or b"rlve_plugin_code/sandbox/harness.py" in command:
            pids.append(int(entry.name))
    return pids


@pytest.fixture
def problem():
    """A real code/implement_function problem with a list-returning or int-returning function."""
    return FastImplementFunction().sample(4, 11)


@pytest.fixture
def fast_env():
    return FastImplementFunction()


@pytest.fixture
def sandbox_processes():
    """A function listing live processes that run as a sandbox uid (to check nothing is left behind)."""
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
