"""Run a whole ablation: check the input, warm start (demo), score the start, train and score every arm.

Everything that can be wrong with the input (environments, strategies and their parameters, the model,
the database) is checked before the ablation's row is written, so a bad invocation records nothing.
Arms run one after another, or ``jobs`` at a time in worker processes; each finished arm's scores are
written at once, so an interrupted ablation keeps what it finished, and ``resume_ablation`` trains only the
arm-seeds it has no results for. An arm that starts ``from-eval:start`` makes the ablation search the starting
model's frontier first (``ablate.frontier``), once: a resume reuses the finished search.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from rlve.errors import RlveError
from rlve_trainer.ablate import records
from rlve_trainer.ablate.arms import ArmJob, ArmResult, run_arm
from rlve_trainer.ablate.config import AblateConfig
from rlve_trainer.ablate.evaluate import EvalPlan, LevelScore
from rlve_trainer.run_lock import RunLock


@dataclass
class AblationResult:
    ablation_id: str
    db_url: str
    folder: Path
    before: list[LevelScore]
    arms: list[ArmResult] = field(default_factory=list)


def check(config: AblateConfig, purpose: str | None = None) -> tuple[dict[str, list[int]], set[str]]:
    """Validate what the arms need; returns the levels to evaluate per environment and the held-out ones.

    ``purpose`` (``rlve ablate --demo``) names what needs a missing first-party pack in its message.
    """
    import rlve
    from rlve import curriculum
    from rlve_trainer import packs
    from rlve_trainer.ablate import frontier
    from rlve_trainer.evaluation import start

    trained = packs.select(config.train.envs, purpose)
    held_out = packs.select(config.eval.held_out_envs, purpose) if config.eval.held_out_envs else []
    both = sorted(set(trained) & set(held_out))
    if both:
        raise RlveError(f"eval.held_out_envs names environments that are also trained on: {', '.join(both)}")
    registry = rlve.registry()
    versions = {env_id: registry.get(env_id).version for env_id in trained}
    for arm in config.arms:
        try:
            # initial_difficulty = "from-eval:EVAL" starts the arm at an evaluation's frontiers (`rlve eval` of
            # the start model into the ablation's database); "from-eval:start" at those of the search the
            # ablation runs on its own starting model, which does not exist yet: any frontier checks the rest.
            if frontier.wants_start(arm.params):
                params = frontier.placeholder(arm.params, trained)
            else:
                params = start.resolve(arm.params, config.db_url(), versions)
            curriculum.create(arm.strategy, trained, **params)
        except RlveError as error:
            hint = ""
            if start.wants_evaluation(arm.params):
                hint = f" (or {frontier.START}: the frontier of this ablation's starting model, searched first)"
            raise RlveError(f"arm {arm.name!r}: {error}{hint}") from None
    if config.warm_start is None and not config.train.model.path:
        raise RlveError(
            "no starting model: set train.model.path (a local Hugging Face model folder) in the ablation "
            "config, or run `rlve ablate --demo`"
        )
    return {env_id: list(config.eval.difficulties) for env_id in [*trained, *held_out]}, set(held_out)


def _start_model(config: AblateConfig, folder: Path, say: Callable[[str], None]) -> Path:
    if config.warm_start is None:
        from rlve_trainer.model_loading import load_tokenizer, resolve_model

        path = resolve_model(config.train, folder, [])
        load_tokenizer(path, config.train.model.trust_remote_code)
        return path
    import torch

    from rlve_trainer.ablate.warm_start import warm_start

    ws = config.warm_start
    torch.set_num_threads(ws.threads)
    torch.use_deterministic_algorithms(True, warn_only=True)  # as every arm: the same start on every run
    started = time.perf_counter()

    def progress(step: int, loss: float) -> None:
        if step % max(1, ws.steps // 10) == 0 or step == ws.steps:
            say(f"warm start: step {step}/{ws.steps}, loss {loss:.3f} ({time.perf_counter() - started:.0f} s)")

    result = warm_start(
        folder / "start-model",
        config.train.envs,
        difficulties=ws.difficulties,
        steps=ws.steps,
        batch_size=ws.batch_size,
        learning_rate=ws.learning_rate,
        hidden_size=ws.hidden_size,
        layers=ws.layers,
        seed=min(config.seeds),
        stop_at_accuracy=ws.stop_at_accuracy,
        on_step=progress,
    )
    say(f"warm start: {'reused' if result.reused else 'done'} after {result.steps} steps, loss {result.last_loss:.3f}")
    return result.folder


def _jobs(
    config: AblateConfig,
    ablation_id: str,
    start: Path,
    plan: EvalPlan,
    runs: Path,
    versions: dict[str, int],
    start_evaluation: str | None,
    done: set[tuple[str, int]],
):
    # The curve's problems are the first of the final evaluation's (held_out_seeds draws them in order).
    curve_plan = replace(plan, problems_per_level=min(config.eval.curve_problems, plan.problems_per_level))
    for seed in config.seeds:
        for arm in config.arms:
            if (arm.name, seed) in done:  # a resumed ablation keeps what it finished
                continue
            arm_config = config.arm_config(arm, seed, str(start), str(runs), ablation_id, start_evaluation)
            yield ArmJob(
                arm=arm.name,
                strategy=arm.strategy,
                seed=seed,
                config=arm_config.model_dump(mode="json"),
                plan=plan,
                threads=config.threads,
                env_versions=versions,
                curve_every=config.eval.curve_every,
                curve_plan=curve_plan if config.eval.curve_every else None,
            )


def _say(quiet: bool) -> Callable[[str], None]:
    def say(message: str) -> None:
        if not quiet:
            print(message, file=sys.stderr, flush=True)

    return say


def run_ablation(config: AblateConfig, *, quiet: bool = False) -> AblationResult:
    """Run every arm for every seed; RlveError (one line) for bad input, nothing recorded then."""
    import torch
    from transformers.utils import logging as hf_logging

    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.history.store import new_run_id
    from rlve_trainer.versions import package_versions

    say = _say(quiet)
    levels, held_out = check(config)
    hf_logging.disable_progress_bar()  # "Loading weights" / "Writing model shards" bars between the lines
    engine = open_engine(config.db_url())
    ablation_id = new_run_id()
    folder = Path(config.output).resolve() / f"ablate-{ablation_id}"
    lock = RunLock(folder, ablation_id, kind="ablation").acquire()  # `rlve ablate resume` waits for it
    try:
        start = _start_model(config, folder, say)
        torch.set_num_threads(config.threads)
        records.create(
            engine,
            ablation_id=ablation_id,
            name=config.name,
            config=config.model_dump(mode="json"),
            packages=package_versions(list(levels)),
            start_model=str(start),
        )
        say(f"ablation {ablation_id}: {len(config.arms)} arms x {len(config.seeds)} seeds, {config.steps} steps each")
        return _execute(config, engine, ablation_id, folder, start, levels, held_out, say)
    finally:
        lock.release()


def resume_ablation(url: str, ref: str, *, output: str | None = None, quiet: bool = False) -> AblationResult:
    """Go on with a stopped, failed or killed ablation: train the arm-seeds it has no results for, from the
    same starting model, compared with the same start scores and (``from-eval:start``) the same frontiers."""
    import json

    import torch
    from transformers.utils import logging as hf_logging

    from rlve_trainer.ablate.config import validate
    from rlve_trainer.history.engine import open_engine

    say = _say(quiet)
    engine = open_engine(url, create=False)
    lock = None
    try:
        ablation = records.get(engine, ref)
        ablation_id = ablation["id"]
        if ablation["status"] == "finished":
            raise RlveError(
                f"ablation {ablation_id} is finished: nothing to resume (rlve ablate report {ablation_id})"
            )
        data = json.loads(ablation["config"])
        data["db"] = url  # where it was found, wherever the config said
        if output is not None:
            data["output"] = output
        config = validate(data)
        levels, held_out = check(config)
        hf_logging.disable_progress_bar()
        folder = Path(config.output).resolve() / f"ablate-{ablation_id}"
        # A killed ablation left its lock unlocked; one still running holds it, and two would train arms twice.
        lock = RunLock(folder, ablation_id, kind="ablation").acquire()
        start = _start_model(config, folder, say)  # a finished warm start is reused as it is
        if str(start) != ablation["start_model"]:
            raise RlveError(
                f"ablation {ablation_id} started from {ablation['start_model']}, which is not where this resume "
                f"finds its starting model ({start}); give the --output the ablation ran with"
            )
        torch.set_num_threads(config.threads)
        done = records.finished_arms(engine, ablation_id)
        say(f"ablation {ablation_id}: resuming, {len(done)} of {len(config.arms) * len(config.seeds)} arm-seeds done")
        records.set_status(engine, ablation_id, "running")
    except BaseException:
        if lock is not None:
            lock.release()
        engine.dispose()
        raise
    try:
        return _execute(
            config, engine, ablation_id, folder, start, levels, held_out, say, done=done,
            before=records.start_scores(engine, ablation_id),
        )
    finally:
        lock.release()


def _execute(
    config: AblateConfig,
    engine,
    ablation_id: str,
    folder: Path,
    start: Path,
    levels: dict[str, list[int]],
    held_out: set[str],
    say: Callable[[str], None],
    *,
    done: set[tuple[str, int]] = frozenset(),
    before: list[LevelScore] | None = None,
) -> AblationResult:
    """Search the start's frontier (when an arm starts there), score the start (unless ``before`` has its scores
    from an earlier attempt), then train and score every arm-seed not in ``done``; the status at the end."""
    from rlve_trainer.ablate import frontier
    from rlve_trainer.ablate.evaluate import evaluate
    from rlve_trainer.versions import environment_versions

    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer

        import rlve

        registry = rlve.registry()
        environments = {env_id: registry.get(env_id) for env_id in levels}
        start_evaluation = None
        if any(frontier.wants_start(arm.params) for arm in config.arms):
            trained = {env_id: env for env_id, env in environments.items() if env_id not in held_out}
            start_evaluation = frontier.search_start(config, engine, ablation_id, start, trained, say)
        plan = EvalPlan.from_config(config, levels)
        if not before:
            model = AutoModelForCausalLM.from_pretrained(str(start))
            tokenizer = AutoTokenizer.from_pretrained(str(start))
            before = evaluate(model, tokenizer, environments, plan)
            del model
        result = AblationResult(ablation_id, config.db_url(), folder, before)
        # Every arm is compared with these scores: each checks it runs the same environment versions.
        versions = environment_versions(environments)
        jobs = list(_jobs(config, ablation_id, start, plan, folder / "runs", versions, start_evaluation, set(done)))
        strategies = {arm.name: arm.strategy for arm in config.arms}

        def finished(arm_result: ArmResult) -> None:
            phases = ((records.BEFORE, before, None), (records.AFTER, arm_result.scores, arm_result.run_id))
            for phase, scores, run_id in phases:
                records.write_scores(
                    engine,
                    ablation_id=ablation_id,
                    arm=arm_result.arm,
                    strategy=strategies[arm_result.arm],
                    seed=arm_result.seed,
                    phase=phase,
                    run_id=run_id,
                    scores=scores,
                    held_out=held_out,
                )
            for step, scores in arm_result.curve:
                records.write_curve(
                    engine,
                    ablation_id=ablation_id,
                    arm=arm_result.arm,
                    seed=arm_result.seed,
                    step=step,
                    run_id=arm_result.run_id,
                    scores=scores,
                    held_out=held_out,
                )
            result.arms.append(arm_result)
            say(f"  {arm_result.arm} (seed {arm_result.seed}): run {arm_result.run_id}, {arm_result.seconds:.0f} s")

        _run_jobs(jobs, config.jobs, finished)
    except KeyboardInterrupt:
        records.set_status(engine, ablation_id, "stopped", error="interrupted")
        raise
    except BaseException as error:
        records.set_status(engine, ablation_id, "failed", error=f"{type(error).__name__}: {error}"[:2000])
        raise
    else:
        records.set_status(engine, ablation_id, "finished")
    finally:
        engine.dispose()
    return result


def _run_jobs(jobs: list[ArmJob], workers: int, finished: Callable[[ArmResult], None]) -> None:
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            finished(run_arm(job))
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # spawn, not fork: torch and the tokenizers' thread pools do not survive a fork. A fresh process per
    # job (max_tasks_per_child=1) so no arm inherits another's global state.
    options = {"max_tasks_per_child": 1} if sys.version_info >= (3, 11) else {}
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, **options) as pool:
        pending = {pool.submit(run_arm, job) for job in jobs}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    finished(future.result())
        except BaseException:
            for future in pending:
                future.cancel()
            raise
