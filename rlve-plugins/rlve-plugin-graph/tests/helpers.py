"""Shared helpers for the graph pack's tests (imported by name: the tests folder is on sys.path)."""

from __future__ import annotations

from rlve import Environment, Problem, Verdict
from rlve_plugin_graph import ENVIRONMENTS

ENVS: dict[str, Environment] = {cls.id: cls() for cls in ENVIRONMENTS}


def env(env_id: str) -> Environment:
    return ENVS[f"graph/{env_id}"]


def score(problem: Problem, answer: str) -> Verdict:
    """Score ``answer`` as a model would write it: inside answer tags, after some reasoning."""
    return ENVS[problem.env].score(problem, f"Let me think.\n<answer>{answer}</answer>")


def assert_right(problem: Problem, answer: str) -> None:
    verdict = score(problem, answer)
    assert verdict.correct and verdict.reward == 1.0, (problem.env, answer, verdict)


def assert_wrong(problem: Problem, answer: str, *reason_words: str) -> Verdict:
    """The answer scores 0, and its reason mentions each of ``reason_words`` (case-insensitive)."""
    verdict = score(problem, answer)
    assert not verdict.correct and verdict.reward == 0.0, (problem.env, answer, verdict)
    for word in reason_words:
        assert word.lower() in verdict.reason.lower(), (answer, verdict.reason, word)
    return verdict


def find(env_id: str, predicate, difficulties=range(0, 31), seeds=range(40)) -> Problem:
    """The first problem (by difficulty, then seed) satisfying ``predicate``; fails the test if none does."""
    for difficulty in difficulties:
        for seed in seeds:
            problem = env(env_id).sample(difficulty, seed)
            if predicate(problem):
                return problem
    raise AssertionError(f"no {env_id} problem satisfies the predicate")
