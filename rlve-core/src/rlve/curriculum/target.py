"""Target-success curriculum: keep every environment near a chosen success rate.

Each environment keeps an exponential moving average of its success (``alpha``, starting at
``initial_success``) and one current difficulty. After at least ``patience`` outcomes since the last
change, the difficulty goes up when the average is above ``target`` and down (never below 0) when it
is below ``target - margin``. Environments are drawn by a softmax over ``1 - |average - target|`` with
``temperature``: those nearest the target, where the learning signal is richest, are drawn most;
a lower temperature sharpens that preference, a high one approaches uniform.
"""

from __future__ import annotations

import math
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


class TargetSuccessCurriculum(Curriculum):
    name = "target"

    def __init__(
        self,
        env_ids: Sequence[str],
        *,
        target: float = 0.5,
        margin: float = 0.1,
        alpha: float = 0.1,
        initial_success: float = 0.5,
        temperature: float = 0.5,
        patience: int = 16,
        initial_difficulty: int | Mapping[str, int] = 0,
    ):
        super().__init__(env_ids)
        self.target = check_fraction("target", target)
        self.margin = check_fraction("margin", margin)
        self.alpha = check_fraction("alpha", alpha)
        self.initial_success = check_fraction("initial_success", initial_success)
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or temperature <= 0:
            raise ValueError(f"curriculum parameter temperature must be a number > 0, got {temperature!r}")
        self.temperature = float(temperature)
        self.patience = check_positive_int("patience", patience, minimum=1)
        self.difficulty = initial_levels(self.env_ids, initial_difficulty)
        # One integer for every environment, or each environment's own start (``rlve eval``'s frontiers).
        self.initial_difficulty = initial_difficulty if isinstance(initial_difficulty, int) else dict(self.difficulty)
        self.success = {env: self.initial_success for env in self.env_ids}
        self.since_change = {env: 0 for env in self.env_ids}

    def weights(self) -> list[float]:
        scores = [(1.0 - abs(self.success[env] - self.target)) / self.temperature for env in self.env_ids]
        top = max(scores)
        return [math.exp(score - top) for score in scores]

    def sample(self, rng: random.Random) -> tuple[str, int]:
        env_id = rng.choices(self.env_ids, weights=self.weights())[0]
        return env_id, self.difficulty[env_id]

    def record(self, env_id: str, difficulty: int, correct: bool) -> DifficultyChange | None:
        self._check_env(env_id)
        if difficulty != self.difficulty[env_id]:
            return None  # a stale outcome from before the last change says nothing about the new level
        self.success[env_id] += self.alpha * (float(bool(correct)) - self.success[env_id])
        self.since_change[env_id] += 1
        if self.since_change[env_id] < self.patience:
            return None
        old = self.difficulty[env_id]
        average = self.success[env_id]
        if average > self.target:
            new, why = old + 1, f"success average {average:.3f} > target {self.target}"
        elif average < self.target - self.margin and old > 0:
            new, why = old - 1, f"success average {average:.3f} < {self.target - self.margin:.3f}"
        else:
            return None
        self.difficulty[env_id] = new
        self.since_change[env_id] = 0
        return DifficultyChange(env_id, old, new, why)

    def bands(self) -> dict[str, Band]:
        return {
            env: Band(
                low=self.difficulty[env],
                high=self.difficulty[env],
                samples=self.since_change[env],
                accuracy=self.success[env],
            )
            for env in self.env_ids
        }

    def params(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "margin": self.margin,
            "alpha": self.alpha,
            "initial_success": self.initial_success,
            "temperature": self.temperature,
            "patience": self.patience,
            "initial_difficulty": self.initial_difficulty,
        }

    def _state(self) -> dict[str, Any]:
        return {
            "difficulty": dict(self.difficulty),
            "success": dict(self.success),
            "since_change": dict(self.since_change),
        }

    def _load_state(self, state: dict[str, Any]) -> None:
        self.difficulty = {env: int(state["difficulty"][env]) for env in self.env_ids}
        self.success = {env: float(state["success"][env]) for env in self.env_ids}
        self.since_change = {env: int(state["since_change"][env]) for env in self.env_ids}
