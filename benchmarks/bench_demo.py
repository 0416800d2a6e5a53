"""The full `rlve train --demo`, timed from a cold cache (warm start included) and from a warm one, against the
3-minute goal of issue #17; and what it showed: the raises, how far each band climbed, the first and last rewards.

Each run is the real command in a subprocess. The goal is wall time on 2 quiet cores; the demo uses one torch
thread (demo.THREADS), so its CPU time (user+sys of the subprocess) is what a quiet machine's wall time comes
to, and, unlike wall time, it holds on a machine shared with other jobs: both are reported, CPU time is the
figure compared with the goal. About 2.5 minutes for both runs on a quiet machine (about 85 s cold, 60 s warm).

    python benchmarks/run.py demo
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import tempfile
import time

GOAL_SECONDS = 180.0


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_demo(cache: str, output: str) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, log) of one `rlve train --demo`."""
    env = dict(os.environ, RLVE_CACHE_DIR=cache, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    command = [sys.executable, "-c", "from rlve.cli import main; main()", "train", "--demo", "--output", output]
    cpu_before, start = children_cpu_seconds(), time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall, cpu = time.perf_counter() - start, children_cpu_seconds() - cpu_before
    if result.returncode != 0:
        raise RuntimeError(f"rlve train --demo failed: {(result.stdout + result.stderr)[-400:]}")
    return cpu, wall, result.stdout + result.stderr


def what_it_showed(log: str) -> tuple[str, dict]:
    """A note and the figures behind it: raises, the level each environment reached, first and last rewards."""
    from rlve_trainer.demo import reward_rise  # the tenths the demo's own summary compares

    raises = re.findall(r"^raise: (\S+) \S+ -> \S+ at step (\d+)", log, flags=re.M)
    reached = dict(re.findall(r"^  (\S+): reached difficulty (\d+)", log, flags=re.M))
    rewards = [float(value) for value in re.findall(r"^step \d+/\d+ done  reward ([\d.]+)", log, flags=re.M)]
    first, last, count = reward_rise(rewards) if rewards else (float("nan"), float("nan"), 0)
    note = (
        f"raises: {', '.join(f'{env} at {step}' for env, step in raises) or 'none'}; reached "
        + ", ".join(f"{env} {level}" for env, level in reached.items())
        + f"; mean reward, first {count} steps {first:.2f}, last {count} {last:.2f}"
    )
    return note, {"raises": raises, "reached": reached, "rewards": rewards}


def run(report) -> None:
    with tempfile.TemporaryDirectory() as folder:
        cpu, wall, log = run_demo(f"{folder}/cache", f"{folder}/cold")
        note, detail = what_it_showed(log)
        warm_start = re.search(r"^warm start: done after (\d+) steps in (\d+) s", log, flags=re.M)
        if warm_start:
            note += f"; warm start {warm_start[1]} steps, {warm_start[2]} s wall"
        report("demo: rlve train --demo, cold cache, CPU time", cpu, GOAL_SECONDS, "goal (#17)", "s", note=note,
               detail=detail)
        report("demo: rlve train --demo, cold cache, wall time", wall, GOAL_SECONDS, "goal (#17)", "s")
        cpu, wall, log = run_demo(f"{folder}/cache", f"{folder}/warm")
        note, detail = what_it_showed(log)
        report("demo: rlve train --demo, warm start cached, CPU time", cpu, GOAL_SECONDS, "goal (#17)", "s",
               note=note, detail=detail)
        report("demo: rlve train --demo, warm start cached, wall time", wall, GOAL_SECONDS, "goal (#17)", "s")
