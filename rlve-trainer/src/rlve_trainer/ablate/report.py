"""The ablation's results as a table (mean and 95% interval over seeds) and as a plot.

Both are computed from the ``ablation_results`` rows alone, so a report made later, elsewhere, from
the same database shows the same numbers as the run printed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from rlve.errors import RlveError
from rlve_trainer.ablate import records
from rlve_trainer.ablate.stats import Estimate, estimate

START = "(start)"


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """{"arms": [...], "levels": [(env, d), ...], "held_out": {...}, "cells": {(arm, env, d): Estimate}}.

    The start row is the starting checkpoint's accuracy (the same for every arm and seed).
    """
    values: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    arms: list[str] = []
    held_out: set[str] = set()
    start: dict[tuple[str, int], float] = {}
    for row in rows:
        key = (row["env"], row["difficulty"])
        if row["held_out"]:
            held_out.add(row["env"])
        if row["phase"] == records.BEFORE:
            start[key] = row["accuracy"]
            continue
        if row["arm"] not in arms:
            arms.append(row["arm"])
        values[(row["arm"], *key)].append(row["accuracy"])
    levels = sorted(start, key=lambda key: (key[0] in held_out, key[0], key[1]))
    cells: dict[tuple[str, str, int], Estimate] = {(arm, *key): estimate(v) for (arm, *key), v in values.items()}
    for key, accuracy in start.items():
        cells[(START, *key)] = Estimate(accuracy, None, 1)
    seeds = sorted({row["seed"] for row in rows if row["phase"] == records.AFTER})
    unjudged = sum(row.get("unjudged", 0) for row in rows)  # rows built by hand may leave it out
    return {"arms": arms, "levels": levels, "held_out": held_out, "cells": cells, "seeds": seeds, "unjudged": unjudged}


def table(summary: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    """Columns ``arm, <env> d=<level>...``; one row for the start and one per arm."""
    held_out = summary["held_out"]
    columns = ["arm"] + [f"{env}{' (held out)' if env in held_out else ''} d={d}" for env, d in summary["levels"]]
    rows = []
    for arm in [START, *summary["arms"]]:
        cells = [summary["cells"].get((arm, env, d)) for env, d in summary["levels"]]
        rows.append((arm, *[cell.text() if cell else "-" for cell in cells]))
    return columns, rows


def header(ablation: dict[str, Any], summary: dict[str, Any]) -> list[str]:
    config = json.loads(ablation["config"])
    seeds = summary["seeds"]
    problems = config["eval"]["problems_per_level"]
    title = f"ablation {ablation['id']}" + (f" ({ablation['name']})" if ablation["name"] else "")
    lines = [
        title,
        f"  status {ablation['status']}; {config['steps']} steps per arm; seeds {', '.join(map(str, seeds)) or '-'}",
        f"  greedy accuracy on {problems} held-out problems per level; mean ± 95% t-interval over seeds"
        + (" (one seed: no interval)" if len(seeds) == 1 else ""),
    ]
    if ablation.get("error"):
        lines.append(f"  error: {ablation['error']}")
    if summary.get("unjudged"):
        lines.append(
            f"  warning: {summary['unjudged']} evaluation answers could not be verified and count as wrong "
            "(ablation_results.unjudged: a checker crashed or a sandbox could not run)"
        )
    return lines


def load(engine, ref: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ablation = records.get(engine, ref)
    rows = records.results(engine, ablation["id"])
    if not rows:
        raise RlveError(f"ablation {ablation['id']} has no results yet (status {ablation['status']})")
    return ablation, summarise(rows)


def plot(ablation: dict[str, Any], summary: dict[str, Any], output: str) -> str:
    """One panel per environment: accuracy against difficulty, a line per arm with its interval."""
    try:
        import matplotlib
    except ImportError:
        raise RlveError("plotting needs matplotlib: pip install 'rlve-trainer[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    envs = list(dict.fromkeys(env for env, _ in summary["levels"]))
    figure, axes = plt.subplots(1, len(envs), figsize=(max(8.0, 5.5 * len(envs)), 4.8), squeeze=False)
    for panel, env in zip(axes[0], envs):
        levels = [d for e, d in summary["levels"] if e == env]
        for arm in [START, *summary["arms"]]:
            cells = [summary["cells"].get((arm, env, d)) for d in levels]
            points = [(d, c) for d, c in zip(levels, cells) if c is not None]
            if not points:
                continue
            x = [d for d, _ in points]
            mean = [c.mean for _, c in points]
            style = {"color": "black", "linestyle": "--"} if arm == START else {}
            line = panel.plot(x, mean, marker="o", label=arm, **style)[0]
            if any(c.half_width for _, c in points):
                low = [c.low for _, c in points]
                high = [c.high for _, c in points]
                panel.fill_between(x, low, high, alpha=0.15, color=line.get_color())
        panel.set_title(env + (" (held out)" if env in summary["held_out"] else ""))
        panel.set_xlabel("difficulty")
        panel.set_ylabel("greedy accuracy")
        panel.set_ylim(-0.03, 1.03)
        panel.set_xticks(levels)
        panel.grid(alpha=0.3)
    axes[0][0].legend(fontsize="small")
    seeds = len(summary["seeds"])
    figure.suptitle(f"ablation {ablation['id']}: mean and 95% interval over {seeds} seed(s)", fontsize="medium")
    figure.tight_layout()
    figure.savefig(output, dpi=120)
    plt.close(figure)
    return output
