"""What the sandbox can do on this machine: one trivial run, and its isolation report in words.

``rlve check code`` prints it before checking (through the ``check_header`` hook), so a user sees at once
which protections hold here and which the kernel does not offer (no user namespaces, an old Landlock).
"""

from __future__ import annotations

from rlve_plugin_code.sandbox.results import Job
from rlve_plugin_code.sandbox.runner import run


def isolation_here() -> dict[str, str]:
    """The layers a run gets on this machine, as each run reports them (``RunResult.isolation``)."""
    result = run(Job("call", "def f(x):\n    return x", {"entry": "f", "arity": 1, "calls": [[0]]}))
    if result.status == "setup_error":
        return {"sandbox": f"unavailable: {result.message}"}
    return dict(result.isolation)


def describe(isolation: dict[str, str]) -> list[str]:
    """Lines for a person: what holds, then what is missing and why."""
    held = [f"{layer}: {status}" for layer, status in isolation.items() if not status.startswith("unavailable")]
    missing = [f"{layer}: {status}" for layer, status in isolation.items() if status.startswith("unavailable")]
    lines = ["code sandbox, protections in force here:"] + [f"  {line}" for line in held]
    if missing:
        lines += ["code sandbox, protections this machine does not offer (see the code pack's README):"]
        lines += [f"  {line}" for line in missing]
    return lines
