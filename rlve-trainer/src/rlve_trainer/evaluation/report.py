"""An evaluation read back from the history: its frontier table, its JSON, and its accuracy plot.

Everything comes from the rows alone, so a report made later, elsewhere, shows what the run printed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from rlve.errors import RlveError
from rlve_trainer.evaluation import records


def frontier_text(row: dict[str, Any]) -> str:
    """``5 (5 passed, 6 failed)``, ``>= 1024 (every level passed)`` or ``none (d=0 failed)``."""
    if row["frontier"] is None:
        return "none (d=0 failed)"
    if row["capped"]:
        return f">= {row['frontier']} (every level up to {row['frontier']} passed)"
    return f"{row['frontier']} ({row['frontier']} passed, {row['failed_at']} failed)"


def load(engine, ref: str) -> dict[str, Any]:
    """The evaluation ``ref`` with its frontiers and per-level results."""
    evaluation = records.get(engine, ref)
    levels: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in records.results(engine, evaluation["id"]):
        levels[row["env"]].append(row)
    return {
        "evaluation": evaluation,
        "frontiers": records.frontiers(engine, evaluation["id"]),
        "levels": dict(levels),
    }


def as_json(report: dict[str, Any]) -> str:
    evaluation = report["evaluation"]
    body = {
        "id": evaluation["id"],
        "name": evaluation["name"],
        "status": evaluation["status"],
        "model": evaluation["model"],
        "backend": evaluation["backend"],
        "settings": json.loads(evaluation["settings"]),
        "threshold": evaluation["threshold"],
        "problems": evaluation["problems"],
        "environments": [
            {
                "env": row["env"],
                "env_version": row["env_version"],
                "frontier": row["frontier"],
                "failed_at": row["failed_at"],
                "capped": bool(row["capped"]),
                "answers": row["answers"],
                "levels": [
                    {key: level[key] for key in ("difficulty", "answers", "correct", "unjudged", "accuracy")}
                    | {"interval": [level["low"], level["high"]], "passed": bool(level["passed"])}
                    for level in report["levels"].get(row["env"], [])
                ],
            }
            for row in report["frontiers"]
        ],
    }
    return json.dumps(body, indent=2)


def lines(report: dict[str, Any]) -> list[str]:
    """The frontier table and, per environment, accuracy by level with its interval."""
    evaluation = report["evaluation"]
    settings = json.loads(evaluation["settings"])
    out = [
        f"evaluation {evaluation['id']}" + (f" ({evaluation['name']})" if evaluation["name"] else ""),
        f"  model {evaluation['model']} via {evaluation['backend']}; status {evaluation['status']}; "
        f"threshold {evaluation['threshold']:g}; up to {evaluation['problems']} problems per level; "
        f"temperature {settings.get('temperature', 0):g}, n {settings.get('n', 1)}",
    ]
    if evaluation.get("error"):
        out.append(f"  error: {evaluation['error']}")
    if not report["frontiers"] and not report["levels"]:
        out.append("  (no results yet)")
        return out
    width = max(len(row["env"]) for row in report["frontiers"]) if report["frontiers"] else 10
    out.append("")
    out.append(f"{'environment'.ljust(width)}  frontier")
    out.extend(f"{row['env'].ljust(width)}  {frontier_text(row)}" for row in report["frontiers"])
    for env_id, levels in sorted(report["levels"].items()):
        out.append("")
        out.append(f"{env_id}: accuracy by level (95% Wilson interval)")
        for level in levels:
            verdict = "passed" if level["passed"] else "failed"
            unjudged = f", {level['unjudged']} unjudged" if level["unjudged"] else ""
            out.append(
                f"  d={level['difficulty']:<5} {level['correct']:>4}/{level['answers']:<4} {level['accuracy']:.2f} "
                f"[{level['low']:.2f}, {level['high']:.2f}]  {verdict}{unjudged}"
            )
    return out


def plot(report: dict[str, Any], output: str) -> str:
    """Accuracy against difficulty per environment, the interval as error bars, the frontier marked."""
    if not report["levels"]:
        raise RlveError(f"evaluation {report['evaluation']['id']} has no results yet; nothing to plot")
    try:
        import matplotlib
    except ImportError:
        raise RlveError(
            "plotting needs matplotlib, which is not installed: pip install 'rlve-trainer[plot]' "
            "(or pip install matplotlib)"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    threshold = report["evaluation"]["threshold"]
    frontiers = {row["env"]: row for row in report["frontiers"]}
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for env_id, levels in sorted(report["levels"].items()):
        xs = [level["difficulty"] for level in levels]
        ys = [level["accuracy"] for level in levels]
        below = [y - level["low"] for y, level in zip(ys, levels)]
        above = [level["high"] - y for y, level in zip(ys, levels)]
        errors = [below, above]
        line = axes.errorbar(xs, ys, yerr=errors, marker="o", capsize=3, label=env_id)
        row = frontiers.get(env_id)
        if row is not None and row["frontier"] is not None:
            axes.axvline(row["frontier"], color=line[0].get_color(), linestyle=":", alpha=0.7)
    axes.axhline(threshold, color="grey", linestyle="--", linewidth=1, label=f"threshold {threshold:g}")
    axes.set_xscale("symlog", linthresh=8)
    axes.set_xlabel("difficulty (dotted: each environment's frontier)")
    axes.set_ylabel("accuracy")
    axes.set_ylim(-0.02, 1.02)
    axes.set_title(f"evaluation {report['evaluation']['id']}: {report['evaluation']['model']}")
    axes.legend(fontsize="small")
    figure.tight_layout()
    try:
        figure.savefig(output, dpi=120)
    except (OSError, ValueError) as error:
        raise RlveError(f"cannot write the plot to {output!r}: {str(error).splitlines()[0]}") from None
    finally:
        plt.close(figure)
    return output
