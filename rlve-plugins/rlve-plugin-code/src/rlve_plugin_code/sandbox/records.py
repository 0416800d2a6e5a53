"""Reading the result channel: nonce-framed JSON records, one per line, written by the harness.

Anything else on the channel (a line without the nonce, undecodable JSON, a second outcome for the
same input, an index out of range) marks the run as tampered with: only the harness writes there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rlve_plugin_code.sandbox.results import Outcome

#: Events the harness writes before any model code exists, as its first record. Anything after the
#: first record may have been written by model code (it can find the nonce and the descriptor), so a
#: later "setup_error" cannot be allowed to mean "the sandbox failed": that verdict costs the model
#: nothing, and a policy would learn to claim it for every answer it cannot solve.
HARNESS_ONLY_EVENTS = ("ready", "setup_error")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value the harness writes")


@dataclass
class Records:
    events: dict[str, dict[str, Any]] = field(default_factory=dict)
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    tampered: str | None = None

    @property
    def done(self) -> bool:
        return "done" in self.events


def parse_records(data: bytes, nonce: bytes, input_count: int) -> Records:
    records = Records()
    prefix = nonce + b" "
    lines = data.split(b"\n")
    # The last piece has no newline: empty when everything was written out, a cut-off record otherwise.
    for line in lines[:-1]:
        if not line.startswith(prefix):
            records.tampered = "a line on the result channel that the harness did not write"
            return records
        try:
            record = json.loads(line[len(prefix) :].decode("utf-8"), parse_constant=_reject_constant)
        except (ValueError, RecursionError, UnicodeDecodeError):
            records.tampered = "an unreadable record on the result channel"
            return records
        if not isinstance(record, dict):
            records.tampered = "a record that is not an object"
            return records
        if "event" in record:
            name = record["event"]
            if not isinstance(name, str) or name in records.events:
                records.tampered = f"a repeated or malformed event {str(name)[:40]!r}"
                return records
            if name in HARNESS_ONLY_EVENTS and records.events:
                # Only the first record comes from the harness alone; anything later may be model code's.
                records.tampered = f"a {name!r} event after the code started"
                return records
            records.events[name] = record
            continue
        if "ready" not in records.events:
            records.tampered = "an outcome before the sandbox was ready"
            return records
        index = record.get("i")
        if type(index) is not int or not 0 <= index < input_count or index in records.outcomes:
            records.tampered = "an outcome for an unknown or already reported input"
            return records
        if "error" in record:
            error = record["error"]
            records.outcomes[index] = Outcome(error=error if isinstance(error, str) else "error")
        elif "value" in record:
            records.outcomes[index] = Outcome(value=record["value"])
        else:
            records.tampered = "an outcome with neither a value nor an error"
            return records
    return records
