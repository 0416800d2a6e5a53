"""One arm and seed of an ablation: an ordinary `rlve train` run, then greedy held-out evaluation.

The evaluation runs in the trainer's ``on_train_end`` callback on the model as trained, so nothing is
reloaded and the scores are of exactly the weights the run ended with. ``run_arm`` takes and returns
plain data, so it runs the same in this process or in a worker process (``jobs > 1``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from rlve.errors import RlveError
from rlve_trainer.ablate.evaluate import EvalPlan, LevelScore


@dataclass(frozen=True)
class ArmJob:
    arm: str
    strategy: str
    seed: int
    config: dict[str, Any]  # the arm's TrainConfig as JSON
    plan: EvalPlan
    threads: int
    #: env id -> version when the ablation scored its start; an arm that finds others installed refuses.
    env_versions: dict[str, int] = field(default_factory=dict)


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
    from rlve_trainer.config_files import validate_train
    from rlve_trainer.train import train
    from rlve_trainer.versions import environment_versions, version_changes

    torch.set_num_threads(job.threads)  # results depend on the thread count; fixing it makes them repeat
    registry = rlve.registry()
    environments = {env_id: registry.get(env_id) for env_id in job.plan.levels}
    changed = version_changes(job.env_versions, environment_versions(environments))
    if changed:  # a pack reinstalled while the ablation ran: this arm's scores would not compare
        listed = ", ".join(f"{c.env} version {c.old} -> {c.new}" for c in changed)
        raise RlveError(
            f"arm {job.arm!r} (seed {job.seed}): environment versions changed since the ablation scored its "
            f"starting model ({listed}), so its scores would not compare with the others; reinstall the pack "
            "release the ablation started with, or run the ablation again"
        )
    scores: list[LevelScore] = []
    started = time.perf_counter()
    result = train(validate_train(job.config), quiet=True, callbacks=[_evaluation_callback(job, environments, scores)])
    return ArmResult(
        arm=job.arm,
        strategy=job.strategy,
        seed=job.seed,
        run_id=result.run_id,
        scores=scores,
        curriculum_state=result.curriculum_state,
        seconds=time.perf_counter() - started,
    )
