"""The live display of ``rlve eval``: a status line per environment that follows the level being scored.

On a terminal the status line (environment, level, problems scored so far out of the level's budget,
running accuracy) is rewritten in place after every chunk, and each decided level or frontier is printed
on a line of its own above it, so a long level is never silent. Anywhere else (a log file, CI) only the
decided lines are written, one per level, as before.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rlve_trainer.evaluation.frontier import RunningLevel


class EvalProgress:
    def __init__(self, width: int, stream: TextIO | None = None, enabled: bool = True):
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.live = enabled and self.stream.isatty()
        self.width = width
        self._status = ""

    def chunk(self, env_id: str, running: RunningLevel) -> None:
        """The running tally of the level being scored: rewritten in place on a terminal."""
        if not self.live:
            return
        self._write_status(
            f"  {env_id.ljust(self.width)}  d={running.difficulty:<5} {running.used}/{running.problems} problems, "
            f"{running.correct}/{running.answers} right = {running.accuracy:.2f} so far"
        )

    def line(self, text: str) -> None:
        """A line of its own (a decided level, a frontier), printed above the status line."""
        if not self.enabled:
            return
        self.close()
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Clear the status line (before a line of its own, or when the evaluation is interrupted)."""
        if self._status:
            self.stream.write("\r" + " " * len(self._status) + "\r")
            self.stream.flush()
            self._status = ""

    def _write_status(self, text: str) -> None:
        padding = " " * max(0, len(self._status) - len(text))
        self.stream.write("\r" + text + padding)
        self.stream.flush()
        self._status = text
