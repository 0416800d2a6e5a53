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
    curve_every: int = 0  # score with ``curve_plan`` after every this many steps (0: never)
    curve_plan: EvalPlan | None = None


@dataclass
class ArmResult:
    arm: str
    strategy: str
    seed: int
    run_id: str
    scores: list[LevelScore]
    curriculum_state: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    #: (step, scores) during training, every ``curve_every`` steps before the last
    curve: list[tuple[int, list[LevelScore]]] = field(default_factory=list)


def _evaluation_callback(job: ArmJob, environments: dict, sink: list, curve: list):
    from transformers import TrainerCallback

    from rlve_trainer.ablate.evaluate import evaluate

    class Evaluate(TrainerCallback):
        def on_step_end(self, args, state, control, model=None, processing_class=None, **kwargs):
            # Greedy decoding draws no random numbers, so scoring mid-run leaves the run as it would have been.
            step = state.global_step
            if job.curve_plan is not None and job.curve_every and step % job.curve_every == 0:
                if step < state.max_steps:  # the last step is scored in full at the end
                    curve.append((step, evaluate(model, processing_class, environments, job.curve_plan)))

        def on_train_end(self, args, state, control, model=None, processing_class=None, **kwargs):
            sink.extend(evaluate(model, processing_class, environments, job.plan))

    return Evaluate()


def run_arm(job: ArmJob) -> ArmResult:
    """Train one arm for one seed and score it; raises RlveError for bad input like `rlve train`."""
    import torch

    import rlve
    from rlve_trainer.config_files import validate_train
    from rlve_trainer.train import train
    from rlve_trainer.versions import environment_versions, version_changes

    torch.set_num_threads(job.threads)  # results depend on the thread count; fixing it makes them repeat
    # Kernels whose result depends on scheduling refuse or fall back to a deterministic version.
    torch.use_deterministic_algorithms(True, warn_only=True)
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
    curve: list[tuple[int, list[LevelScore]]] = []
    started = time.perf_counter()
    callback = _evaluation_callback(job, environments, scores, curve)
    result = train(validate_train(job.config), quiet=True, callbacks=[callback])
    return ArmResult(
        arm=job.arm,
        strategy=job.strategy,
        seed=job.seed,
        run_id=result.run_id,
        scores=scores,
        curriculum_state=result.curriculum_state,
        seconds=time.perf_counter() - started,
        curve=curve,
    )
