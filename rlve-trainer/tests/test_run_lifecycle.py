"""A run's life as a user sees it: its id printed at the start, SIGTERM marks it stopped, resume says from
which checkpoint and records a new max_steps, no lock file left behind, an honest model card."""

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from quick_run import write_quick_config

from rlve_trainer import model_card
from rlve_trainer.run_lock import LOCK_FILE

STOP_AFTER = 3
SAVE_STEPS = 2
RESUMED_MAX_STEPS = 5


def rlve(*args):
    return [sys.executable, "-c", "from rlve.cli import main; main()", *args]


def environment():
    return dict(os.environ, PYTHONUNBUFFERED="1", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")


def test_sigterm_marks_the_run_stopped_and_resume_continues_it(tmp_path: Path):
    output = tmp_path / "runs"
    common = ["--output", str(output)]
    process = subprocess.Popen(
        rlve("train", write_quick_config(tmp_path, max_steps=20), "--set", f"grpo.save_steps={SAVE_STEPS}", *common),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment(),
        cwd=tmp_path,
    )
    log, run_id, reported = [], None, []
    deadline = time.monotonic() + 240  # a bound on waiting for the run's lines, not a speed requirement
    try:
        for line in process.stdout:
            log.append(line)
            started = re.match(r"run (\S+) started: 20 steps", line)
            if started:
                run_id = started.group(1)
            done = re.match(r"step (\d+)/20 done", line)
            if done:
                assert run_id is not None, "the run id must be printed before the first step:\n" + "".join(log)
                reported.append(int(done.group(1)))
                if reported[-1] >= STOP_AFTER:
                    process.send_signal(signal.SIGTERM)
                    break
            assert time.monotonic() < deadline, "".join(log)
        log.extend(process.stdout.read().splitlines(keepends=True))
        process.wait(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    text = "".join(log)
    assert process.returncode == 143, text
    assert f"watch it from another terminal: rlve history show {run_id} --output" in text
    assert f"run {run_id} stopped at step {STOP_AFTER} (SIGTERM)" in text and f"--resume {run_id}" in text, text
    assert "Traceback" not in text, text

    run_dir = output / run_id
    db = sqlite3.connect(output / "history.db")
    status, error, last_step = db.execute("SELECT status, error, last_step FROM runs").fetchone()
    assert (status, error, last_step) == ("stopped", "stopped by SIGTERM", STOP_AFTER)
    steps = [row[0] for row in db.execute("SELECT step FROM steps ORDER BY step")]
    assert steps == reported == list(range(1, STOP_AFTER + 1))  # every step reported done is recorded
    db.close()
    assert not (run_dir / LOCK_FILE).exists()
    card = (run_dir / "README.md").read_text()
    assert f"{STOP_AFTER} of 20 (stopped;" in card and "[None]" not in card

    resumed = subprocess.run(
        rlve("train", "--resume", run_id, "--set", f"max_steps={RESUMED_MAX_STEPS}", *common),
        capture_output=True,
        text=True,
        env=environment(),
        cwd=tmp_path,
        timeout=240,
    )
    both = resumed.stdout + resumed.stderr
    assert resumed.returncode == 0, both
    checkpoint = run_dir / f"checkpoint-{SAVE_STEPS}"
    assert f"run {run_id} resumed from {checkpoint} (step {SAVE_STEPS} of {RESUMED_MAX_STEPS})" in resumed.stdout
    # The tiny model ties its embeddings; loading its checkpoint must not warn about lm_head.weight.
    assert "missing keys" not in both, both
    done = [int(m) for m in re.findall(r"^step (\d+)/\d+ done", resumed.stdout, flags=re.M)]
    assert done == list(range(SAVE_STEPS + 1, RESUMED_MAX_STEPS + 1)), resumed.stdout

    db = sqlite3.connect(output / "history.db")
    row = db.execute("SELECT status, last_step, max_steps, config FROM runs").fetchone()
    status, last_step, max_steps, config = row
    assert (status, last_step, max_steps) == ("finished", RESUMED_MAX_STEPS, RESUMED_MAX_STEPS)
    assert json.loads(config)["max_steps"] == RESUMED_MAX_STEPS
    db.close()
    assert not (run_dir / LOCK_FILE).exists()

    card = (run_dir / "README.md").read_text()
    assert "fine-tuned version of" not in card and "[None]" not in card
    assert f"{RESUMED_MAX_STEPS} of {RESUMED_MAX_STEPS} (finished)" in card
    assert "tiny random Qwen2" in card and "adaptive (" in card and "min_samples=8" in card
    for env in ("graph/shortest_path", "graph/connected_components"):
        assert re.search(rf"^\| {re.escape(env)} \| 0-0 \| \d+ \| ", card, flags=re.M), card


def band(low, high, samples, accuracy):
    from rlve.curriculum import Band

    return Band(low=low, high=high, samples=samples, accuracy=accuracy)


def test_model_card_says_what_was_trained():
    facts = model_card.CardFacts(
        run_id="20250101-000000-abcd",
        run_name="qwen-graph",
        model="`/models/Qwen2.5-0.5B-Instruct`",
        environments={"graph/shortest_path": 2, "math/addition": 1},
        strategy="adaptive",
        params={"min_samples": 128, "threshold": 0.9},
        reward_mode="binary",
        step=500,
        max_steps=500,
        status="finished",
        bands={"graph/shortest_path": band(4, 7, 12, 0.5), "math/addition": band(0, 2, 0, None)},
        packages={"trl": "1.16.0"},
        history="rlve history show 20250101-000000-abcd",
    )
    card = model_card.render(facts)
    assert card.startswith("---\nlibrary_name: transformers\n")
    assert "# rlve run 20250101-000000-abcd (qwen-graph)" in card
    assert "**model trained**: `/models/Qwen2.5-0.5B-Instruct`" in card
    assert "**steps**: 500 of 500 (finished)" in card
    assert "graph/shortest_path (version 2), math/addition (version 1)" in card
    assert "**curriculum**: adaptive (min_samples=128, threshold=0.9)" in card
    assert "| graph/shortest_path | 4-7 | 12 | 0.500 |" in card
    assert "| math/addition | 0-2 | 0 | - |" in card
    assert "rlve history show 20250101-000000-abcd" in card and "trl 1.16.0" in card
    assert "None" not in card


def test_model_card_of_a_stopped_run_says_how_to_continue():
    facts = model_card.CardFacts(
        run_id="r1",
        run_name=None,
        model="m",
        environments={"graph/shortest_path": 2},
        strategy="fixed",
        params={},
        reward_mode="shaped",
        step=7,
        max_steps=30,
        status="stopped",
        bands={},
        resume_command="rlve train --resume r1 --output runs",
    )
    card = model_card.render(facts)
    assert "7 of 30 (stopped; `rlve train --resume r1 --output runs` continues it)" in card
    assert "| graph/shortest_path | - | - | - |" in card and "fixed (default parameters)" in card


def test_only_the_tied_weights_missing_keys_warning_is_silenced(tiny_model):
    import logging

    from transformers import AutoModelForCausalLM

    from rlve_trainer.model_loading import TiedWeightsNotMissing

    model = AutoModelForCausalLM.from_pretrained(str(tiny_model))
    silence = TiedWeightsNotMissing(model)

    def passes(message: str) -> bool:
        return silence.filter(logging.LogRecord("transformers.trainer", logging.WARNING, "", 0, message, (), None))

    assert not passes("There were missing keys in the checkpoint model loaded: ['lm_head.weight'].")
    assert passes("There were missing keys in the checkpoint model loaded: ['lm_head.weight', 'model.norm.weight'].")
    assert passes("There were missing keys in the checkpoint model loaded: ['model.norm.weight'].")
    assert passes("There were unexpected keys in the checkpoint model loaded: ['lm_head.weight'].")
    assert passes("Something else entirely")
    # Untied (the output layer has its own weights again): the warning would be real, so it is kept.
    import torch

    model.lm_head.weight = torch.nn.Parameter(model.lm_head.weight.detach().clone())
    assert passes("There were missing keys in the checkpoint model loaded: ['lm_head.weight'].")
