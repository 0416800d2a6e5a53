"""A demo run killed with SIGKILL mid-way leaves a sound database holding every step it reported done,
and `rlve train --resume` finishes it with no missing or duplicated history rows."""

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from quick_run import write_quick_config

MAX_STEPS = 12
KILL_AFTER = 7
SAVE_STEPS = 4
PER_STEP = 8  # the quick config's completions per step


def rlve(*args):
    return [sys.executable, "-c", "from rlve.cli import main; main()", *args]


def environment():
    return dict(os.environ, PYTHONUNBUFFERED="1", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")


def test_sigkill_then_resume(tmp_path: Path):
    output = tmp_path / "runs"
    common = ["--output", str(output)]
    config = write_quick_config(tmp_path, max_steps=MAX_STEPS)
    process = subprocess.Popen(
        rlve("train", config, "--set", f"grpo.save_steps={SAVE_STEPS}", *common),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment(),
        cwd=tmp_path,
    )
    reported, log = [], []
    deadline = time.monotonic() + 240
    for line in process.stdout:
        log.append(line)
        match = re.match(r"step (\d+)/(\d+) done", line)
        if match:
            reported.append(int(match.group(1)))
            if int(match.group(1)) >= KILL_AFTER:
                process.send_signal(signal.SIGKILL)
                break
        assert time.monotonic() < deadline, "".join(log)
    process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL, "".join(log)
    assert reported == list(range(1, KILL_AFTER + 1)), "".join(log)

    db = sqlite3.connect(output / "history.db")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    run_id, status = db.execute("SELECT id, status FROM runs").fetchone()
    assert status == "running"  # nobody got to mark it: it was killed
    steps = {row[0] for row in db.execute("SELECT step FROM steps WHERE run_id = ?", (run_id,))}
    assert set(reported) <= steps
    for step in reported:
        assert db.execute("SELECT COUNT(*) FROM rollouts WHERE step = ?", (step,)).fetchone()[0] == PER_STEP
        assert db.execute("SELECT COUNT(*) FROM curriculum WHERE step = ?", (step,)).fetchone()[0] == 2
    db.close()

    resumed = subprocess.run(
        rlve("train", "--resume", run_id, *common),
        capture_output=True,
        text=True,
        env=environment(),
        cwd=tmp_path,
        timeout=240,
    )
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    done = [int(m) for m in re.findall(r"^step (\d+)/\d+ done", resumed.stdout, flags=re.M)]
    last_checkpoint = (KILL_AFTER // SAVE_STEPS) * SAVE_STEPS
    assert done == list(range(last_checkpoint + 1, MAX_STEPS + 1)), resumed.stdout

    db = sqlite3.connect(output / "history.db")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("SELECT status, last_step FROM runs").fetchone() == ("finished", MAX_STEPS)
    assert [r[0] for r in db.execute("SELECT step FROM steps ORDER BY step")] == list(range(1, MAX_STEPS + 1))
    per_step = dict(db.execute("SELECT step, COUNT(*) FROM rollouts GROUP BY step").fetchall())
    assert per_step == {step: PER_STEP for step in range(1, MAX_STEPS + 1)}
    per_curriculum = dict(db.execute("SELECT step, COUNT(*) FROM curriculum GROUP BY step").fetchall())
    assert per_curriculum == {step: 2 for step in range(1, MAX_STEPS + 1)}
    # Problems continue after the checkpoint's last slot: no slot is trained twice, none skipped.
    slots = [r[0] for r in db.execute("SELECT DISTINCT slot FROM rollouts ORDER BY slot")]
    assert slots == list(range(MAX_STEPS * PER_STEP // 4))

    history = subprocess.run(
        rlve("history", "show", run_id, *common),
        capture_output=True,
        text=True,
        env=environment(),
        cwd=tmp_path,
        timeout=120,
    )
    assert history.returncode == 0 and "graph/shortest_path" in history.stdout, history.stderr
