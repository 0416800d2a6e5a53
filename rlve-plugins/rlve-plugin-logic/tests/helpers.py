"""Plain helper functions for the logic pack's tests (conftest.py registers this file as ``logic_test_helpers``)."""

from __future__ import annotations

from collections import defaultdict

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


def shortest_plans(start, successors, is_goal, limit=2, max_states=300_000):
    """(the optimum or None, up to ``limit`` distinct shortest plans): breadth-first layers that keep, for each
    state, every parent one layer up, then read plans back from the goals of the first layer that has any."""
    if is_goal(start):
        return 0, [[]]
    depth, parents = {start: 0}, defaultdict(list)
    plans: list[list] = []

    def back(state, suffix):
        if len(plans) >= limit:
            return
        if state == start:
            plans.append(suffix[::-1])
            return
        for parent, move in parents[state]:
            back(parent, [*suffix, move])

    layer = [start]
    while layer:
        following = []
        for state in layer:
            for move, nxt in successors(state):
                if nxt not in depth:
                    depth[nxt] = depth[state] + 1
                    following.append(nxt)
                if depth[nxt] == depth[state] + 1:
                    parents[nxt].append((state, move))
        assert len(depth) < max_states, "the test's search space is too large"
        goals = [s for s in following if is_goal(s)]
        if goals:
            for goal in goals:
                back(goal, [])
            return depth[goals[0]], plans
        layer = following
    return None, []
