"""One training run: validate everything, record the run, build TRL's GRPOTrainer on the live stream, train.

Everything that can be wrong with the input (environments, curriculum, model folder, database URL, the run
to resume) is checked by ``preflight`` before torch is even imported, so a mistake is reported in a moment;
the tokenizer (which needs transformers) is checked next, and only then is anything written: the history
database, the run's row, its folder. A bad invocation leaves nothing behind. Under ``accelerate launch``
the main process does the database work and broadcasts the outcome; every rank then builds the same
curriculum and stream. SIGTERM stops a run like Ctrl-C: it is marked ``stopped`` and can be resumed.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import logging
import os
import shlex
import signal
import sys
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rlve
from rlve.errors import RlveError
from rlve_trainer import checkpoint, packs
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


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so a run stops as on Ctrl-C: marked ``stopped``, rows kept."""


@dataclass
class Checked:
    """What ``preflight`` established: the run's config and, for ``--resume``, the run and its checkpoint."""

    config: TrainConfig
    run: dict[str, Any] | None = None
    checkpoint: Path | None = None
    state: dict[str, Any] | None = None

    @property
    def start_step(self) -> int:
        return int(self.state["step"]) if self.state else 0


def select_environments(config: TrainConfig) -> dict[str, rlve.Environment]:
    registry = rlve.registry()
    return {env_id: registry.get(env_id) for env_id in packs.select(config.envs)}


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


def check_model_path(config: TrainConfig) -> Path:
    """The configured model folder, checked without loading anything (``model.tiny`` is built later)."""
    if not config.model.path:
        raise RlveError(
            "no model given: set model.path in the config or pass --set model.path=/path/to/model "
            "(a local Hugging Face model folder), set model.tiny = true for a tiny offline model, "
            "or run `rlve train --demo`"
        )
    path = Path(config.model.path).expanduser()
    if not path.is_dir():
        what = "does not exist" if not path.exists() else "is not a folder"
        raise RlveError(
            f"model path {str(path)!r} (model.path) {what}; give a local Hugging Face model folder "
            "(weights, tokenizer, chat template)"
        )
    if not (path / "config.json").is_file():
        raise RlveError(f"model path {str(path)!r} has no config.json; is it a Hugging Face model folder?")
    return path.resolve()


def resolve_model(config: TrainConfig, run_dir: Path, env_ids: list[str]) -> Path:
    """The model folder to load: the configured one (checked), or a tiny model built under the run folder."""
    if config.model.tiny:
        from rlve_trainer.tiny import build_tiny

        return build_tiny(run_dir / "tiny-model", env_ids, seed=config.seed)
    return check_model_path(config)


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


def resumed_config(run: dict[str, Any], overrides: list[str], db_url: str) -> TrainConfig:
    """A stored run's config with ``--set`` overrides applied, validated like a new one."""
    from rlve_trainer.config import _set_dotted, parse_override

    stored = json.loads(run["config"])
    for override in overrides:
        key, value = parse_override(override)
        _set_dotted(stored, key, value)
    stored["db"] = db_url  # the database the run was found in, wherever it was started from
    return validate(stored)


def preflight(config: TrainConfig, resume: str | None = None, overrides: list[str] = ()) -> Checked:
    """Every check that needs neither torch nor a write: the database URL, the run to resume and its
    checkpoint, the environments, the curriculum and its parameters, the model folder. RlveError (one line)
    for the first problem; nothing is created (a resumed run's older database schema is upgraded)."""
    from rlve_trainer.history.engine import check_url

    checked = Checked(config)
    if resume is not None:
        from rlve_trainer.history import store
        from rlve_trainer.history.engine import open_engine

        engine = open_engine(config.db_url(), create=False)
        try:
            run = store.get_run(engine, resume)
        finally:
            engine.dispose()
        config = resumed_config(run, list(overrides), config.db_url())
        found = checkpoint.latest_complete(run["output_dir"])
        checked = Checked(config, run, found, checkpoint.read_state(found) if found is not None else None)
        if checked.start_step >= config.max_steps:
            raise RlveError(
                f"run {run['id']} already reached step {checked.start_step} of max_steps={config.max_steps}; "
                "pass --set max_steps=N with a larger N to train it further"
            )
    else:
        check_url(config.db_url())
    environments = select_environments(config)
    make_curriculum(config, list(environments))
    if not config.model.tiny:
        check_model_path(config)
    return checked


def history_command(db_url: str, run_id: str, command: str = "history show") -> str:
    """``rlve history show RUN`` (or ``command``) with the ``--output`` / ``--db`` that finds the database at
    ``db_url`` from the current folder."""
    from rlve_trainer.cli.options import DEFAULT_OUTPUT
    from rlve_trainer.history.engine import sqlite_path, to_url

    url = db_url
    flags = ""
    if url != to_url(str(Path(DEFAULT_OUTPUT) / "history.db")):
        file = sqlite_path(url)
        if file is not None and file.name == "history.db":
            flags = f" --output {shlex.quote(str(file.parent))}"
        else:
            flags = f" --db {shlex.quote(str(file) if file is not None else url)}"
    if command == "train --resume":
        return f"rlve train --resume {run_id}{flags}"
    return f"rlve {command} {run_id}{flags}"


