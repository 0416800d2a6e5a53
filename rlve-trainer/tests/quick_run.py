"""A quick training config for tests that need a real run: a tiny random model through the whole loop in seconds.

``rlve train --demo`` warm-starts a model first (about 40 s of CPU), so tests that only need *a* run use this
instead: ``rlve train $(write_quick_config(tmp_path))``. Imported by name (conftest puts this folder on sys.path).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def quick_config(**changes: Any):
    """A tiny random model through the whole loop in seconds (what `rlve train --demo` was before it warm-started):
    two graph environments, a curriculum that decides after 8 answers, 30 short steps."""
    from rlve_trainer.config import TrainConfig

    data = {
        "model": {"tiny": True},
        "envs": ["graph/shortest_path", "graph/connected_components"],
        "curriculum": {"strategy": "adaptive", "params": {"min_samples": 8, "threshold": 0.5}},
        "reward": {"mode": "shaped"},
        "grpo": {
            "num_generations": 4,
            "per_device_train_batch_size": 8,
            "max_completion_length": 24,
            "learning_rate": 5e-4,
            "temperature": 1.0,
            "save_steps": 10,
        },
        "max_steps": 30,
        "run_name": "quick",
    }
    return TrainConfig.model_validate(data | changes)


def write_quick_config(folder: Path, **changes: Any) -> str:
    """``quick_config`` as a TOML file in ``folder``, for `rlve train FILE`; returns its path."""
    from rlve_trainer.config_files import to_toml

    path = Path(folder) / "quick.toml"
    path.write_text(to_toml(quick_config(**changes)))
    return str(path)

