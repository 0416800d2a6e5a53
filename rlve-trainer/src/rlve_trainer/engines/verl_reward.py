"""verl's ``custom_reward_function``: score a response to a problem that rlve made, from the row's ``extra_info``.

verl calls ``compute_score(data_source, solution_str, ground_truth, extra_info)`` in many reward workers (Ray
actors), so this function keeps no state but a cache of regenerated problems: the row names its problem by
``env``, ``env_version``, ``difficulty`` and ``seed`` (``rlve export --format verl`` writes them), the problem
is made again here, and the response is scored exactly as ``rlve train`` scores it (answer extraction included;
code environments run the answer in the code pack's sandbox). Point verl at this file::

    custom_reward_function.path=$(python -c "import rlve_trainer.engines.verl_reward as m; print(m.__file__)")
    custom_reward_function.name=compute_score

It returns ``{"score", "acc", "format_ok", "verifier_error"}``: verl takes ``score`` as the reward and passes
the other keys on as ``reward_extra_info`` (rlve's curriculum sampler reads ``acc`` and ``verifier_error``). A
row rlve cannot judge (no ``extra_info``, an unknown environment, another environment version) and an answer
whose verifier failed score 0 with ``verifier_error`` true, never an exception that would stop the batch; the
curriculum does not count them, as in ``rlve train``.
"""

from __future__ import annotations

import functools
from typing import Any

from rlve import Problem, Verdict


@functools.lru_cache(maxsize=4096)
def _problem(env_id: str, version: int, difficulty: int, seed: int) -> Problem:
    import rlve

    env = rlve.registry().get(env_id)
    if env.version != version:
        raise ValueError(f"{env_id} version {version} made this row, but version {env.version} is installed")
    return env.sample(difficulty, seed)


def verdict_for(data_source: str, solution_str: str, extra_info: dict[str, Any] | None) -> Verdict:
    """The Verdict of ``solution_str`` for the problem the row names; a verifier-error verdict when it cannot."""
    import rlve

    info = extra_info if isinstance(extra_info, dict) else {}
    try:
        env_id = str(info.get("env") or data_source)
        problem = _problem(env_id, int(info["env_version"]), int(info["difficulty"]), int(info["seed"]))
    except (KeyError, TypeError, ValueError, LookupError) as error:
        detail = f"missing {error}" if isinstance(error, KeyError) else str(error)
        return Verdict.verifier_failed(f"rlve cannot rebuild this row's problem: {detail}")
    return rlve.registry().get(problem.env).score(problem, solution_str if isinstance(solution_str, str) else "")


def compute_score(data_source, solution_str, ground_truth=None, extra_info=None, **kwargs) -> dict[str, Any]:
    """verl's reward function: ``{"score": reward, "acc": correct, "format_ok", "verifier_error"}`` (binary, as
    RLVE)."""
    verdict = verdict_for(data_source, solution_str, extra_info)
    correct = bool(verdict.correct)
    return {
        "score": 1.0 if correct else 0.0,
        "acc": correct,
        "format_ok": bool(verdict.format_ok),
        "verifier_error": bool(verdict.is_verifier_error),
    }
