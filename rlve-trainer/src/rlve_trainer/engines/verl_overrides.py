"""The Hydra overrides that run verl 0.7.1's ``main_ppo`` on an rlve run TOML (``rlve engines verl run.toml``).

One TOML serves both engines: ``envs``, ``curriculum``, ``seed``, ``db`` and ``prompt.system`` are read by
rlve's dataset and sampler inside verl; the model, batch shape, lengths and optimiser settings below become
verl's settings. Batch shape: the TOML's ``[grpo]`` section counts completions per device per optimiser step
(``per_device_train_batch_size`` x ``gradient_accumulation_steps``) in groups of ``num_generations``; verl
counts prompts per step over all GPUs (``data.train_batch_size``) and ``actor_rollout_ref.rollout.n``
completions each, so ``train_batch_size = per_device x accumulation / num_generations x GPUs``, one optimiser
step per batch (``ppo_mini_batch_size`` = the batch, as TRL does by default) and ``per_device_train_batch_size``
completions per forward pass (``ppo_micro_batch_size_per_gpu``).

Nothing here imports verl: the overrides are computed and checked (``hydra``'s parser, in the tests) anywhere.
"""

from __future__ import annotations

import re
from pathlib import Path

from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig

#: The rlve loss types verl has an aggregation mode for (verl's ``actor.loss_agg_mode``).
LOSS_AGG_MODES = {"dapo": "token-mean", "grpo": "seq-mean-token-mean", "dr_grpo": "seq-mean-token-sum-norm"}
#: TRL's trackers that verl's ``trainer.logger`` also knows.
LOGGERS = {"wandb": "wandb", "tensorboard": "tensorboard", "mlflow": "mlflow", "swanlab": "swanlab"}
#: A value Hydra reads unquoted and a shell does not split.
PLAIN = re.compile(r"^[A-Za-z0-9_./:+@~-]+$")


def reward_file() -> str:
    """The file ``custom_reward_function.path`` names (verl loads it by path in its reward workers)."""
    from rlve_trainer.engines import verl_reward

    return str(Path(verl_reward.__file__).resolve())


