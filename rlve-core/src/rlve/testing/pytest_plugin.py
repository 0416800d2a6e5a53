"""The pytest plugin rlve-core installs (entry point ``pytest11: rlve``).

pytest loads it in every run where rlve-core is installed, so it only declares options: the suite
itself runs when a test module defines a subclass of ``rlve.testing.EnvironmentConformance``, which
reads these options. Nothing else is imported or done here.

    pytest --rlve-seeds 5 --rlve-difficulties 0-50 --rlve-jobs 4
"""

from __future__ import annotations

from typing import Any


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("rlve", "rlve conformance suite (tests that subclass rlve.testing.EnvironmentConformance)")
    group.addoption("--rlve-seeds", type=int, default=None, metavar="N", help="check seeds 0..N-1 (default 3)")
    group.addoption(
        "--rlve-difficulties",
        default=None,
        metavar="LEVELS",
        help="levels to check, e.g. 0-30 or 0,5,10-12 (default 0-30 plus a stress level of 100)",
    )
    group.addoption(
        "--rlve-jobs",
        type=int,
        default=None,
        metavar="N",
        help="environments checked in parallel (default: one per CPU)",
    )
    group.addoption(
        "--rlve-no-isolate",
        action="store_true",
        default=False,
        help="check in the pytest process (debuggers work; hangs are no longer reported)",
    )


def pytest_configure(config: Any) -> None:
    """Reject bad --rlve-* values once, at start-up, rather than in every conformance test."""
    import pytest

    levels = config.getoption("rlve_difficulties", None)
    if levels is not None:
        from rlve.testing.config import parse_difficulties

        try:
            parse_difficulties(levels)
        except ValueError as error:
            raise pytest.UsageError(f"--rlve-difficulties: {error}") from None
    seeds = config.getoption("rlve_seeds", None)
    if seeds is not None and seeds < 1:
        raise pytest.UsageError("--rlve-seeds must be at least 1")
