"""``EnvironmentConformance``: the conformance suite as a pytest base class.

A pack's ``tests/test_conformance.py``::

    from rlve.testing import EnvironmentConformance

    class TestConformance(EnvironmentConformance):
        pack = "chess"      # every environment the installed pack registers (proves the entry point too)

or ``environments = [PairSum, ...]`` to name classes directly (they need not be installed). Each check of
``rlve.testing.report.CHECKS`` becomes one test per environment, e.g. ``test_reference[chess/pair_sum]``.
The checks of all selected environments of the class run once, in parallel child processes, when the
first test needs them; every test then reads its result.

Tune a class with ``config = CheckConfig(...)``; the pytest options ``--rlve-seeds``,
``--rlve-difficulties``, ``--rlve-jobs`` and ``--rlve-no-isolate`` override it for one run.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from rlve.environment import Environment
from rlve.errors import RlveError
from rlve.testing.config import CheckConfig, parse_difficulties
from rlve.testing.render import check_details
from rlve.testing.report import NOT_RUN, SKIPPED, EnvReport
from rlve.testing.runner import check_environments

_REPORTS: dict[tuple[type, str], EnvReport] = {}


class RlveConformanceWarning(UserWarning):
    """Something the suite noticed that is not a failure (partial credit for a hostile answer, ...)."""


def _classes_of_pack(pack: str) -> list[type[Environment]]:
    from rlve.plugins import load

    loaded = load()
    try:
        ids = loaded.registry.select(pack)
    except RlveError as error:
        problems = "; ".join(loaded.problems)
        hint = f" Plugin problems: {problems}" if problems else " Is the pack installed (pip install -e .)?"
        raise RlveError(f"{error}.{hint}") from None
    return [loaded.registry.entry(env_id).cls for env_id in ids]


def _config_from_options(base: CheckConfig, options: Any) -> CheckConfig:
    seeds = options.getoption("rlve_seeds", None)
    levels = options.getoption("rlve_difficulties", None)
    jobs = options.getoption("rlve_jobs", None)
    overrides: dict[str, Any] = {"jobs": jobs}
    if seeds is not None:
        if seeds < 1:
            raise pytest.UsageError("--rlve-seeds must be at least 1")
        overrides["seeds"] = tuple(range(seeds))
    if levels is not None:
        try:
            overrides["difficulties"] = parse_difficulties(levels)
        except ValueError as error:
            raise pytest.UsageError(f"--rlve-difficulties: {error}") from None
        overrides["stress_difficulties"] = ()
    if options.getoption("rlve_no_isolate", False):
        overrides["isolate"] = False
    return base.with_overrides(**overrides)


def _selected_ids(request: Any, test_class: type) -> set[str]:
    """The environments this run selected for ``test_class`` (after -k and friends), to check them at once."""
    ids = set()
    for item in getattr(request.session, "items", None) or []:
        callspec = getattr(item, "callspec", None)
        if getattr(item, "cls", None) is test_class and callspec is not None and "environment_id" in callspec.params:
            ids.add(callspec.params["environment_id"])
    return ids


class EnvironmentConformance:
    """Subclass it as ``Test...`` and set ``pack`` or ``environments``; see the module docstring."""

    #: The pack whose registered environments are checked (its entry point must work).
    pack: ClassVar[str | None] = None
    #: Environment classes to check, in addition to the pack's.
    environments: ClassVar[Sequence[type[Environment]]] = ()
    #: Levels, seeds and budgets; the pytest options override it.
    config: ClassVar[CheckConfig] = CheckConfig()

    @classmethod
    def environment_classes(cls) -> dict[str, type[Environment]]:
        classes = list(cls.environments)
        if cls.pack:
            classes += _classes_of_pack(cls.pack)
        if not classes:
            raise TypeError(f'{cls.__name__}: set `pack = "<name>"` or `environments = [...]`')
        return {str(getattr(env_cls, "id", env_cls.__qualname__)): env_cls for env_cls in classes}

    def pytest_generate_tests(self, metafunc: Any) -> None:
        if "environment_id" in metafunc.fixturenames:
            metafunc.parametrize("environment_id", sorted(type(self).environment_classes()))

    # -- the shared run ------------------------------------------------------------------------

    def report_for(self, request: Any, environment_id: str) -> EnvReport:
        key = (type(self), environment_id)
        if key not in _REPORTS:
            classes = type(self).environment_classes()
            wanted = {environment_id} | _selected_ids(request, type(self))
            todo = [env_id for env_id in sorted(wanted) if (type(self), env_id) not in _REPORTS and env_id in classes]
            config = _config_from_options(type(self).config, request.config)
            for env_id, report in zip(todo, check_environments([classes[e] for e in todo], config)):
                _REPORTS[(type(self), env_id)] = report
        return _REPORTS[key]

    def expect(self, request: Any, environment_id: str, check: str) -> None:
        report = self.report_for(request, environment_id)
        result = report.checks[check]
        if check == "hostile_answers":
            for warning in report.warnings:
                warnings.warn(RlveConformanceWarning(f"{environment_id}: {warning}"), stacklevel=2)
        if result.failed_cases:
            pytest.fail(f"{environment_id}\n" + "\n".join(check_details(result, limit=10)), pytrace=False)
        if result.status in (SKIPPED, NOT_RUN):
            pytest.skip(result.note or "not run")

    # -- one test per check ----------------------------------------------------------------------

    def test_metadata(self, request, environment_id):
        """id, version, description, answer_format... are valid."""
        self.expect(request, environment_id, "metadata")

    def test_generation(self, request, environment_id):
        """sample() works at every tested (difficulty, seed)."""
        self.expect(request, environment_id, "generation")

    def test_determinism(self, request, environment_id):
        """The same (seed, difficulty) gives the same Problem again."""
        self.expect(request, environment_id, "determinism")

    def test_fresh_process(self, request, environment_id):
        """The same Problem in another process with another PYTHONHASHSEED."""
        self.expect(request, environment_id, "fresh_process")

    def test_seed_variety(self, request, environment_id):
        """Different seeds give different problems."""
        self.expect(request, environment_id, "seed_variety")

    def test_prompt_format(self, request, environment_id):
        """The prompt states the answer format through the standard sentence."""
        self.expect(request, environment_id, "prompt_format")

    def test_json_round_trip(self, request, environment_id):
        """data is plain JSON; the Problem round-trips and still verifies."""
        self.expect(request, environment_id, "json_round_trip")

    def test_reference(self, request, environment_id):
        """The reference answer scores as correct, in tags and in \\boxed{}."""
        self.expect(request, environment_id, "reference")

    def test_discrimination(self, request, environment_id):
        """Answers to other problems are rejected."""
        self.expect(request, environment_id, "discrimination")

    def test_hostile_answers(self, request, environment_id):
        """Hostile answers never score; check() raises nothing but ParseError."""
        self.expect(request, environment_id, "hostile_answers")

    def test_size_growth(self, request, environment_id):
        """Problem.size depends only on the difficulty, never falls, and grows at every level up to 30."""
        self.expect(request, environment_id, "size_growth")

    def test_generation_time(self, request, environment_id):
        """Every generation stays within its time budget."""
        self.expect(request, environment_id, "generation_time")

    def test_verification_time(self, request, environment_id):
        """Every verification stays within its time budget."""
        self.expect(request, environment_id, "verification_time")
