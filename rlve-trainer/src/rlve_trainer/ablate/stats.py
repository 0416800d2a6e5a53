"""Mean and confidence interval over seeds, and paired differences between arms, without SciPy.

Each seed's accuracy is one observation; the interval is Student's t interval on their mean, the
honest choice for the handful of seeds an ablation affords (with one seed there is no interval).
Differences between arms are paired by seed (seed s of every arm starts from the same model and draws
from the same problem stream), and their interval is the t interval on the per-seed differences.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Two-sided 95% critical values of Student's t, by degrees of freedom (1..30); 1.96 beyond.
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


@dataclass(frozen=True)
class Estimate:
    mean: float
    half_width: float | None  # None with a single observation
    n: int

    @property
    def low(self) -> float:
        return self.mean - (self.half_width or 0.0)

    @property
    def high(self) -> float:
        return self.mean + (self.half_width or 0.0)

    def text(self) -> str:
        if self.half_width is None:
            return f"{self.mean:.2f}"
        return f"{self.mean:.2f} ± {self.half_width:.2f}"


def t_critical(degrees_of_freedom: int) -> float:
    if degrees_of_freedom < 1:
        raise ValueError("a t interval needs at least two observations")
    return _T95[degrees_of_freedom - 1] if degrees_of_freedom <= len(_T95) else 1.96


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and the 95% t-interval half width (None for one value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values to estimate from")
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, None, 1)
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    return Estimate(mean, t_critical(n - 1) * math.sqrt(variance / n), n)


@dataclass(frozen=True)
class Difference:
    """``arm`` minus ``reference`` over the seeds both have: a paired t-interval on the per-seed differences."""

    estimate: Estimate
    seeds: tuple[int, ...]

    @property
    def includes_zero(self) -> bool | None:
        """None with one seed (no interval); otherwise whether the 95% interval contains 0."""
        if self.estimate.half_width is None:
            return None
        return self.estimate.low <= 0.0 <= self.estimate.high

    def text(self) -> str:
        sign = "+" if self.estimate.mean >= 0 else "-"
        body = f"{sign}{abs(self.estimate.mean):.2f}"
        if self.estimate.half_width is None:
            return body
        return f"{body} ± {self.estimate.half_width:.2f}" + (" (incl. 0)" if self.includes_zero else "")


def paired_difference(arm: dict[int, float], reference: dict[int, float]) -> Difference | None:
    """``arm[s] - reference[s]`` for every seed s in both, as a paired estimate; None when no seed is shared.

    Pairing removes what seed s does to both arms alike (its problem stream, its sampling), so the
    interval is on the difference itself, narrower than the two arms' own intervals suggest.
    """
    seeds = tuple(sorted(set(arm) & set(reference)))
    if not seeds:
        return None
    return Difference(estimate([arm[seed] - reference[seed] for seed in seeds]), seeds)
