"""What rlve adds to a TRL checkpoint, and finding the checkpoint to resume from.

TRL/transformers save the model, optimizer, scheduler, RNG states and trainer state in
``checkpoint-N/``; rlve adds ``rlve_state.json`` (the curriculum state and the next problem slot),
written last and atomically. A checkpoint folder without it was interrupted while saving and is skipped.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

STATE_FILE = "rlve_state.json"
_CHECKPOINT = re.compile(r"^checkpoint-(\d+)$")


def write_state(checkpoint_dir: str | Path, state: dict[str, Any]) -> Path:
    checkpoint_dir = Path(checkpoint_dir)
    target = checkpoint_dir / STATE_FILE
    temporary = checkpoint_dir / (STATE_FILE + ".tmp")
    with open(temporary, "w") as handle:
        json.dump(state, handle, sort_keys=True)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, target)
    return target


def read_state(checkpoint_dir: str | Path) -> dict[str, Any]:
    return json.loads((Path(checkpoint_dir) / STATE_FILE).read_text())


def latest_complete(run_dir: str | Path) -> Path | None:
    """The newest ``checkpoint-N`` with both TRL's trainer state and rlve's state in it."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        return None
    found = []
    for child in run_dir.iterdir():
        match = _CHECKPOINT.match(child.name)
        if match and (child / STATE_FILE).is_file() and (child / "trainer_state.json").is_file():
            found.append((int(match.group(1)), child))
    return max(found)[1] if found else None
