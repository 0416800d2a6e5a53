"""Plain helper functions for the logic pack's tests (conftest.py registers this file as ``logic_test_helpers``)."""

from __future__ import annotations

from rlve import Environment, Problem, Verdict
from rlve_plugin_logic import ENVIRONMENTS

ENVS: dict[str, Environment] = {cls.id: cls() for cls in ENVIRONMENTS}


def env(name: str) -> Environment:
    return ENVS[f"logic/{name}"]


def score(problem: Problem, answer: str) -> Verdict:
    """Score ``answer`` as a model would write it: inside answer tags, after some reasoning."""
    return ENVS[problem.env].score(problem, f"Let me think.\n<answer>{answer}</answer>")


def assert_right(problem: Problem, answer: str) -> None:
    verdict = score(problem, answer)
    assert verdict.correct and verdict.reward == 1.0, (problem.env, answer, verdict)


def assert_wrong(problem: Problem, answer: str, *reason_words: str) -> Verdict:
    """The answer scores 0 and is not correct; its reason mentions each of ``reason_words``."""
    verdict = score(problem, answer)
    assert not verdict.correct and verdict.reward == 0.0, (problem.env, answer, verdict)
    for word in reason_words:
        assert word.lower() in verdict.reason.lower(), (answer, verdict.reason, word)
    return verdict


def find(name: str, predicate, difficulties=range(0, 31), seeds=range(30)) -> Problem:
    """The first problem (by difficulty, then seed) satisfying ``predicate``; fails the test if none does."""
    for difficulty in difficulties:
        for seed in seeds:
            problem = env(name).sample(difficulty, seed)
            if predicate(problem):
                return problem
    raise AssertionError(f"no {name} problem satisfies the predicate")


def grid_text(rows, spaced: bool = True) -> str:
    return "\n".join((" " if spaced else "").join(str(c) for c in row) for row in rows)


def parse_rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]
