"""One training run: validate everything, record the run, build TRL's GRPOTrainer on the live stream, train.

Everything that can be wrong with the input (environments, curriculum, model folder, chat template,
database URL, the run to resume) is checked before the run's row is written, so a bad invocation leaves
nothing half-written in the history. Under ``accelerate launch`` the main process does the database
work and broadcasts the outcome; every rank then builds the same curriculum and stream.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rlve
from rlve.errors import RlveError
from rlve_trainer import checkpoint
from rlve_trainer.config import TrainConfig, to_toml, validate

TRACKED_PACKAGES = ("rlve-core", "rlve-trainer", "torch", "transformers", "trl", "accelerate", "datasets")


@dataclass
class RunResult:
    run_id: str
    run_dir: Path
    db_url: str
    final_step: int
    step_seconds: list[float] = field(default_factory=list)
    curriculum_state: dict[str, Any] = field(default_factory=dict)


def select_environments(config: TrainConfig) -> dict[str, rlve.Environment]:
    registry = rlve.registry()
    return {env_id: registry.get(env_id) for env_id in registry.select(config.envs)}


def make_curriculum(config: TrainConfig, env_ids: list[str]):
    from rlve import curriculum

    return curriculum.create(config.curriculum.strategy, env_ids, **config.curriculum.params)


def package_versions(env_ids: list[str]) -> dict[str, str]:
    registry = rlve.registry()
    names = set(TRACKED_PACKAGES) | {registry.entry(env_id).distribution for env_id in env_ids}
    versions = {}
    for name in sorted(names):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = "unknown"
    return versions


def resolve_model(config: TrainConfig, run_dir: Path, env_ids: list[str]) -> Path:
    """The model folder to load: the configured one (checked), or a tiny model built under the run folder."""
    if config.model.tiny:
        from rlve_trainer.tiny import build_tiny

        return build_tiny(run_dir / "tiny-model", env_ids, seed=config.seed)
    if not config.model.path:
        raise RlveError(
            "no model given: set model.path in the config or pass --set model.path=/path/to/model "
            "(a local Hugging Face model folder), or run `rlve train --demo`"
        )
    path = Path(config.model.path).expanduser()
    if not path.is_dir():
        raise RlveError(f"model path {str(path)!r} is not a folder; give a local Hugging Face model folder")
    if not (path / "config.json").is_file():
        raise RlveError(f"model path {str(path)!r} has no config.json; is it a Hugging Face model folder?")
    return path.resolve()


def load_tokenizer(path: Path, trust_remote_code: bool = False):
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(str(path), trust_remote_code=trust_remote_code)
    except (OSError, ValueError) as error:
        raise RlveError(f"cannot load a tokenizer from {str(path)!r}: {str(error).splitlines()[0]}") from None
    if not getattr(tokenizer, "chat_template", None):
        raise RlveError(
            f"the tokenizer in {str(path)!r} has no chat template; use an instruct/chat model or add a "
            "chat_template to its tokenizer_config.json"
        )
    if tokenizer.eos_token_id is None:
        raise RlveError(f"the tokenizer in {str(path)!r} has no eos token; generation could never stop")
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def _prepare_main(config: TrainConfig, resume: str | None, overrides: list[str], lock: list) -> dict[str, Any]:
    """Main process: database, config of a resumed run, validation, the run's row. Returns what ranks share.

    The run's lock is appended to ``lock``; the caller holds it for as long as the run trains.
    """
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.run_lock import RunLock

    engine = open_engine(config.db_url(), create=resume is None)
    try:
        start_step, state, found = 0, None, None
        if resume is not None:
            row = store.get_run(engine, resume)
            stored = json.loads(row["config"])
            from rlve_trainer.config import _set_dotted, parse_override

            for override in overrides:
                key, value = parse_override(override)
                _set_dotted(stored, key, value)
            stored["db"] = config.db_url()  # the database the run was found in, wherever it was started from
            config = validate(stored)
            run_id, run_dir = row["id"], Path(row["output_dir"])
            lock.append(RunLock(run_dir, run_id).acquire())
            found = checkpoint.latest_complete(run_dir)
            if found is not None:
                state = checkpoint.read_state(found)
                start_step = int(state["step"])
            if start_step >= config.max_steps:
                raise RlveError(
                    f"run {run_id} already reached step {start_step} of max_steps={config.max_steps}; "
                    "pass --set max_steps=N with a larger N to train it further"
                )
        else:
            run_id = store.new_run_id()
            run_dir = Path(config.output).resolve() / run_id
        environments = select_environments(config)
        make_curriculum(config, list(environments))
        model_path = resolve_model(config, run_dir, list(environments))
        load_tokenizer(model_path, config.model.trust_remote_code)
        # Everything is valid: only now does the run exist in the history (and get its folder and lock).
        if resume is None:
            lock.append(RunLock(run_dir, run_id).acquire())
            store.create_run(
                engine,
                run_id=run_id,
                name=config.run_name,
                config=config.model_dump(mode="json"),
                packages=package_versions(list(environments)),
                environments={env_id: env.version for env_id, env in environments.items()},
                output_dir=str(run_dir),
                max_steps=config.max_steps,
                model="tiny (built offline)" if config.model.tiny else str(model_path),
                strategy=config.curriculum.strategy,
            )
        else:
            store.truncate_after(engine, run_id, start_step)
            store.set_status(engine, run_id, "running", last_step=start_step)
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "config.toml").write_text(to_toml(config))
    finally:
        engine.dispose()
    return {
        "config": config.model_dump(mode="json"),
        "run_id": run_id,
        "run_dir": str(run_dir),
        "model_path": str(model_path),
        "checkpoint": str(found) if found is not None else None,
        "state": state,
    }


def train(
    config: TrainConfig,
    *,
    resume: str | None = None,
    overrides: list[str] = (),
    quiet: bool = False,
    callbacks: list = (),
    announce: str | None = None,
):
    """Run (or resume) training; returns a RunResult. Raises RlveError (one line) for bad input.

    ``callbacks`` are extra transformers TrainerCallbacks (timing, custom logging); ``announce`` is printed
    (to stderr, by the main process) once the input is valid and the run is recorded.
    """
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import torch
    from accelerate import PartialState
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # "Writing model shards" at every checkpoint, "Loading weights" bars
    # cpu=True is what makes Accelerate use gloo across CPU processes started by torchrun/accelerate launch.
    dist = PartialState(cpu=not torch.cuda.is_available())
    lock: list = []
    try:
        return _train_ranks(config, resume, overrides, quiet, callbacks, announce, dist, lock)
    finally:
        for held in lock:
            held.release()


def _train_ranks(config, resume, overrides, quiet, callbacks, announce, dist, lock) -> RunResult:
    from accelerate.utils import broadcast_object_list

    if dist.is_main_process:
        try:
            shared: dict[str, Any] = {"ok": True, **_prepare_main(config, resume, list(overrides), lock)}
        except RlveError as error:
            shared = {"ok": False, "error": str(error)}
    else:
        shared = {}
    if dist.num_processes > 1:
        holder = [shared]
        broadcast_object_list(holder, from_process=0)
        shared = holder[0]
    if not shared["ok"]:
        raise RlveError(shared["error"])
    if announce and dist.is_main_process:
        print(announce, file=sys.stderr, flush=True)
    config = validate(shared["config"])
    return _run(config, shared, dist, quiet=quiet, callbacks=list(callbacks))


def _run(config: TrainConfig, shared: dict[str, Any], dist, *, quiet: bool, callbacks: list) -> RunResult:
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine

    run_id, run_dir, state = shared["run_id"], Path(shared["run_dir"]), shared["state"]
    environments = select_environments(config)
    curriculum = make_curriculum(config, list(environments))
    start_slot = 0
    if state is not None:
        curriculum.load_state_dict(state["curriculum"])
        start_slot = int(state["next_slot"])

    engine = open_engine(config.db_url()) if dist.is_main_process else None
    try:
        result = _train_loop(config, shared, dist, environments, curriculum, start_slot, engine, quiet, callbacks)
    except KeyboardInterrupt:
        if engine is not None:
            store.set_status(engine, run_id, "stopped", error="interrupted")
        raise
    except BaseException as error:
        if engine is not None:
            store.set_status(engine, run_id, "failed", error=f"{type(error).__name__}: {error}"[:2000])
        raise
    else:
        if engine is not None:
            store.set_status(engine, run_id, "finished", last_step=result.final_step)
    finally:
        if engine is not None:
            engine.dispose()
    result.run_dir = run_dir
    return result


def grpo_args(config: TrainConfig, run_dir: Path):
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
        report_to="none",
        disable_tqdm=True,
        use_cpu=not cuda,
        log_completions=False,
        ddp_find_unused_parameters=False,
    )
    import dataclasses

    if "activation_checkpointing" in {f.name for f in dataclasses.fields(GRPOConfig)}:
        # transformers 5 renamed it; the old name is a deprecated alias whose TRL default is True.
        kwargs["activation_checkpointing"] = kwargs.pop("gradient_checkpointing")
    kwargs.update(g.extra)
    try:
        return GRPOConfig(**kwargs)
    except (ValueError, TypeError) as error:
        raise RlveError(f"invalid GRPO settings: {str(error).splitlines()[0]}") from None


def _train_loop(config, shared, dist, environments, curriculum, start_slot, engine, quiet, callbacks) -> RunResult:
    import torch
    from transformers import AutoModelForCausalLM
    from transformers.trainer_callback import PrinterCallback
    from trl import GRPOTrainer

    from rlve_trainer.callbacks import HistorySink, RlveCallback
    from rlve_trainer.data import ProblemStream
    from rlve_trainer.progress import Progress
    from rlve_trainer.rewards import CurriculumReward
    from rlve_trainer.verify_pool import VerifyPool

    warnings.filterwarnings("ignore", message=r".*is_gradient_checkpointing.*", category=FutureWarning)
    run_id, run_dir = shared["run_id"], Path(shared["run_dir"])
    model_path = Path(shared["model_path"])
    args = grpo_args(config, run_dir)
    tokenizer = load_tokenizer(model_path, config.model.trust_remote_code)
    dtype = torch.bfloat16 if args.bf16 else torch.float32
    model = AutoModelForCausalLM.from_pretrained(
        str(model_path), dtype=dtype, trust_remote_code=config.model.trust_remote_code
    )
    if model.generation_config is not None:
        model.generation_config.pad_token_id = tokenizer.pad_token_id

    stream = ProblemStream(curriculum, environments, seed=config.seed, start_slot=start_slot)
    sink = HistorySink(engine, run_id) if engine is not None else None
    gather = None
    if dist.num_processes > 1:
        from accelerate.utils import gather_object

        gather = gather_object
    untrusted = any(env.runs_untrusted_code for env in environments.values())
    pool = VerifyPool(config.reward.verify_workers, config.reward.verify_timeout) if untrusted else None
    reward = CurriculumReward(
        stream,
        curriculum,
        environments,
        config.reward,
        on_outcomes=sink.outcomes if sink is not None else None,
        gather=gather,
        store_text=config.store_completions,
        verify_pool=pool,
    )
    reward.last_slot = start_slot - 1
    initial_step = int(shared["state"]["step"]) if shared["state"] else 0
    progress = Progress(config.max_steps, initial=initial_step, enabled=dist.is_main_process and not quiet)
    callback = RlveCallback(reward, curriculum, sink, progress, run_id, dist.is_main_process)
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[reward],
        args=args,
        train_dataset=stream.dataset(),
        processing_class=tokenizer,
        callbacks=[callback, *callbacks],
    )
    # Our progress line replaces transformers' printed log dicts (disable_tqdm=True adds PrinterCallback).
    trainer.remove_callback(PrinterCallback)
    try:
        trainer.train(resume_from_checkpoint=shared["checkpoint"])
        if dist.num_processes > 1:
            # Each rank's final curriculum, so anyone can check that the ranks agree.
            (run_dir / f"curriculum-rank{dist.process_index}.json").write_text(curriculum.to_json())
    finally:
        progress.close()
        if sink is not None:
            sink.close()
        if pool is not None:
            pool.close()
    if dist.num_processes > 1:
        # Tear the process group down while every rank is still here: left to interpreter exit, gloo's
        # threads can be destroyed mid-flight and abort a rank that had finished ("terminate called ...").
        import torch.distributed as torch_distributed

        if torch_distributed.is_initialized():
            torch_distributed.barrier()
            torch_distributed.destroy_process_group()
    return RunResult(
        run_id=run_id,
        run_dir=run_dir,
        db_url=config.db_url(),
        final_step=trainer.state.global_step,
        step_seconds=callback.step_seconds,
        curriculum_state=curriculum.state_dict(),
    )
