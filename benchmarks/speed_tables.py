"""The Speed section of a pack README: rendered from measured figures, read back, written between its markers.

The environment table above it is generated from the code (``rlve envs list --markdown``) and checked by a test;
this one holds measurements, which no test can repeat, so it has its own markers and its own command::

    <!-- speed table written by: python benchmarks/run.py speed --write-readmes -->
    Measured on ... : CPU time on one core ...

    | id | generation median at d=30 (ms) | ...
    ...

    <!-- end of speed table -->

``tests/test_speed_tables.py`` checks only that every installed environment of the pack has a row (ids, not
figures). Standard library only, so that the test can import it without the peers installed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COMMAND = "python benchmarks/run.py speed --write-readmes"
START = f"<!-- speed table written by: {COMMAND} -->"
END = "<!-- end of speed table -->"
HEADING = "## Speed"
ROW_ID = re.compile(r"^\| `(?P<id>[^`]+)` \|", re.M)

MEDIAN_BAR_MS = 5.0
WORST_BAR_MS = 100.0
VERIFY_BAR_MS = 1.0


@dataclass(frozen=True)
class SpeedRow:
    """One environment's figures, in milliseconds of CPU time."""

    env_id: str
    median_at_top: float  # generation median at the highest level measured (d=30)
    largest_median: float
    largest_median_level: int
    worst: float
    worst_level: int
    verify: float | None  # None: not measured
    sandboxed: bool  # verification runs model code in the sandbox: not held to the verification bar
    reference_rejected: bool = False

    def over_bar(self) -> list[str]:
        """What is over the bar, in words; empty when the environment is within it."""
        over = []
        if self.largest_median > MEDIAN_BAR_MS:
            over.append(f"median {self.largest_median:.1f} ms at d={self.largest_median_level}")
        if self.worst > WORST_BAR_MS:
            over.append(f"worst {self.worst:.0f} ms at d={self.worst_level}")
        if self.verify is not None and not self.sandboxed and self.verify > VERIFY_BAR_MS:
            over.append(f"verification {self.verify:.2f} ms")
        if self.reference_rejected:
            over.append("its own reference answer was not accepted")
        return over


def render(rows: list[SpeedRow], measured_on: str, sampled: str) -> str:
    """The text between the markers (without them); ``sampled`` says what was generated ("12 seeds at ...")."""
    lines = [
        f"Measured on {measured_on}.",
        f"CPU time on one core; generation of {sampled}; verification of the reference answer inside a full",
        f"response. The bar: median generation at most {MEDIAN_BAR_MS:g} ms and worst at most {WORST_BAR_MS:g} ms at "
        f"every d <= 30, verification under {VERIFY_BAR_MS:g} ms",
        "median (verification in the sandbox, marked \"sandbox\", is measured but not held to it).",
        f"Regenerate with `{COMMAND}` (add `--pack PACK` for one pack).",
        "",
        "| id | generation median at d=30 (ms) | largest median, d<=30 (ms) | worst, d<=30 (ms) "
        "| verification median (ms) | within the bar |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for row in sorted(rows, key=lambda row: row.env_id):
        verify = "-" if row.verify is None else f"{row.verify:.3f}"
        if row.sandboxed and row.verify is not None:
            verify += " (sandbox)"
        over = row.over_bar()
        lines.append(
            f"| `{row.env_id}` | {row.median_at_top:.2f} | {row.largest_median:.2f} (d={row.largest_median_level}) "
            f"| {row.worst:.1f} (d={row.worst_level}) | {verify} | {'no: ' + '; '.join(over) if over else 'yes'} |"
        )
    return "\n".join(lines) + "\n"


def section(readme: str) -> str | None:
    """The text between the markers, or None when the README has no Speed table."""
    start = readme.find(START)
    if start == -1:
        return None
    end = readme.find(END, start)
    if end == -1:
        raise ValueError(f"the README has `{START}` but no `{END}` after it: restore the end marker")
    return readme[start + len(START) : end]


def ids_in(readme: str) -> list[str] | None:
    """The environment ids with a row in the Speed table, or None when there is none."""
    text = section(readme)
    return None if text is None else ROW_ID.findall(text)


def with_section(readme: str, rows: list[SpeedRow], measured_on: str, sampled: str) -> str:
    """``readme`` with its Speed table replaced, or a Speed section added at its end when it has none."""
    body = f"{START}\n\n{render(rows, measured_on, sampled)}\n{END}"
    if section(readme) is None:
        intro = (
            "How fast each environment generates and verifies: measured, not generated from the code, so the\n"
            "figures are as of the date below."
        )
        return f"{readme.rstrip()}\n\n{HEADING}\n\n{intro}\n\n{body}\n"
    start = readme.find(START)
    end = readme.find(END, start) + len(END)
    return readme[:start] + body + readme[end:]
