"""The reward function TRL calls: extract, verify, record each outcome in the curriculum, return the scalar.

Every rank scores its own slice of the generation batch, then the outcomes of all ranks are gathered
(in rank order, the same list everywhere) and applied to the curriculum in that order on every rank,
so every rank keeps the same curriculum state. Only the main process hands rows to the history.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rlve import Environment, Verdict
from rlve.curriculum import Curriculum, DifficultyChange
from rlve.errors import RlveError
from rlve_trainer.config import RewardSection
from rlve_trainer.data import ProblemStream
from rlve_trainer.group_signal import GroupSignal, measure, signal_by_env
from rlve_trainer.verify_pool import score_all


@dataclass(frozen=True)
class Outcome:
    slot: int
    env: str
    env_version: int
    difficulty: int
    seed: int
    reward: float
    correct: bool
    format_ok: bool
    completion_tokens: int
    reason: str
    text: str | None
    verifier_error: bool = False  # no judgement: kept in the history, left out of the curriculum


def scalar_reward(verdict: Verdict, config: RewardSection) -> float:
    """Binary (RLVE's default) or shaped partial credit, minus the format penalty for unreadable answers.

    An answer the verifier could not judge (a crashed checker, a sandbox that could not start) scores 0
    with no penalty: the failure is not the model's.
    """
    if verdict.is_verifier_error:
        return 0.0
    reward = (1.0 if verdict.correct else 0.0) if config.mode == "binary" else float(verdict.reward)
    if not verdict.format_ok:
        reward -= config.format_penalty
    return reward


def completion_text(completion: Any) -> str:
    """TRL passes a conversational completion as a list of messages, a plain one as text."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list):
        return "".join(str(message.get("content", "")) for message in completion if isinstance(message, dict))
    return str(completion)


@dataclass
class StepStats:
    """What the current step's rollouts did, summed over every rank."""

    rewards: list[float] = field(default_factory=list)
    by_env: dict[str, list[bool]] = field(default_factory=dict)
    verifier_errors: list[Outcome] = field(default_factory=list)
    changes: list[DifficultyChange] = field(default_factory=list)  # the curriculum's moves during the step
    #: slot (a GRPO group) -> (env, its completions' rewards): what zero_advantage_share is measured on
    groups: dict[int, tuple[str, list[float]]] = field(default_factory=dict)

    def add(self, outcome: Outcome) -> None:
        self.rewards.append(outcome.reward)
        self.groups.setdefault(outcome.slot, (outcome.env, []))[1].append(outcome.reward)
        if outcome.verifier_error:
            self.verifier_errors.append(outcome)
        else:
            self.by_env.setdefault(outcome.env, []).append(outcome.correct)

    @property
    def mean_reward(self) -> float | None:
        return sum(self.rewards) / len(self.rewards) if self.rewards else None

    @property
    def accuracy(self) -> float | None:
        flat = [c for values in self.by_env.values() for c in values]
        return sum(flat) / len(flat) if flat else None

    def signal(self) -> dict[str, GroupSignal]:
        """Per environment: the step's groups, those with zero advantage, and the rollouts with a signal."""
        return signal_by_env(self.groups)


class CurriculumReward:
    """A TRL reward function (``reward_funcs=[CurriculumReward(...)]``); TRL names its metric ``rlve``."""

    __name__ = "rlve"

    def __init__(
        self,
        stream: ProblemStream,
        curriculum: Curriculum,
        environments: Mapping[str, Environment],
        config: RewardSection,
        *,
        on_outcomes: Callable[[int, list[Outcome], list[DifficultyChange]], None] | None = None,
        gather: Callable[[list], list] | None = None,
        store_text: bool = False,
        verify_pool: Any = None,
    ):
        self.stream = stream
        self.curriculum = curriculum
        self.environments = dict(environments)
        self.config = config
        self.on_outcomes = on_outcomes
        self.gather = gather or (lambda items: items)
        self.store_text = store_text
        self.verify_pool = verify_pool
        self.stats = StepStats()
        self.last_slot = -1  # the highest slot whose outcomes the curriculum has seen
        self.calls = 0
        self.raises = 0  # difficulty raises so far in this process (logged as rlve/raises)
        #: set by a CurriculumSession's callback: the reward then refuses to score without it
        self.require_callback = False
        self.callback_running = False

    def __call__(
        self,
        prompts: list,
        completions: list,
        rlve_slot: list[int] | None = None,
        rlve_env: list[str] | None = None,
        rlve_difficulty: list[int] | None = None,
        rlve_seed: list[int] | None = None,
        completion_ids: list | None = None,
        trainer_state: Any = None,
        log_metric: Callable[[str, float], None] | None = None,
        **_: Any,
    ) -> list[float]:
        if rlve_slot is None or rlve_env is None or rlve_difficulty is None or rlve_seed is None:
            raise RlveError(
                "the rlve reward got rows without the rlve_slot/rlve_env/rlve_difficulty/rlve_seed columns: "
                "give the trainer train_dataset=session.dataset() (the problems the reward checks)"
            )
        if self.require_callback and not self.callback_running:
            raise RlveError(
                "the rlve reward is scoring, but session.callback() is not among the trainer's callbacks: "
                "add callbacks=[session.callback()] (it records each step and saves the curriculum in checkpoints)"
            )
        self.calls += 1
        step = (trainer_state.global_step if trainer_state is not None else 0) + 1
        texts = [completion_text(c) for c in completions]
        problems = [
            self.stream.drawn(slot, env, difficulty, seed)
            for slot, env, difficulty, seed in zip(rlve_slot, rlve_env, rlve_difficulty, rlve_seed)
        ]
        verdicts = self._verify(problems, texts)
        rewards = [scalar_reward(verdict, self.config) for verdict in verdicts]
        lengths = [len(ids) for ids in completion_ids] if completion_ids is not None else [0] * len(texts)
        local = [
            Outcome(
                slot=slot,
                env=problem.env,
                env_version=problem.env_version,
                difficulty=problem.difficulty,
                seed=problem.seed,
                reward=reward,
                correct=verdict.correct,
                format_ok=verdict.format_ok,
                completion_tokens=length,
                reason=verdict.reason[:200],
                text=text if self.store_text else None,
                verifier_error=verdict.is_verifier_error,
            )
            for slot, problem, verdict, reward, length, text in zip(
                rlve_slot, problems, verdicts, rewards, lengths, texts
            )
        ]
        outcomes = self.gather(local)
        changes = self.apply(step, outcomes)
        self.raises += sum(1 for change in changes if change.new_high > change.old_high)
        if log_metric is not None:
            self.log_metrics(log_metric, outcomes)
        return rewards

    def log_metrics(self, log_metric: Callable[[str, float], None], outcomes: list[Outcome]) -> None:
        """Hand the curriculum's state to TRL's loggers (``report_to``: wandb, tensorboard, trackio, ...):
        per environment its band, and this batch's accuracy, sample count, share of zero-advantage groups and
        rollouts with a learning signal; the raises so far and this batch's verifier errors. ``outcomes`` are
        every rank's, so every rank logs the same values."""
        judged: dict[str, list[bool]] = {}
        for outcome in outcomes:
            if not outcome.verifier_error:
                judged.setdefault(outcome.env, []).append(outcome.correct)
        for env, band in self.curriculum.bands().items():
            log_metric(f"rlve/{env}/low", float(band.low))
            log_metric(f"rlve/{env}/high", float(band.high))
            results = judged.get(env, [])
            log_metric(f"rlve/{env}/samples", float(len(results)))
            if results:
                log_metric(f"rlve/{env}/accuracy", sum(results) / len(results))
        for env, signal in measure(outcomes).items():
            log_metric(f"rlve/{env}/zero_advantage_share", signal.zero_advantage_share)
            log_metric(f"rlve/{env}/signal_rollouts", float(signal.signal_rollouts))
        log_metric("rlve/raises", float(self.raises))
        log_metric("rlve/verifier_errors", float(sum(1 for outcome in outcomes if outcome.verifier_error)))

    def apply(self, step: int, outcomes: list[Outcome]) -> list[DifficultyChange]:
        """Record outcomes (every rank's, in the same order everywhere) in the curriculum."""
        changes = []
        for outcome in outcomes:
            # An unjudged answer says nothing about the model: counting it as a failure would lower the
            # difficulty because of, say, a sandbox that could not start.
            change = (
                None
                if outcome.verifier_error
                else self.curriculum.record(outcome.env, outcome.difficulty, outcome.correct)
            )
            if change is not None:
                changes.append(change)
                self.stats.changes.append(change)
            self.stats.add(outcome)
            self.last_slot = max(self.last_slot, outcome.slot)
        self.stream.outcomes_seen += len(outcomes)
        if self.on_outcomes is not None:
            self.on_outcomes(step, outcomes, changes)
        return changes

    def take_stats(self) -> StepStats:
        stats, self.stats = self.stats, StepStats()
        return stats

    def _verify(self, problems: list, texts: list[str]) -> list[Verdict]:
        items = [(self.environments[problem.env], problem, text) for problem, text in zip(problems, texts)]
        return score_all(items, self.verify_pool)
