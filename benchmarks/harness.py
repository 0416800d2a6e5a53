"""The benchmark harness: every case measures rlve and a peer in the same run and prints the ratio.

A benchmark module is a file ``benchmarks/bench_<topic>.py`` with ``def run(report): ...``; each call
``report(case, ours, peer, peer_name, unit)`` records one comparison. Units ending in ``/s`` are
throughputs (higher is better); any other unit (``s``, ``s/step``, ``ms``) is a time (lower is better).
The ratio is always ours / peer, with its direction printed beside it, plus both absolute figures.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Options:
    """What ``run.py`` was asked for, read by the modules that care (each says which in its docstring).

    quick: fewer seeds and levels (also ``RLVE_BENCH_QUICK=1``), for a first look; write_readmes: the speed
    case writes its tables into the pack READMEs; packs: measure only these packs (id prefixes), all when empty.
    """

    quick: bool = False
    write_readmes: bool = False
    packs: tuple[str, ...] = ()

    @classmethod
    def from_environment(cls, **given) -> Options:
        quick = given.pop("quick", False) or os.environ.get("RLVE_BENCH_QUICK", "") not in ("", "0")
        return cls(quick=quick, **given)


@dataclass
class Row:
    case: str
    ours: float
    peer: float | None
    peer_name: str
    unit: str
    note: str = ""
    #: Figures behind the row (per level, say) that the JSON keeps and the printed line leaves out.
    detail: dict = field(default_factory=dict)

    @property
    def higher_is_better(self) -> bool:
        return self.unit.endswith("/s")

    @property
    def ratio(self) -> float | None:
        if self.peer in (None, 0) or self.ours == 0:
            return None
        return self.ours / self.peer


class Report:
    def __init__(self, options: Options | None = None) -> None:
        self.rows: list[Row] = []
        self.options = options or Options()

    def __call__(
        self,
        case: str,
        ours: float,
        peer: float | None,
        peer_name: str,
        unit: str = "/s",
        note: str = "",
        detail: dict | None = None,
    ):
        row = Row(case, ours, peer, peer_name, unit, note, detail or {})
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
    """Calls per CPU second of ``fn(i)`` for i = 0, 1, 2, ... over at least ``min_seconds`` of CPU time.

    CPU time of this process (all threads), not wall time: the benchmarks share 2 cores with other work.
    """
    fn(0)  # warm-up: imports, caches
    calls, start = 0, time.process_time()
    while True:
        fn(calls + 1)
        calls += 1
        elapsed = time.process_time() - start
        if (elapsed >= min_seconds or calls >= max_calls) and elapsed > 0:
            return calls / elapsed


def worst_seconds(fn: Callable[[int], object], calls: int) -> float:
    """The slowest of ``calls`` calls of ``fn(i)``, in CPU seconds."""
    worst = 0.0
    for i in range(calls):
        start = time.process_time()
        fn(i)
        worst = max(worst, time.process_time() - start)
    return worst
