"""One arm and seed of an ablation: an ordinary `rlve train` run, then greedy held-out evaluation.

The evaluation runs in the trainer's ``on_train_end`` callback on the model as trained, so nothing is
reloaded and the scores are of exactly the weights the run ended with. ``run_arm`` takes and returns
plain data, so it runs the same in this process or in a worker process (``jobs > 1``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from rlve_trainer.ablate.evaluate import EvalPlan, LevelScore


@dataclass(frozen=True)
class ArmJob:
    arm: str
    strategy: str
    seed: int
    config: dict[str, Any]  # the arm's TrainConfig as JSON
    plan: EvalPlan
    threads: int


@dataclass
class ArmResult:
    arm: str
    strategy: str
    seed: int
    run_id: str
    scores: list[LevelScore]
    curriculum_state: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


def _evaluation_callback(job: ArmJob, environments: dict, sink: list):
    from transformers import TrainerCallback

    from rlve_trainer.ablate.evaluate import evaluate

    class EvaluateAtEnd(TrainerCallback):
        def on_train_end(self, args, state, control, model=None, processing_class=None, **kwargs):
            sink.extend(evaluate(model, processing_class, environments, job.plan))

    return EvaluateAtEnd()


def run_arm(job: ArmJob) -> ArmResult:
    """Train one arm for one seed and score it; raises RlveError for bad input like `rlve train`."""
    import torch

    import rlve
    from rlve_trainer.config import validate
    from rlve_trainer.train import train

    torch.set_num_threads(job.threads)  # results depend on the thread count; fixing it makes them repeat
    registry = rlve.registry()
    environments = {env_id: registry.get(env_id) for env_id in job.plan.levels}
    scores: list[LevelScore] = []
    started = time.perf_counter()
    result = train(validate(job.config), quiet=True, callbacks=[_evaluation_callback(job, environments, scores)])
    return ArmResult(
        arm=job.arm,
        strategy=job.strategy,
        seed=job.seed,
        run_id=result.run_id,
        scores=scores,
        curriculum_state=result.curriculum_state,
        seconds=time.perf_counter() - started,
    )
