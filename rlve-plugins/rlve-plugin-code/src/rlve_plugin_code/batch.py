"""Verifying many answers at once: each verification runs on a pool thread, code ones in parallel
sandboxes, so a batch of N code answers takes about N / cpu_count sandbox runs of wall time.

    from rlve_plugin_code.batch import score_many
    verdicts = score_many(problems, responses)   # same order as the inputs
"""

from __future__ import annotations

from collections.abc import Sequence

from rlve import Environment, Problem, Verdict, extract_answer, get_environment
from rlve_plugin_code.sandbox import SandboxPool, default_pool


def _environment(env_id: str, cache: dict[str, Environment]) -> Environment:
    if env_id not in cache:
        from rlve_plugin_code.environments import ENVIRONMENTS

        local = {cls.id: cls for cls in ENVIRONMENTS}
        cache[env_id] = local[env_id]() if env_id in local else get_environment(env_id)
    return cache[env_id]


def verify_many(
    problems: Sequence[Problem], answers: Sequence[str | None], pool: SandboxPool | None = None
) -> list[Verdict]:
    """``env.verify(problem, answer)`` for each pair (answers already extracted), in parallel."""
    if len(problems) != len(answers):
        raise ValueError(f"{len(problems)} problems but {len(answers)} answers")
    cache: dict[str, Environment] = {}
    environments = [_environment(problem.env, cache) for problem in problems]
    pool = pool or default_pool()
    return pool.map(lambda item: item[0].verify(item[1], item[2]), list(zip(environments, problems, answers)))


def score_many(problems: Sequence[Problem], responses: Sequence[str], pool: SandboxPool | None = None) -> list[Verdict]:
    """Like ``verify_many`` for full model responses: the answer is extracted from each first."""
    return verify_many(problems, [extract_answer(response) for response in responses], pool)
