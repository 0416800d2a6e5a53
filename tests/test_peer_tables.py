"""The pack READMEs' peer tables are rendered from benchmark rows: one line per (environment, peer), the ratio at
each level or why there is none, and what the probe found about the peer's checker."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import peer_tables  # noqa: E402


def row(case, ours, peer, name, note=""):
    return {"case": case, "ours": ours, "peer": peer, "peer_name": name, "unit": "/s", "note": note,
            "ratio": None if peer is None else ours / peer}


ROWS = [
    row("logic/jugs d=0 (5 capacity) generate", 100.0, None, "rg jugs", "peer failed with num_jugs=2: AssertionError"),
    row("logic/jugs d=5 (9 capacity) generate", 100.0, 50.0, "rg jugs", "peer sized: num_jugs=3"),
    row("logic/jugs d=5 (9 capacity) verify answer", 10.0, 40.0, "rg jugs", "peer's equivalence not probed (x)"),
    row("logic/jugs d=10 (15 capacity) generate", 100.0, 400.0, "rg jugs", "peer sized: num_jugs=3"),
    row("logic/jugs d=10 (15 capacity) verify answer", 10.0, 20.0, "rg jugs",
        "peer checks answers: it accepted a valid non-reference answer"),
    row("logic/jugs d=20 (25 capacity) generate", 100.0, None, "rg jugs", "sizes not matched: it has no knob for 25"),
    row("logic/jugs worst generation d=30", 1.0, None, "(absolute)"),
    row("logic/grid d=0 (4 cells) generate", 100.0, None, "RLVE-Gym Grid", "sizes not matched: random sides"),
    row("logic/grid d=0 (4 cells) verify response", 10.0, None, "RLVE-Gym Grid",
        "peer only compares strings: it rejected a valid non-reference answer; no ratio (peer 9/s)"),
]


def test_each_level_gets_its_ratio_or_the_reason_there_is_none():
    lines = {(line.env_id, line.peer): line for line in peer_tables.collect(ROWS)}
    jugs = lines[("logic/jugs", "rg jugs")]
    assert jugs.generate == {0: "peer failed", 5: 2.0, 10: 0.25, 20: "not matched"}
    assert jugs.verify == [0.5]  # only where the peer was shown to check any valid answer
    table = peer_tables.render(ROWS, "a test")
    line = next(text for text in table.splitlines() if text.startswith("| jugs |"))
    # the probe's finding at one size holds for the task, so "checks any valid answer" wins over "not probed"
    assert "| peer failed | 2x | 0.25x | not matched | 0.5x (peer checks any valid answer) |" in line
    assert "peer failed with num_jugs=2: AssertionError; it has no knob for 25" in line
    grid = next(text for text in table.splitlines() if text.startswith("| grid |"))
    assert "| - (peer compares strings: no ratio) | random sides |" in grid


def test_the_section_is_replaced_in_place_and_added_once():
    readme = "# pack\n\nintro\n"
    first = peer_tables.with_section(readme, "table one\n")
    assert first.count(peer_tables.HEADING) == 1 and "table one" in first
    second = peer_tables.with_section(first + "\n## Later section\n", "table two\n")
    assert "table one" not in second and "table two" in second
    assert second.count(peer_tables.HEADING) == 1 and second.rstrip().endswith("## Later section")
    with pytest.raises(ValueError, match="end marker"):
        peer_tables.with_section(first.replace(peer_tables.END, ""), "x\n")
