"""The program-reading environments of wave 3: short-circuit calls, slicing output, recursive call counts and
dict/set traces.

Every reference answer is checked against an independent computation built from the prompt text alone: the
Python shown in a prompt is run by Python itself (our own generated code, never model output) and its printed
lines, or its calls, are compared with the reference answer.
"""

from __future__ import annotations

import contextlib
import io
import re

from rlve.testing import assert_accepted, assert_rejected, score_answer
from rlve_plugin_code.environments.dict_set_trace import DictSetTrace
from rlve_plugin_code.environments.recursive_call_count import RecursiveCallCount
from rlve_plugin_code.environments.short_circuit_calls import ShortCircuitCalls
from rlve_plugin_code.environments.slicing_output import SlicingOutput

LEVELS = (0, 1, 3, 7, 12, 20, 30)
SEEDS = range(4)


def fenced(prompt: str) -> str:
    return re.search(r"```python\n(.*?)```", prompt, re.DOTALL).group(1)


def problems(env, levels=LEVELS, seeds=SEEDS):
    return [env.sample(d, seed) for d in levels for seed in seeds]


def defined(source: str) -> dict:
    namespace: dict = {}
    exec(source, namespace)  # our own generated program, shown in the prompt
    return namespace


def printed_lines(source: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        defined(source)
    return out.getvalue().splitlines()


# -- code/short_circuit_calls --------------------------------------------------------------------------------------


def test_short_circuit_output_is_what_python_prints():
    for problem in problems(ShortCircuitCalls()):
        assert problem.answer.split() == printed_lines(fenced(problem.prompt)), problem.prompt


def test_short_circuit_programs_skip_calls_and_use_not():
    skipped = negated = 0
    for problem in problems(ShortCircuitCalls(), levels=(5, 20)):
        source = fenced(problem.prompt)
        written = len(re.findall(r"\b[a-h]\(\d\)", source))
        called = sum(1 for line in printed_lines(source) if line not in ("True", "False"))
        skipped += written - called
        negated += "not " in source
    assert skipped > 0 and negated > 0


def test_short_circuit_answers():
    problem = ShortCircuitCalls().sample(10, 1)
    lines = problem.answer.split()
    assert_accepted(problem, problem.answer)
    assert_accepted(problem, ", ".join(lines))
    assert_accepted(problem, "\n".join(f'"{line}"' if line.islower() else line.lower() for line in lines))
    flipped = lines[:-1] + ["False" if lines[-1] == "True" else "True"]
    assert_rejected(problem, " ".join(flipped), "line")
    assert_rejected(problem, " ".join(lines[:-1]), "lines")
    call = next(index for index, line in enumerate(lines) if line not in ("True", "False"))
    assert_rejected(problem, " ".join(lines[:call] + lines[call + 1 :]), "lines")  # one call left out
    assert not score_answer(problem, "").correct
    assert not score_answer(problem, "a " * 5000).correct


# -- code/slicing_output -------------------------------------------------------------------------------------------


def test_slicing_output_is_what_python_prints():
    for problem in problems(SlicingOutput()):
        assert problem.answer.split("\n") == printed_lines(fenced(problem.prompt)), problem.prompt


def test_slicing_programs_use_steps_negative_indices_and_stable_sorts():
    sources = "".join(fenced(problem.prompt) for problem in problems(SlicingOutput(), levels=(12, 20)))
    assert re.search(r"\[-?\d*:-?\d*:-\d\]", sources)  # a negative step
    assert "[-" in sources and "key=" in sources and "reverse=True" in sources


def test_slicing_answers():
    problem = SlicingOutput().sample(12, 2)
    lines = problem.answer.split("\n")
    assert_accepted(problem, problem.answer)
    assert_accepted(problem, "\n".join(line.replace("'", '"').replace(", ", ",") for line in lines) + "\n")
    assert_accepted(problem, "\n\n".join(lines))
    assert_rejected(problem, "\n".join(lines[1:]), "lines")
    assert_rejected(problem, "\n".join(lines[::-1]) if lines != lines[::-1] else "x\n" * len(lines), "line")
    changed = next(index for index, line in enumerate(lines) if line.startswith("["))
    wrong = lines[:changed] + [lines[changed][:-1] + ", 0]"] + lines[changed + 1 :]
    assert_rejected(problem, "\n".join(wrong), f"line {changed + 1}")
    assert not score_answer(problem, "").correct
    assert not score_answer(problem, "[" * 100_000).correct


# -- code/recursive_call_count -------------------------------------------------------------------------------------


def counted_calls(prompt: str) -> int:
    """Run f as shown, through a wrapper that counts every call (the recursion finds the wrapper as ``f``)."""
    namespace = defined(fenced(prompt))
    original, calls = namespace["f"], [0]

    def counting(n):
        calls[0] += 1
        return original(n)

    namespace["f"] = counting
    counting(int(re.search(r"evaluates f\((\d+)\)", prompt).group(1)))
    return calls[0]


def test_call_counts_match_running_the_function():
    for problem in problems(RecursiveCallCount(), levels=(0, 1, 4, 6, 8, 10, 12)):
        assert int(problem.answer) == counted_calls(problem.prompt), problem.prompt


def test_call_count_grows_with_the_argument_and_stays_printable_at_absurd_levels():
    assert int(RecursiveCallCount().sample(30, 0).answer) > 10**5
    assert len(RecursiveCallCount().sample(10**100, 0).answer) < 400


def test_call_count_answers():
    problem = RecursiveCallCount().sample(8, 3)
    count = int(problem.answer)
    assert_accepted(problem, str(count))
    assert_accepted(problem, f"calls = {count}")
    assert_accepted(problem, f"{count:,}")
    assert_rejected(problem, str(count - 1), "too few")  # the first call left out
    assert_rejected(problem, str(count + 1), "too many")
    assert not score_answer(problem, f"{count}.5").format_ok
    assert not score_answer(problem, "9" * 5000).correct
    assert not score_answer(problem, "").format_ok


# -- code/dict_set_trace -------------------------------------------------------------------------------------------


def test_dict_set_output_is_what_python_prints():
    for problem in problems(DictSetTrace()):
        assert problem.answer.split("\n") == printed_lines(fenced(problem.prompt)), problem.prompt


def test_dict_set_programs_use_every_operation():
    sources = "".join(fenced(problem.prompt) for problem in problems(DictSetTrace(), levels=(12, 20, 30)))
    for operation in ("setdefault(", ".get(", ".pop(", ".update(", " | ", " & ", " - ", " ^ ", "-= ", "for k, v"):
        assert operation in sources, operation


def test_dict_set_answers():
    problem = DictSetTrace().sample(20, 1)
    lines = problem.answer.split("\n")
    assert_accepted(problem, problem.answer)
    assert_accepted(problem, "\n".join(line.replace("'", '"').replace(" ", "") for line in lines))
    assert_rejected(problem, "\n".join(lines[:-1]), "lines")
    changed = next(index for index, line in enumerate(lines) if re.fullmatch(r"\[\d+(, \d+)+\]", line))
    unsorted = "[" + ", ".join(lines[changed][1:-1].split(", ")[::-1]) + "]"
    shuffled = lines[:changed] + [unsorted] + lines[changed + 1 :]
    assert_rejected(problem, "\n".join(shuffled), f"line {changed + 1}")  # sorted order is part of the answer
    wrong = lines[:changed] + ["[]"] + lines[changed + 1 :]
    assert_rejected(problem, "\n".join(wrong), f"line {changed + 1}")
    assert not score_answer(problem, "").correct
