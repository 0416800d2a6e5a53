"""Greedy accuracy on held-out problems, per environment and difficulty.

Held-out means the seeds: training streams draw seeds below ``TRAIN_SEED_LIMIT`` (2**62), evaluation
draws them at or above it, so no evaluation problem is ever a training problem by (env, difficulty,
seed). At low difficulties an environment has few distinct problems (1-digit additions: 81), so equal
*texts* can still occur in both; the report says so rather than pretend otherwise.

Answers to environments that run model-written code are verified in a ``VerifyPool`` with the training
config's time limit, as during training. An answer no verifier could judge counts as not correct and is
also counted in ``unjudged``, so a broken sandbox shows in the results instead of passing for a weak model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rlve_trainer.data import held_out_seeds

if TYPE_CHECKING:
    from rlve_trainer.ablate.config import AblateConfig


@dataclass(frozen=True)
class LevelScore:
    env: str
    difficulty: int
    problems: int
    correct: int
    unjudged: int = 0  # answers whose verification failed (Verdict.is_verifier_error)

    @property
    def accuracy(self) -> float:
        return self.correct / self.problems if self.problems else 0.0


@dataclass(frozen=True)
class EvalPlan:
    """What to evaluate and how: the same for the starting checkpoint and for every arm."""

    levels: dict[str, list[int]]  # env id -> difficulties
    problems_per_level: int
    eval_seed: int
    max_new_tokens: int
    batch_size: int = 64
    verify_timeout: float = 10.0  # per answer, environments that run model code
    verify_workers: int = 1

    @classmethod
    def from_config(cls, config: AblateConfig, levels: dict[str, list[int]]) -> EvalPlan:
        """From an ``AblateConfig``: its ``[eval]`` section, and the time limits of its training config."""
        return cls(
            levels=levels,
            problems_per_level=config.eval.problems_per_level,
            eval_seed=config.eval.eval_seed,
            max_new_tokens=config.eval.max_new_tokens or config.train.grpo.max_completion_length,
            batch_size=config.eval.batch_size,
            verify_timeout=config.train.reward.verify_timeout,
            verify_workers=config.train.reward.verify_workers,
        )


def evaluate(model, tokenizer, environments: Mapping[str, object], plan: EvalPlan) -> list[LevelScore]:
    """Score greedy completions of ``model`` on ``plan.problems_per_level`` held-out problems per (env, level)."""
    import torch

    from rlve_trainer.verify_pool import VerifyPool, score_all

    was_training = model.training
    model.eval()
    padding_side = tokenizer.padding_side
    tokenizer.padding_side = "left"  # generation continues every row from its last prompt token
    scores = []
    untrusted = any(environments[env_id].runs_untrusted_code for env_id in plan.levels)
    pool = VerifyPool(plan.verify_workers, plan.verify_timeout) if untrusted else None
    try:
        for env_id, difficulties in plan.levels.items():
            env = environments[env_id]
            for difficulty in difficulties:
                seeds = held_out_seeds(env_id, difficulty, plan.problems_per_level, plan.eval_seed)
                problems = [env.sample(difficulty, seed) for seed in seeds]
                correct = unjudged = 0
                for start in range(0, len(problems), plan.batch_size):
                    chunk = problems[start : start + plan.batch_size]
                    texts = [
                        tokenizer.apply_chat_template(
                            [{"role": "user", "content": p.prompt}], tokenize=False, add_generation_prompt=True
                        )
                        for p in chunk
                    ]
                    batch = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
                    with torch.no_grad():
                        output = model.generate(
                            **batch,
                            do_sample=False,
                            max_new_tokens=plan.max_new_tokens,
                            eos_token_id=tokenizer.eos_token_id,
                            pad_token_id=tokenizer.pad_token_id,
                        )
                    completions = tokenizer.batch_decode(
                        output[:, batch["input_ids"].shape[1] :], skip_special_tokens=True
                    )
                    verdicts = score_all([(env, p, text) for p, text in zip(chunk, completions)], pool)
                    correct += sum(verdict.correct for verdict in verdicts)
                    unjudged += sum(verdict.is_verifier_error for verdict in verdicts)
                scores.append(LevelScore(env_id, difficulty, len(problems), correct, unjudged))
    finally:
        if pool is not None:
            pool.close()
        tokenizer.padding_side = padding_side
        model.train(was_training)
    return scores
