"""What the registration lists promise, and the one trap every value answer shares.

Everything the conformance kit checks for each environment (metadata, determinism, the same problem in
another process, JSON round trips, the reference answer, hostile answers, size growth, time budgets) is in
``test_conformance.py``; this module keeps only what the kit cannot know.
"""

from __future__ import annotations

from code_test_helpers import tag

from rlve_plugin_code.environments import CODE_ENVIRONMENTS, ENVIRONMENTS, VALUE_ENVIRONMENTS


def test_code_answers_run_in_the_sandbox_and_value_answers_never_do():
    ids = [cls.id for cls in ENVIRONMENTS]
    assert len(ids) == len(set(ids)) == len(CODE_ENVIRONMENTS) + len(VALUE_ENVIRONMENTS)
    assert all(cls.runs_untrusted_code for cls in CODE_ENVIRONMENTS)
    assert not any(cls.runs_untrusted_code for cls in VALUE_ENVIRONMENTS)


def test_several_candidates_do_not_score():
    for cls in VALUE_ENVIRONMENTS:
        env = cls()
        problem = env.sample(5, 2)
        for response in (tag(f"{problem.answer} or 7"), tag(f"{problem.answer}, {problem.answer}")):
            assert not env.score(problem, response).correct, (cls.id, response)
