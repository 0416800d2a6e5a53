"""What the conformance checks share: the checker's state, problem fingerprints, level spreads and error text.

The checks themselves are in ``rlve.testing.problem_checks`` and ``rlve.testing.answer_checks``, put
together by ``rlve.testing.checks.EnvironmentChecker`` (whose docstring states the rules).
"""

from __future__ import annotations

import hashlib
import json
import traceback
from collections.abc import Callable
from pathlib import Path

from rlve.environment import Environment, Problem
from rlve.testing.config import CheckConfig
from rlve.testing.report import EnvReport

#: ``progress(check, difficulty, seed, what)`` is called before every step that could hang.
Progress = Callable[[str, "int | None", "int | None", str], None]


def target_of(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def describe_exception(error: BaseException) -> str:
    """``Type: message at file.py:line``, the line being the innermost frame, where the bug usually is."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {str(error)[:240]}{where}"


def spread(levels: tuple[int, ...], count: int) -> list[int]:
    """Up to ``count`` levels evenly spread over ``levels``, first and last included."""
    if len(levels) <= count:
        return list(levels)
    picks = {levels[round(i * (len(levels) - 1) / (count - 1))] for i in range(count)}
    return sorted(picks)


def fingerprint(problem: Problem) -> str:
    """A hash of the whole Problem that ignores dict key order (harmless) and nothing else."""
    canonical = json.dumps(problem.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def fingerprint_points(config: CheckConfig) -> list[tuple[int, int]]:
    """The few (difficulty, seed) points compared across processes."""
    points = [(d, s) for d in spread(config.levels, 3) for s in config.seeds[:2]]
    points += [(d, config.seeds[0]) for d in config.stress_levels]
    return points


def fingerprints(env: Environment, points: list[tuple[int, int]]) -> dict[str, str]:
    return {f"{d}/{s}": fingerprint(env.sample(d, s)) for d, s in points}


def differences(first: Problem, second: Problem) -> str:
    """Which fields of two Problems differ, for a message a human can act on."""
    fields = [name for name in Problem.model_fields if getattr(first, name) != getattr(second, name)]
    if fields == ["data"]:
        keys = sorted({*first.data, *second.data})
        changed = [k for k in keys if first.data.get(k) != second.data.get(k)]
        return f"data differs at {', '.join(map(repr, changed[:5]))}"
    return f"{', '.join(fields)} differ" if fields else "they differ"


class CheckerState:
    """The attributes every group of checks reads; ``EnvironmentChecker.__init__`` sets them."""

    cls: type[Environment]
    config: CheckConfig
    progress: Progress
    report: EnvReport
    #: The class has ``runs_untrusted_code``: fewer, slower verifications, and no canary check.
    untrusted: bool
    verify_budget: float
    #: Every problem generated so far, by (difficulty, seed); the generation check fills it.
    problems: dict[tuple[int, int], Problem]
    #: The untimed first sample, compared with the timed one by the determinism check.
    warm_up: Problem | None
