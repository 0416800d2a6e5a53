"""Plain helper functions for the logic pack's tests (conftest.py registers this file as ``logic_test_helpers``)."""

from __future__ import annotations

from rlve import Environment, Problem
from rlve.testing import assert_accepted, assert_rejected, find_problem, score_answer
from rlve_plugin_logic import ENVIRONMENTS

ENVS: dict[str, Environment] = {cls.id: cls() for cls in ENVIRONMENTS}


def env(name: str) -> Environment:
    return ENVS[f"logic/{name}"]


# The generic assertions live in rlve.testing, for every pack; the names below are this pack's shorthand.
score = score_answer
assert_right = assert_accepted
assert_wrong = assert_rejected


def find(name: str, predicate, difficulties=range(0, 31), seeds=range(30)) -> Problem:
    """The first logic/``name`` problem (by difficulty, then seed) satisfying ``predicate``."""
    return find_problem(f"logic/{name}", predicate, difficulties, seeds)


def grid_text(rows, spaced: bool = True) -> str:
    return "\n".join((" " if spaced else "").join(str(c) for c in row) for row in rows)


def parse_rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]
