"""Every installed environment against the waves' speed bar: generation median <= 5 ms and worst <= 100 ms at
every d <= 30 (CPU time, one core), and verification of the reference under 1 ms median (environments that run
model code in the sandbox are measured, not held to that bar).

For each environment: SEEDS problems at each d in 0..30, the median and the worst per level (printed under its
row, and kept in the JSON), and the median verification of the reference answer inside a full response. The
row's figure is the largest per-level median; its peer is reasoning-gym's typical generation time, the median
over its tasks at their default configuration, measured in the same run (a per-task, size-matched comparison
is the pack benchmarks' job: `run.py logic graph math code`). Then per pack, the environments over the bar.

    python benchmarks/run.py speed                  # every environment, 12 seeds x d = 0..30 (minutes)
    python benchmarks/run.py speed --quick          # 4 seeds x d = 0, 5, 10, 20, 30 (RLVE_BENCH_QUICK=1)
    python benchmarks/run.py speed --pack logic     # one pack
    python benchmarks/run.py speed --write-readmes  # then write the Speed table of each measured pack's README

Times are CPU time (``rlve.testing.cpu_timer``: this process's threads and the waited-for sandbox children,
with the garbage collector paused as timeit does), so load from other processes does not inflate them.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
from pathlib import Path

import probes
import rlve
import speed_tables
from peers import ReasoningGymTask, available
from rlve.plugins import canonical_distribution, load
from rlve.testing import cpu_timer
from speed_tables import SpeedRow

SEEDS, QUICK_SEEDS = 12, 4
LEVELS, QUICK_LEVELS = tuple(range(31)), (0, 5, 10, 20, 30)
#: Seeds per level whose reference answer is verified; fewer levels in the sandbox, where a call costs ~25 ms.
VERIFIED_SEEDS = 2
SANDBOX_VERIFIED_LEVELS = (0, 10, 30)
ROOT = Path(__file__).resolve().parents[1]


def cpu_ms(fn) -> tuple[float, object]:
    with cpu_timer() as spent:
        result = fn()
    return spent.cpu * 1000, result


def measure(env, levels: tuple[int, ...], seeds: int) -> tuple[SpeedRow, dict]:
    """The environment's figures, and per level medians and worsts (ms) plus the bare-answer verification median
    (``Environment.verify``, what reasoning-gym's ``score_answer`` does) for the JSON and the pack rows."""
    medians, worsts, verify, bare, rejected = {}, {}, [], [], False
    verified_levels = SANDBOX_VERIFIED_LEVELS if env.runs_untrusted_code else levels
    for d in levels:
        times = []
        for seed in range(seeds):
            spent, problem = cpu_ms(lambda d=d, seed=seed: env.sample(d, seed))
            times.append(spent)
            if seed < VERIFIED_SEEDS and d in verified_levels:
                response = f"<answer>{problem.answer}</answer>"
                spent, verdict = cpu_ms(lambda p=problem, r=response: env.score(p, r))
                verify.append(spent)
                rejected = rejected or not verdict.correct
                bare.append(cpu_ms(lambda p=problem: env.verify(p, p.answer))[0])
        medians[d], worsts[d] = statistics.median(times), max(times)
    top = max(levels)
    largest = max(levels, key=lambda d: medians[d])
    worst = max(levels, key=lambda d: worsts[d])
    row = SpeedRow(
        env_id=env.id,
        median_at_top=medians[top],
        largest_median=medians[largest],
        largest_median_level=largest,
        worst=worsts[worst],
        worst_level=worst,
        verify=statistics.median(verify) if verify else None,
        sandboxed=env.runs_untrusted_code,
        reference_rejected=rejected,
    )
    bare_median = statistics.median(bare) if bare else None
    return row, {"median_ms": medians, "worst_ms": worsts, "verify_answer_ms": bare_median}


def peer_typical_ms() -> tuple[float | None, float | None]:
    """reasoning-gym's median task: (median generation, median verification of its reference), in ms."""
    if not available("reasoning_gym"):
        return None, None
    import reasoning_gym

    generate, verify = [], []
    for name in sorted(reasoning_gym.factory.DATASETS):
        try:
            task = ReasoningGymTask(name, size=50)
            timed = [cpu_ms(lambda i=i, task=task: task.generate(i)) for i in range(3)]
            generate.append(statistics.median(spent for spent, _ in timed))
            references = [(entry, probes.reasoning_gym_reference(name, entry)) for _, entry in timed]
            verify.append(statistics.median(cpu_ms(lambda e=e, r=r, t=task: t.score(e, r))[0] for e, r in references))
        except Exception:  # noqa: BLE001 - a peer task that fails to build is skipped, not fatal
            continue
    return (statistics.median(generate) if generate else None), (statistics.median(verify) if verify else None)


def per_level_line(label: str, figures: dict[int, float]) -> str:
    return f"    {label:<10} " + " ".join(f"{d}:{ms:.3g}" for d, ms in figures.items())


def machine() -> str:
    """The CPU, how many cores the machine has, the Python, and the date: what a reader needs to weigh the table."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    return f"{cpu} ({os.cpu_count()} cores), Python {platform.python_version()}, {today}"


def readmes() -> dict[str, Path]:
    """Pack (id prefix) -> the README of the first-party pack folder that registers it."""
    folders = {path.parent.name: path.parent for path in ROOT.glob("rlve-plugins/*/pyproject.toml")}
    found = {}
    for name, info in load().plugins.items():
        folder = folders.get(canonical_distribution(name))
        if folder is not None and info.status == "loaded":
            for env_id in info.environments:
                found[env_id.split("/", 1)[0]] = folder / "README.md"
    return found


def write_readmes(rows_by_pack: dict[str, list[SpeedRow]], sampled: str) -> None:
    measured_on, targets = machine(), readmes()
    for pack, rows in sorted(rows_by_pack.items()):
        path = targets.get(pack)
        if path is None:
            print(f"  {pack}: not a first-party pack of this repository, no README written")
            continue
        path.write_text(speed_tables.with_section(path.read_text(), rows, measured_on, sampled))
        print(f"  wrote the Speed table of {path.relative_to(ROOT)} ({len(rows)} environments)")


def run(report) -> None:
    options = report.options
    levels, seeds = (QUICK_LEVELS, QUICK_SEEDS) if options.quick else (LEVELS, SEEDS)
    registry = rlve.registry()
    ids = [env_id for env_id in registry.ids() if not options.packs or env_id.split("/", 1)[0] in options.packs]
    if not ids:
        raise SystemExit(f"--pack {' '.join(options.packs)}: no installed environment has that prefix")
    peer_generate, peer_verify = peer_typical_ms()
    sampled = f"{seeds} seeds at each d = {', '.join(map(str, levels)) if options.quick else '0..30'}"
    print(f"  {sampled}; peer: reasoning-gym's median task at its default configuration", flush=True)
    by_pack: dict[str, list[SpeedRow]] = {}
    bare_by_pack: dict[str, list[float]] = {}
    for env_id in ids:
        try:
            row, detail = measure(registry.get(env_id), levels, seeds)
        except Exception as error:  # noqa: BLE001 - one broken environment must not hide the others' figures
            report(f"{env_id} generation", 0.0, None, "-", "ms", f"FAILED: {type(error).__name__}: {error}")
            continue
        by_pack.setdefault(env_id.split("/", 1)[0], []).append(row)
        if detail["verify_answer_ms"] is not None and not row.sandboxed:
            bare_by_pack.setdefault(env_id.split("/", 1)[0], []).append(detail["verify_answer_ms"])
        over = row.over_bar()
        verify = "not measured" if row.verify is None else f"{row.verify:.3f} ms" + (" (sandbox)" * row.sandboxed)
        note = (
            f"at d={row.largest_median_level}; d={max(levels)} median {row.median_at_top:.2f} ms; "
            f"worst {row.worst:.1f} ms at d={row.worst_level}; verify {verify}"
            + (f"; OVER THE BAR: {'; '.join(over)}" if over else "")
        )
        report(f"{env_id} generation, largest median", row.largest_median, peer_generate, "rg median task", "ms",
               note, detail | {"verify_response_ms": row.verify})
        print(per_level_line("median ms", detail["median_ms"]))
        print(per_level_line("worst ms", detail["worst_ms"]), flush=True)
    for pack, rows in sorted(by_pack.items()):
        over = [row.env_id for row in rows if row.over_bar()]
        report(f"{pack}: environments over the bar", float(len(over)), None, "-", "envs",
               f"of {len(rows)}: {', '.join(over) or 'none'}")
        if bare_by_pack.get(pack):
            report(f"{pack}: verification of the bare answer, median environment",
                   statistics.median(bare_by_pack[pack]), peer_verify, "rg median task", "ms",
                   "the reference, already extracted, as score_answer gets it; sandboxed ones left out; "
                   "many rg tasks only compare strings")
    if options.write_readmes:
        write_readmes(by_pack, sampled)
