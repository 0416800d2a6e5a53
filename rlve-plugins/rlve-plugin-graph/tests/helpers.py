"""Shared helpers for the graph pack's tests (imported by name: the tests folder is on sys.path)."""

from __future__ import annotations

from rlve import Environment, Problem
from rlve.testing import assert_accepted, assert_rejected, find_problem, score_answer
from rlve_plugin_graph import ENVIRONMENTS

ENVS: dict[str, Environment] = {cls.id: cls() for cls in ENVIRONMENTS}


def env(env_id: str) -> Environment:
    return ENVS[f"graph/{env_id}"]


# The generic assertions live in rlve.testing, for every pack; the names below are this pack's shorthand.
score = score_answer
assert_right = assert_accepted
assert_wrong = assert_rejected


def find(name: str, predicate, difficulties=range(0, 31), seeds=range(40)) -> Problem:
    """The first graph/``name`` problem (by difficulty, then seed) satisfying ``predicate``."""
    return find_problem(f"graph/{name}", predicate, difficulties, seeds)
