"""The one configuration model of a training run: its sections, fields, defaults and limits. Nothing else.

Reading it from TOML, ``--set`` overrides and writing it back are ``config_files``. A TOML file mirrors the
model's sections::

    envs = ["graph/shortest_path", "math/*"]
    max_steps = 500
    [model]
    path = "/models/Qwen2.5-0.5B-Instruct"
    [curriculum]
    strategy = "adaptive"
    params = { min_samples = 64 }
    [grpo]
    learning_rate = 1e-6

Where runs and the database go by default is ``paths``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rlve_trainer import paths

LOSS_TYPES = ("grpo", "dr_grpo", "dapo", "bnpo", "cispo", "sapo", "luspo", "vespo")


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class ModelSection(Section):
    path: str | None = Field(None, description="a local Hugging Face model folder (weights, tokenizer, chat template)")
    tiny: bool = Field(False, description="build a tiny random model offline instead (the demo and tests)")
    trust_remote_code: bool = False


class CurriculumSection(Section):
    strategy: str = Field("adaptive", description="a name from rlve.curriculum.available()")
    params: dict[str, Any] = Field(default_factory=dict, description="the strategy's keyword parameters")


class RewardSection(Section):
    mode: Literal["binary", "shaped"] = Field("binary", description="binary: 1 if correct else 0 (RLVE's choice)")
    format_penalty: float = Field(0.0, ge=0.0, le=1.0, description="subtracted when the answer cannot be read")
    verify_timeout: float = Field(10.0, gt=0, description="seconds per answer for environments that run code")
    verify_workers: int = Field(2, ge=1, description="processes verifying environments that run code")


class GRPOSection(Section):
    """The TRL GRPOConfig parameters users tune; ``extra`` passes anything else through unchanged."""

    num_generations: int = Field(8, ge=2, description="completions per problem (the GRPO group)")
    per_device_train_batch_size: int = Field(8, ge=1, description="completions per device per step")
    gradient_accumulation_steps: int = Field(1, ge=1)
    max_completion_length: int = Field(256, ge=1)
    learning_rate: float = Field(1e-6, gt=0)
    beta: float = Field(0.0, ge=0, description="KL coefficient; 0 loads no reference model")
    loss_type: Literal[LOSS_TYPES] = "dapo"  # type: ignore[valid-type]
    scale_rewards: Literal["group", "batch", "none"] = "group"
    temperature: float = Field(1.0, gt=0)
    top_p: float = Field(1.0, gt=0, le=1)
    use_vllm: bool = False
    vllm_mode: Literal["colocate", "server"] = "colocate"
    vllm_gpu_memory_utilization: float = Field(0.3, gt=0, le=1)
    bf16: bool | None = Field(None, description="None: on when a bf16-capable GPU is present, off on CPU")
    gradient_checkpointing: bool = False
    logging_steps: int = Field(1, ge=1)
    save_steps: int = Field(50, ge=1, description="checkpoint every this many steps (and at the end)")
    save_total_limit: int | None = Field(2, ge=1)
    report_to: str | list[str] = Field(
        "none", description="TRL's experiment trackers: none, wandb, tensorboard, trackio, ... (or a list)"
    )
    extra: dict[str, Any] = Field(default_factory=dict, description="any other GRPOConfig argument, by its name")


class PromptSection(Section):
    """What surrounds each problem: a system message, and the chat template that renders the conversation."""

    system: str | None = Field(None, description="a system message put before every problem")
    chat_template: str | None = Field(
        None, description="a Jinja chat template, inline or the path of a file holding one; None: the model's own"
    )


class PeftSection(Section):
    """LoRA adapters (the ``peft`` library) instead of full fine-tuning; the section's presence turns it on."""

    r: int = Field(16, ge=1, description="the rank of each adapter")
    alpha: int = Field(32, ge=1, description="lora_alpha: the adapters' scale is alpha / r")
    dropout: float = Field(0.05, ge=0, lt=1)
    target_modules: str | list[str] = Field(
        "all-linear", description="module names to adapt (e.g. [\"q_proj\", \"v_proj\"]) or all-linear"
    )


class TrainConfig(Section):
    model: ModelSection = Field(default_factory=ModelSection)
    envs: list[str] = Field(default_factory=lambda: ["graph/shortest_path"], min_length=1)
    curriculum: CurriculumSection = Field(default_factory=CurriculumSection)
    reward: RewardSection = Field(default_factory=RewardSection)
    grpo: GRPOSection = Field(default_factory=GRPOSection)
    prompt: PromptSection = Field(default_factory=PromptSection)
    peft: PeftSection | None = Field(None, description="LoRA settings; absent: full fine-tuning")
    seed: int = Field(0, ge=0)
    max_steps: int = Field(100, ge=1)
    output: str = Field(paths.DEFAULT_OUTPUT, description="folder holding one sub-folder per run")
    db: str | None = Field(None, description="SQLAlchemy URL or a file path; default <output>/history.db")
    run_name: str | None = None
    store_completions: bool = Field(False, description="keep each completion's text in the rollouts table")

    @field_validator("envs", mode="before")
    @classmethod
    def _one_env_is_a_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    def db_url(self) -> str:
        return paths.db_url(self.db, self.output)
