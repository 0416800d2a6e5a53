"""The plan builds TRL's GRPOTrainer and trains; the trainer reports through the plan's history.

``train_plan`` loads the model, hands TRL the plan's live problem stream and reward, adds the callback that
closes each step (history rows, progress, rlve's checkpoint state), writes the run folder's model card,
and marks the run ``finished``, ``stopped`` (Ctrl-C, SIGTERM) or ``failed`` in the history.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig
from rlve_trainer.paths import rlve_command
from rlve_trainer.stopping import Terminated

if TYPE_CHECKING:
    from rlve_trainer.plan import RunPlan


@dataclass
class RunResult:
    run_id: str
    run_dir: Path
    db_url: str
    final_step: int
    step_seconds: list[float] = field(default_factory=list)
    curriculum_state: dict[str, Any] = field(default_factory=dict)


def grpo_args(config: TrainConfig, run_dir: Path):
    """TRL's GRPOConfig for ``config``: rlve's choices (no shuffle buffer, one generation batch per step,
    no TRL data skipping on resume) plus ``grpo.extra``; RlveError when TRL refuses the settings."""
    import torch
    from trl import GRPOConfig

    g = config.grpo
    cuda = torch.cuda.is_available()
    bf16 = g.bf16 if g.bf16 is not None else bool(cuda and torch.cuda.is_bf16_supported())
    kwargs: dict[str, Any] = dict(
        output_dir=str(run_dir),
        max_steps=config.max_steps,
        seed=config.seed,
        per_device_train_batch_size=g.per_device_train_batch_size,
        gradient_accumulation_steps=g.gradient_accumulation_steps,
        steps_per_generation=g.gradient_accumulation_steps,  # one generation batch per optimizer step
        num_generations=g.num_generations,
        max_completion_length=g.max_completion_length,
        learning_rate=g.learning_rate,
        beta=g.beta,
        loss_type=g.loss_type,
        scale_rewards=g.scale_rewards,
        temperature=g.temperature,
        top_p=g.top_p,
        use_vllm=g.use_vllm,
        vllm_mode=g.vllm_mode,
        vllm_gpu_memory_utilization=g.vllm_gpu_memory_utilization,
        bf16=bf16,
        gradient_checkpointing=g.gradient_checkpointing,
        logging_steps=g.logging_steps,
        save_strategy="steps",
        save_steps=g.save_steps,
        save_total_limit=g.save_total_limit,
        shuffle_dataset=False,  # no shuffle buffer between the curriculum and the batch
        ignore_data_skip=True,  # the stream restarts at the right slot itself on resume
        dataloader_num_workers=0,
        report_to=g.report_to,
        disable_tqdm=True,
        use_cpu=not cuda,
        log_completions=False,
        ddp_find_unused_parameters=False,
    )
    # Newer transformers 5 renamed it; the old name is then a deprecated alias whose TRL default is True.
    kwargs[checkpointing_field()] = kwargs.pop("gradient_checkpointing")
    kwargs.update(g.extra)  # names checked against GRPOConfig by check_grpo_extra, before the run is recorded
    try:
        return GRPOConfig(**kwargs)
    except (ValueError, TypeError) as error:
        raise RlveError(f"invalid GRPO settings: {str(error).splitlines()[0]}") from None


def checkpointing_field() -> str:
    """The GRPOConfig field that switches gradient checkpointing in the installed transformers:
    ``activation_checkpointing`` where it exists (newer 5.x), else ``gradient_checkpointing`` (5.17 and older)."""
    from trl import GRPOConfig

    names = {f.name for f in dataclasses.fields(GRPOConfig)}
    return "activation_checkpointing" if "activation_checkpointing" in names else "gradient_checkpointing"


#: GRPOConfig fields rlve sets itself, and why ``grpo.extra`` may not change them
MANAGED_BY_RLVE = {
    "output_dir": "the run's folder is <output>/<run id>: set `output` instead",
    "max_steps": "set `max_steps` instead",
    "seed": "set `seed` instead",
    "shuffle_dataset": "a shuffle buffer would feed the model problems drawn from an old curriculum",
    "ignore_data_skip": "on resume the problem stream restarts at the right problem itself",
    "steps_per_generation": "rlve makes one generation batch per optimizer step (set gradient_accumulation_steps)",
    "dataloader_num_workers": "the problem stream must be read in the training process, where the curriculum is",
}


def check_grpo_extra(extra: dict[str, Any]) -> None:
    """Every ``grpo.extra`` name is a GRPOConfig field rlve does not set itself; RlveError naming the first
    that is not (with the closest field name, for a typo)."""
    import difflib

    from trl import GRPOConfig

    from rlve_trainer.config import GRPOSection

    fields = {f.name for f in dataclasses.fields(GRPOConfig)}
    for name in extra:
        if name in GRPOSection.model_fields and name != "extra":
            raise RlveError(f"grpo.extra.{name}: {name} is a [grpo] setting of its own; set grpo.{name} instead")
        if name in MANAGED_BY_RLVE:
            raise RlveError(f"grpo.extra.{name} cannot be set: {MANAGED_BY_RLVE[name]}")
        if name not in fields:
            close = difflib.get_close_matches(name, sorted(fields), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise RlveError(
                f"grpo.extra.{name}: TRL's GRPOConfig has no field {name!r}{hint}; grpo.extra passes GRPOConfig "
                "arguments through by their exact names"
            )


def lora_config(section):
    """peft's LoraConfig for the ``[peft]`` section (the peft extra: ``pip install rlve-trainer[peft]``)."""
    try:
        from peft import LoraConfig
    except ImportError:
        raise RlveError(
            "[peft] asks for LoRA adapters, which need the peft library: pip install 'rlve-trainer[peft]'"
        ) from None
    return LoraConfig(
        r=section.r,
        lora_alpha=section.alpha,
        lora_dropout=section.dropout,
        target_modules=section.target_modules,
        task_type="CAUSAL_LM",
    )


