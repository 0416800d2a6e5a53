"""The saving of starting at the frontier, measured: per arm, seed and trained environment, the steps and the
environment's rollouts its band spent before its upper end first reached the level a ``from-eval`` arm starts
at, read from the arms' own history (``curriculum`` per step, ``difficulty_changes``).

A ``curriculum`` row holds the band *after* its step (the step's rollouts were drawn before any move they
caused), so a band that reaches the level at step s spent the rollouts of steps 1..s on the way; a band that
starts there (the frontier arm itself, or a fixed arm at or above the level) spent nothing: step 0.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rlve_trainer.ablate.stats import estimate


@dataclass(frozen=True)
class Reach:
    step: int | None  # the first step after which the band's upper end was >= the level; 0: it started there
    rollouts: int  # the environment's rollouts until then; with step None, all of the run's
    steps: int  # the run's steps in the history

    @property
    def reached(self) -> bool:
        return self.step is not None


def first_reach(start_high: int, history: Iterable[tuple[int, int, int]], level: int) -> Reach:
    """``history``: (step, band's upper end after the step, the environment's rollouts in the step), in order."""
    rows = list(history)
    last = rows[-1][0] if rows else 0
    if start_high >= level:
        return Reach(0, 0, last)
    spent = 0
    for step, high, rollouts in rows:
        spent += rollouts
        if high >= level:
            return Reach(step, spent, last)
    return Reach(None, spent, last)


def reaches(
    history: Iterable[Mapping[str, Any]], first_moves: Mapping[tuple[str, int, str], int], levels: Mapping[str, int]
) -> dict[tuple[str, str], dict[int, Reach]]:
    """(arm, env) -> {seed: Reach} for every environment in ``levels``.

    ``history``: ``records.band_history`` rows; ``first_moves``: ``records.first_band_moves``, the upper end
    before a band's first move (where it started); a band that never moved started where its rows all are.
    """
    series: dict[tuple[str, int, str], list[tuple[int, int, int]]] = defaultdict(list)
    for row in history:
        if row["env"] in levels:
            series[(row["arm"], row["seed"], row["env"])].append((row["step"], row["high"], row["step_samples"] or 0))
    result: dict[tuple[str, str], dict[int, Reach]] = defaultdict(dict)
    for (arm, seed, env), rows in series.items():
        rows.sort()
        start_high = first_moves.get((arm, seed, env), rows[0][1])
        result[(arm, env)][seed] = first_reach(start_high, rows, levels[env])
    return dict(result)


def over_seeds(by_seed: Mapping[int, Reach]) -> dict[str, Any]:
    """The seeds' figures as plain data: mean steps and rollouts over the seeds that reached the level (with a
    95% half width from two seeds on), how many did, and the mean rollouts of the runs that never did."""
    reached = [reach for reach in by_seed.values() if reach.reached]
    never = [reach for reach in by_seed.values() if not reach.reached]

    def mean(values: list[float]) -> dict[str, Any] | None:
        if not values:
            return None
        value = estimate(values)
        return {"mean": value.mean, "half_width": value.half_width, "n": value.n}

    return {
        "seeds": len(by_seed),
        "reached": len(reached),
        "step": mean([reach.step for reach in reached]),
        "rollouts": mean([reach.rollouts for reach in reached]),
        "never_rollouts": mean([reach.rollouts for reach in never]),
        "by_seed": {
            seed: {"step": reach.step, "rollouts": reach.rollouts} for seed, reach in sorted(by_seed.items())
        },
    }


def text(figures: Mapping[str, Any], key: str) -> str:
    """One cell: ``36``, ``36 ± 5``, ``36 (2/3 seeds)``, or ``never`` (with the rollouts spent without reaching
    it: ``never (> 96)``)."""
    if not figures["reached"]:
        spent = figures["never_rollouts"]
        return f"never (> {spent['mean']:.0f})" if key == "rollouts" and spent else "never"
    value = figures[key]
    cell = f"{value['mean']:.0f}" + (f" ± {value['half_width']:.0f}" if value["half_width"] else "")
    if figures["reached"] < figures["seeds"]:
        cell += f" ({figures['reached']}/{figures['seeds']} seeds)"
    return cell
