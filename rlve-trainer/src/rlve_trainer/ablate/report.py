"""The ablation's results as tables and a plot: accuracy per level and per environment (mean and 95%
interval over seeds), each arm's difference from the reference arm paired by seed, the rollouts each arm's
bands spent to reach the level a from-eval arm starts at (``saving``), what each arm's training did with its
rollouts (zero-advantage groups), and the learning curve.

All are computed from the database alone (``ablation_results``, ``ablation_curves`` and the arms' runs),
so a report made later, elsewhere, from the same database shows the same numbers as the run printed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from rlve.errors import RlveError
from rlve_trainer.ablate import frontier, records, saving
from rlve_trainer.ablate.stats import Difference, Estimate, estimate, paired_difference

START = "(start)"


TRAINED, HELD_OUT = "trained", "held out"  # the scopes of the per-seed means over several environments


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def summarise(
    rows: list[dict[str, Any]],
    *,
    reference: str | None = None,
    curves: list[dict[str, Any]] = (),
    mechanism: list[dict[str, Any]] = (),
    steps: int | None = None,
    target: float | None = None,
    order: list[str] = (),
) -> dict[str, Any]:
    """Everything the report shows, from the ablation's rows alone.

    ``cells``: {(arm, env, d): Estimate} over seeds (the start row is the starting checkpoint's accuracy,
    the same for every arm and seed); ``scopes``: {(arm, scope): Estimate} of each seed's mean over the
    levels of one environment, of every trained one (``TRAINED``) or every held-out one (``HELD_OUT``);
    ``differences``: {(arm, key): Difference} of every other arm minus ``reference`` (default: the first
    arm), paired by seed, for every cell and scope key; ``arms`` in ``order`` (the config's); ``signal``: per
    arm, the training's rollouts and zero-advantage share (``mechanism`` rows); ``curve``: per arm, the mean
    trained accuracy by step and the steps each seed took to reach ``target``.
    """
    per_seed: dict[tuple, dict[int, float]] = defaultdict(dict)
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
        per_seed[(row["arm"], *key)][row["seed"]] = row["accuracy"]
    # The config's order of the arms (``order``), then any other in the order the rows name them.
    seen = list(arms)
    arms = sorted(seen, key=lambda arm: (list(order).index(arm) if arm in order else len(order), seen.index(arm)))
    levels = sorted(start, key=lambda key: (key[0] in held_out, key[0], key[1]))
    envs = list(dict.fromkeys(env for env, _ in levels))
    cells: dict[tuple, Estimate] = {key: estimate(list(v.values())) for key, v in per_seed.items()}
    for key, accuracy in start.items():
        cells[(START, *key)] = Estimate(accuracy, None, 1)
    seeds = sorted({row["seed"] for row in rows if row["phase"] == records.AFTER})
    scope_seeds = _scopes(per_seed, arms, seeds, levels, held_out)
    scopes = {key: estimate(list(v.values())) for key, v in scope_seeds.items()}
    for scope, members in _scope_members(levels, held_out).items():
        if all(level in start for level in members):
            scopes[(START, scope)] = Estimate(_mean([start[level] for level in members]), None, 1)
    reference = reference if reference in arms else (arms[0] if arms else None)
    differences: dict[tuple, Difference] = {}
    by_seed = {**per_seed, **scope_seeds}
    for (arm, *key), values in by_seed.items():
        base = by_seed.get((reference, *key))
        if arm != reference and base is not None:
            difference = paired_difference(values, base)
            if difference is not None:
                differences[(arm, *key)] = difference
    unjudged = sum(row.get("unjudged", 0) for row in rows)  # rows built by hand may leave it out
    return {
        "arms": arms,
        "levels": levels,
        "envs": envs,
        "held_out": held_out,
        "cells": cells,
        "scopes": scopes,
        "reference": reference,
        "differences": differences,
        "seeds": seeds,
        "unjudged": unjudged,
        "signal": _signal(mechanism, arms),
        "curve": _curve(rows, curves, arms, held_out, steps, target),
        "target": target,
    }


def _scope_members(levels: list[tuple[str, int]], held_out: set[str]) -> dict[str, list[tuple[str, int]]]:
    """Scope name -> the (env, level) cells its per-seed mean is over."""
    members: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for env, d in levels:
        members[env].append((env, d))
        members[HELD_OUT if env in held_out else TRAINED].append((env, d))
    return dict(members)


def _scopes(per_seed, arms, seeds, levels, held_out) -> dict[tuple[str, str], dict[int, float]]:
    """(arm, scope) -> {seed: the seed's mean accuracy over the scope's cells}, for seeds that have them all."""
    result: dict[tuple[str, str], dict[int, float]] = {}
    for scope, members in _scope_members(levels, held_out).items():
        for arm in arms:
            values = {}
            for seed in seeds:
                cell = [per_seed.get((arm, *level), {}).get(seed) for level in members]
                if all(value is not None for value in cell):
                    values[seed] = _mean(cell)
            if values:
                result[(arm, scope)] = values
    return result


def _zero_share(rows: list[dict[str, Any]]) -> float | None:
    groups = sum(row.get("groups") or 0 for row in rows)
    return sum(row.get("zero_advantage_groups") or 0 for row in rows) / groups if groups else None


def _over_seeds(rows: list[dict[str, Any]], pick, env: str | None = None) -> Estimate | None:
    """``pick`` of each seed's rows (of ``env``, or all), as an estimate over the seeds that have a value."""
    values = []
    for seed in sorted({row["seed"] for row in rows}):
        value = pick([row for row in rows if row["seed"] == seed and (env is None or row["env"] == env)])
        if value is not None:
            values.append(value)
    return estimate(values) if values else None


def _signal(mechanism: list[dict[str, Any]], arms: list[str]) -> dict[str, dict[str, Any]]:
    """Per arm: rollouts per seed, the zero-advantage share (over all of a seed's groups: per environment and
    overall) and the signal rollouts per seed, each as an estimate over seeds."""
    by_arm: dict[str, dict[str, Any]] = {}
    for arm in arms:
        rows = [row for row in mechanism if row["arm"] == arm]
        if not rows:
            continue
        envs = sorted({row["env"] for row in rows if row.get("groups")})
        by_arm[arm] = {
            "rollouts": _over_seeds(rows, lambda chosen: sum(row.get("rollouts") or 0 for row in chosen)),
            "zero_advantage_share": _over_seeds(rows, _zero_share),
            "signal_rollouts": _over_seeds(rows, lambda chosen: sum(row.get("signal_rollouts") or 0 for row in chosen)),
            "envs": {env: {"zero_advantage_share": _over_seeds(rows, _zero_share, env)} for env in envs},
        }
    return by_arm


def _curve(rows, curves, arms, held_out, steps, target) -> dict[str, Any]:
    """Per arm: {step: Estimate of the mean trained accuracy over seeds} (the start at 0, the curve's points,
    the final evaluation at ``steps``), and per seed the first step at which it reached ``target``."""
    points: dict[tuple[str, int], dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    before: list[float] = [row["accuracy"] for row in rows if row["phase"] == records.BEFORE and not row["held_out"]]
    seeds_of: dict[str, set[int]] = defaultdict(set)
    for row in rows:
        if row["phase"] == records.AFTER:
            seeds_of[row["arm"]].add(row["seed"])
            if not row["held_out"] and steps is not None:
                points[(row["arm"], row["seed"])][steps].append(row["accuracy"])
    for row in curves:
        if not row["held_out"] and row["arm"] in seeds_of and row["seed"] in seeds_of[row["arm"]]:
            points[(row["arm"], row["seed"])][row["step"]].append(row["accuracy"])
    start = _mean(before) if before else None  # every arm and seed repeats the one start's rows: the same mean
    result: dict[str, Any] = {"steps": [], "arms": {}}
    all_steps: set[int] = set()
    for arm in arms:
        by_step: dict[int, list[float]] = defaultdict(list)
        reached: dict[int, int | None] = {}
        for seed in sorted(seeds_of[arm]):
            series = sorted((step, _mean(values)) for step, values in points[(arm, seed)].items())
            if start is not None:
                series = [(0, start), *series]
            for step, value in series:
                by_step[step].append(value)
            if target is not None:
                reached[seed] = next((step for step, value in series if value >= target), None)
        all_steps |= set(by_step)
        result["arms"][arm] = {
            "points": {step: estimate(values) for step, values in sorted(by_step.items())},
            "reached": reached,
        }
    result["steps"] = sorted(all_steps)
    return result


def _scope_names(summary: dict[str, Any]) -> list[str]:
    names = list(summary["envs"])
    if any(env not in summary["held_out"] for env in names):
        names.append(TRAINED)
    if summary["held_out"]:
        names.append(HELD_OUT)
    return names


def _scope_label(summary: dict[str, Any], scope: str) -> str:
    if scope in (TRAINED, HELD_OUT):
        return f"all {scope}"
    return scope + (" (held out)" if scope in summary["held_out"] else "")


def scope_table(summary: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    """Accuracy by environment: a row per (environment, arm) with a column per level and each seed's mean over
    the levels, then rows for all trained and all held-out environments with that mean only; mean ± interval
    over seeds. The start's rows are the starting checkpoint's (one evaluation, no interval)."""
    levels = sorted({d for _, d in summary["levels"]})
    envs = summary["envs"]
    columns = ["environment", "arm", *[f"d={d}" for d in levels], "mean over levels"]
    rows = []
    for scope in _scope_names(summary):
        for arm in [START, *summary["arms"]]:
            cells = [summary["cells"].get((arm, scope, d)) if scope in envs else None for d in levels]
            mean = summary["scopes"].get((arm, scope))
            if mean is None and not any(cells):
                continue
            texts = [cell.text() if cell else "-" for cell in cells]
            rows.append((_scope_label(summary, scope), arm, *texts, mean.text() if mean else "-"))
    return columns, rows


def difference_table(summary: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    """Every other arm minus the reference, paired by seed: a row per (arm, environment) with a column per
    level and the mean over the levels, then a row per (arm, all trained / all held out) with that mean only."""
    levels = sorted({d for _, d in summary["levels"]})
    envs = summary["envs"]
    columns = [f"arm - {summary['reference']}", "environment", *[f"d={d}" for d in levels], "mean over levels"]
    rows = []
    for arm in summary["arms"]:
        if arm == summary["reference"]:
            continue
        for scope in _scope_names(summary):
            cells = [summary["differences"].get((arm, scope, d)) if scope in envs else None for d in levels]
            mean = summary["differences"].get((arm, scope))
            texts = [cell.text() if cell else "-" for cell in cells]
            rows.append((arm, _scope_label(summary, scope), *texts, mean.text() if mean else "-"))
    return columns, rows


def signal_table(summary: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    """Per arm: rollouts trained on, the share of GRPO groups with no advantage, rollouts with a signal."""
    signal = summary["signal"]
    envs = sorted({env for info in signal.values() for env in info["envs"]})
    columns = ["arm", "rollouts", "zero-adv share", *[f"{env} zero-adv" for env in envs], "signal rollouts"]
    rows = []
    for arm in summary["arms"]:
        info = signal.get(arm)
        if info is None:
            continue
        per_env = [info["envs"].get(env, {}).get("zero_advantage_share") for env in envs]

        def text(value, digits=2):
            if value is None:
                return "-"
            if digits == 0:
                return f"{value.mean:.0f}" + (f" ± {value.half_width:.0f}" if value.half_width else "")
            return value.text()

        rows.append(
            (
                arm,
                text(info["rollouts"], 0),
                text(info["zero_advantage_share"]),
                *[text(value) for value in per_env],
                text(info["signal_rollouts"], 0),
            )
        )
    return columns, rows


def curve_table(summary: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    """Per arm: mean trained accuracy at each scored step, and the steps to reach the target accuracy."""
    curve = summary["curve"]
    steps = curve["steps"]
    target = summary.get("target")
    columns = ["arm", *[f"step {step}" for step in steps]]
    if target is not None:
        columns.append(f"steps to {target:.2f}")
    rows = []
    for arm in summary["arms"]:
        info = curve["arms"].get(arm)
        if info is None:
            continue
        cells = [info["points"].get(step) for step in steps]
        row = [arm, *[cell.text() if cell else "-" for cell in cells]]
        if target is not None:
            reached = [step for step in info["reached"].values() if step is not None]
            seeds = len(info["reached"])
            if reached:
                row.append(f"{estimate(reached).mean:.0f} ({len(reached)}/{seeds} seeds)")
            else:
                row.append(f"not reached (0/{seeds} seeds)")
        rows.append(tuple(row))
    return columns, rows


def saving_table(summary: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    """Per trained environment and arm: the steps and the environment's rollouts its band took to first reach
    the level the from-eval arm starts at, next to the arm's final accuracy there (mean over the levels)."""
    found = summary["saving"]
    columns = ["environment", "start level", "arm", "band reached it at step", "rollouts until then", "final accuracy"]
    rows = []
    for env, level in found["levels"].items():
        for arm in summary["arms"]:
            figures = found["cells"].get((arm, env))
            if figures is None:
                continue
            final = summary["scopes"].get((arm, env))
            rows.append(
                (
                    env,
                    level,
                    arm,
                    saving.text(figures, "step"),
                    saving.text(figures, "rollouts"),
                    final.text() if final else "-",
                )
            )
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
        "  every arm trains from the same start on the same number of rollouts; seed s of every arm draws "
        "from the same problem stream where its curriculum allows",
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
    config = json.loads(ablation["config"])
    arms = config.get("arms") or [{}]
    evaluation = config.get("eval", {})
    summary = summarise(
        rows,
        reference=config.get("reference") or arms[0].get("name"),
        curves=records.curves(engine, ablation["id"]),
        mechanism=records.mechanism(engine, ablation["id"]),
        steps=config.get("steps"),
        target=evaluation.get("target_accuracy"),  # ablations recorded before it existed have none
        order=[arm.get("name") for arm in arms],
    )
    summary["saving"] = _saving(engine, ablation, config, rows)
    return ablation, summary


def _saving(engine, ablation: dict[str, Any], config: dict[str, Any], rows: list[dict[str, Any]]):
    """What starting at the frontier saved, when an arm starts from an evaluation: its levels, and per (arm, env)
    the seeds' steps and rollouts to reach them (``saving.over_seeds``); None otherwise."""
    trained = {row["env"] for row in rows if not row["held_out"]}
    start = frontier.start_levels(engine, ablation, config, trained)
    if start is None or not start["levels"]:
        return None
    history = records.band_history(engine, ablation["id"])
    found = saving.reaches(history, records.first_band_moves(engine, ablation["id"]), start["levels"])
    return {**start, "cells": {key: saving.over_seeds(by_seed) for key, by_seed in found.items()}}


def sections(ablation: dict[str, Any], summary: dict[str, Any]) -> list[tuple[str, tuple[list[str], list[tuple]]]]:
    """The report's tables in order, each with the line that says what it shows."""
    seeds = len(summary["seeds"])
    spread = "mean ± 95% t-interval over seeds" if seeds > 1 else "one seed: no interval"
    result = [(f"greedy accuracy per environment and level ({spread})", scope_table(summary))]
    if len(summary["arms"]) > 1:
        paired = "95% paired t-interval over the per-seed differences" if seeds > 1 else "one seed: no interval"
        result.append(
            (
                f"difference from {summary['reference']}, paired by seed ({paired}; "
                "'incl. 0': no difference shown at this level)",
                difference_table(summary),
            )
        )
    found = summary.get("saving")
    if found and found["cells"]:
        result.append(
            (
                f"rollouts to the frontier: the steps and the environment's rollouts each arm's band spent before "
                f"its upper end first reached the level {found['arm']!r} starts at (evaluation {found['evaluation']}; "
                "step 0: started there; never: not within the run), and the final accuracy (mean over levels)",
                saving_table(summary),
            )
        )
    if summary["signal"]:
        result.append(
            (
                "training rollouts per seed; share of GRPO groups whose completions all got the same reward "
                "(zero advantage: no learning signal); rollouts in the other groups",
                signal_table(summary),
            )
        )
    if len(summary["curve"]["steps"]) > 2:  # more than the start and the end: a curve was scored
        result.append(
            (
                "learning curve: mean accuracy over the trained environments' levels by step (step 0: the start; "
                "the last: the final evaluation; between: the first problems of it)",
                curve_table(summary),
            )
        )
    return result


def as_json(ablation: dict[str, Any], summary: dict[str, Any]) -> dict[str, Any]:
    """The summary as plain data: every cell, scope, paired difference, the signal and the curve."""

    def number(value: Estimate | None) -> dict[str, Any] | None:
        if value is None:
            return None
        return {"mean": value.mean, "half_width": value.half_width, "n": value.n}

    cells = [
        {"arm": arm, "env": env, "difficulty": d, "mean": c.mean, "half_width": c.half_width, "n": c.n}
        for (arm, env, d), c in sorted(summary["cells"].items())
    ]
    scopes = [{"arm": arm, "scope": scope, **number(c)} for (arm, scope), c in sorted(summary["scopes"].items())]
    differences = [
        {
            "arm": arm,
            "reference": summary["reference"],
            "key": list(key),
            **number(d.estimate),
            "seeds": list(d.seeds),
            "includes_zero": d.includes_zero,
        }
        for (arm, *key), d in sorted(summary["differences"].items(), key=lambda item: str(item[0]))
    ]
    signal = {
        arm: {
            "rollouts": number(info["rollouts"]),
            "zero_advantage_share": number(info["zero_advantage_share"]),
            "signal_rollouts": number(info["signal_rollouts"]),
            "envs": {env: number(v["zero_advantage_share"]) for env, v in info["envs"].items()},
        }
        for arm, info in summary["signal"].items()
    }
    curve = {
        arm: {"points": {str(step): number(e) for step, e in info["points"].items()}, "reached": info["reached"]}
        for arm, info in summary["curve"]["arms"].items()
    }
    found = summary.get("saving")
    rollouts_to_frontier = None
    if found:
        rollouts_to_frontier = {
            "arm": found["arm"],
            "evaluation": found["evaluation"],
            "levels": found["levels"],
            "rows": [
                {"arm": arm, "env": env, "level": found["levels"][env], **figures,
                 "final_accuracy": number(summary["scopes"].get((arm, env)))}
                for (arm, env), figures in sorted(found["cells"].items())
            ],
        }
    return {
        "ablation": ablation["id"],
        "seeds": summary["seeds"],
        "unjudged": summary["unjudged"],
        "reference": summary["reference"],
        "target_accuracy": summary.get("target"),
        "cells": cells,
        "scopes": scopes,
        "differences": differences,
        "signal": signal,
        "curve": curve,
        "rollouts_to_frontier": rollouts_to_frontier,
    }


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
