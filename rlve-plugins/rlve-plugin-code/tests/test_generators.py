"""The generators' three faces agree: English, Python code and our reference functions.

These tests execute our own generated code (never model output) to check that what the prompt
shows as Python means what the reference computes.
"""

from __future__ import annotations

import contextlib
import io
import random
import re

import pytest

from rlve.scaling import taper
from rlve_plugin_code import brainfuck, expressions, patterns, stackvm
from rlve_plugin_code.environments.implement_recurrence import first_terms, homogeneous, term
from rlve_plugin_code.programs import OutOfSteps, Settings, draw_program, execute, render, result_of
from rlve_plugin_code.sql.data import draw_database
from rlve_plugin_code.sql.forms import JOIN
from rlve_plugin_code.sql.queries import draw_checked_query, draw_conditions
from rlve_plugin_code.steps import LISTS, STRINGS
from rlve_plugin_code.steps.invertible import INVERTIBLE
from rlve_plugin_code.steps.pipeline import draw_inputs, draw_pipeline


def run_line(line: str, param: str, value):
    """Execute one generated step line on ``value`` and return the new value (or the returned one)."""
    namespace: dict = {}
    source = f"import math\ndef step({param}):\n    {line}\n    return {param}\n"
    exec(source, namespace)
    return namespace["step"](value)


@pytest.mark.parametrize("domain", [LISTS, STRINGS], ids=["lists", "strings"])
def test_every_step_line_computes_what_its_function_does(domain):
    rng = random.Random(7)
    shape = domain.start_shape(30)
    for _, factory in domain.steps + domain.finals:
        for _ in range(15):
            proposal = factory(rng, shape)
            if proposal is None:
                continue
            step = proposal[0]
            for value in draw_inputs(domain, rng, 30, 12):
                assert run_line(step.code, domain.param, value) == step.apply(value), (step.code, value)
                for bug in step.bugs:
                    assert run_line(bug.code, domain.param, value) == bug.apply(value), (bug.code, value)


@pytest.mark.parametrize("domain", [LISTS, STRINGS], ids=["lists", "strings"])
def test_rendered_functions_compute_what_the_pipelines_do(domain):
    rng = random.Random(3)
    for difficulty in (0, 5, 12, 30):
        inputs = draw_inputs(domain, rng, difficulty, 15)
        pipeline = draw_pipeline(domain, rng, difficulty, 1 + taper(difficulty), inputs)
        namespace: dict = {}
        exec(pipeline.render("generated"), namespace)
        assert [namespace["generated"](value) for value in inputs] == [pipeline.apply(value) for value in inputs]


def test_invertible_steps_and_their_inverses():
    rng = random.Random(5)
    for _, factory in INVERTIBLE:
        for _ in range(10):
            step = factory(rng)
            for xs in draw_inputs(LISTS, rng, 20, 12):
                assert run_line(step.code, "xs", xs) == step.apply(xs)
                namespace: dict = {}
                exec(
                    "def undo(xs):\n" + "".join(f"    {line}\n" for line in step.inverse) + "    return xs\n", namespace
                )
                assert namespace["undo"](step.apply(xs)) == xs, (step.code, xs)


def test_the_program_interpreter_agrees_with_python_and_the_stack_machine():
    rng = random.Random(11)
    checked = 0
    for _ in range(400):
        settings = Settings(rng.randint(3, 25), rng.randint(2, 6), rng.randint(1, 4), True, True, True, 6, 2)
        params = ("n",) if rng.random() < 0.3 else ()
        program = draw_program(rng, settings, params)
        args = (rng.randint(0, 200),) if params else ()
        try:
            state = execute(program, args, 20_000)
        except OutOfSteps:
            continue
        printed = io.StringIO()
        namespace: dict = {}
        with contextlib.redirect_stdout(printed):
            exec(render(program), namespace)
            returned = namespace["f"](*args) if params else None
        assert [int(line) for line in printed.getvalue().split()] == state.output
        if params:
            assert returned == result_of(program, args)
        else:
            assert stackvm.run(stackvm.compile_program(program)) == state.output
        checked += 1
    assert checked > 300


def test_expressions_evaluate_as_python_does():
    rng = random.Random(2)
    checked = 0
    for _ in range(3000):
        node = expressions.draw(rng, rng.randint(1, 16), expressions.operators(20))
        try:
            value = expressions.evaluate(node)
        except expressions.Invalid:
            continue
        assert eval(expressions.render(node)) == value, expressions.render(node)
        checked += 1
    assert checked > 2000
    # The traps the environment is about.
    traps = {"-2 ** 2": -4, "2 ** 3 ** 2": 512, "7 - 3 - 1": 3, "1 + 2 << 3": 24, "6 & 3 ^ 1": 3, "-7 // 2": -4}
    for text, value in traps.items():
        assert eval(text) == value


def test_regex_matchers_agree_with_re():
    rng = random.Random(4)
    for _ in range(1500):
        node = patterns.draw(rng, rng.randint(1, 12), "abc")
        compiled = re.compile(patterns.render(node))
        for _ in range(8):
            text = (
                patterns.sample(node, rng)
                if rng.random() < 0.5
                else "".join(rng.choice("abc") for _ in range(rng.randint(0, 9)))
            )
            expected = compiled.fullmatch(text) is not None
            assert patterns.matches(node, text) == expected
            outcome = patterns.backtrack(node, text, 10**6)
            assert outcome is not None and outcome[0] == expected


def test_brainfuck_interpreter_and_generator():
    assert brainfuck.run("++++++++[>++++++++<-]>+.", 10_000) == [65]
    assert brainfuck.run("-.", 10) == [255]
    rng = random.Random(9)
    for _ in range(200):
        code = brainfuck.draw(rng, 20, cells=4, max_depth=3, max_add=9)
        assert code.count("[") == code.count("]")
        brainfuck.run(code, 10**6)  # always halts


def test_recurrence_by_kitamasa_matches_stepping():
    rng = random.Random(8)
    for _ in range(200):
        k = rng.randint(1, 6)
        modulus = rng.randint(2, 10**6)
        coefficients = [rng.randint(0, 9) for _ in range(k)]
        coefficients[-1] = rng.randint(1, 9)
        constant = rng.choice([0, rng.randint(1, 9)])
        initial = [rng.randrange(modulus) for _ in range(k)]
        stepped = first_terms(coefficients, constant, initial, modulus, 60)
        a = homogeneous(coefficients, constant)
        start = first_terms(coefficients, constant, initial, modulus, len(a))
        assert [term(n, a, start, modulus) for n in range(60)] == stepped


def test_sql_conditions_each_matter_and_queries_differ_on_other_databases():
    rng = random.Random(6)
    for difficulty in (0, 8, 16, 30):
        databases = [draw_database(rng, 6 + difficulty) for _ in range(4)]
        shown = databases[0].connect()
        conditions = draw_conditions(rng, difficulty, 1 + difficulty // 4, shown)
        for index in range(len(conditions)):
            others = conditions[:index] + conditions[index + 1 :]
            where = " AND ".join(c.sql for c in others) or "1"
            everything = " AND ".join(c.sql for c in conditions)
            count = shown.execute(f"SELECT COUNT(*) {JOIN} WHERE {where}").fetchone()[0]
            assert count > shown.execute(f"SELECT COUNT(*) {JOIN} WHERE {everything}").fetchone()[0]
        query, results = draw_checked_query(rng, difficulty, 1 + difficulty // 4, databases)
        assert results[0] and any(result != results[0] for result in results[1:])
