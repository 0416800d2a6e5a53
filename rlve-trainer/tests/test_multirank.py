"""Two CPU ranks (`accelerate launch --multi_gpu --num_processes 2` starts torchrun; Accelerate uses gloo on CPU):
every rank ends with the same curriculum, and the history holds each rollout exactly once."""

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from quick_run import write_quick_config

HERE = Path(__file__).resolve().parent
STEPS = 6
PER_DEVICE = 4
GENERATIONS = 8  # a group spans both ranks: each rank holds half of every problem's completions


def free_port() -> int:
    """A port nothing listens on now: a fixed one fails the test wherever another process holds it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.skipif(
    shutil.which("accelerate", path=str(Path(sys.executable).parent)) is None,
    reason="accelerate's launcher is not installed beside this Python",
)
def test_two_ranks_share_one_curriculum(tmp_path):
    accelerate = shutil.which("accelerate", path=str(Path(sys.executable).parent))
    output = tmp_path / "runs"
    command = [
        accelerate,
        "launch",
        "--multi_gpu",
        "--num_processes",
        "2",
        "--num_machines",
        "1",
        "--mixed_precision",
        "no",
        "--dynamo_backend",
        "no",
        "--main_process_port",
        str(free_port()),
        str(HERE / "launch_with_fakes.py"),
        "train",
        write_quick_config(tmp_path),
        "--set",
        "envs=['testfake/always_right', 'graph/shortest_path']",
        "--set",
        "curriculum.params={window = 1, min_samples = 4, threshold = 0.9}",
        "--set",
        f"grpo.per_device_train_batch_size={PER_DEVICE}",
        "--set",
        f"grpo.num_generations={GENERATIONS}",
        "--set",
        f"max_steps={STEPS}",
        "--output",
        str(output),
    ]
    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]

    [run_dir] = [p for p in output.iterdir() if p.is_dir()]
    states = [json.loads((run_dir / f"curriculum-rank{rank}.json").read_text()) for rank in (0, 1)]
    assert states[0] == states[1]
    high = states[0]["state"]["high"]
    assert high["testfake/always_right"] >= 2, states[0]  # it moved, so agreeing was not trivial

    db = sqlite3.connect(output / "history.db")
    assert db.execute("SELECT status, last_step FROM runs").fetchall() == [("finished", STEPS)]
    rows = db.execute("SELECT step, slot, env, difficulty, seed FROM rollouts").fetchall()
    assert len(rows) == STEPS * PER_DEVICE * 2  # each rollout of both ranks, once
    groups = defaultdict(list)
    for step, slot, env_id, difficulty, seed in rows:
        groups[slot].append((step, env_id, difficulty, seed))
    assert sorted(groups) == list(range(STEPS * PER_DEVICE * 2 // GENERATIONS))
    assert all(len(g) == GENERATIONS and len(set(g)) == 1 for g in groups.values())
    last = dict(db.execute("SELECT env, high FROM curriculum WHERE step = ?", (STEPS,)).fetchall())
    assert last == high
    changes = db.execute("SELECT COUNT(*) FROM difficulty_changes").fetchone()[0]
    assert changes == sum(high.values())  # every raise recorded once, not once per rank
