"""Environments whose answer is a value: every way of writing the right value passes, wrong values fail."""

from __future__ import annotations

import pytest
from code_test_helpers import tag

from rlve_plugin_code.environments.brainfuck_output import BrainfuckOutput
from rlve_plugin_code.environments.evaluate_expression import EvaluateExpression
from rlve_plugin_code.environments.find_input import FindInput
from rlve_plugin_code.environments.predict_output import PredictOutput
from rlve_plugin_code.environments.sql_output import SqlOutput
from rlve_plugin_code.environments.stack_machine import StackMachine
from rlve_plugin_code.environments.trace_variable import TraceVariable
from rlve_plugin_code.programs import result_of
from rlve_plugin_code.programs.serialise import from_data


@pytest.mark.parametrize("cls", [PredictOutput, StackMachine, BrainfuckOutput])
def test_printed_values_in_any_list_notation(cls):
    env = cls()
    for seed in range(4):
        problem = env.sample(9, seed)
        values = problem.answer.split()
        for written in ("\n".join(values), ", ".join(values), f"[{', '.join(values)}]", f"  {' '.join(values)}  "):
            assert env.score(problem, tag(written)).correct, written


@pytest.mark.parametrize("cls", [PredictOutput, StackMachine, BrainfuckOutput])
def test_wrong_printed_values(cls):
    env = cls()
    problem = env.sample(9, 1)
    values = [int(v) for v in problem.answer.split()]
    changed = values[:-1] + [values[-1] + 1]
    verdict = env.score(problem, tag(" ".join(map(str, changed))))
    assert not verdict.correct and f"value {len(values)} is wrong" in verdict.reason
    verdict = env.score(problem, tag(" ".join(map(str, values + [0]))))
    assert not verdict.correct and f"{len(values)}" in verdict.reason
    assert not env.score(
        problem, tag(" ".join(map(str, values[::-1] if len(set(values)) > 1 else values + values)))
    ).correct
    assert not env.score(problem, tag("the program prints nothing")).format_ok


def test_trace_variable_forms_and_mistakes():
    env = TraceVariable()
    problem = env.sample(10, 2)
    name, value = problem.data["name"], problem.data["value"]
    for written in (str(value), f"{name} = {value}", f"{name}: {value}", f"+{value}" if value >= 0 else str(value)):
        assert env.score(problem, tag(written)).correct, written
    verdict = env.score(problem, tag(str(value + 1)))
    assert not verdict.correct and name in verdict.reason
    assert not env.score(problem, tag(f"{value}.0")).format_ok


def test_find_input_accepts_any_input_that_works():
    env = FindInput()
    accepted_other = 0
    for seed in range(8):
        problem = env.sample(6, seed)
        program = from_data(problem.data["tree"])
        target, top = problem.data["target"], problem.data["top"]
        solutions = [n for n in range(top + 1) if result_of(program, (n,)) == target]
        assert int(problem.answer) in solutions
        for n in solutions:
            assert env.score(problem, tag(str(n))).correct
        accepted_other += len(solutions) > 1
        wrong = next(n for n in range(top + 1) if n not in solutions)
        verdict = env.score(problem, tag(str(wrong)))
        assert not verdict.correct and f"f({wrong}) returns" in verdict.reason
        assert "between 0 and" in env.score(problem, tag(str(top + 1))).reason
        assert "between 0 and" in env.score(problem, tag("-1")).reason
    assert accepted_other, "no problem had a second solution to accept"


def test_evaluate_expression_forms_and_mistakes():
    env = EvaluateExpression()
    problem = env.sample(14, 3)
    value = problem.data["value"]
    assert env.score(problem, tag(f" {value} ")).correct
    assert not env.score(problem, tag(str(value - 1))).correct
    assert not env.score(problem, tag(problem.prompt.split("\n\n")[1].strip())).format_ok  # the expression itself


def test_sql_output_rows_in_any_order_and_quoting():
    env = SqlOutput()
    for seed in range(5):
        problem = env.sample(8, seed)
        rows = problem.data["rows"]
        quoted = "\n".join("(" + ", ".join(repr(v) for v in row) + ")" for row in reversed(rows))
        assert env.score(problem, tag(quoted)).correct, quoted
        if len(rows) > 1:
            verdict = env.score(problem, tag("\n".join(", ".join(map(str, row)) for row in rows[:-1])))
            assert not verdict.correct and "rows" in verdict.reason
        altered = [list(row) for row in rows]
        altered[0][-1] = altered[0][-1] + 1 if isinstance(altered[0][-1], int) else altered[0][-1] + "x"
        assert not env.score(problem, tag("\n".join(", ".join(map(str, row)) for row in altered))).correct
        assert not env.score(problem, tag("Ada")).format_ok or len(rows[0]) == 1
