"""What every curriculum strategy provides, and the plain-data records it reports.

A curriculum decides which environment and difficulty the next problem comes from (``sample``), learns
from each graded outcome (``record``), and serialises to JSON-ready data (``state_dict``) so a
checkpoint can restore it exactly. Strategies are registered through the ``register_curricula`` hook.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Band:
    """One environment's current state: the difficulty band it is sampled from, and evidence at the top."""

    low: int
    high: int
    samples: int  # outcomes counted towards the next decision
    accuracy: float | None  # their mean correctness, None before any


@dataclass(frozen=True)
class DifficultyChange:
    env: str
    old_high: int
    new_high: int
    reason: str


class Curriculum(ABC):
    """Base class of curriculum strategies; ``name`` is the id users pick it by (``adaptive``)."""

    name: ClassVar[str]

    def __init__(self, env_ids: Sequence[str]):
        if not env_ids:
            raise ValueError("a curriculum needs at least one environment id")
        if len(set(env_ids)) != len(env_ids):
            raise ValueError("environment ids given to a curriculum must be distinct")
        self.env_ids: list[str] = list(env_ids)

    @abstractmethod
    def sample(self, rng: random.Random) -> tuple[str, int]:
        """The (environment id, difficulty) of the next problem."""

    @abstractmethod
    def record(self, env_id: str, difficulty: int, correct: bool) -> DifficultyChange | None:
        """Learn from one graded outcome; returns the change it caused, if any."""

    @abstractmethod
    def bands(self) -> dict[str, Band]:
        """Every environment's current band, for logs and the training history."""

    @abstractmethod
    def params(self) -> dict[str, Any]:
        """The constructor parameters, so ``from_state`` can rebuild an equal curriculum."""

    @abstractmethod
    def _state(self) -> dict[str, Any]:
        """Strategy-specific, JSON-ready mutable state."""

    @abstractmethod
    def _load_state(self, state: dict[str, Any]) -> None: ...

    def _check_env(self, env_id: str) -> None:
        if env_id not in self._known:
            raise KeyError(f"{env_id!r} is not one of this curriculum's environments: {', '.join(self.env_ids)}")

    @property
    def _known(self) -> set[str]:
        return set(self.env_ids)

    def state_dict(self) -> dict[str, Any]:
        return {"strategy": self.name, "env_ids": list(self.env_ids), "params": self.params(), "state": self._state()}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        if state.get("strategy") != self.name:
            raise ValueError(f"state is for curriculum {state.get('strategy')!r}, not {self.name!r}")
        if list(state.get("env_ids", [])) != self.env_ids:
            raise ValueError("state was saved for a different list of environments")
        self._load_state(state["state"])

    def to_json(self) -> str:
        return json.dumps(self.state_dict(), sort_keys=True)

    def bands_dict(self) -> dict[str, dict[str, Any]]:
        return {env: asdict(band) for env, band in self.bands().items()}


def check_positive_int(name: str, value: object, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"curriculum parameter {name} must be an integer >= {minimum}, got {value!r}")
    return value


def initial_levels(env_ids: Sequence[str], value: object) -> dict[str, int]:
    """Each environment's starting difficulty from ``initial_difficulty``: one integer for all, or a mapping
    ``{env id: integer}`` (what ``rlve eval`` measured; an environment it does not name starts at 0)."""
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(env_ids))
        if unknown:
            raise ValueError(f"curriculum parameter initial_difficulty names environments not in the run: {unknown}")
        return {env: check_positive_int(f"initial_difficulty[{env!r}]", value.get(env, 0)) for env in env_ids}
    start = check_positive_int("initial_difficulty", value)
    return {env: start for env in env_ids}


def check_fraction(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise ValueError(f"curriculum parameter {name} must be a number from 0 to 1, got {value!r}")
    return float(value)
