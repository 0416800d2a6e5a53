"""Timing code under test by the CPU time it spends, not by the wall clock of a shared machine.

A time limit in a test or a conformance check must not fail because other processes share the CPUs:
on 2 cores with 4 CPU-bound neighbours, healthy code takes 3x its usual wall time. CPU time does not
grow with such load, yet a hang, a quadratic blow-up or a 100x slowdown still shows in it. So every
time limit of the conformance kit, and of the tests of rlve and its packs, reads::

    from rlve.testing import cpu_timer

    with cpu_timer() as spent:
        env.sample(100, 0)
    assert spent.cpu < 1.0, spent          # the message shows CPU and wall time

What is counted: every thread of this process, plus child processes that ended and were waited for
during the measurement (``resource.getrusage(RUSAGE_CHILDREN)``), which covers environments whose
verification runs a sandboxed child. Not counted: time spent blocked (sleeping, waiting for I/O, for
a lock, or for a process that is not a waited-for child of this one). A step that blocks for good is
caught by the kit's per-step watchdog instead (``rlve.testing.runner``); how fast things are on the
wall clock is a benchmark's question (``nox -s bench``), not a test's.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

try:
    import resource
except ImportError:  # pragma: no cover - Windows: no child accounting, this process only
    resource = None  # type: ignore[assignment]


def cpu_time() -> float:
    """CPU seconds (user + system) used so far by this process, all threads, and its waited-for children."""
    spent = time.process_time()
    if resource is not None:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent += children.ru_utime + children.ru_stime
    return spent


def format_seconds(seconds: float) -> str:
    if seconds < 1.0:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


@dataclass
class Spent:
    """What one measured block cost: ``cpu`` (what limits compare) and ``wall`` (shown, never judged)."""

    cpu: float = 0.0
    wall: float = 0.0

    def __str__(self) -> str:
        return f"{format_seconds(self.cpu)} of CPU time ({format_seconds(self.wall)} wall)"


@contextmanager
def cpu_timer() -> Iterator[Spent]:
    """Measure the block: the yielded ``Spent`` is filled in when it ends, also when it raises.

    The cyclic garbage collector is paused inside the block, as ``timeit`` does: a collection of garbage that
    other code left behind (in a test run of thousands of tests, a full collection can take 100 ms) would
    otherwise be charged to whatever happened to be measured.
    """
    spent = Spent()
    collecting = gc.isenabled()
    gc.disable()
    cpu_start, wall_start = cpu_time(), time.perf_counter()
    try:
        yield spent
    finally:
        spent.cpu = cpu_time() - cpu_start
        spent.wall = time.perf_counter() - wall_start
        if collecting:
            gc.enable()
