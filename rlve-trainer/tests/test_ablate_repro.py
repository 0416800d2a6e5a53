"""A reduced ablation run twice in fresh processes prints exactly the same tables and trains on the same rollouts.

Fresh processes with different hash seeds: nothing may depend on what one process happened to import, cache
or iterate first (string hashing orders sets), which a second run in the same process would hide.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys

import pytest

pytest.importorskip("rlve_plugin_math")  # the arms train on math/addition
pytest.importorskip("rlve_plugin_code")  # and on code/evaluate_expression

CONFIG = """
name = "repro"
seeds = [0, 1]
steps = 2

[train]
envs = ["math/addition", "code/evaluate_expression"]
store_completions = true
grpo = { num_generations = 4, per_device_train_batch_size = 8, max_completion_length = 8, learning_rate = 1e-3 }

[[arms]]
name = "adaptive"
strategy = "adaptive"
params = { min_samples = 8, threshold = 0.5 }

[[arms]]
name = "uniform 0..1"
strategy = "uniform"
params = { low = 0, high = 1 }

[eval]
difficulties = [0, 1]
problems_per_level = 6
held_out_envs = ["math/signed_sum"]
curve_every = 1
curve_problems = 3

[warm_start]
steps = 30
batch_size = 16
hidden_size = 32
layers = 1
learning_rate = 3e-3
"""

SCRIPT = "import sys\nfrom rlve.cli import main\nmain(sys.argv[1:])\n"


def ablate_in_a_fresh_process(folder, hash_seed: str) -> tuple[str, list[tuple]]:
    folder.mkdir()
    config = folder / "ablate.toml"
    config.write_text(CONFIG)
    completed = subprocess.run(
        [sys.executable, "-c", SCRIPT, "ablate", str(config), "--output", str(folder / "runs"), "--quiet"],
        capture_output=True,
        text=True,
        env=dict(os.environ, HF_HUB_OFFLINE="1", PYTHONHASHSEED=hash_seed),
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    db = sqlite3.connect(folder / "runs" / "history.db")
    (ablation_id,) = db.execute("SELECT id FROM ablations").fetchone()
    arms = "(SELECT DISTINCT arm, seed, run_id FROM ablation_results WHERE phase = 'after') r"
    # What training sampled (the completions themselves) and computed (the loss, to the last bit).
    rollouts = db.execute(
        "SELECT r.arm, r.seed, o.step, o.slot, o.env, o.difficulty, o.seed, o.reward, o.completion_tokens, o.text "
        f"FROM rollouts o JOIN {arms} ON r.run_id = o.run_id ORDER BY r.arm, r.seed, o.id"
    ).fetchall()
    losses = db.execute(
        f"SELECT r.arm, r.seed, s.step, s.loss FROM steps s JOIN {arms} ON r.run_id = s.run_id "
        "ORDER BY r.arm, r.seed, s.step"
    ).fetchall()
    return completed.stdout.replace(ablation_id, "ID"), rollouts + losses


def test_a_reduced_ablation_gives_the_same_tables_in_two_fresh_processes(tmp_path):
    first_tables, first_rollouts = ablate_in_a_fresh_process(tmp_path / "one", "1")
    second_tables, second_rollouts = ablate_in_a_fresh_process(tmp_path / "two", "2")
    # Every table: accuracy per level and environment, paired differences, the signal, the curve.
    for title in ("greedy accuracy per environment", "difference from adaptive", "zero advantage", "learning curve"):
        assert title in first_tables, first_tables
    assert re.search(r"^math/addition\s+adaptive\s", first_tables, re.MULTILINE)
    assert second_tables == first_tables
    assert len(first_rollouts) == 2 * 2 * 2 * (8 + 1)  # arms x seeds x steps x (completions + the loss)
    assert all(row[-1] is not None for row in first_rollouts[:8])  # the completions were stored
    assert second_rollouts == first_rollouts
