"""The base of every environment whose answer is code: run it in the sandbox, judge it here.

An environment stores its hidden tests in ``Problem.data`` as ``{"args": [...], "expected": ...}``.
Only the arguments are sent to the child; the expected values stay in this process and are compared
with the JSON the child reports, so neither the child's exit code nor its printed text can pass a test.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rlve import Environment, ParseError, Verdict
from rlve_plugin_code.code_answer import not_python_hint, strip_code_fence
from rlve_plugin_code.sandbox import Job, Limits, RunResult, run
from rlve_plugin_code.values import same_value, show, show_call


class SandboxError(RuntimeError):
    """The sandbox itself failed (it could not start or confine the child): no verdict on the answer."""


def raise_for_infrastructure(result: RunResult) -> None:
    if result.status == "setup_error":
        raise SandboxError(result.message or "the sandbox could not start")


def describe_failure(result: RunResult, entry: str) -> str:
    """The reason for a run that did not complete, in terms of the model's code."""
    if result.status == "missing_entry":
        return f"the code does not define a function named {entry}" + result.message.removeprefix(
            "nothing named as required is defined"
        )
    if result.status == "not_callable":
        return f"{entry} is not a function: " + result.message
    if result.status == "bad_signature":
        return f"{entry} has the wrong signature: {result.message}"
    if result.status == "load_error":
        return f"running the code's top level raised {result.message}"
    if result.status == "tampered":
        return f"the code interfered with the test harness ({result.message})"
    return result.describe()


class FunctionEnvironment(Environment):
    """An environment whose answer is Python code defining ``data["entry"]``, run against hidden tests.

    Subclasses write ``generate`` and may override ``source_from_answer`` (e.g. to splice a line
    into a given function) and ``limits``.
    """

    runs_untrusted_code = True
    limits: ClassVar[Limits] = Limits()

    def source_from_answer(self, data: dict[str, Any], answer: str) -> str:
        source = strip_code_fence(answer)
        if not source.strip():
            raise ParseError("the answer contains no code")
        return source

    def job(self, data: dict[str, Any], source: str) -> Job:
        calls = [test["args"] for test in data["tests"]]
        return Job("call", source, {"entry": data["entry"], "arity": data["arity"], "calls": calls}, self.limits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        source = self.source_from_answer(data, answer)
        return judge_tests(run(self.job(data, source)), data, source)


def judge_tests(result: RunResult, data: dict[str, Any], source: str) -> Verdict:
    """Right only if the run completed and every outcome equals its test's expected value."""
    raise_for_infrastructure(result)
    entry = data["entry"]
    if result.status == "syntax_error":
        raise ParseError(f"not valid Python: {result.message}{not_python_hint(source)}")
    if not result.completed:
        return Verdict.wrong(describe_failure(result, entry))
    tests = data["tests"]
    for number, (test, outcome) in enumerate(zip(tests, result.outcomes), start=1):
        call = show_call(entry, test["args"])
        if outcome is None:  # cannot happen for a completed run; kept so a bug fails closed
            return Verdict.wrong(f"test {number} of {len(tests)}: no result for {call}")
        if not outcome.ok:
            return Verdict.wrong(f"test {number} of {len(tests)}: {call} raised {outcome.error}")
        if not same_value(outcome.value, test["expected"]):
            return Verdict.wrong(
                f"test {number} of {len(tests)}: {call} returned {show(outcome.value)}, "
                f"expected {show(test['expected'])}"
            )
    return Verdict.right(f"passed all {len(tests)} tests")
