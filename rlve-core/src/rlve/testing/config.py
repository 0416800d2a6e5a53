"""What the conformance suite checks and how strictly: levels, seeds, time budgets, parallelism.

Every field has a default that suits ``rlve check --all`` on a small machine; ``rlve check`` options,
the pytest plugin's ``--rlve-*`` options and ``EnvironmentConformance`` class attributes override them.
The config crosses process boundaries as JSON, so it holds plain values only.
"""

from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

#: Levels every environment is tested at by default: every difficulty from 0 to 30 ...
DEFAULT_DIFFICULTIES: tuple[int, ...] = tuple(range(31))
#: ... plus a stress level, generated once per environment, that no training run should be able to stall at.
DEFAULT_STRESS_DIFFICULTIES: tuple[int, ...] = (100,)
#: Seeds of the regular grid; the seed-variety check adds more where it needs five.
DEFAULT_SEED_COUNT = 3

#: How many times its CPU budget a healthy step may take on the wall clock before the watchdog calls it
#: hung: 2 cores shared with 4 CPU-bound neighbours give each process a third of a core (3x), and a
#: margin of 2 on top covers start-up, paging and the checking process's own work between steps.
LOAD_ALLOWANCE = 6.0

_RANGE_PART = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


@dataclass(frozen=True)
class CheckConfig:
    """The knobs of one conformance run. Times are in seconds.

    The budgets are CPU time (``rlve.testing.cpu_time``: the checking process's threads plus the child
    processes it waited for during the step, such as a sandbox), so a machine busy with other work
    does not make healthy code fail them. Only the hang watchdog (``step_timeout_s``) reads the wall
    clock, and ``step_timeout`` keeps it well above what a budget can take on a loaded machine.
    """

    difficulties: tuple[int, ...] = DEFAULT_DIFFICULTIES
    seeds: tuple[int, ...] = tuple(range(DEFAULT_SEED_COUNT))
    stress_difficulties: tuple[int, ...] = DEFAULT_STRESS_DIFFICULTIES
    #: One generation at a regular level may use at most this much CPU time.
    generation_budget_s: float = 1.0
    #: One generation at a stress level may use at most this much CPU time.
    stress_generation_budget_s: float = 3.0
    #: One verification (extraction included) may use at most this much CPU time ...
    verify_budget_s: float = 0.2
    #: ... or this much for environments that run the model's code in a sandbox (``runs_untrusted_code``),
    #: the sandboxed child's CPU time included.
    untrusted_verify_budget_s: float = 10.0
    #: An isolated check that reports no progress for this long (wall clock) is killed and reported as
    #: hung; ``step_timeout`` raises it to ``LOAD_ALLOWANCE`` times the largest budget where that is more.
    step_timeout_s: float = 20.0
    #: Environments checked in parallel (one child process each); 0 means one per available CPU.
    jobs: int = 0
    #: Run each environment in its own child process (hangs are reported instead of blocking forever).
    isolate: bool = True
    #: Only these checks (names from rlve.testing.report.CHECKS); empty means all of them.
    only: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.difficulties and not self.stress_difficulties:
            raise ValueError("at least one difficulty is needed")
        if not self.seeds:
            raise ValueError("at least one seed is needed")
        if any(d < 0 for d in (*self.difficulties, *self.stress_difficulties)) or any(s < 0 for s in self.seeds):
            raise ValueError("difficulties and seeds are integers >= 0")

    # -- derived ---------------------------------------------------------------------------------

    @property
    def levels(self) -> tuple[int, ...]:
        """Regular levels, sorted, without duplicates (stress levels apart)."""
        return tuple(sorted(set(self.difficulties))) or tuple(sorted(set(self.stress_difficulties)))

    @property
    def stress_levels(self) -> tuple[int, ...]:
        regular = set(self.levels)
        return tuple(sorted(d for d in set(self.stress_difficulties) if d not in regular))

    def verify_budget(self, untrusted: bool) -> float:
        return self.untrusted_verify_budget_s if untrusted else self.verify_budget_s

    def step_timeout(self, untrusted: bool) -> float:
        """Wall seconds without progress after which a step counts as hung.

        A healthy step may use a whole CPU budget, and on a busy machine that takes longer on the wall
        clock: ``LOAD_ALLOWANCE`` covers it. Only far beyond that is the step hung (a real hang never
        reports progress again, so a generous timeout delays its report but cannot hide it).
        """
        budgets = (self.stress_generation_budget_s, self.verify_budget(untrusted))
        return max(self.step_timeout_s, LOAD_ALLOWANCE * max(budgets))

    def worker_count(self, tasks: int) -> int:
        jobs = self.jobs or available_cpus()
        return max(1, min(jobs, tasks))

    def wants(self, check: str) -> bool:
        return not self.only or check in self.only

    # -- JSON ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> CheckConfig:
        known = {f.name for f in fields(cls)}
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items() if k in known}
        return cls(**values)

    def with_overrides(self, **overrides: Any) -> CheckConfig:
        """A copy with every override that is not None applied."""
        return replace(self, **{k: v for k, v in overrides.items() if v is not None})


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parse_difficulties(text: str) -> tuple[int, ...]:
    """``"0-30"``, ``"0,5,10-12"`` or ``"100"`` as a sorted tuple of levels; ValueError says what is wrong."""
    levels: set[int] = set()
    for part in text.split(","):
        match = _RANGE_PART.match(part)
        if not match:
            raise ValueError(f"{part.strip()!r} is not a difficulty or a range such as 0-30")
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) is not None else low
        if high < low:
            raise ValueError(f"range {part.strip()!r} runs backwards")
        if high - low > 100_000:
            raise ValueError(f"range {part.strip()!r} is too long to check")
        levels.update(range(low, high + 1))
    return tuple(sorted(levels))
