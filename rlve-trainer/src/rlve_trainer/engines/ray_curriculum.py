"""One curriculum for many workers: a named Ray actor that draws problems and learns from every worker's outcomes.

For engines and modes where the process that draws prompts is not the one that grades them (verl's fully-async
mode, OpenRLHF, your own Ray job). ``pip install "rlve-trainer[ray]"``; Ray is imported only when used.

::

    import ray
    from rlve_trainer.engines.ray_curriculum import get_or_create_curriculum, sample_problems, score_and_record

    ray.init()
    curriculum = get_or_create_curriculum("rlve", ["math/*"], state_path="/shared/run1/curriculum.json",
                                          db="sqlite:////shared/run1/history.db")

    @ray.remote
    def worker(curriculum, worker_id):
        for batch_id in range(1000):
            problems = sample_problems(curriculum, 8)                      # drawn from the curriculum now
            responses = generate([p["messages"] for p in problems])      # your model
            rewards, receipt = score_and_record(curriculum, worker_id, batch_id, problems, responses)

The actor runs one call at a time, in the order calls reach it, so ``record`` calls are applied in one global
order (each gets a sequence number, ``receipt["seq"]``, also the ``step`` of its history rows); a batch is
applied exactly once per ``(worker_id, batch_id)`` (a re-send is acknowledged and ignored); its state is saved
to ``state_path`` every ``save_every`` batches and the actor restarts from it (``CurriculumService`` has the
details). Errors in a call (a bad outcome, an unknown environment) reach the caller as one-line ``RlveError``;
the actor lives on.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import Any

from rlve.errors import RlveError
from rlve_trainer.engines.curriculum_service import CurriculumService

__all__ = ["CurriculumActor", "get_or_create_curriculum", "record_outcomes", "sample_problems", "score_and_record"]


class CurriculumActor:
    """The actor's body (``ray.remote`` is applied in ``actor_class``, so defining it needs no Ray). A
    ``CurriculumService`` that could not be built is kept as its error, so every call answers with it instead
    of the actor dying at creation with a Ray traceback."""

    def __init__(self, **config: Any):
        self.config = config
        self.error: str | None = None
        self.service: CurriculumService | None = None
        try:
            self.service = CurriculumService(**config)
        except RlveError as error:
            self.error = str(error)
        except TypeError as error:  # an unknown keyword
            self.error = f"get_or_create_curriculum: {error}"
        except Exception as error:  # noqa: BLE001 - a database or file it cannot open: told to the caller
            self.error = f"the curriculum actor could not start: {type(error).__name__}: {error}"

    def _live(self) -> CurriculumService:
        if self.service is None:
            raise RlveError(self.error or "this curriculum is closed; create it again")
        return self.service

    def check(self, config: dict[str, Any]) -> dict[str, Any]:
        """``{"error": why this actor holds no curriculum, or None}``; raises unless this actor was created
        with ``config``: a second caller must not silently get a curriculum over other environments or settings."""
        if self.service is None:
            return {"error": self.error, "closed": self.error is None}
        if config != self.config:
            differ = sorted(key for key in set(config) | set(self.config) if config.get(key) != self.config.get(key))
            raise RlveError(
                f"a curriculum of this name already runs with other settings ({', '.join(differ)} differ); "
                "use the same settings, another name, or ray.kill() the running one first"
            )
        return {"error": None, "closed": False}

    def sample(self, n: int) -> list[dict[str, Any]]:
        return self._live().sample(n)

    def record(self, worker_id: str | int, batch_id: str | int, outcomes: list[dict[str, Any]]) -> dict[str, Any]:
        return self._live().record(worker_id, batch_id, outcomes)

    def state_dict(self) -> dict[str, Any]:
        return self._live().state_dict()

    def save(self) -> dict[str, Any]:
        return self._live().save()

    def info(self) -> dict[str, Any]:
        return self._live().info()

    def close(self, status: str = "finished", error: str | None = None) -> dict[str, Any]:
        """Save, mark the history run ``status`` and close it; later calls are refused (the process lives
        until ``ray.kill`` or the end of the job; ``get_or_create_curriculum`` replaces it by a new actor,
        which resumes from ``state_path``)."""
        result = self._live().close(status, error)
        self.service = None
        return result


@functools.lru_cache(maxsize=1)
def actor_class():
    """``CurriculumActor`` as a Ray actor class (Ray imported here, on first use)."""
    ray = _ray()
    return ray.remote(CurriculumActor)


def get_or_create_curriculum(
    name: str,
    envs: str | Sequence[str],
    *,
    namespace: str | None = None,
    detached: bool = False,
    num_cpus: float = 0,
    max_restarts: int = -1,
    **config: Any,
):
    """The handle of the Ray actor ``name`` holding one curriculum, created when it does not exist yet.

    ``config``: ``CurriculumService``'s settings (``strategy``, ``params``, ``seed``, ``state_path``,
    ``save_every``, ``db``, ``run_id``, ``run_name``, ``system_prompt``, ``prompts``). An existing actor of
    that name must have been created with the same ``envs`` and ``config`` (RlveError otherwise).
    ``detached``: the actor outlives the job that made it (ask for it by ``name`` and ``namespace`` later).
    ``max_restarts``: Ray restarts a crashed actor (-1: always); it resumes from ``state_path`` and calls
    in flight are retried, which the exactly-once rule makes safe.
    ``num_cpus``: reserved for the actor; 0 keeps all CPUs for the workers (problem generation is light).
    """
    ray = _ray()
    config = {"envs": envs if isinstance(envs, str) else list(envs), **config}
    options: dict[str, Any] = {
        "name": name,
        "get_if_exists": True,
        "max_concurrency": 1,  # one call at a time: the order of application is the order of arrival
        "num_cpus": num_cpus,
        "max_restarts": max_restarts,
        "max_task_retries": -1 if max_restarts else 0,
    }
    if namespace is not None:
        options["namespace"] = namespace
    if detached:
        options["lifetime"] = "detached"
    for _ in range(2):
        handle = actor_class().options(**options).remote(**config)
        answer = _get(handle.check.remote(config))
        if answer["error"] is None and not answer["closed"]:
            return handle
        # The settings could not make a curriculum (free the name, so a corrected call can create it), or
        # the actor of that name was closed (replace it: the new one resumes from its state_path).
        ray.kill(handle, no_restart=True)
        _wait_until_gone(name, namespace)
        if answer["error"] is not None:
            raise RlveError(answer["error"])
    raise RlveError(f"the curriculum actor {name!r} was closed again while being replaced; call again")


def _wait_until_gone(name: str, namespace: str | None, polls: int = 600) -> None:
    """Wait until Ray has released the actor name (``ray.kill`` returns before the actor is dead)."""
    ray = _ray()
    for _ in range(polls):
        try:
            ray.get_actor(name, namespace=namespace)
        except ValueError:
            return
        time.sleep(0.05)


def sample_problems(curriculum, n: int) -> list[dict[str, Any]]:
    """``n`` problem descriptors from the curriculum actor (a handle, or its name); see
    ``CurriculumService.sample``."""
    return _get(_handle(curriculum).sample.remote(n))


def record_outcomes(
    curriculum, worker_id: str | int, batch_id: str | int, outcomes: list[dict[str, Any]], *, retries: int = 3
) -> dict[str, Any]:
    """Send one batch of outcomes; returns the receipt (``seq``, ``duplicate``, ``applied``, ``changes``,
    ``saved_seq``). When the actor is unreachable the same batch is sent again, up to ``retries`` times:
    a batch that did arrive the first time is then acknowledged as a duplicate, never counted twice."""
    ray = _ray()
    for attempt in range(retries + 1):
        try:
            return _get(_handle(curriculum).record.remote(worker_id, batch_id, outcomes))
        except ray.exceptions.RayActorError:
            if attempt == retries:
                raise
            time.sleep(min(2.0**attempt, 10.0))  # give Ray time to restart the actor
    raise AssertionError("unreachable")


def score_and_record(
    curriculum,
    worker_id: str | int,
    batch_id: str | int,
    problems: Sequence[dict[str, Any]],
    responses: Sequence[str],
    *,
    completion_tokens: Sequence[int] | None = None,
    store_text: bool = False,
    retries: int = 3,
) -> tuple[list[float], dict[str, Any]]:
    """Worker side: score each response to its problem (a descriptor from ``sample_problems``) exactly as
    verl's reward function and ``rlve train`` do (binary reward; an answer the verifier could not judge scores
    0 and leaves the curriculum alone), record the batch, and return ``(rewards, receipt)``."""
    from rlve_trainer.engines.verl_reward import verdict_for

    if len(problems) != len(responses):
        raise RlveError(f"score_and_record: {len(problems)} problems but {len(responses)} responses; give one each")
    if completion_tokens is not None and len(completion_tokens) != len(responses):
        raise RlveError("score_and_record: completion_tokens needs one count per response")
    rewards: list[float] = []
    outcomes: list[dict[str, Any]] = []
    for index, (problem, response) in enumerate(zip(problems, responses)):
        if not isinstance(problem, dict) or "env" not in problem:
            raise RlveError(f"score_and_record: problem {index} is not a descriptor from sample_problems")
        verdict = verdict_for(problem["env"], response, problem)
        correct = bool(verdict.correct)
        rewards.append(1.0 if correct else 0.0)
        outcomes.append(
            {
                "slot": problem.get("slot"),
                "env": problem["env"],
                "env_version": problem.get("env_version"),
                "difficulty": problem.get("difficulty"),
                "seed": problem.get("seed"),
                "correct": correct,
                "reward": rewards[-1],
                "format_ok": bool(verdict.format_ok),
                "verifier_error": bool(verdict.is_verifier_error),
                "reason": verdict.reason[:200],
                "completion_tokens": int(completion_tokens[index]) if completion_tokens is not None else 0,
                "text": response if store_text and isinstance(response, str) else None,
            }
        )
    return rewards, record_outcomes(curriculum, worker_id, batch_id, outcomes, retries=retries)


def _handle(curriculum):
    """An actor handle from a handle or a name (``"name"`` or ``"namespace/name"``)."""
    if not isinstance(curriculum, str):
        return curriculum
    ray = _ray()
    namespace, _, name = curriculum.rpartition("/")
    try:
        return ray.get_actor(name, namespace=namespace or None)
    except ValueError as error:
        raise RlveError(
            f"no curriculum actor named {curriculum!r} in this Ray cluster; create it with get_or_create_curriculum"
        ) from error


def _get(reference):
    """``ray.get`` with the actor's RlveError handed on as a one-line RlveError (not Ray's wrapped traceback)."""
    ray = _ray()
    try:
        return ray.get(reference)
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)
        if isinstance(cause, RlveError):
            raise RlveError(str(cause)) from None
        raise


def _ray():
    try:
        import ray
    except ImportError:
        raise RlveError('the shared curriculum needs Ray: pip install "rlve-trainer[ray]"') from None
    return ray
