"""Plain helper functions shared by the math pack's tests (fixtures live in conftest.py).

Imported as ``math_test_helpers``: conftest.py registers this file under that name, so it cannot collide
with another pack's ``helpers`` module when every pack's tests run in one pytest session.
"""

from __future__ import annotations

from rlve import Environment, Problem, Verdict
from rlve_plugin_math import ENVIRONMENTS

#: The seeds the per-environment tests sample at each difficulty.
SEEDS = range(4)

#: One instance of every environment of the pack, by id.
ENVS: dict[str, Environment] = {cls.id: cls() for cls in ENVIRONMENTS}


def judge(env: Environment, problem: Problem, answer: str) -> Verdict:
    """Score ``answer`` as a model would give it: inside answer tags (extraction included)."""
    return env.score(problem, f"<answer>{answer}</answer>")


def with_thousands(n: int) -> str:
    """``n`` with thousands separators: ``1,234,567``."""
    return f"{n:,}"
