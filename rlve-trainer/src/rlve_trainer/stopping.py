"""SIGTERM stops a run like Ctrl-C: ``Terminated`` (a KeyboardInterrupt) is raised in the main thread, so the
run is marked ``stopped``, keeps every step it reported done, and can be resumed.

SIGTERM is what ``kill``, ``docker stop``, ``systemd`` and most schedulers send.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so a run stops as on Ctrl-C: marked ``stopped``, rows kept."""


@contextmanager
def sigterm_stops_the_run() -> Iterator[None]:
    """While training, SIGTERM raises Terminated in the main thread (once; a second one is ignored while
    the run records its stop). Outside the main thread (nothing can be installed there) it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    fired: list[int] = []

    def handler(signum, _frame) -> None:
        if not fired:
            fired.append(signum)
            raise Terminated(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
