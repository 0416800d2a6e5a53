"""Environments whose answer is a Python class, tested by sequences of method calls on one object; and the
near-miss check (``kill_near_misses``) that class- and function-writing environments share.

A hidden test is ``{"args": [setup, calls], "expected": results}``: the object is built as ``Class(*setup)``,
then each ``[method, args]`` of ``calls`` is made in order and every return value is recorded. The model's
code is run with a small driver appended (so the driver's definition wins over any of the same name); the
driver only reports what the object returned, the expected results stay in this process.

The reference answer of such an environment is its own generic class source, with the problem's parameters
written in front of it; the same source, compiled once here, computes the expected results (``load_reference``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from rlve import ParseError, Verdict
from rlve_plugin_code.code_answer import not_python_hint, strip_code_fence
from rlve_plugin_code.sandbox import run
from rlve_plugin_code.sandboxed import FunctionEnvironment, describe_failure, raise_for_infrastructure
from rlve_plugin_code.values import same_value, show, show_text

DRIVER_NAME = "_rlve_drive_calls"

# Appended after the model's code. An exception ends the sequence and is reported as a dict, a value no
# expected result ever is, so the parent can name the call that raised.
DRIVER = """

def {name}(setup, calls):
    try:
        target = {cls}(*setup)
    except Exception as error:
        return [{{"raised": type(error).__name__ + ": " + str(error)[:200], "by": "setup"}}]
    results = []
    try:
        for method, args in calls:
            results.append(getattr(target, method)(*args))
    except Exception as error:
        results.append({{"raised": type(error).__name__ + ": " + str(error)[:200]}})
    return results
"""


@functools.lru_cache(maxsize=256)
def _compiled(source: str) -> Any:
    return compile(source, "<reference>", "exec")


def load_reference(source: str, name: str, constants: dict[str, Any]) -> Any:
    """Run one of this pack's own reference sources (trusted text, compiled once) with the problem's
    ``constants`` as its globals, and return the object named ``name``."""
    namespace = dict(constants)
    exec(_compiled(source), namespace)  # our own code, never model text
    return namespace[name]


def record(target: Any, calls: list[list[Any]]) -> list[Any]:
    """What the reference object returns for each call, made in order."""
    return [getattr(target, method)(*args) for method, args in calls]


def replay(cls: Any, test: dict[str, Any]) -> list[Any]:
    """What an object of one of our own classes returns for a test's calls; an exception ends the list."""
    setup, calls = test["args"]
    results: list[Any] = []
    try:
        target = cls(*setup)
        for method, args in calls:
            results.append(getattr(target, method)(*args))
    except Exception as error:  # noqa: BLE001 - a near miss may raise anything: it then fails the test
        results.append({"raised": repr(error)})
    return results


def call_once(function: Any, test: dict[str, Any]) -> Any:
    """What one of our own functions returns for a test's arguments; an exception is a result of its own."""
    try:
        return function(*test["args"])
    except Exception as error:  # noqa: BLE001 - a near miss may raise anything: it then fails the test
        return {"raised": repr(error)}


def kill_near_misses(
    tests: list[dict[str, Any]],
    near_misses: list[Any],
    draw_test: Callable[[], dict[str, Any]],
    tries: int,
    outcome: Callable[[Any, dict[str, Any]], Any] = replay,
) -> list[dict[str, Any]]:
    """``tests`` plus drawn tests until every near miss (a plausible wrong version of the reference: a class,
    or a function with ``outcome=call_once``) fails one, drawing at most ``tries`` more; only a drawn test that
    catches a surviving near miss is kept."""
    alive = [item for item in near_misses if all(outcome(item, test) == test["expected"] for test in tests)]
    tests = list(tests)
    for _ in range(tries):
        if not alive:
            break
        test = draw_test()
        survivors = [item for item in alive if outcome(item, test) == test["expected"]]
        if len(survivors) < len(alive):
            tests.append(test)
            alive = survivors
    return tests


def hidden_call_tests(construction: str, edges: str) -> str:
    """The sentence every class-writing prompt ends with (the counterpart of ``function_tasks.hidden_tests``)."""
    return (
        f"Each hidden test creates {construction} and makes a sequence of calls on it ({edges}); your code passes "
        "only if every call returns exactly the right value, of the right type (True is not 1, None is not 0). "
        "It must not read input; anything it prints is ignored. Only the Python standard library is available."
    )


def example_lines(variable: str, test: dict[str, Any]) -> str:
    """A test as prompt lines: ``c.put(1, 5)  # returns None``."""
    _, calls = test["args"]
    return "\n".join(
        f"    {variable}.{show_method_call(method, args)}  # returns {value!r}"
        for (method, args), value in zip(calls, test["expected"])
    )


def show_method_call(method: str, args: list[Any]) -> str:
    return show_text(f"{method}({', '.join(repr(arg) for arg in args)})", 80)


class MethodCallEnvironment(FunctionEnvironment):
    """A FunctionEnvironment whose answer defines the class ``data["class"]``; see the module docstring."""

    def source_from_answer(self, data: dict[str, Any], answer: str) -> str:
        source = strip_code_fence(answer)
        if not source.strip():
            raise ParseError("the answer contains no code")
        return source

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        source = self.source_from_answer(data, answer)
        cls = data["class"]
        if not re.search(rf"\b{cls}\b", source):
            if not re.search(r"^\s*(class|def)\s", source, re.M):
                hint = not_python_hint(source)
                if hint:
                    raise ParseError(f"the answer is not Python code defining class {cls}{hint}")
            return Verdict.wrong(f"the code does not define a class named {cls}")
        driven = source + DRIVER.format(name=DRIVER_NAME, cls=cls)
        result = run(self.job({**data, "entry": DRIVER_NAME, "arity": 2}, driven))
        raise_for_infrastructure(result)
        if result.status == "syntax_error":
            raise ParseError(f"not valid Python: {result.message}{not_python_hint(source)}")
        if not result.completed:
            return Verdict.wrong(describe_failure(result, cls))
        return judge_sequences(data, result.outcomes)


def judge_sequences(data: dict[str, Any], outcomes: list[Any]) -> Verdict:
    """Right only if every call of every test returned exactly the expected value."""
    tests = data["tests"]
    cls = data["class"]
    for number, (test, outcome) in enumerate(zip(tests, outcomes), start=1):
        where = f"test {number} of {len(tests)}"
        if outcome is None or not outcome.ok:
            error = "no result" if outcome is None else outcome.error
            return Verdict.wrong(f"{where}: the calls could not be reported ({show(error)})")
        setup, calls = test["args"]
        got, expected = outcome.value, test["expected"]
        if not isinstance(got, list) or len(got) > len(expected):
            return Verdict.wrong(f"{where}: the calls could not be reported")
        if got and _raised(got[0]) and got[0].get("by") == "setup":
            return Verdict.wrong(f"{where}: {cls}({', '.join(map(repr, setup))}) raised {show(got[0]['raised'])}")
        for step, want in enumerate(expected):
            place = f"{where}, call {step + 1} of {len(calls)}: {show_method_call(*calls[step])}"
            if step >= len(got):
                return Verdict.wrong(f"{place} was never reached")
            if _raised(got[step]):
                return Verdict.wrong(f"{place} raised {show(got[step]['raised'])}")
            if not same_value(got[step], want):
                return Verdict.wrong(f"{place} returned {show(got[step])}, expected {show(want)}")
    return Verdict.right(f"passed all {len(tests)} tests")


def _raised(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("raised"), str)