def _prepare_main(checked: Checked, lock: list) -> dict[str, Any]:
    """Main process: the tokenizer check, then (only now) the database, the run's row, folder and lock.

    The run's lock is appended to ``lock``; the caller holds it for as long as the run trains.
    """
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.run_lock import RunLock

    config = checked.config
    environments = select_environments(config)
    if checked.run is not None:
        run_id, run_dir = checked.run["id"], Path(checked.run["output_dir"])
        lock.append(RunLock(run_dir, run_id).acquire())
    else:
        run_id = store.new_run_id()
        run_dir = Path(config.output).resolve() / run_id
    model_path = resolve_model(config, run_dir, list(environments))
    load_tokenizer(model_path, config.model.trust_remote_code)
    # Everything is valid: only now does the run exist in the history (and get its folder and lock).
    engine = open_engine(config.db_url(), create=checked.run is None)
    try:
        if checked.run is None:
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
            store.truncate_after(engine, run_id, checked.start_step)
            store.set_config(engine, run_id, config=config.model_dump(mode="json"), max_steps=config.max_steps)
            store.set_status(engine, run_id, "running", last_step=checked.start_step)
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "config.toml").write_text(to_toml(config))
    finally:
        engine.dispose()
    return {
        "config": config.model_dump(mode="json"),
        "run_id": run_id,
        "run_dir": str(run_dir),
        "model_path": str(model_path),
        "checkpoint": str(checked.checkpoint) if checked.checkpoint is not None else None,
        "state": checked.state,
        "resumed": checked.run is not None,
    }


