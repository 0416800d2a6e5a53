"""Running many jobs at once: a thread pool whose threads each drive one sandboxed child process.

Threads are the right tool here: each one spends its time waiting on a child's pipes, and the
children run in parallel on every core.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from rlve_plugin_code.sandbox.results import Job, RunResult
from rlve_plugin_code.sandbox.runner import run

T = TypeVar("T")
R = TypeVar("R")


class SandboxPool:
    """``max_workers`` children at a time (default: one per CPU)."""

    def __init__(self, max_workers: int | None = None):
        self.max_workers = max_workers or os.cpu_count() or 1
        self._executor = ThreadPoolExecutor(self.max_workers, thread_name_prefix="rlve-sandbox")

    def submit(self, job: Job) -> Future[RunResult]:
        return self._executor.submit(run, job)

    def run_many(self, jobs: Iterable[Job]) -> list[RunResult]:
        """Run every job, in parallel; results come back in the order of ``jobs``."""
        return list(self._executor.map(run, jobs))

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> list[R]:
        """Apply ``function`` (which may run jobs itself) to every item on the pool's threads."""
        return list(self._executor.map(function, items))

    def close(self) -> None:
        self._executor.shutdown(wait=True)

    def __enter__(self) -> SandboxPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


_default: SandboxPool | None = None
_default_lock = threading.Lock()


def default_pool() -> SandboxPool:
    """The process-wide pool, made on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = SandboxPool()
        return _default


def run_many(jobs: Iterable[Job], max_workers: int | None = None) -> list[RunResult]:
    """Run ``jobs`` in parallel and return their results in order."""
    if max_workers is None:
        return default_pool().run_many(jobs)
    with SandboxPool(max_workers) as pool:
        return pool.run_many(jobs)
