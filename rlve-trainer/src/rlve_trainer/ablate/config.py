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

    @field_validator("difficulties")
    @classmethod
    def _levels_are_sorted_and_non_negative(cls, value: list[int]) -> list[int]:
        if any(level < 0 for level in value):
            raise ValueError("difficulties are integers >= 0")
        return sorted(set(value))


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
    output: str = Field(paths.DEFAULT_OUTPUT, description="folder of the runs; the history database is inside it")
    db: str | None = Field(None, description="SQLAlchemy URL or a file path; default <output>/history.db")
    threads: int = Field(1, ge=1, description="torch CPU threads per arm (fixed, so results repeat exactly)")
    jobs: int = Field(1, ge=1, description="arms trained at the same time, each in its own process")

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
        return self

    def db_url(self) -> str:
        return paths.db_url(self.db, self.output)

    def arm_config(self, arm: Arm, seed: int, model_path: str, output: str, ablation_id: str) -> TrainConfig:
        """The `rlve train` config of one arm and seed: the shared setup with this arm's curriculum."""
        data = self.train.model_dump(mode="json")
        data["model"] = {**data["model"], "path": model_path, "tiny": False}
        data["curriculum"] = {"strategy": arm.strategy, "params": arm.params}
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


def demo_config() -> AblateConfig:
    """``rlve ablate --demo``: addition with a warm-started tiny model, four arms, three seeds, CPU only.

    The warm start stops once 70% of 2-digit additions come out right (1-digit ones are all right by then,
    3-digit ones none), which leaves the 2-digit level as the edge an arm can improve; the step budget and
    seeds are what fit the whole demo in about 10 minutes on 2 cores (9 min 14 s measured).
    """
    return AblateConfig(
        name="demo: curricula on addition",
        seeds=[0, 1, 2],
        steps=300,
        train=TrainConfig(
            model=ModelSection(),
            envs=["math/addition"],
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
            Arm(name="adaptive", strategy="adaptive", params={"min_samples": 64, "threshold": 0.9}),
            Arm(name="fixed d=0", strategy="fixed", params={"difficulty": 0}),
            Arm(name="fixed d=2", strategy="fixed", params={"difficulty": 2}),
            Arm(name="uniform d=0..4", strategy="uniform", params={"low": 0, "high": 4}),
        ],
        eval=EvalSection(difficulties=[0, 1, 2, 3], problems_per_level=200, max_new_tokens=16),
        warm_start=WarmStartSection(),
        jobs=2,
    )


def load(path: str | Path | None, overrides: list[str] = (), base: AblateConfig | None = None) -> AblateConfig:
    """The ablation in ``path`` (TOML; ``base`` when None) with ``--set`` overrides applied and validated."""
    return load_model(AblateConfig, path, overrides, base, file_label="ablation file", label="ablation config")


def validate(data: dict[str, Any]) -> AblateConfig:
    return validate_model(AblateConfig, data, "ablation config")
