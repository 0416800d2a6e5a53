"""Assertions for a pack's own tests: what the conformance kit cannot know about an environment.

The kit checks that the reference answer is accepted and generic junk is refused. A pack's tests add the
answers only it knows about: other valid answers (any shortest path, any colouring) must be accepted, near
misses (one step too long, one clash) refused with a reason that says why::

    from rlve.testing import assert_accepted, assert_rejected, find_problem

    problem = find_problem("graph/shortest_path", lambda p: p.size > 8)
    assert_accepted(problem, other_shortest_path)            # not the reference, as short
    assert_rejected(problem, one_step_longer, "longer")      # the reason says why

Answers are scored as a model would write them (reasoning, then ``<answer>`` tags), through the installed
environment that made the problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rlve.environment import Environment, Problem, Verdict
from rlve.plugins import get_environment


def environment_of(problem: Problem) -> Environment:
    return get_environment(problem.env)


def score_answer(problem: Problem, answer: str) -> Verdict:
    """Score ``answer`` as a model would write it: inside answer tags, after some reasoning."""
    return environment_of(problem).score(problem, f"Let me think.\n<answer>{answer}</answer>")


def assert_accepted(problem: Problem, answer: str) -> Verdict:
    """``answer`` is correct with reward 1."""
    verdict = score_answer(problem, answer)
    assert verdict.correct and verdict.reward == 1.0, (problem.env, answer, verdict)
    return verdict


def assert_rejected(problem: Problem, answer: str, *reason_words: str) -> Verdict:
    """``answer`` scores 0, is not correct, and its reason mentions each of ``reason_words`` (any case)."""
    verdict = score_answer(problem, answer)
    assert not verdict.correct and verdict.reward == 0.0, (problem.env, answer, verdict)
    for word in reason_words:
        assert word.lower() in verdict.reason.lower(), (answer, verdict.reason, word)
    return verdict


def find_problem(
    env_id: str,
    predicate: Callable[[Problem], bool],
    difficulties: Iterable[int] = range(0, 31),
    seeds: Iterable[int] = range(40),
) -> Problem:
    """The first problem (by difficulty, then seed) satisfying ``predicate``; fails the test if none does."""
    env = get_environment(env_id)
    seeds = list(seeds)
    for difficulty in difficulties:
        for seed in seeds:
            problem = env.sample(difficulty, seed)
            if predicate(problem):
                return problem
    raise AssertionError(f"no {env_id} problem satisfies the predicate")
