"""The outcome of checking one environment: per-check results, failures that say how to reproduce
them, and the slowest generation and verification seen (by CPU time, see ``rlve.testing.timing``).
Plain dataclasses that round-trip through JSON, because an isolated check reports from a child process.
"""

from __future__ import annotations

import shlex
from dataclasses import asdict, dataclass, field
from typing import Any

from rlve.testing.timing import format_seconds

#: Every check, in the order they run, with what it guarantees. Names are stable: they are the
#: ``--only`` values, the JSON keys and (prefixed with ``test_``) the pytest test names.
CHECKS: dict[str, str] = {
    "metadata": "id, version, description, answer_format... are valid (rlve.registry.validate_environment_class)",
    "generation": "sample() works at every tested (difficulty, seed) and returns the Problem it was asked for",
    "determinism": "the same (seed, difficulty) gives the same Problem again; the global random module is untouched",
    "fresh_process": "the same Problem in another process with another PYTHONHASHSEED",
    "seed_variety": "different seeds give different problems (see the rule in rlve.testing.checks)",
    "prompt_format": "the prompt states the answer format once, through the standard <answer> sentence",
    "json_round_trip": "data is plain JSON and the Problem round-trips through JSON, still verifying",
    "reference": "the reference answer, in <answer> tags and in \\boxed{}, scores as correct",
    "discrimination": "answers to other problems are rejected, so a checker that accepts anything fails",
    "hostile_answers": "hostile answers never score as correct and check() raises nothing but ParseError",
    "size_growth": "Problem.size depends only on the difficulty, never falls, and grows at every level up to 30",
    "generation_time": "every generation stays within its CPU time budget",
    "verification_time": "every verification stays within its CPU time budget (sandboxed children included)",
}

PASSED, FAILED, SKIPPED, NOT_RUN = "passed", "failed", "skipped", "not run"

#: A check keeps at most this many failures in full; the rest are only counted.
MAX_FAILURES_KEPT = 20


def preview(text: str, limit: int = 60) -> str:
    """A short, printable rendering of an input: repr, cut in the middle, with its length if cut."""
    if len(text) <= limit:
        return repr(text)
    half = limit // 2
    return f"{text[:half]!r}...{text[-half // 2 :]!r} ({len(text)} chars)"


@dataclass
class Failure:
    """One failed case, with everything needed to see it again."""

    check: str
    message: str
    difficulty: int | None = None
    seed: int | None = None
    input: str | None = None  # a preview of the answer or response involved, if any
    reproduce: str = ""


@dataclass
class Timing:
    seconds: float  # CPU time: what the budgets compare
    difficulty: int | None = None
    seed: int | None = None
    what: str = ""
    wall: float = 0.0  # wall time of the same call, for information

    def describe(self) -> str:
        where = f" (d={self.difficulty} s={self.seed})" if self.difficulty is not None else ""
        return f"{format_seconds(self.seconds)} CPU{where}"


@dataclass
class CheckResult:
    name: str
    status: str = NOT_RUN
    cases: int = 0  # cases that passed
    failures: list[Failure] = field(default_factory=list)
    more_failures: int = 0  # failures beyond MAX_FAILURES_KEPT
    note: str = ""

    @property
    def failed_cases(self) -> int:
        return len(self.failures) + self.more_failures


@dataclass
class EnvReport:
    """Everything one environment's check found."""

    env: str
    target: str = ""  # module:qualname of the class
    checks: dict[str, CheckResult] = field(default_factory=dict)
    slowest_generation: Timing | None = None
    slowest_verification: Timing | None = None
    elapsed_s: float = 0.0  # wall time of the whole check, for information (no check reads it)
    isolated: bool = False
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in CHECKS:
            self.checks.setdefault(name, CheckResult(name))

    # -- recording -----------------------------------------------------------------------------

    def passed_case(self, check: str, count: int = 1) -> None:
        self.checks[check].cases += count

    def fail(
        self,
        check: str,
        message: str,
        *,
        difficulty: int | None = None,
        seed: int | None = None,
        input: str | None = None,  # noqa: A002 - the word the reports use
    ) -> None:
        result = self.checks[check]
        if len(result.failures) >= MAX_FAILURES_KEPT:
            result.more_failures += 1
            return
        shown = None if input is None else preview(input)
        result.failures.append(
            Failure(check, message, difficulty, seed, shown, reproduce(self.env, check, difficulty, seed))
        )

    def finish(self, check: str, note: str = "") -> None:
        """Mark a check as run: failed if it recorded failures, passed otherwise."""
        result = self.checks[check]
        result.status = FAILED if result.failed_cases else PASSED
        if note:
            result.note = note

    def skip(self, check: str, note: str) -> None:
        result = self.checks[check]
        result.status, result.note = SKIPPED, note

    def time_generation(self, seconds: float, difficulty: int, seed: int, wall: float = 0.0) -> None:
        """Keep the slowest generation; ``seconds`` is CPU time."""
        if self.slowest_generation is None or seconds > self.slowest_generation.seconds:
            self.slowest_generation = Timing(seconds, difficulty, seed, "generation", wall)

    def time_verification(self, seconds: float, difficulty: int, seed: int, what: str, wall: float = 0.0) -> None:
        """Keep the slowest verification; ``seconds`` is CPU time."""
        if self.slowest_verification is None or seconds > self.slowest_verification.seconds:
            self.slowest_verification = Timing(seconds, difficulty, seed, what, wall)

    # -- reading -------------------------------------------------------------------------------

    @property
    def passed(self) -> bool:
        """No check failed (checks not run because of ``only`` do not count against it)."""
        return not any(result.status == FAILED or result.failed_cases for result in self.checks.values())

    def failed_checks(self) -> list[CheckResult]:
        return [result for result in self.checks.values() if result.status == FAILED]

    def counts(self) -> tuple[int, int]:
        """(checks passed, checks run), skipped ones not counted as run."""
        run = [r for r in self.checks.values() if r.status in (PASSED, FAILED)]
        return sum(r.status == PASSED for r in run), len(run)

    def case_counts(self) -> tuple[int, int]:
        """(cases passed, cases failed) over every check."""
        results = self.checks.values()
        return sum(r.cases for r in results), sum(r.failed_cases for r in results)

    # -- JSON ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["passed"] = self.passed
        return data

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> EnvReport:
        checks = {
            name: CheckResult(**{**result, "failures": [Failure(**f) for f in result["failures"]]})
            for name, result in raw.get("checks", {}).items()
            if name in CHECKS
        }

        def timing(value: dict[str, Any] | None) -> Timing | None:
            return Timing(**value) if value else None

        return cls(
            env=raw["env"],
            target=raw.get("target", ""),
            checks=checks,
            slowest_generation=timing(raw.get("slowest_generation")),
            slowest_verification=timing(raw.get("slowest_verification")),
            elapsed_s=raw.get("elapsed_s", 0.0),
            isolated=raw.get("isolated", False),
            warnings=list(raw.get("warnings", [])),
        )


def reproduce(env_id: str, check: str, difficulty: int | None, seed: int | None) -> str:
    """The one command that shows a failure again."""
    env_id = shlex.quote(env_id)
    if difficulty is None:
        return f"rlve check {env_id} --only {check}"
    seed_part = f" --seed {seed}" if seed is not None else ""
    if check in ("generation", "prompt_format", "json_round_trip"):
        return f"rlve sample {env_id} --difficulty {difficulty}{seed_part or ' --seed 0'} --json"
    return f"rlve check {env_id} --difficulties {difficulty}{seed_part} --only {check}"
