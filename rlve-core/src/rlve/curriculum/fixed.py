"""Baselines that never adapt: one fixed difficulty, or a fixed uniform range. Environments uniformly."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rlve.curriculum.base import Band, Curriculum, DifficultyChange, check_positive_int


class _StaticCurriculum(Curriculum):
    low: int
    high: int

    def __init__(self, env_ids: Sequence[str]):
        super().__init__(env_ids)
        self.counts = {env: [0, 0] for env in self.env_ids}  # [correct, total], for reporting only

    def sample(self, rng: random.Random) -> tuple[str, int]:
        return rng.choice(self.env_ids), rng.randint(self.low, self.high)

    def record(self, env_id: str, difficulty: int, correct: bool) -> DifficultyChange | None:
        self._check_env(env_id)
        self.counts[env_id][0] += bool(correct)
        self.counts[env_id][1] += 1
        return None

    def bands(self) -> dict[str, Band]:
        return {
            env: Band(self.low, self.high, total, (right / total) if total else None)
            for env, (right, total) in self.counts.items()
        }

    def _state(self) -> dict[str, Any]:
        return {"counts": {env: list(pair) for env, pair in self.counts.items()}}

    def _load_state(self, state: dict[str, Any]) -> None:
        self.counts = {env: [int(x) for x in state["counts"][env]] for env in self.env_ids}


class FixedCurriculum(_StaticCurriculum):
    """Every problem at ``difficulty``: the baseline for ablations."""

    name = "fixed"

    def __init__(self, env_ids: Sequence[str], *, difficulty: int = 0):
        super().__init__(env_ids)
        self.low = self.high = check_positive_int("difficulty", difficulty)

    def params(self) -> dict[str, Any]:
        return {"difficulty": self.high}


class UniformCurriculum(_StaticCurriculum):
    """Difficulty uniformly in ``[low, high]``: a static mixture, like training on a fixed data set."""

    name = "uniform"

    def __init__(self, env_ids: Sequence[str], *, low: int = 0, high: int = 10):
        super().__init__(env_ids)
        self.low = check_positive_int("low", low)
        self.high = check_positive_int("high", high)
        if self.high < self.low:
            raise ValueError(f"curriculum parameter high ({high}) must be >= low ({low})")

    def params(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high}
