"""Curricula: which environment and difficulty each problem comes from. One module per strategy."""

from __future__ import annotations

import inspect
import json
from collections.abc import Sequence
from typing import Any

from rlve.curriculum.adaptive import AdaptiveCurriculum
from rlve.curriculum.base import Band, Curriculum, DifficultyChange
from rlve.curriculum.fixed import FixedCurriculum, UniformCurriculum
from rlve.curriculum.target import TargetSuccessCurriculum
from rlve.errors import RlveError

__all__ = [
    "AdaptiveCurriculum",
    "Band",
    "Curriculum",
    "DifficultyChange",
    "FixedCurriculum",
    "TargetSuccessCurriculum",
    "UniformCurriculum",
    "available",
    "create",
    "from_state",
]


def available() -> list[str]:
    """Names of every registered strategy, built-in and from packs."""
    from rlve.plugins import load

    return sorted(load().curricula)


def create(name: str, env_ids: Sequence[str], **params: Any) -> Curriculum:
    """A new curriculum of strategy ``name`` over ``env_ids``; bad names and parameters say what is allowed."""
    from rlve.plugins import load

    entries = load().curricula
    if name not in entries:
        raise RlveError(f"unknown curriculum strategy {name!r}; available: {', '.join(sorted(entries))}")
    factory = entries[name].factory
    accepted = [p.name for p in inspect.signature(factory).parameters.values() if p.kind is p.KEYWORD_ONLY]
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        raise RlveError(
            f"curriculum {name!r} has no parameter {', '.join(unknown)}; it accepts: {', '.join(accepted) or 'none'}"
        )
    try:
        return factory(list(env_ids), **params)
    except ValueError as error:
        raise RlveError(f"curriculum {name!r}: {error}") from error


def from_state(state: dict[str, Any] | str) -> Curriculum:
    """Rebuild a curriculum exactly as ``state_dict()`` (or its JSON) described it."""
    if isinstance(state, str):
        state = json.loads(state)
    curriculum = create(state["strategy"], state["env_ids"], **state["params"])
    curriculum.load_state_dict(state)
    return curriculum
