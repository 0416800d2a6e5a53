"""The math traps, for every environment: parse bombs written in math notation, numbers past Python's
limits, hedges between a reference and a near miss, and forms that only look like answers. Each must be
refused (never scored correct), quickly, and with nothing but ``ParseError`` from ``check``.

The generic hostile corpus (empty answers, binary junk, deep nesting, code, oversized text) is the
conformance kit's (``rlve.testing.hostile``, run by test_conformance.py); this file holds what a math
answer reader in particular could get wrong, as promised in the README ("Nothing is ever evaluated").
"""

from __future__ import annotations

import pytest
from math_test_helpers import ENVS

from rlve import ParseError, Problem
from rlve.testing import cpu_timer

#: Math notation no reader may evaluate or accept.
TRAPS = [
    # power towers and other parse bombs (math-verify #65, RLVE countdown's **)
    "9**9**9",
    "2003^{2002^{2001}}",
    "10^10^10",
    "2^{2^{2^{2^{2}}}}",
    "\\frac{9**9}{1}",
    "2^99999999999 * 3^99999999999",
    # numbers too long to read, or past float and int limits
    "9" * 100_000,
    "9" * 19_000,
    "1" * 4_400,
    "-" + "7" * 5_000,
    "0x" + "F" * 6_000,
    "1e309",
    "1e9",
    "nan",
    "inf",
    "-inf",
    "Infinity",
    # not a number at all, or no value
    "1/0",
    "0/0",
    "\\frac{1}{0}",
    "-",
    "+",
    "=",
    "x =",
    "$$$$",
    "none",
    # several candidates, or far too many items
    "3 or 4",
    "3 and 4",
    "1,2,3,4,5,6,7,8,9",
    " ".join(str(i) for i in range(5_000)),
    ", ".join(["1/2"] * 3_000),
    "x = 1, x = 2, x = 3, " * 500,
]


def _near_misses(problem: Problem) -> list[str]:
    """The reference hedged with, or turned into, a near miss."""
    ref = problem.answer
    return [
        problem.prompt,
        f"{ref} or {ref}9",
        f"{ref}; or maybe 1",
        f"{ref}\n{ref}0",
        ref + "0" * 50,
    ]


def test_traps_are_refused_quickly_and_only_with_parse_errors(env_id):
    env = ENVS[env_id]
    for problem in (env.sample(0, 0), env.sample(30, 0)):
        for answer in [*TRAPS, *_near_misses(problem)]:
            if answer.strip() == problem.answer:
                continue
            with cpu_timer() as spent:
                try:
                    verdict = env.check(problem.data, answer.strip())
                except ParseError:
                    verdict = None
            assert verdict is None or not verdict.correct, (answer[:60], verdict)
            assert spent.cpu < 0.1, f"{answer[:40]!r} used {spent}"
            scored = env.score(problem, f"<answer>{answer}</answer>")
            assert not scored.correct and scored.reward < 1.0


@pytest.mark.parametrize("difficulty", [1000, 10**9, 10**100], ids=["1000", "1e9", "1e100"])
def test_prompts_and_answers_stay_readable_far_up(env_id, difficulty):
    env = ENVS[env_id]
    problem = env.sample(difficulty, 5)
    assert len(problem.prompt) < 120_000
    assert len(problem.answer) <= env.max_answer_chars
