"""The conformance suite: the checks every environment must pass, as plain functions, as the
``rlve check`` command and as a pytest base class.

In a pack's tests (the one line that wires a pack to the suite)::

    from rlve.testing import EnvironmentConformance

    class TestConformance(EnvironmentConformance):
        pack = "chess"                  # or: environments = [PairSum, ...]

From Python::

    from rlve.testing import check_environments
    reports = check_environments([PairSum])         # one EnvReport per class
    assert all(report.passed for report in reports)

Time limits, in the suite and in a pack's own tests, are CPU time, so a busy machine does not fail them::

    from rlve.testing import cpu_timer

    with cpu_timer() as spent:
        env.sample(100, 0)
    assert spent.cpu < 1.0, spent        # "12.3 ms of CPU time (40.1 ms wall)"

A pack's own tests check what the kit cannot know, other valid answers and near misses::

    from rlve.testing import assert_accepted, assert_rejected, find_problem

    problem = find_problem("graph/shortest_path", lambda p: p.size > 8)
    assert_accepted(problem, other_shortest_path)            # not the reference, as short
    assert_rejected(problem, one_step_longer, "longer")      # the reason says why

What is checked, and the rules behind each check: ``rlve.testing.report.CHECKS`` and the docstring of
``rlve.testing.checks``. The hostile corpus: ``rlve.testing.hostile``.

This package is imported by the pytest plugin that rlve-core installs (``rlve.testing.pytest_plugin``)
in every pytest run, so nothing is imported here until it is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rlve.testing.assertions import assert_accepted, assert_rejected, find_problem, score_answer
    from rlve.testing.checks import check_environment
    from rlve.testing.config import CheckConfig
    from rlve.testing.conformance import EnvironmentConformance
    from rlve.testing.report import CHECKS, EnvReport, Failure
    from rlve.testing.runner import check_environments
    from rlve.testing.timing import Spent, cpu_time, cpu_timer

_EXPORTS = {
    "CHECKS": "rlve.testing.report",
    "CheckConfig": "rlve.testing.config",
    "EnvReport": "rlve.testing.report",
    "EnvironmentConformance": "rlve.testing.conformance",
    "Failure": "rlve.testing.report",
    "Spent": "rlve.testing.timing",
    "assert_accepted": "rlve.testing.assertions",
    "assert_rejected": "rlve.testing.assertions",
    "check_environment": "rlve.testing.checks",
    "check_environments": "rlve.testing.runner",
    "cpu_time": "rlve.testing.timing",
    "cpu_timer": "rlve.testing.timing",
    "find_problem": "rlve.testing.assertions",
    "score_answer": "rlve.testing.assertions",
}

__all__ = [
    "CHECKS",
    "CheckConfig",
    "EnvReport",
    "EnvironmentConformance",
    "Failure",
    "Spent",
    "assert_accepted",
    "assert_rejected",
    "check_environment",
    "check_environments",
    "cpu_time",
    "cpu_timer",
    "find_problem",
    "score_answer",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'rlve.testing' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value