def _launched_rank() -> tuple[int, int]:
    """(rank, world size) from the launcher's environment (torchrun, MPI), known before torch is imported."""
    rank = next((os.environ[v] for v in ("RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK") if v in os.environ), "0")
    size = next((os.environ[v] for v in ("WORLD_SIZE", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE") if v in os.environ), "1")
    try:
        return int(rank), int(size)
    except ValueError:
        return 0, 1


@contextmanager
def _sigterm_stops_the_run() -> Iterator[None]:
    """While training, SIGTERM raises Terminated in the main thread (once; a second one is ignored while
    the run records its stop). Outside the main thread (nothing can be installed there) it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    fired: list[int] = []

    def handler(signum, _frame) -> None:
        if not fired:
            fired.append(signum)
            raise Terminated(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


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
    (to stderr, by the main process) once the input is valid and the run is recorded. Unless ``quiet``, the
    main process then prints the run's id (or the checkpoint it resumes from) and how to watch it. A stop by
    Ctrl-C or SIGTERM raises KeyboardInterrupt (Terminated for SIGTERM) carrying ``run_id`` and ``step``.
    """
    # Checks that need no torch come first, so a typo is reported at once. With several processes the
    # main one reports through the broadcast below, so every rank stops with the same message.
    rank, world_size = _launched_rank()
    checked: Checked | None = None
    early_error: RlveError | None = None
    if rank == 0:
        try:
            checked = preflight(config, resume, list(overrides))
        except RlveError as error:
            if world_size <= 1:
                raise
            early_error = error
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import torch
    from accelerate import PartialState
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # "Writing model shards" at every checkpoint, "Loading weights" bars
    # cpu=True is what makes Accelerate use gloo across CPU processes started by torchrun/accelerate launch.
    dist = PartialState(cpu=not torch.cuda.is_available())
    lock: list = []
    try:
        with _sigterm_stops_the_run():
            return _train_ranks(config, resume, overrides, quiet, callbacks, announce, dist, lock, checked, early_error)
    finally:
        for held in lock:
            held.release()


def _train_ranks(config, resume, overrides, quiet, callbacks, announce, dist, lock, checked, early_error) -> RunResult:
    from accelerate.utils import broadcast_object_list

    if dist.is_main_process:
        try:
            if early_error is not None:
                raise early_error
            if checked is None:
                checked = preflight(config, resume, list(overrides))
            shared: dict[str, Any] = {"ok": True, **_prepare_main(checked, lock)}
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
    config = validate(shared["config"])
    if dist.is_main_process:
        if announce:
            print(announce, file=sys.stderr, flush=True)
        if not quiet:
            print(_start_line(config, shared), flush=True)
    return _run(config, shared, dist, quiet=quiet, callbacks=list(callbacks))


def _start_line(config: TrainConfig, shared: dict[str, Any]) -> str:
    run_id = shared["run_id"]
    if not shared["resumed"]:
        head = f"run {run_id} started: {config.max_steps} steps, folder {shared['run_dir']}"
    elif shared["checkpoint"]:
        step = int(shared["state"]["step"])
        head = f"run {run_id} resumed from {shared['checkpoint']} (step {step} of {config.max_steps})"
    else:
        head = (
            f"run {run_id} resumed from the start (step 0 of {config.max_steps}): it has no complete "
            f"checkpoint in {shared['run_dir']}"
        )
    return f"{head}\n  watch it from another terminal: {history_command(config.db_url(), run_id)}"


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
    except KeyboardInterrupt as stop:
        if engine is not None:
            reason = "stopped by SIGTERM" if isinstance(stop, Terminated) else "interrupted"
            store.set_status(engine, run_id, "stopped", error=reason)
            stop.step = store.last_recorded_step(engine, run_id)  # type: ignore[attr-defined]
        stop.run_id = run_id  # type: ignore[attr-defined]
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


def _card_writer(config, shared, environments, curriculum, trainer, is_main: bool):
    """``card(status)`` writes the run folder's README.md from the run as it stands (main process only)."""
    from rlve_trainer import model_card

    run_id, run_dir = shared["run_id"], Path(shared["run_dir"])
    if config.model.tiny:
        model = "a tiny random Qwen2 built offline by rlve (`model.tiny = true`), saved in `tiny-model/`"
    else:
        model = f"`{shared['model_path']}`"
    packages = {
        name: version
        for name, version in package_versions(list(environments)).items()
        if name in ("rlve-trainer", "trl", "transformers", "torch") or name.startswith("rlve-plugin")
    }

    def card(status: str) -> None:
        if not is_main:
            return
        facts = model_card.CardFacts(
            run_id=run_id,
            run_name=config.run_name,
            model=model,
            environments={env_id: env.version for env_id, env in environments.items()},
            strategy=config.curriculum.strategy,
            params=curriculum.state_dict().get("params", config.curriculum.params),
            reward_mode=config.reward.mode,
            step=trainer.state.global_step,
            max_steps=config.max_steps,
            status=status,
            bands=curriculum.bands(),
            packages=packages,
            history=history_command(config.db_url(), run_id),
            resume_command=history_command(config.db_url(), run_id, "train --resume"),
        )
        try:
            model_card.write(run_dir, facts)
        except OSError as error:  # a card is a courtesy: never the reason a run fails
            print(f"warning: could not write the model card in {run_dir}: {error}", file=sys.stderr, flush=True)

    return card


class TiedWeightsNotMissing(logging.Filter):
    """Drops transformers' "There were missing keys in the checkpoint model loaded: ['lm_head.weight']."
    when every key it names is a weight tied to another one in ``model`` (sharing its storage right now).

    A checkpoint stores a tied tensor once, under the name it is tied to, so loading it on resume reports
    the tied name as missing although every weight is there. Any other missing key is still reported.
    """

    PREFIX = "There were missing keys in the checkpoint model loaded: "

    def __init__(self, model):
        super().__init__()
        self.model = model

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if not message.startswith(self.PREFIX):
            return True
        try:
            keys = ast.literal_eval(message[len(self.PREFIX) :].rstrip("."))
        except (ValueError, SyntaxError):
            return True
        return not (isinstance(keys, list) and keys and set(keys) <= tied_weight_keys(self.model))


def tied_weight_keys(model) -> set[str]:
    """Names of ``model``'s parameters that are tied to another one and share its storage."""
    tied = getattr(model, "all_tied_weights_keys", None) or getattr(model, "_tied_weights_keys", None) or {}
    if not isinstance(tied, dict):  # older transformers: a list of names tied to the input embeddings
        output, inputs = model.get_output_embeddings(), model.get_input_embeddings()
        shared = output is not None and inputs is not None and output.weight is inputs.weight
        return {name for name in tied if name.endswith("weight")} if shared else set()
    parameters = dict(model.named_parameters(remove_duplicate=False))
    return {
        target
        for target, source in tied.items()
        if target in parameters
        and source in parameters
        and parameters[target].data_ptr() == parameters[source].data_ptr()
    }


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
    card = _card_writer(config, shared, environments, curriculum, trainer, dist.is_main_process)
    # TRL writes its own card ("a fine-tuned version of [None]") at every checkpoint: ours instead.
    trainer.create_model_card = lambda *args, **kwargs: card("in progress")
    status = "failed"
    trainer_logger = logging.getLogger("transformers.trainer")
    tied_filter = TiedWeightsNotMissing(model)
    trainer_logger.addFilter(tied_filter)
    try:
        trainer.train(resume_from_checkpoint=shared["checkpoint"])
        status = "finished"
        if dist.num_processes > 1:
            # Each rank's final curriculum, so anyone can check that the ranks agree.
            (run_dir / f"curriculum-rank{dist.process_index}.json").write_text(curriculum.to_json())
    except KeyboardInterrupt:
        status = "stopped"
        raise
    finally:
        trainer_logger.removeFilter(tied_filter)
        progress.close()
        if sink is not None:
            sink.close()
        if pool is not None:
            pool.close()
        card(status)
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
