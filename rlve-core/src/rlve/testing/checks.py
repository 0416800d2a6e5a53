"""The conformance checks, run in one process against one environment class.

``check_environment(MyEnv)`` runs every check of ``rlve.testing.report.CHECKS`` except ``fresh_process``
(which needs a second process; see ``rlve.testing.runner``) and returns an ``EnvReport``. Problems are
generated once, on a grid of (difficulty, seed), and every check reads that grid.

Rules worth knowing, because they are judgement calls:

* **Seed variety.** At the lowest tested level at least 2 of 5 seeds give different prompts (tiny levels
  may have tiny problem spaces); at every tested level from 5 on, the grid's seeds are not all the same
  problem; at the highest tested level, if it is 10 or more, all 5 seeds give different prompts.
* **Size growth.** ``size`` must not depend on the seed and must never fall as difficulty rises (stress
  levels included); between consecutive tested levels up to 30 it must strictly grow (the quality bar:
  every level from 0 to 30 is a bigger instance); and it must be larger at the highest tested level than
  at the lowest when they are at least 10 levels apart (which still catches a plateau beyond 30).
* **Discrimination.** At the highest tested level, the reference answers of other seeds' problems
  (where they differ from this problem's) are scored; accepting more than half of them fails.
* **Hostile answers.** An ``answer`` entry goes through the same guards as ``Environment.verify`` and
  then straight to ``check``, so a crash is seen as a crash rather than as a zero-reward Verdict.
  Partial credit for a hostile answer is a warning, not a failure; scoring it correct is a failure.
* **Time budgets** are CPU time (``rlve.testing.timing``): this process's threads plus the children it
  waited for during the step (a sandbox), not the wall clock, which a busy machine stretches. Time
  spent blocked is not counted; a step that blocks for good is what the runner's watchdog is for.
  A failure states both the CPU and the wall time.
* Environments with ``runs_untrusted_code`` get a larger verification budget and fewer verifications
  (each runs a sandbox), no canary check (running the answer is what they do), and none of the hostile
  entries that are valid programs (the reference with a comment appended, a near miss redefined by it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from rlve.environment import Environment, Problem
from rlve.errors import InvalidEnvironment
from rlve.registry import validate_environment_class
from rlve.testing.answer_checks import UNTRUSTED_REFERENCE_LEVELS, AnswerChecks
from rlve.testing.check_support import (
    Progress,
    describe_exception,
    differences,
    fingerprint,
    fingerprint_points,
    fingerprints,
    spread,
    target_of,
)
from rlve.testing.config import CheckConfig
from rlve.testing.problem_checks import (
    GROWTH_SPAN,
    STRICT_GROWTH_UNTIL,
    VARIETY_ALL_FROM,
    VARIETY_SEEDS,
    VARIETY_SOME_FROM,
    ProblemChecks,
)
from rlve.testing.report import NOT_RUN, EnvReport

__all__ = [
    "ALWAYS",
    "GROWTH_SPAN",
    "STRICT_GROWTH_UNTIL",
    "UNTRUSTED_REFERENCE_LEVELS",
    "VARIETY_ALL_FROM",
    "VARIETY_SEEDS",
    "VARIETY_SOME_FROM",
    "EnvironmentChecker",
    "Progress",
    "check_environment",
    "describe_exception",
    "differences",
    "fingerprint",
    "fingerprint_points",
    "fingerprints",
    "spread",
    "target_of",
]

#: Checks that run whatever ``only`` says: every other check needs problems, and every step is timed.
ALWAYS = ("metadata", "generation", "generation_time", "verification_time")


def _no_progress(check: str, difficulty: int | None, seed: int | None, what: str) -> None:
    return None


class EnvironmentChecker(ProblemChecks, AnswerChecks):
    """Runs the in-process checks for one environment class and fills an EnvReport.

    The checks are in ``rlve.testing.problem_checks`` (generation and the problems themselves) and
    ``rlve.testing.answer_checks`` (scoring answers); this class runs them in order and creates the environment."""

    def __init__(self, cls: type[Environment], config: CheckConfig | None = None, progress: Progress | None = None):
        self.cls = cls
        self.config = config or CheckConfig()
        self.progress = progress or _no_progress
        self.report = EnvReport(env=str(getattr(cls, "id", cls.__qualname__)), target=target_of(cls))
        self.untrusted = getattr(cls, "runs_untrusted_code", False) is True
        self.verify_budget = self.config.verify_budget(self.untrusted)
        self.problems: dict[tuple[int, int], Problem] = {}
        self.warm_up: Problem | None = None
        self.on_checkpoint: Callable[[EnvReport], None] = lambda report: None

    # -- running ---------------------------------------------------------------------------------

    def run(self) -> EnvReport:
        started = time.perf_counter()
        env = self.metadata()
        if env is not None:
            phases: list[tuple[str, Callable[[Environment], None]]] = [
                ("generation", self.generation),
                ("determinism", self.determinism),
                ("seed_variety", self.seed_variety),
                ("prompt_format", self.prompt_format),
                ("json_round_trip", self.json_round_trip),
                ("size_growth", self.size_growth),
                ("reference", self.reference),
                ("discrimination", self.discrimination),
                ("hostile_answers", self.hostile_answers),
            ]
            random_state = random.getstate()
            for name, phase in phases:
                if self.active(name):
                    try:
                        phase(env)
                    except Exception as error:  # noqa: BLE001 - e.g. a class attribute the metadata check flagged
                        self.report.fail(name, f"could not run this check: {describe_exception(error)}")
                if random.getstate() != random_state:
                    if self.active("determinism"):
                        self.report.fail(
                            "determinism",
                            f"the global random module was used during the {name} check; use only the rng "
                            "argument of generate(), and no randomness in check()",
                        )
                    random.setstate(random_state)
                self.on_checkpoint(self.report)
        for name, result in self.report.checks.items():
            if name == "fresh_process" or not self.active(name) or result.status != NOT_RUN:
                continue
            if env is None and name != "metadata":
                result.note = "not run: the environment could not be created"
            elif result.cases or result.failed_cases:
                self.report.finish(name)
            else:
                self.report.skip(name, "nothing to check: no problem was generated")
        self.report.elapsed_s = time.perf_counter() - started
        return self.report

    def active(self, check: str) -> bool:
        return check in ALWAYS or self.config.wants(check)

    # -- metadata and generation ------------------------------------------------------------------

    def metadata(self) -> Environment | None:
        self.progress("metadata", None, None, "")
        try:
            validate_environment_class(self.cls)
            self.report.passed_case("metadata")
        except InvalidEnvironment as error:
            self.report.fail("metadata", str(error))
        try:
            env = self.cls()
        except Exception as error:  # noqa: BLE001
            self.report.fail("metadata", f"{self.cls.__qualname__}() raised {describe_exception(error)}")
            return None
        if not isinstance(getattr(self.cls, "max_answer_chars", None), int) or self.cls.max_answer_chars < 1:
            self.report.fail(
                "metadata", f"max_answer_chars must be a positive integer, got {self.cls.max_answer_chars!r}"
            )
        if not isinstance(getattr(self.cls, "id", None), str):
            return None  # nothing else can run without an id
        return env


def check_environment(
    cls: type[Environment], config: CheckConfig | None = None, progress: Progress | None = None
) -> EnvReport:
    """Run every in-process check on ``cls`` (everything except ``fresh_process``)."""
    return EnvironmentChecker(cls, config, progress).run()