def card_writer(plan: RunPlan, trainer):
    """``card(status)`` writes the run folder's README.md from the run as it stands (main process only)."""
    from rlve_trainer import model_card
    from rlve_trainer.versions import environment_versions, package_versions

    config, record = plan.config, plan.record
    if config.model.tiny:
        model = "a tiny random Qwen2 built offline by rlve (`model.tiny = true`), saved in `tiny-model/`"
    else:
        model = f"`{record.model_path}`"
    packages = {
        name: version
        for name, version in package_versions(list(plan.environments)).items()
        if name in ("rlve-trainer", "trl", "transformers", "torch") or name.startswith("rlve-plugin")
    }

    def card(status: str) -> None:
        if not plan.ranks.is_main:
            return
        facts = model_card.CardFacts(
            run_id=record.run_id,
            run_name=config.run_name,
            model=model,
            environments=environment_versions(plan.environments),
            strategy=config.curriculum.strategy,
            params=plan.curriculum.state_dict().get("params", config.curriculum.params),
            reward_mode=config.reward.mode,
            step=trainer.state.global_step,
            max_steps=config.max_steps,
            status=status,
            bands=plan.curriculum.bands(),
            packages=packages,
            history=rlve_command(record.db_url, record.run_id),
            resume_command=rlve_command(record.db_url, record.run_id, "train --resume"),
        )
        try:
            model_card.write(record.run_dir, facts)
        except OSError as error:  # a card is a courtesy: never the reason a run fails
            print(f"warning: could not write the model card in {record.run_dir}: {error}", file=sys.stderr, flush=True)

    return card


def train_plan(plan: RunPlan, *, quiet: bool = False, callbacks: list = ()) -> RunResult:
    """Train the run ``plan`` describes and mark how it ended in the history. A stop by Ctrl-C or SIGTERM
    raises KeyboardInterrupt (Terminated for SIGTERM) carrying ``run_id`` and ``step``."""
    history = plan.history
    try:
        result = _train(plan, quiet=quiet, callbacks=list(callbacks))
    except KeyboardInterrupt as stop:
        if history is not None:
            reason = "stopped by SIGTERM" if isinstance(stop, Terminated) else "interrupted"
            history.set_status("stopped", error=reason)
            stop.step = history.last_recorded_step()  # type: ignore[attr-defined]
        stop.run_id = plan.run_id  # type: ignore[attr-defined]
        raise
    except BaseException as error:
        if history is not None:
            history.set_status("failed", error=f"{type(error).__name__}: {error}"[:2000])
        raise
    if history is not None:
        history.set_status("finished", last_step=result.final_step)
    return result


def _train(plan: RunPlan, *, quiet: bool, callbacks: list) -> RunResult:
    from transformers.trainer_callback import PrinterCallback
    from trl import GRPOTrainer

    from rlve_trainer.model_loading import TiedWeightsNotMissing, load_model, load_tokenizer
    from rlve_trainer.progress import Progress

    warnings.filterwarnings("ignore", message=r".*is_gradient_checkpointing.*", category=FutureWarning)
    config, record, ranks = plan.config, plan.record, plan.ranks
    args = grpo_args(config, record.run_dir)
    tokenizer = load_tokenizer(record.model_path, config.model.trust_remote_code, config.prompt.chat_template)
    model = load_model(
        record.model_path,
        bf16=bool(args.bf16),
        trust_remote_code=config.model.trust_remote_code,
        pad_token_id=tokenizer.pad_token_id,
    )
    progress = Progress(config.max_steps, initial=record.start_step, enabled=ranks.is_main and not quiet)
    callback = plan.session.callback(progress)
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[plan.session.reward],
        args=args,
        train_dataset=plan.session.dataset(),
        processing_class=tokenizer,
        callbacks=[callback, *callbacks],
        peft_config=lora_config(config.peft) if config.peft is not None else None,
    )
    # Our progress line replaces transformers' printed log dicts (disable_tqdm=True adds PrinterCallback).
    trainer.remove_callback(PrinterCallback)
    card = card_writer(plan, trainer)
    # TRL writes its own card ("a fine-tuned version of [None]") at every checkpoint: ours instead.
    trainer.create_model_card = lambda *args, **kwargs: card("in progress")
    status = "failed"
    trainer_logger = logging.getLogger("transformers.trainer")
    tied_filter = TiedWeightsNotMissing(model)
    trainer_logger.addFilter(tied_filter)
    try:
        trainer.train(resume_from_checkpoint=str(record.checkpoint) if record.checkpoint is not None else None)
        status = "finished"
        if ranks.count > 1:
            # Each rank's final curriculum, so anyone can check that the ranks agree.
            (record.run_dir / f"curriculum-rank{ranks.index}.json").write_text(plan.curriculum.to_json())
    except KeyboardInterrupt:
        status = "stopped"
        raise
    finally:
        trainer_logger.removeFilter(tied_filter)
        progress.close()
        if plan.history is not None:
            plan.history.stop_writing()
        if plan.verify_pool is not None:
            plan.verify_pool.close()
        card(status)
    ranks.finish()
    return RunResult(
        run_id=record.run_id,
        run_dir=record.run_dir,
        db_url=record.db_url,
        final_step=trainer.state.global_step,
        step_seconds=callback.step_seconds,
        curriculum_state=plan.curriculum.state_dict(),
    )
