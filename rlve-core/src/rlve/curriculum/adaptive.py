"""RLVE's adaptive curriculum (Zeng et al., 2025), with RLVE's defaults.

Per environment an upper difficulty ``high`` starts at ``initial_difficulty``; the band is
``[max(0, high - window + 1), high]`` and problems are drawn uniformly from it, environments uniformly.
Only outcomes at ``high`` count. Once ``min_samples`` of them are in, ``high`` rises by one if their
accuracy is at least ``threshold``; the counters reset either way. ``high`` never falls.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rlve.curriculum.base import (
    Band,
    Curriculum,
    DifficultyChange,
    check_fraction,
    check_positive_int,
    initial_levels,
)


class AdaptiveCurriculum(Curriculum):
    name = "adaptive"

    def __init__(
        self,
        env_ids: Sequence[str],
        *,
        initial_difficulty: int | Mapping[str, int] = 0,
        window: int = 4,
        min_samples: int = 128,
        threshold: float = 0.9,
    ):
        super().__init__(env_ids)
        self.window = check_positive_int("window", window, minimum=1)
        self.min_samples = check_positive_int("min_samples", min_samples, minimum=1)
        self.threshold = check_fraction("threshold", threshold)
        self.high = initial_levels(self.env_ids, initial_difficulty)
        # One integer for every environment, or each environment's own start (``rlve eval``'s frontiers).
        self.initial_difficulty = initial_difficulty if isinstance(initial_difficulty, int) else dict(self.high)
        self.correct_at_high = {env: 0 for env in self.env_ids}
        self.total_at_high = {env: 0 for env in self.env_ids}

    def low(self, env_id: str) -> int:
        return max(0, self.high[env_id] - self.window + 1)

    def sample(self, rng: random.Random) -> tuple[str, int]:
        env_id = rng.choice(self.env_ids)
        return env_id, rng.randint(self.low(env_id), self.high[env_id])

    def record(self, env_id: str, difficulty: int, correct: bool) -> DifficultyChange | None:
        self._check_env(env_id)
        if difficulty != self.high[env_id]:
            return None
        self.total_at_high[env_id] += 1
        self.correct_at_high[env_id] += bool(correct)
        if self.total_at_high[env_id] < self.min_samples:
            return None
        accuracy = self.correct_at_high[env_id] / self.total_at_high[env_id]
        self.correct_at_high[env_id] = self.total_at_high[env_id] = 0
        if accuracy < self.threshold:
            return None
        old = self.high[env_id]
        self.high[env_id] = old + 1
        return DifficultyChange(env_id, old, old + 1, f"accuracy {accuracy:.3f} >= {self.threshold} at {old}")

    def bands(self) -> dict[str, Band]:
        return {
            env: Band(
                low=self.low(env),
                high=self.high[env],
                samples=self.total_at_high[env],
                accuracy=(self.correct_at_high[env] / self.total_at_high[env]) if self.total_at_high[env] else None,
            )
            for env in self.env_ids
        }

    def params(self) -> dict[str, Any]:
        return {
            "initial_difficulty": self.initial_difficulty,
            "window": self.window,
            "min_samples": self.min_samples,
            "threshold": self.threshold,
        }

    def _state(self) -> dict[str, Any]:
        return {
            "high": dict(self.high),
            "correct_at_high": dict(self.correct_at_high),
            "total_at_high": dict(self.total_at_high),
        }

    def _load_state(self, state: dict[str, Any]) -> None:
        self.high = {env: int(state["high"][env]) for env in self.env_ids}
        self.correct_at_high = {env: int(state["correct_at_high"][env]) for env in self.env_ids}
        self.total_at_high = {env: int(state["total_at_high"][env]) for env in self.env_ids}
