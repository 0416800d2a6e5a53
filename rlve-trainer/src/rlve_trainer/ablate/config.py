"""The ablation's configuration: the shared training setup, the arms, the seeds and the evaluation.

An ``ablate.toml``::

    name = "curricula on addition"
    seeds = [0, 1, 2]
    steps = 600                          # optimizer steps per arm and seed, the same budget for every arm

    [train]                              # a `rlve train` config; the arms set its curriculum, seed, max_steps
    envs = ["math/addition"]
    model = { path = "/models/my-start-checkpoint" }
    grpo = { learning_rate = 2e-4, num_generations = 8 }

    [[arms]]
    name = "adaptive"
    strategy = "adaptive"
    params = { min_samples = 64 }

    [[arms]]
    name = "fixed d=2"
    strategy = "fixed"
    params = { difficulty = 2 }

    [eval]
    difficulties = [0, 1, 2, 3]          # levels scored in every evaluated environment
    problems_per_level = 200
    held_out_envs = ["math/signed_sum"]  # evaluated before and after, never trained on

Every field can be overridden with ``--set``, as in ``rlve train`` (``--set steps=50``,
``--set train.grpo.learning_rate=1e-4``). ``[warm_start]`` (the demo's) trains a tiny model first and
uses it as the starting checkpoint instead of ``train.model``.

An arm with ``params = { initial_difficulty = "from-eval:start" }`` starts each band at the starting model's
frontier: before the arms, the ablation runs ``rlve eval``'s search on its starting model (once; a resume
reuses it), with the options of ``[frontier]``::

    [frontier]
    threshold = 0.5                      # the accuracy a level must reach
    problems = 32                        # held-out problems per level, at most
    max_tokens = 16                      # default: eval.max_new_tokens, else train.grpo.max_completion_length
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_validator

from rlve.errors import RlveError
from rlve_trainer import paths
from rlve_trainer.config import CurriculumSection, GRPOSection, ModelSection, RewardSection, Section, TrainConfig
from rlve_trainer.config_files import describe, load_model, validate_model


class Arm(Section):
    name: str = Field(..., min_length=1, max_length=100, description="the arm's label in tables and plots")
    strategy: str = Field(..., description="a curriculum strategy from rlve.curriculum.available()")
    params: dict[str, Any] = Field(default_factory=dict, description="the strategy's keyword parameters")


class EvalSection(Section):
    difficulties: list[int] = Field(default_factory=lambda: [0, 1, 2, 3], min_length=1)
    problems_per_level: int = Field(100, ge=1, le=100_000)
    max_new_tokens: int | None = Field(None, ge=1, description="greedy generation length; default: the arms'")
    eval_seed: int = Field(0, ge=0, description="picks the held-out problems; change it for a fresh sample")
    held_out_envs: list[str] = Field(default_factory=list, description="evaluated but never trained on")
    batch_size: int = Field(64, ge=1)
    curve_every: int = Field(
        0, ge=0, description="also score every arm every this many steps (a learning curve); 0: only at the end"
    )
    curve_problems: int = Field(
        50, ge=1, le=100_000, description="problems per level at the curve's points (the first of the final ones)"
    )
    target_accuracy: float = Field(
        0.8, gt=0, le=1, description="report the steps each arm takes to reach this mean trained accuracy"
    )

    @field_validator("difficulties")
    @classmethod
    def _levels_are_sorted_and_non_negative(cls, value: list[int]) -> list[int]:
        if any(level < 0 for level in value):
            raise ValueError("difficulties are integers >= 0")
        return sorted(set(value))


class FrontierSection(Section):
    """The frontier search run on the starting model when an arm starts ``from-eval:start`` (``rlve eval``'s)."""

    threshold: float = Field(0.5, gt=0, le=1, description="the accuracy a level must reach to pass")
    problems: int = Field(32, ge=1, le=100_000, description="held-out problems per level at most")
    chunk: int = Field(8, ge=1, description="problems between two looks at the interval (at most problems)")
    max_difficulty: int = Field(1024, ge=0, description="the search stops here")
    max_tokens: int | None = Field(None, ge=1, description="greedy completion length; default: eval.max_new_tokens")
    batch_size: int = Field(16, ge=1, description="prompts per generate")
    eval_seed: int = Field(0, ge=0, description="picks the held-out problems")


class WarmStartSection(Section):
    """A supervised phase that fits a tiny offline model to easy problems (the demo's starting point)."""

    steps: int = Field(1500, ge=1, description="at most this many steps")
    difficulties: list[int] = Field(
        default_factory=lambda: [0, 1], min_length=1, description="levels drawn uniformly (repeat one to weight it)"
    )
    stop_at_accuracy: float | None = Field(
        0.7, gt=0, le=1, description="stop once greedy accuracy at the highest level reaches this (None: never)"
    )
    batch_size: int = Field(64, ge=1)
    learning_rate: float = Field(1e-3, gt=0)
    hidden_size: int = Field(128, ge=8)
    layers: int = Field(4, ge=1)
    # One thread by default: two are ~1.7x faster on an idle 2-core machine, but ten times slower when
    # another process holds a core (OpenMP threads spin-waiting on each other), and results differ by count.
    threads: int = Field(1, ge=1, description="torch CPU threads of the warm start")

    @field_validator("difficulties")
    @classmethod
    def _levels_are_non_negative(cls, value: list[int]) -> list[int]:
        if any(level < 0 for level in value):
            raise ValueError("difficulties are integers >= 0")
        return value


class AblateConfig(Section):
    name: str | None = None
    seeds: list[int] = Field(default_factory=lambda: [0, 1, 2], min_length=1)
    steps: int = Field(100, ge=1, description="optimizer steps per arm and seed")
    train: TrainConfig = Field(default_factory=TrainConfig)
    arms: list[Arm] = Field(..., min_length=1)
    eval: EvalSection = Field(default_factory=EvalSection)
    warm_start: WarmStartSection | None = None
    frontier: FrontierSection = Field(
        default_factory=FrontierSection, description="the search behind initial_difficulty = 'from-eval:start'"
    )
    output: str = Field(paths.DEFAULT_OUTPUT, description="folder of the runs; the history database is inside it")
    db: str | None = Field(None, description="SQLAlchemy URL or a file path; default <output>/history.db")
    threads: int = Field(1, ge=1, description="torch CPU threads per arm (fixed, so results repeat exactly)")
    jobs: int = Field(1, ge=1, description="arms trained at the same time, each in its own process")
    reference: str | None = Field(
        None, description="the arm the others are compared with, seed by seed (default: the first arm)"
    )

    @field_validator("seeds")
    @classmethod
    def _distinct_seeds(cls, value: list[int]) -> list[int]:
        if any(seed < 0 for seed in value):
            raise ValueError("seeds are integers >= 0")
        if len(set(value)) != len(value):
            raise ValueError("each seed once")
        return value

    @model_validator(mode="after")
    def _distinct_arm_names(self) -> AblateConfig:
        names = [arm.name for arm in self.arms]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise ValueError(f"arm names must differ; repeated: {', '.join(repeated)}")
        if self.reference is not None and self.reference not in names:
            raise ValueError(f"reference {self.reference!r} is not an arm; the arms: {', '.join(names)}")
        return self

    def reference_arm(self) -> str:
        return self.reference or self.arms[0].name

    def db_url(self) -> str:
        return paths.db_url(self.db, self.output)

    def arm_config(
        self, arm: Arm, seed: int, model_path: str, output: str, ablation_id: str, start_evaluation: str | None = None
    ) -> TrainConfig:
        """The `rlve train` config of one arm and seed: the shared setup with this arm's curriculum.

        ``start_evaluation``: the id of the frontier search on the starting model, which an arm's
        ``from-eval:start`` becomes, so its run's config names the evaluation it started from.
        """
        from rlve_trainer.ablate.frontier import bind

        data = self.train.model_dump(mode="json")
        data["model"] = {**data["model"], "path": model_path, "tiny": False}
        data["curriculum"] = {"strategy": arm.strategy, "params": bind(arm.params, start_evaluation)}
        data["seed"] = seed
        data["max_steps"] = self.steps
        data["output"] = output
        data["db"] = self.db_url()
        data["run_name"] = f"ablate {ablation_id} {arm.name} seed {seed}"
        data["grpo"] = {**data["grpo"], "save_steps": self.steps, "save_total_limit": 1}
        try:
            return TrainConfig.model_validate(data)
        except ValidationError as error:
            raise RlveError(f"arm {arm.name!r}: {describe(error)}") from None


#: The demo's environments: three trained, from two packs, whose starting frontiers differ, and one held out.
DEMO_TRAINED = ["math/addition", "math/signed_sum", "code/evaluate_expression"]
DEMO_HELD_OUT = ["math/multiplication"]
DEMO_DURATION = "About 25 minutes on 2 quiet cores (estimated; the warm start about 9 of them)."


def demo_config() -> AblateConfig:
    """``rlve ablate --demo``: a warm-started tiny model, three trained environments and one held out, four arms,
    three seeds, CPU only, within 30 minutes on 2 cores (``jobs = 2``).

    The warm start fits 1- and 2-step problems of the three trained environments for a fixed 1500 steps (no
    accuracy-based stop: where that stop fell depended on the machine, 475 steps on one and 575 on another,
    and so did every table after it). Measured here, it leaves a weak start with its own level in each
    environment (64 problems per level: addition 0.28 / 0.02 at d = 0 / 1, left-to-right sums 0.06 / 0.06,
    Python expressions 0.08 / 0.02, multiplication 0): every GRPO group at d = 0 still has some chance of a
    right answer, so the arms have something to learn from, and a level far above it has none.
    """
    return AblateConfig(
        name="demo: curricula on three environments",
        seeds=[0, 1, 2],
        steps=200,  # 0.55 s a step measured here: 12 arm-seeds, two at a time, fit in the 30 minutes with the rest
        train=TrainConfig(
            model=ModelSection(),
            envs=list(DEMO_TRAINED),
            curriculum=CurriculumSection(),
            reward=RewardSection(mode="binary"),
            grpo=GRPOSection(
                num_generations=8,
                per_device_train_batch_size=32,
                max_completion_length=16,
                learning_rate=5e-5,  # 2e-4 wrecked this model within 100 steps (1-digit 1.00 -> 0.2)
                beta=0.0,
                temperature=1.0,
            ),
        ),
        arms=[
            # rlve train --demo's adaptive settings: RLVE's 128 answers at 90% are more than 200 CPU steps see
            Arm(name="adaptive", strategy="adaptive", params={"min_samples": 32, "threshold": 0.75}),
            Arm(name="uniform d=0..4", strategy="uniform", params={"low": 0, "high": 4}),
            Arm(name="fixed d=0", strategy="fixed", params={"difficulty": 0}),
            Arm(name="fixed d=2", strategy="fixed", params={"difficulty": 2}),
        ],
        eval=EvalSection(
            difficulties=[0, 1, 2, 3],
            problems_per_level=100,
            max_new_tokens=16,
            held_out_envs=list(DEMO_HELD_OUT),
            curve_every=50,
            curve_problems=32,
            target_accuracy=0.1,  # the start's mean over the trained levels is about 0.05
        ),
        warm_start=WarmStartSection(steps=1500, stop_at_accuracy=None),
        jobs=2,
    )


def load(path: str | Path | None, overrides: list[str] = (), base: AblateConfig | None = None) -> AblateConfig:
    """The ablation in ``path`` (TOML; ``base`` when None) with ``--set`` overrides applied and validated."""
    return load_model(AblateConfig, path, overrides, base, file_label="ablation file", label="ablation config")


def validate(data: dict[str, Any]) -> AblateConfig:
    return validate_model(AblateConfig, data, "ablation config")
