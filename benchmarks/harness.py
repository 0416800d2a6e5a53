"""The benchmark harness: every case measures rlve and a peer in the same run and prints the ratio.

A benchmark module is a file ``benchmarks/bench_<topic>.py`` with ``def run(report): ...``; each call
``report(case, ours, peer, peer_name, unit)`` records one comparison. Units ending in ``/s`` are
throughputs (higher is better); any other unit (``s``, ``s/step``, ``ms``) is a time (lower is better).
The ratio is always ours / peer, with its direction printed beside it, plus both absolute figures.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass


@dataclass
class Row:
    case: str
    ours: float
    peer: float | None
    peer_name: str
    unit: str
    note: str = ""

    @property
    def higher_is_better(self) -> bool:
        return self.unit.endswith("/s")

    @property
    def ratio(self) -> float | None:
        if self.peer in (None, 0) or self.ours == 0:
            return None
        return self.ours / self.peer


class Report:
    def __init__(self) -> None:
        self.rows: list[Row] = []

    def __call__(self, case: str, ours: float, peer: float | None, peer_name: str, unit: str = "/s", note: str = ""):
        row = Row(case, ours, peer, peer_name, unit, note)
        self.rows.append(row)
        print(format_row(row), flush=True)

    def dump_json(self) -> str:
        return json.dumps([asdict(row) | {"ratio": row.ratio} for row in self.rows], indent=2)


def format_row(row: Row) -> str:
    peer = f"{row.peer:12.4g}" if row.peer is not None else f"{'-':>12}"
    if row.ratio is None:
        ratio = "      n/a"
    else:
        direction = "higher is better" if row.higher_is_better else "lower is better"
        ratio = f"{row.ratio:8.2f}x ({direction})"
    line = f"{row.case:<46} ours {row.ours:12.4g} {row.unit:<8} {row.peer_name:<22} {peer} {row.unit:<8} ratio {ratio}"
    return line + (f"  [{row.note}]" if row.note else "")


def per_second(fn: Callable[[int], object], *, min_seconds: float = 0.5, max_calls: int = 1_000_000) -> float:
    """Calls per second of ``fn(i)`` for i = 0, 1, 2, ... over at least ``min_seconds``."""
    fn(0)  # warm-up: imports, caches
    calls, start = 0, time.perf_counter()
    while True:
        fn(calls + 1)
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds or calls >= max_calls:
            return calls / elapsed


def worst_seconds(fn: Callable[[int], object], calls: int) -> float:
    """The slowest of ``calls`` calls of ``fn(i)``, in seconds."""
    worst = 0.0
    for i in range(calls):
        start = time.perf_counter()
        fn(i)
        worst = max(worst, time.perf_counter() - start)
    return worst
