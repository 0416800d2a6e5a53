"""The full `rlve train --demo`, timed from a cold cache (warm start included) and from a warm one, against the
3-minute goal; and how far its bands climbed. Runs the real command in a subprocess (about 3-5 minutes).

    python benchmarks/run.py demo
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time

GOAL_SECONDS = 180.0


def run_demo(cache: str, output: str) -> tuple[float, str]:
    env = dict(os.environ, RLVE_CACHE_DIR=cache, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    command = [sys.executable, "-c", "from rlve.cli import main; main()", "train", "--demo", "--output", output]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"rlve train --demo failed: {(result.stdout + result.stderr)[-400:]}")
    return seconds, result.stdout + result.stderr


def run(report) -> None:
    with tempfile.TemporaryDirectory() as folder:
        cold, log = run_demo(f"{folder}/cache", f"{folder}/cold")
        raises = re.findall(r"^raise: (\S+) ", log, flags=re.M)
        reached = dict(re.findall(r"^  (\S+): reached difficulty (\d+)", log, flags=re.M))
        note = f"raises: {len(raises)}; reached " + ", ".join(f"{env} {d}" for env, d in reached.items())
        report("demo: rlve train --demo, cold cache", cold, GOAL_SECONDS, "goal (#17)", "s", note=note)
        warm, _ = run_demo(f"{folder}/cache", f"{folder}/warm")
        report("demo: rlve train --demo, warm start cached", warm, GOAL_SECONDS, "goal (#17)", "s")
