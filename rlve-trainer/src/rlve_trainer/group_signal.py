"""How much of a GRPO batch carried a learning signal: zero-advantage groups and signal rollouts.

GRPO's advantage is a completion's reward minus its group's mean (the group: the ``num_generations``
completions of one prompt). A group whose completions all got the same reward (all right or all wrong
under the binary reward) has zero advantage everywhere: its rollouts cost generation and verification but
move no weight. RLVE's argument for an adaptive curriculum is that it keeps this share low, so every run
measures it, per step and environment.

A group is identified by its problem's ``slot`` (each slot is one drawn problem, repeated once per
generation); the outcomes given must be every rank's, so a group split across ranks is whole again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


class _Scored(Protocol):
    slot: int
    env: str
    reward: float


@dataclass
class GroupSignal:
    """One environment's groups in some set of rollouts."""

    groups: int = 0
    zero_advantage_groups: int = 0  # every completion got the same reward
    signal_rollouts: int = 0  # completions in groups with mixed rewards: the ones with a non-zero advantage

    @property
    def zero_advantage_share(self) -> float | None:
        return self.zero_advantage_groups / self.groups if self.groups else None

    def add(self, other: GroupSignal) -> None:
        self.groups += other.groups
        self.zero_advantage_groups += other.zero_advantage_groups
        self.signal_rollouts += other.signal_rollouts


def group_rewards(outcomes: Iterable[_Scored]) -> dict[int, tuple[str, list[float]]]:
    """slot -> (env, the rewards of its completions), in the order given."""
    groups: dict[int, tuple[str, list[float]]] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.slot, (outcome.env, []))[1].append(outcome.reward)
    return groups


def signal_by_env(groups: dict[int, tuple[str, list[float]]]) -> dict[str, GroupSignal]:
    """Per environment: groups, zero-advantage groups and signal rollouts of ``group_rewards``' result.

    Rewards are compared exactly: they are the floats TRL normalises, so any difference is an advantage.
    A group of one completion has no advantage either (num_generations = 1 never learns under GRPO).
    """
    result: dict[str, GroupSignal] = {}
    for env, rewards in groups.values():
        signal = result.setdefault(env, GroupSignal())
        signal.groups += 1
        if len(set(rewards)) <= 1:
            signal.zero_advantage_groups += 1
        else:
            signal.signal_rollouts += len(rewards)
    return result


def measure(outcomes: Iterable[_Scored]) -> dict[str, GroupSignal]:
    """Per environment, the signal of these outcomes (every completion of each group among them)."""
    return signal_by_env(group_rewards(outcomes))
