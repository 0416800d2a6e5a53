"""The GPU smoke script (`nox -s gpu-smoke`), run on the CPU with a tiny model: each case's checks and report.

The GPU machine it is for is lent rarely and briefly, so a script that breaks there wastes the loan; these tests
run every case the CPU allows through the same code, so it reaches that machine working.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "gpu_smoke.py"


def smoke(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600)


def test_every_case_runs_on_the_cpu_and_reports(tmp_path):
    asked = "bf16,ckpt,lora,eval,overhead,vllm"
    done = smoke(str(tmp_path / "out"), "--shape", "tiny", "--allow-cpu", "--cases", asked)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads((tmp_path / "out" / "gpu_smoke.json").read_text())
    cases = report["cases"]
    assert report["environment"]["device"] == "cpu"
    assert report["environment"]["packages"]["trl"]

    bf16 = cases["bf16"]
    assert bf16["ok"] and bf16["dtype"] == "torch.float32" and not bf16["bf16_arg"]  # no bf16 without a GPU
    assert bf16["history"]["curriculum_steps"] == 2 and bf16["history"]["rollouts"] == 2 * 8
    assert bf16["resumed"]["steps"] == 4 and bf16["resumed"]["history"]["last_step"] == 4
    assert cases["ckpt"]["ok"] and cases["ckpt"]["checkpointing"]
    assert cases["lora"]["ok"] and cases["lora"]["only_lora_trainable"]
    assert not cases["bf16"]["peft"]
    evaluation = cases["eval"]
    assert evaluation["ok"] and evaluation["status"] == "finished" and evaluation["settings"]["device"] == "cpu"
    assert evaluation["frontiers"] == 2 and evaluation["answers"] >= 16

    overhead = cases["overhead"]
    assert overhead["ok"] and overhead["timed_steps_each"] == 3
    assert overhead["ours_tokens_per_s"] > 0 and overhead["trl_tokens_per_s"] > 0
    assert 0 < overhead["draw_share"] < 1 and 0 < overhead["reward_share"] < 1 and 0 < overhead["record_share"] < 1
    low, high = overhead["ratio_interval_95"]
    assert 0 < low <= high and len(overhead["ours_steps_s"]) == len(overhead["trl_steps_s"]) == 3
    if importlib.util.find_spec("vllm") is None:
        assert cases["vllm"] == {"skipped": "vllm is not installed"}
        assert "vllm: skipped: vllm is not installed" in done.stdout
    assert "passed, 0 failed" in done.stdout


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is not None and __import__("torch").cuda.is_available(), reason="has CUDA"
)
def test_without_cuda_it_skips_unless_a_gpu_is_required(tmp_path):
    skipped = smoke(str(tmp_path), "--cases", "bf16")
    assert skipped.returncode == 0 and skipped.stdout.strip() == "skipped: no CUDA device"
    assert smoke(str(tmp_path), "--require-gpu").returncode == 1
    assert not (tmp_path / "gpu_smoke.json").exists()


def test_an_unknown_case_is_refused_by_name(tmp_path):
    done = smoke(str(tmp_path), "--cases", "bf16,fp8")
    assert done.returncode == 2
    assert "unknown case fp8; the cases are bf16, ckpt, lora, eval, overhead, vllm, verl" in done.stderr
