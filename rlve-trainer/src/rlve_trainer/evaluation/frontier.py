"""The frontier search: doubling, then bisection, deciding each level as early as its interval allows.

A model's *frontier* on an environment is the highest difficulty at which its accuracy is still at or above
``threshold``. Difficulty has no upper bound, so the search probes d = 0, 1, 2, 4, 8, ... until a level
fails, then bisects between the last level that passed and the first that failed. It assumes accuracy falls
as difficulty rises (what the environments are built for); where noise breaks that, the frontier is still a
level that passed next to one that failed, and both are reported.

Each level is scored in chunks of held-out problems. After each chunk the 95% Wilson interval of the
accuracy so far decides the level early when it lies wholly above the threshold (passed) or wholly below it
(failed); otherwise the next chunk follows, and after ``problems`` answers the point estimate decides.

Cost: with frontier F (F >= 1) the search probes 2 + ceil(log2(F + 1)) doubling levels (d = 0 and the
first failing one included), then at most ceil(log2(F + 1)) - 1 bisection levels, so at most
``problems * (2 * ceil(log2(F + 1)) + 1)`` generations per environment (fewer when levels decide early).
A fixed grid d = 0..30 costs ``31 * problems`` whatever the model.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(correct: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``correct / total`` (``(0, 1)`` when nothing has been scored)."""
    if total <= 0:
        return 0.0, 1.0
    p = correct / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass(frozen=True)
class Tally:
    """What one chunk of answers scored: ``judged`` answers, ``correct`` among them, ``unjudged`` besides.

    An unjudged answer (the verifier failed) counts as not correct, as in training, and is reported apart.
    """

    correct: int
    answers: int
    unjudged: int = 0


@dataclass(frozen=True)
class LevelResult:
    difficulty: int
    answers: int
    correct: int
    unjudged: int
    low: float  # the Wilson interval of the accuracy
    high: float
    passed: bool
    early: bool  # decided by the interval before all the level's problems were used

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0


@dataclass
class Frontier:
    """The search's outcome for one environment.

    ``frontier`` is the highest level that passed (None when d = 0 failed); ``failed_at`` the lowest level
    that failed above it (None when every probed level passed up to ``max_difficulty``, so the frontier is
    only a lower bound: ``capped``).
    """

    levels: list[LevelResult] = field(default_factory=list)
    frontier: int | None = None
    failed_at: int | None = None

    @property
    def capped(self) -> bool:
        return self.failed_at is None and self.frontier is not None

    @property
    def answers(self) -> int:
        return sum(level.answers for level in self.levels)


#: ``score(difficulty, start, count)``: answers to held-out problems ``start .. start + count - 1`` of a level.
ScoreFunction = Callable[[int, int, int], Tally]


#: ``on_chunk(running)``: the level's tally so far, after each chunk (a progress display's feed).
ChunkCallback = Callable[["RunningLevel"], None]


@dataclass(frozen=True)
class RunningLevel:
    """A level being scored: ``used`` of its ``problems`` so far, with their answers and correct ones."""

    difficulty: int
    used: int
    problems: int
    correct: int
    answers: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0


def decide_level(
    score: ScoreFunction,
    difficulty: int,
    threshold: float,
    problems: int,
    chunk: int,
    on_chunk: ChunkCallback | None = None,
) -> LevelResult:
    """Score ``difficulty`` chunk by chunk until its interval is clear of ``threshold`` or ``problems`` are used."""
    correct = answers = unjudged = used = 0
    low, high = 0.0, 1.0
    while used < problems:
        count = min(chunk, problems - used)
        tally = score(difficulty, used, count)
        used += count
        correct += tally.correct
        answers += tally.answers
        unjudged += tally.unjudged
        low, high = wilson_interval(correct, answers)
        if on_chunk is not None:
            on_chunk(RunningLevel(difficulty, used, problems, correct, answers))
        if used < problems and (low >= threshold or high < threshold):
            return LevelResult(difficulty, answers, correct, unjudged, low, high, low >= threshold, early=True)
    passed = answers > 0 and correct / answers >= threshold
    return LevelResult(difficulty, answers, correct, unjudged, low, high, passed, early=False)


def search(
    score: ScoreFunction,
    *,
    threshold: float,
    problems: int,
    chunk: int | None = None,
    max_difficulty: int = 1 << 20,
    on_level: Callable[[LevelResult], None] | None = None,
    on_chunk: ChunkCallback | None = None,
) -> Frontier:
    """The frontier of one environment: doubling from d = 0 up to ``max_difficulty``, then bisection."""
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold must be in (0, 1], got {threshold}")
    if problems < 1:
        raise ValueError(f"problems must be at least 1, got {problems}")
    chunk = max(1, min(chunk or problems, problems))
    result = Frontier()

    def probe(difficulty: int) -> bool:
        level = decide_level(score, difficulty, threshold, problems, chunk, on_chunk)
        result.levels.append(level)
        if on_level is not None:
            on_level(level)
        return level.passed

    if not probe(0):
        result.failed_at = 0
        return result
    passed, failed = 0, None
    candidate = 1
    while candidate <= max_difficulty:
        if not probe(candidate):
            failed = candidate
            break
        passed = candidate
        if candidate == max_difficulty:
            break
        candidate = min(candidate * 2, max_difficulty)
    if failed is not None:
        while failed - passed > 1:
            middle = (passed + failed) // 2
            if probe(middle):
                passed = middle
            else:
                failed = middle
    result.frontier, result.failed_at = passed, failed
    return result


def generations_bound(frontier: int, problems: int) -> int:
    """The documented worst case of ``search`` for a model whose frontier is ``frontier`` (>= 0)."""
    if frontier == 0:
        return 2 * problems  # d = 0 passes, d = 1 fails
    doublings = math.ceil(math.log2(frontier + 1))
    return problems * (2 * doublings + 1)
