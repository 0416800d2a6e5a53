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

What is checked, and the rules behind each check: ``rlve.testing.report.CHECKS`` and the docstring of
``rlve.testing.checks``. The hostile corpus: ``rlve.testing.hostile``.

This package is imported by the pytest plugin that rlve-core installs (``rlve.testing.pytest_plugin``)
in every pytest run, so nothing is imported here until it is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rlve.testing.checks import check_environment
    from rlve.testing.config import CheckConfig
    from rlve.testing.conformance import EnvironmentConformance
    from rlve.testing.report import CHECKS, EnvReport, Failure
    from rlve.testing.runner import check_environments

_EXPORTS = {
    "CHECKS": "rlve.testing.report",
    "CheckConfig": "rlve.testing.config",
    "EnvReport": "rlve.testing.report",
    "EnvironmentConformance": "rlve.testing.conformance",
    "Failure": "rlve.testing.report",
    "check_environment": "rlve.testing.checks",
    "check_environments": "rlve.testing.runner",
}

__all__ = [
    "CHECKS",
    "CheckConfig",
    "EnvReport",
    "EnvironmentConformance",
    "Failure",
    "check_environment",
    "check_environments",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'rlve.testing' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value
