"""One evaluation: for every environment, the frontier search scored by a backend, recorded as it goes.

Problems come from the held-out seeds (``data.held_out_seeds``: seeds training never draws), the same for
the same ``eval_seed`` on every machine. Answers are verified exactly as in training: environments that
run model-written code go through a ``VerifyPool`` with the same time limit, and an answer no verifier
could judge counts as not correct and is counted in ``unjudged``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rlve import Environment
from rlve_trainer.data import held_out_seeds
from rlve_trainer.evaluation import frontier as search_module
from rlve_trainer.evaluation import records
from rlve_trainer.evaluation.backends import Backend
from rlve_trainer.evaluation.frontier import Frontier, LevelResult, RunningLevel, Tally


@dataclass(frozen=True)
class SearchSettings:
    threshold: float = 0.5
    problems: int = 32  # per level, at most
    chunk: int = 8  # problems scored between two looks at the interval
    max_difficulty: int = 1024
    eval_seed: int = 0
    verify_timeout: float = 10.0
    verify_workers: int = 2
    system_prompt: str | None = None


@dataclass
class Outcome:
    evaluation_id: str
    frontiers: dict[str, Frontier] = field(default_factory=dict)


def conversation(prompt: str, system_prompt: str | None) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": system_prompt}] if system_prompt else []
    return [*messages, {"role": "user", "content": prompt}]


def level_scorer(env: Environment, backend: Backend, settings: SearchSettings, pool) -> search_module.ScoreFunction:
    """``score(difficulty, start, count)`` for ``env``: held-out problems start .. start + count - 1 of the level."""
    from rlve_trainer.verify_pool import score_all

    def score(difficulty: int, start: int, count: int) -> Tally:
        seeds = held_out_seeds(env.id, difficulty, start + count, settings.eval_seed)[start:]
        problems = [env.sample(difficulty, seed) for seed in seeds]
        completions = backend.complete([conversation(p.prompt, settings.system_prompt) for p in problems])
        items = [(env, problem, text) for problem, texts in zip(problems, completions) for text in texts]
        verdicts = score_all(items, pool)
        return Tally(
            correct=sum(verdict.correct for verdict in verdicts),
            answers=len(verdicts),
            unjudged=sum(verdict.is_verifier_error for verdict in verdicts),
        )

    return score


def begin(
    engine,
    *,
    name: str | None,
    model: str,
    backend: Backend,
    environments: Mapping[str, Environment],
    settings: SearchSettings,
    extra: Mapping[str, object] | None = None,
) -> str:
    """Record a new evaluation (``running``) as ``rlve eval`` records one, for ``evaluate`` to fill; its id.

    Recorded: the backend's settings, the search's chunk and cap, the system prompt if any, ``extra`` (what
    started it, say), and the versions of the packages and environments.
    """
    from rlve_trainer.history.store import new_run_id
    from rlve_trainer.versions import environment_versions, package_versions

    evaluation_id = new_run_id()
    recorded = {**backend.settings(), "chunk": settings.chunk, "max_difficulty": settings.max_difficulty}
    if settings.system_prompt:
        recorded["system_prompt"] = settings.system_prompt
    records.create(
        engine,
        evaluation_id=evaluation_id,
        name=name,
        model=model,
        backend=backend.kind,
        settings={**recorded, **(extra or {})},
        packages=package_versions(list(environments)),
        environments=environment_versions(environments),
        threshold=settings.threshold,
        problems=settings.problems,
    )
    return evaluation_id


def evaluate(
    engine,
    evaluation_id: str,
    backend: Backend,
    environments: Mapping[str, Environment],
    settings: SearchSettings,
    *,
    on_level: Callable[[str, LevelResult], None] | None = None,
    on_frontier: Callable[[str, Frontier], None] | None = None,
    on_chunk: Callable[[str, RunningLevel], None] | None = None,
) -> Outcome:
    """Search every environment's frontier in turn, writing each level and frontier as soon as it is known.

    ``on_chunk`` hears each level's running tally after every chunk of problems (for a live progress display);
    ``on_level`` each decided level; ``on_frontier`` each environment's result.

    The evaluation ends ``finished``; Ctrl-C marks it ``stopped`` and a backend failure ``failed`` (with the
    error), keeping every row written so far, and the exception goes on to the caller.
    """
    from rlve_trainer.verify_pool import VerifyPool

    outcome = Outcome(evaluation_id)
    untrusted = any(env.runs_untrusted_code for env in environments.values())
    pool = VerifyPool(settings.verify_workers, settings.verify_timeout) if untrusted else None
    try:
        for env_id, env in environments.items():
            probes = 0

            def record(level: LevelResult, env_id: str = env_id) -> None:
                nonlocal probes
                probes += 1
                records.write_level(engine, evaluation_id, env_id, level, probes)
                if on_level is not None:
                    on_level(env_id, level)

            result = search_module.search(
                level_scorer(env, backend, settings, pool),
                threshold=settings.threshold,
                problems=settings.problems,
                chunk=settings.chunk,
                max_difficulty=settings.max_difficulty,
                on_level=record,
                on_chunk=None if on_chunk is None else (lambda running, env_id=env_id: on_chunk(env_id, running)),
            )
            records.write_frontier(engine, evaluation_id, env_id, env.version, result)
            outcome.frontiers[env_id] = result
            if on_frontier is not None:
                on_frontier(env_id, result)
    except KeyboardInterrupt:
        records.set_status(engine, evaluation_id, "stopped")
        raise
    except BaseException as error:
        records.set_status(engine, evaluation_id, "failed", error=f"{type(error).__name__}: {error}")
        raise
    finally:
        if pool is not None:
            pool.close()
        backend.close()
    records.set_status(engine, evaluation_id, "finished")
    return outcome
