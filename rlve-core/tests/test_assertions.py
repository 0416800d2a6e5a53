"""rlve.testing's assertions for a pack's own tests: accepted, rejected with a reason, a problem found."""

from __future__ import annotations

import pytest
from fake_packs import GOOD_ENV, make_pack, run_python

from rlve.testing import assert_accepted, assert_rejected, find_problem, score_answer


def test_assertions_score_as_a_model_writes_and_explain_failures(tmp_path):
    make_pack(tmp_path, "rlve-plugin-asrt", "rlve_plugin_asrt", GOOD_ENV.format(pack="asrt") + (
        "\n\n@hookimpl\ndef register_environments(register):\n    register(Double)\n"
    ))
    script = """
from rlve.testing import assert_accepted, assert_rejected, find_problem, score_answer
problem = find_problem("asrt/double", lambda p: p.data["x"] % 2 == 1, difficulties=range(2), seeds=range(50))
assert problem.data["x"] % 2 == 1
assert_accepted(problem, str(2 * problem.data["x"]))
assert_rejected(problem, str(2 * problem.data["x"] + 1), "not double")
try:
    assert_rejected(problem, str(2 * problem.data["x"]))
except AssertionError:
    print("a right answer is not rejected")
try:
    assert_rejected(problem, "0", "some other reason")
except AssertionError:
    print("the reason must mention the words")
try:
    find_problem("asrt/double", lambda p: False, difficulties=range(1), seeds=range(3))
except AssertionError as error:
    print(error)
print(score_answer(problem, "junk").reward)
"""
    result = run_python(tmp_path, script, env={"RLVE_LOAD_PLUGINS": "rlve-plugin-asrt"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "a right answer is not rejected",
        "the reason must mention the words",
        "no asrt/double problem satisfies the predicate",
        "0.0",
    ]


@pytest.mark.parametrize("name", ["assert_accepted", "assert_rejected", "find_problem", "score_answer"])
def test_assertions_are_exported(name):
    import rlve.testing

    assert name in rlve.testing.__all__ and callable(getattr(rlve.testing, name))
    assert {assert_accepted, assert_rejected, find_problem, score_answer}
