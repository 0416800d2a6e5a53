"""The "Against the peers" section of a pack README, rendered from a benchmark run's JSON rows.

    python benchmarks/run.py logic --json logic.json     # measure (reasoning-gym and rlve-gym installed)
    python benchmarks/peer_tables.py logic.json          # write the logic README's table from those rows

Each pack module (``bench_<pack>.py``) sizes every peer task to our problem at d = 0, 5, 10 and 20 (``envs.py``).
This turns its rows into one line per (environment, peer): the generation ratio at each level, or why there is
none (sizes not matched, the peer failed or timed out at that size), and the verification ratio with what the
probe found about the peer's checker. The figures are measurements, so like the Speed table they sit between
their own markers, and only this command writes them. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

COMMAND = "python benchmarks/peer_tables.py RUN.json"
START = f"<!-- peer table written by: {COMMAND} -->"
END = "<!-- end of peer table -->"
HEADING = "## Against the peers"
LEVELS = (0, 5, 10, 20)
CASE = re.compile(r"^(?P<env>\S+) d=(?P<level>\d+) \((?P<size>.*)\) (?P<what>generate|verify answer|verify response)$")
ROOT = Path(__file__).resolve().parents[1]


@dataclass
class PeerLine:
    """One environment against one peer task, over the levels measured."""

    env_id: str
    peer: str
    generate: dict[int, float | str] = field(default_factory=dict)  # level -> ratio, or why there is none
    sizes: dict[int, str] = field(default_factory=dict)  # level -> our size there ("45 empty cells")
    verify: list[float] = field(default_factory=list)
    verify_notes: set[str] = field(default_factory=set)
    reasons: list[str] = field(default_factory=list)  # why levels have no ratio, distinct, in the run's words


def collect(rows: list[dict]) -> list[PeerLine]:
    """The JSON rows of ``run.py --json`` grouped per (environment, peer), in the order they were measured."""
    lines: dict[tuple[str, str], PeerLine] = {}
    for row in rows:
        match = CASE.match(row["case"])
        if match is None or row["peer_name"] in ("(absolute)", "-"):
            continue
        env_id, level = match["env"], int(match["level"])
        line = lines.setdefault((env_id, row["peer_name"]), PeerLine(env_id, row["peer_name"]))
        note = row.get("note") or ""
        if match["what"] == "generate":
            line.sizes[level] = match["size"]
            line.generate[level] = row["ratio"] if row["ratio"] is not None else _why_none(note)
            reason = note.removeprefix("sizes not matched: ").split(" (seed")[0]
            if row["ratio"] is None and reason and reason not in line.reasons:
                line.reasons.append(reason)
        else:
            # A verification ratio means something only against a peer that checks equivalently (it accepted a
            # valid answer other than its reference); runs before the harness said so still carry the others.
            if row["ratio"] is not None and _checker(note) == CHECKER_FINDINGS[0]:
                line.verify.append(row["ratio"])
            line.verify_notes.add(_checker(note))
    return list(lines.values())


def _why_none(note: str) -> str:
    if note.startswith("sizes not matched"):
        return "not matched"
    if note.startswith("peer failed") or note.startswith("peer not run"):
        return "peer failed"
    if "has no task" in note:
        return "no such task"
    return "n/a"


CHECKER_FINDINGS = (
    "peer checks any valid answer",
    "peer compares strings: no ratio",
    "peer's checker not probed: no ratio",
)


def _checker(note: str) -> str:
    if "peer checks answers" in note:
        return CHECKER_FINDINGS[0]
    if "only compares strings" in note:
        return CHECKER_FINDINGS[1]
    return CHECKER_FINDINGS[2]


def _ratio(value: float) -> str:
    return f"{value:.2g}x" if value < 10 else f"{value:.0f}x"


def render(rows: list[dict], measured_on: str) -> str:
    """The text between the markers (without them)."""
    out = [
        f"Measured on {measured_on}: generations (and verifications) per second, ours / the peer's, each peer",
        "configured to the size of our problem at that level (reasoning-gym's config, RLVE-Gym's size parameters)",
        "in the same run; above 1x we are faster. \"not matched\": the peer has no knob for that size or poses",
        "another task there (the last column says why); \"peer failed\": it errored or timed out at that size.",
        "Verification is compared only with peers shown to check any valid answer, as ours do (a probe gives",
        "them a valid answer other than their reference); the column says what the probe found.",
        f"Regenerate with `python benchmarks/run.py PACK --json RUN.json` then `{COMMAND}`.",
        "",
        "| ours | peer | " + " | ".join(f"d = {level}" for level in LEVELS) + " | verification | why no ratio |",
        "| --- | --- | " + " | ".join("---:" for _ in LEVELS) + " | --- | --- |",
    ]
    for line in collect(rows):
        cells = []
        for level in LEVELS:
            value = line.generate.get(level)
            cells.append("-" if value is None else _ratio(value) if isinstance(value, float) else value)
        if line.verify:
            low, high = min(line.verify), max(line.verify)
            verify = _ratio(low) if _ratio(low) == _ratio(high) else f"{_ratio(low)}-{_ratio(high)}"
        else:
            verify = "-"
        if line.verify_notes:  # a probe's finding at one size holds for the task: the most informative one wins
            verify += f" ({min(line.verify_notes, key=CHECKER_FINDINGS.index)})"
        why = "; ".join(line.reasons).replace("|", "/")
        name = line.env_id.split("/", 1)[1]
        out.append(f"| {name} | {line.peer} | " + " | ".join(cells) + f" | {verify} | {why} |")
    return "\n".join(out) + "\n"


def with_section(readme: str, body: str) -> str:
    """``readme`` with its peer table replaced, or an "Against the peers" section added at its end."""
    block = f"{START}\n\n{body}\n{END}"
    start = readme.find(START)
    if start == -1:
        return f"{readme.rstrip()}\n\n{HEADING}\n\n{block}\n"
    end = readme.find(END, start)
    if end == -1:
        raise ValueError(f"the README has `{START}` but no `{END}` after it: restore the end marker")
    return readme[:start] + block + readme[end + len(END) :]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="+", help="JSON files written by `python benchmarks/run.py PACK --json FILE`")
    parser.add_argument("--measured-on", default="the 2-core CI machine, one run", help="where the run was measured")
    args = parser.parse_args()
    rows = []
    for path in args.runs:
        try:
            rows += json.loads(Path(path).read_text())
        except (OSError, ValueError) as error:
            parser.error(f"{path}: cannot read the benchmark rows ({error}); write them with run.py --json")
    packs = sorted({line.env_id.split("/", 1)[0] for line in collect(rows)})
    if not packs:
        parser.error("no peer comparison rows in the given files: run `python benchmarks/run.py PACK --json FILE`")
    for pack in packs:
        readme = ROOT / "rlve-plugins" / f"rlve-plugin-{pack}" / "README.md"
        mine = [row for row in rows if row["case"].startswith(f"{pack}/")]
        readme.write_text(with_section(readme.read_text(), render(mine, args.measured_on)))
        print(f"wrote the peer table of {readme.relative_to(ROOT)} ({len(collect(mine))} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
