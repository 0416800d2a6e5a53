"""What a sandboxed run was asked to do (Job) and what came of it (RunResult)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from rlve_plugin_code.sandbox.limits import Limits

Mode = Literal["call", "regex", "sql"]

#: Every status a run can end in. Only ``completed`` means each input produced an outcome.
STATUSES = (
    "completed",  # the harness reported an outcome (value or error) for every input
    "syntax_error",  # the source does not compile (Python) or the pattern does not (regex)
    "load_error",  # running the module's top level raised (SystemExit included)
    "missing_entry",  # no object with the required name was defined
    "not_callable",  # the name exists but is not a function
    "bad_signature",  # the function cannot be called with the tests' arguments
    "timeout",  # wall-clock or CPU-time limit
    "crashed",  # the process ended before reporting every outcome (os._exit, a signal, out of memory)
    "output_limit",  # the result channel carried more than allowed
    "tampered",  # data on the result channel that the harness did not write
    "setup_error",  # the sandbox could not be started or confined: nothing ran
)


@dataclass(frozen=True)
class Job:
    """One unit of untrusted work.

    ``mode`` chooses what the harness does with ``source``:
      - ``call``: define the code, then call ``payload["entry"]`` with each list in ``payload["calls"]``
        (``payload["arity"]`` arguments each); each outcome is the return value or the exception.
      - ``regex``: compile the pattern, report ``fullmatch`` for each of ``payload["strings"]``.
      - ``sql``: run the query read-only on each script of ``payload["databases"]`` (fresh in-memory
        databases), with ``payload["max_rows"]`` and ``payload["max_steps"]`` bounds; each outcome is
        the list of rows.

    The payload holds inputs only, never expected outputs: the parent keeps those.
    """

    mode: Mode
    source: str
    payload: dict[str, Any]
    limits: Limits = field(default_factory=Limits)

    @property
    def input_count(self) -> int:
        key = {"call": "calls", "regex": "strings", "sql": "databases"}[self.mode]
        return len(self.payload[key])


@dataclass(frozen=True)
class Outcome:
    """The result of one input: a JSON value, or the error it raised."""

    value: Any = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class RunResult:
    status: str
    message: str = ""
    #: one entry per input, in order; None where the run ended before reaching it
    outcomes: tuple[Outcome | None, ...] = ()
    isolation: dict[str, str] = field(default_factory=dict)
    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    wall_seconds: float = 0.0
    #: CPU time of the child and every process of the run it waited for (user + system)
    cpu_seconds: float = 0.0
    #: the uid the child ran as, when the parent is root and switched it
    uid: int | None = None

    @property
    def completed(self) -> bool:
        return self.status == "completed"

    def describe(self) -> str:
        """One line for a Verdict reason."""
        return f"{self.status.replace('_', ' ')}: {self.message}" if self.message else self.status.replace("_", " ")
