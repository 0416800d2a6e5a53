"""Plain helpers shared by the code pack's tests (fixtures are in ``conftest.py``).

``conftest.py`` registers this file as the module ``code_test_helpers`` (tests write
``from code_test_helpers import tag``): every pack keeps its own ``tests/helpers.py``, and a plain
``import helpers`` would find whichever pack's copy came first when all packs' tests run in one session.
"""

from __future__ import annotations

import ctypes
import os
import sys

from rlve_plugin_code.environments.implement_function import ImplementFunction
from rlve_plugin_code.sandbox import Limits

#: Short limits: answers that are wrong anyway (escape attempts that loop or sleep) cost about a second each.
FAST = Limits(wall_seconds=1.5, cpu_seconds=1)


def fast(cls):
    """An instance of the environment class ``cls`` with ``FAST`` sandbox limits."""
    return type(cls.__name__, (cls,), {"limits": FAST})()


class FastImplementFunction(ImplementFunction):
    """code/implement_function with short limits, for escape attempts against a real problem."""

    limits = FAST


def tag(text: str) -> str:
    """``text`` as a model response: in answer tags."""
    return f"<answer>{text}</answer>"


PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    """Orphans of this process's descendants are re-parented here instead of to init, so a process a
    sandbox left behind is still found among our descendants after its parent died."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def live_descendants(root: int) -> list[int]:
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


def sandbox_processes() -> list[int]:
    """Live processes this test process started, directly or not: sandboxes and what they forked."""
    return live_descendants(os.getpid())
