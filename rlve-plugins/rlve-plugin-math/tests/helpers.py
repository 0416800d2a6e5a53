"""Plain helper functions shared by the math pack's tests (fixtures live in conftest.py).

Imported as ``math_test_helpers``: conftest.py registers this file under that name, so it cannot collide
with another pack's ``helpers`` module when every pack's tests run in one pytest session.
"""

from __future__ import annotations

import re

from rlve import Environment, Problem, Verdict
from rlve.testing import assert_accepted, assert_rejected
from rlve_plugin_math import ENVIRONMENTS
from rlve_plugin_math.primes import is_prime

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


def numbers_after(prompt: str, pattern: str) -> tuple[int, ...]:
    """The integers captured by ``pattern`` in the prompt (the problem as a model reads it)."""
    match = re.search(pattern, prompt)
    assert match, (pattern, prompt[:200])
    return tuple(int(group) for group in match.groups())


def modulus(prompt: str) -> int:
    """The prime the prompt asks to reduce by (checked prime, and that the stated range matches it)."""
    p = int(re.search(r"modulo the prime (\d+), that is", prompt).group(1))
    assert is_prime(p) and f"an integer from 0 to {p - 1}." in prompt
    return p


def assert_modular_answer_forms(env: Environment) -> None:
    """A counting-modulo-a-prime environment (``counting.check_residue``): harmless forms of the remainder are
    accepted, a neighbouring remainder or one outside 0..p-1 is refused with its reason, junk scores 0."""
    problem = env.sample(12, 3)
    p, value = modulus(problem.prompt), int(problem.answer)
    for written in (f"{value}", f"${value}$", f"x = {value}", f"{value}."):
        assert_accepted(problem, written)
    assert_rejected(problem, str((value + 1) % p), "that is not")
    assert_rejected(problem, str((value - 1) % p), "that is not")
    assert_rejected(problem, str(value + p), "between 0 and")
    assert_rejected(problem, "-1", "between 0 and")
    for bad in ("", "seven", "3.5", "2^10", "1e3", str(value) * 40):
        verdict = judge(env, problem, bad)
        assert not verdict.correct and verdict.reward == 0
