"""Batched history writes off the training hot path: a background thread drains a queue of rows.

The reward function and callbacks only ``add`` rows (a queue put). The thread inserts whatever has
accumulated in one transaction per table. ``flush`` blocks until every row added before it is committed:
the trainer calls it at the end of each step, before reporting the step done, so a step reported done
is a step in the database even if the process is killed the next instant.
"""

from __future__ import annotations

import queue
import threading
from collections import defaultdict
from typing import Any

from sqlalchemy import Table
from sqlalchemy.engine import Engine

_STOP = object()


class HistoryWriter:
    def __init__(self, engine: Engine, max_batch: int = 5000):
        self.engine = engine
        self.max_batch = max_batch
        self._queue: queue.Queue = queue.Queue()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="rlve-history-writer", daemon=True)
        self._thread.start()

    def add(self, table: Table, row: dict[str, Any]) -> None:
        self._queue.put((table, row))

    def add_many(self, table: Table, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self._queue.put((table, row))

    def flush(self, timeout: float | None = 120.0) -> None:
        """Wait until every row added so far is committed; re-raise a failure of the writer thread."""
        done = threading.Event()
        self._queue.put(done)
        if not done.wait(timeout):
            raise TimeoutError(f"the history writer did not commit within {timeout} s")
        self._raise_if_failed()

    def close(self) -> None:
        if self._thread.is_alive():
            self._queue.put(_STOP)
            self._thread.join(timeout=120)
        self._raise_if_failed()

    def _raise_if_failed(self) -> None:
        if self._error is not None:
            error, self._error = self._error, None
            raise RuntimeError(f"writing the training history failed: {error}") from error

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            pending: dict[Table, list[dict[str, Any]]] = defaultdict(list)
            markers: list[threading.Event] = []
            stop = False
            count = 0
            # Take everything already queued, up to a batch, so one transaction carries many rows.
            while True:
                if item is _STOP:
                    stop = True
                elif isinstance(item, threading.Event):
                    markers.append(item)
                else:
                    pending[item[0]].append(item[1])
                    count += 1
                if stop or count >= self.max_batch:
                    break
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            if pending:
                try:
                    with self.engine.begin() as connection:
                        for table, rows in pending.items():
                            connection.execute(table.insert(), rows)
                except BaseException as error:  # noqa: BLE001 - reported to the trainer on the next flush
                    self._error = error
            for marker in markers:
                marker.set()
            if stop:
                return
