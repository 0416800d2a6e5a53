"""Every installed environment against the waves' generation bar: median <= 5 ms and worst <= 100 ms at every
d <= 30 (CPU time, one core), and verification of the reference under 1 ms median.

Ours: for each environment and each d in 0..30, SEEDS problems; the row per pack gives the slowest
environment's median and worst, and a row counts the environments over the bar (named in the note). The
peer: reasoning-gym's generation time over all its tasks at their default configuration, measured in the
same run (the median task's median), so the ratio says how our slowest-at-d=30 compares with a typical peer
task. Run a subset with `python benchmarks/run.py generation` (about a minute per 100 environments).
"""

from __future__ import annotations

import statistics
import time

import rlve
from peers import ReasoningGymTask, available

SEEDS = 12
LEVELS = range(31)
MEDIAN_BAR_MS = 5.0
WORST_BAR_MS = 100.0
VERIFY_BAR_MS = 1.0


def cpu_ms(fn) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def measure(env) -> tuple[float, float, float]:
    """(largest per-level median, worst single generation, median verification of the reference), in ms."""
    medians, worst, verify = [], 0.0, []
    for d in LEVELS:
        times = []
        for seed in range(SEEDS):
            problem = None

            def make(d=d, seed=seed):
                nonlocal problem
                problem = env.sample(d, seed)

            times.append(cpu_ms(make))
            if not env.runs_untrusted_code and seed < 2:
                verify.append(cpu_ms(lambda p=problem: env.score(p, f"<answer>{p.answer}</answer>")))
        medians.append(statistics.median(times))
        worst = max(worst, max(times))
    return max(medians), worst, (statistics.median(verify) if verify else 0.0)


def peer_median_ms() -> float | None:
    if not available("reasoning_gym"):
        return None
    import reasoning_gym

    per_task = []
    for name in sorted(reasoning_gym.factory.DATASETS):
        try:
            task = ReasoningGymTask(name, size=50)
            per_task.append(statistics.median(cpu_ms(lambda i=i, task=task: task.generate(i)) for i in range(3)))
        except Exception:  # noqa: BLE001 - a peer task that fails to build is skipped, not fatal
            continue
    return statistics.median(per_task) if per_task else None


def run(report) -> None:
    registry = rlve.registry()
    peer = peer_median_ms()
    by_pack: dict[str, list[tuple[str, float, float, float]]] = {}
    for env_id in registry.ids():
        by_pack.setdefault(env_id.split("/")[0], []).append((env_id, *measure(registry.get(env_id))))
    for pack, rows in sorted(by_pack.items()):
        slowest = max(rows, key=lambda row: row[1])
        over = [row[0] for row in rows if row[1] > MEDIAN_BAR_MS or row[2] > WORST_BAR_MS]
        slow_verify = [row[0] for row in rows if row[3] > VERIFY_BAR_MS]
        report(
            f"{pack}: slowest median generation, d<=30 ({len(rows)} envs)",
            slowest[1],
            peer,
            "rg median task",
            "ms",
            note=f"{slowest[0]}; worst single {max(row[2] for row in rows):.1f} ms",
        )
        verify_note = f"verification over {VERIFY_BAR_MS:g} ms: {', '.join(slow_verify) or 'none'}"
        over_note = ", ".join(over) or "none"
        report(f"{pack}: environments over the generation bar", float(len(over)), None, "-", "envs",
               note=f"{over_note}; {verify_note}")