def hydra_value(value: object) -> str:
    """A value as a Hydra override writes it: booleans lower case, other text quoted unless plain."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ",".join(hydra_value(item) for item in value) + "]"
    text = str(value)
    if PLAIN.match(text):
        return text
    if "'" in text or "\n" in text:
        raise RlveError(f"{text!r} cannot be passed to verl as a Hydra override (a quote or a line break)")
    return f"'{text}'"


def verl_overrides(
    config: TrainConfig,
    toml: str | Path,
    *,
    gpus: int = 1,
    nodes: int = 1,
    val_files: str | None = None,
    max_prompt_length: int = 1024,
) -> tuple[list[str], list[str]]:
    """``(overrides, warnings)``: verl's settings for the run ``config`` read from ``toml``; each warning names a
    TOML setting verl has no equivalent for. RlveError when the TOML cannot run on verl at all."""
    grpo = config.grpo
    if config.model.tiny or not config.model.path:
        raise RlveError("verl loads the model itself: set [model] path to a Hugging Face model folder (not tiny)")
    if config.peft is not None:
        raise RlveError("[peft] is rlve train's LoRA; on verl set actor_rollout_ref.model.lora_rank instead")
    if gpus < 1 or nodes < 1:
        raise RlveError(f"--gpus {gpus} --nodes {nodes}: at least one GPU on one node")
    completions = grpo.per_device_train_batch_size * grpo.gradient_accumulation_steps
    if completions % grpo.num_generations:
        raise RlveError(
            f"[grpo] per_device_train_batch_size x gradient_accumulation_steps = {completions} is not a multiple of "
            f"num_generations = {grpo.num_generations}: verl needs whole groups per step"
        )
    prompts = completions // grpo.num_generations * gpus * nodes
    model_path = Path(config.model.path).expanduser()
    model = str(model_path.resolve()) if model_path.exists() else config.model.path  # a hub id stays as it is
    warnings: list[str] = []
    out = {
        "data.train_files": str(Path(toml).resolve()),
        "data.val_files": str(Path(val_files).resolve()) if val_files else str(Path(toml).resolve()),
        "data.custom_cls.path": "pkg://rlve_trainer.engines.verl_dataset",
        "data.custom_cls.name": "RlveDataset",
        "data.sampler.class_path": "pkg://rlve_trainer.engines.verl_sampler",
        "data.sampler.class_name": "RlveCurriculumSampler",
        "data.dataloader_num_workers": 0,
        "+data.rlve_db": absolute_db_url(config.db_url()),
        "data.train_batch_size": prompts,
        "data.max_prompt_length": max_prompt_length,
        "data.max_response_length": grpo.max_completion_length,
        "data.seed": config.seed,
        "custom_reward_function.path": reward_file(),
        "custom_reward_function.name": "compute_score",
        "algorithm.adv_estimator": "grpo",
        "algorithm.use_kl_in_reward": False,
        "algorithm.norm_adv_by_std_in_grpo": grpo.scale_rewards != "none",
        "actor_rollout_ref.model.path": model,
        "actor_rollout_ref.model.trust_remote_code": config.model.trust_remote_code,
        "actor_rollout_ref.model.enable_gradient_checkpointing": grpo.gradient_checkpointing,
        "actor_rollout_ref.actor.optim.lr": grpo.learning_rate,
        "actor_rollout_ref.actor.ppo_mini_batch_size": prompts,
        "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu": grpo.per_device_train_batch_size,
        "actor_rollout_ref.actor.use_kl_loss": grpo.beta > 0,
        "actor_rollout_ref.actor.kl_loss_coef": grpo.beta,
        "actor_rollout_ref.rollout.n": grpo.num_generations,
        "actor_rollout_ref.rollout.temperature": grpo.temperature,
        "actor_rollout_ref.rollout.top_p": grpo.top_p,
        "actor_rollout_ref.rollout.gpu_memory_utilization": grpo.vllm_gpu_memory_utilization,
        "trainer.total_epochs": 1,
        "trainer.total_training_steps": config.max_steps,
        "trainer.save_freq": grpo.save_steps,
        "trainer.n_gpus_per_node": gpus,
        "trainer.nnodes": nodes,
        "trainer.logger": ["console", *trackers(grpo.report_to, warnings)],
    }
    if grpo.loss_type in LOSS_AGG_MODES:
        out["actor_rollout_ref.actor.loss_agg_mode"] = LOSS_AGG_MODES[grpo.loss_type]
    else:
        warnings.append(f"[grpo] loss_type = {grpo.loss_type!r} has no verl equivalent: verl's default is used")
    if grpo.scale_rewards == "batch":
        warnings.append("[grpo] scale_rewards = 'batch' has no verl equivalent: advantages are scaled per group")
    if not val_files:  # the live dataset has no fixed validation set; see `rlve export --split eval`
        out["trainer.val_before_train"] = False
        out["trainer.test_freq"] = -1
    if config.run_name:
        out["trainer.experiment_name"] = config.run_name
    if config.reward.mode != "binary" or config.reward.format_penalty:
        warnings.append("[reward] mode and format_penalty are rlve train's: verl's compute_score is binary (RLVE's)")
    if config.prompt.chat_template:
        warnings.append("[prompt] chat_template is not passed to verl: it uses the model's own chat template")
    if grpo.extra:
        warnings.append(f"[grpo] extra ({', '.join(sorted(grpo.extra))}) is TRL's: not passed to verl")
    return [f"{key}={hydra_value(value)}" for key, value in out.items()], warnings


def absolute_db_url(url: str) -> str:
    """A SQLite URL with its file made absolute (verl's driver may run in another folder); others unchanged."""
    from rlve_trainer.history.engine import sqlite_path

    file = sqlite_path(url)
    return f"sqlite:///{file.resolve()}" if file is not None else url


def trackers(report_to: str | list[str], warnings: list[str]) -> list[str]:
    names = [report_to] if isinstance(report_to, str) else list(report_to)
    chosen = []
    for name in names:
        if name in ("none", "console"):
            continue
        if name in LOGGERS:
            chosen.append(LOGGERS[name])
        else:
            warnings.append(f"[grpo] report_to = {name!r} is not one of verl's loggers: left out")
    return chosen
