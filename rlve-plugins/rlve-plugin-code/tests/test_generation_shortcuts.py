"""The shortcuts that make generation fast give exactly what the slow ways give (issue #27).

- ``programs.compiled``: a program compiled to closures returns what the interpreter returns, and runs out
  of steps exactly where it does (code/find_input probes each program on dozens of inputs with it);
- ``sql.where_masks`` and ``sql.form_rows``: the rows passing each WHERE, and a query's rows, computed in
  Python, are SQLite's, for the queries the generator writes and every near variant of them (code/sql_query
  decides with them which variants the hidden databases tell apart, code/sql_output which conditions matter);
- ``fill_missing_line.essential_steps``: the steps found essential are those whose removal changes a result.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from rlve_plugin_code.environments.fill_missing_line import essential_steps
from rlve_plugin_code.function_tasks import draw_task
from rlve_plugin_code.program_tasks import settings
from rlve_plugin_code.programs import OutOfSteps, draw_program, result_of
from rlve_plugin_code.programs.compiled import compile_function
from rlve_plugin_code.sql.data import Draft, draw_database, normalise_rows
from rlve_plugin_code.sql.form_rows import form_rows
from rlve_plugin_code.sql.queries import draw_conditions, draw_query
from rlve_plugin_code.sql.tasks import condition_count
from rlve_plugin_code.sql.variants import near_variants
from rlve_plugin_code.sql.where_masks import WhereMasks
from rlve_plugin_code.steps import LISTS, STRINGS


def _outcome(run):
    try:
        return run()
    except OutOfSteps:
        return "out of steps"


@pytest.mark.parametrize("difficulty", [0, 4, 9, 15, 24, 30])
def test_compiled_programs_agree_with_the_interpreter(difficulty):
    rng = random.Random(difficulty)
    config = settings(difficulty, prints=False)
    ran_out = 0
    for _ in range(40):
        program = draw_program(rng, config, ("n",))
        compiled = compile_function(program)
        for n in (0, 1, 7, 13, 50, 333):
            for steps in (2, 6, 25, 200, 5_000):  # small budgets: running out must happen at the same step
                expected = _outcome(partial(result_of, program, (n,), steps))
                assert _outcome(partial(compiled, (n,), steps)) == expected
                ran_out += expected == "out of steps"
    assert ran_out > 0  # the budgets did cut some runs short, so that case was compared too


@pytest.mark.parametrize("difficulty", [3, 8, 12, 16, 22, 30])
def test_masks_and_rows_in_python_are_sqlites(difficulty):
    """Every near variant of drawn queries, on drawn and edited databases: the rows passing its WHERE are those
    SQLite lets through, and where form_rows computes its rows, they are SQLite's rows."""
    rng = random.Random(100 + difficulty)
    computed = 0
    for _ in range(6):
        database = draw_database(rng, 6 + difficulty)
        draft = Draft(database)  # an edited copy: clones with the same values make ties
        for employee in list(draft.employees)[:3]:
            draft.clone(employee)
        for candidate in (database, draft.freeze()):
            connection = candidate.connect()
            try:
                conditions = draw_conditions(rng, difficulty, condition_count(difficulty), connection, strict=True)
                query = draw_query(rng, difficulty, conditions, strict=True)
                forms = [query.form] + [variant.form for variant in near_variants(query.form)]
                same_source = [form for form in forms if form.source == query.form.source]
                wheres = [form.where for form in same_source]
                for known in (None, candidate):  # the source's rows read by a query, or joined in Python
                    masks = WhereMasks(connection, query.form.source, wheres, known)
                    assert masks.exact
                    for form in same_source:
                        mask = masks.of(form.where)
                        keys = masks.keys_of(mask, 0)
                        assert keys == set(connection.execute(form.selection()).fetchall()), form.sql()
                        rows = form_rows(form, masks.table, mask)
                        if rows is not None:
                            assert rows == normalise_rows(connection.execute(form.sql()).fetchall()), form.sql()
                            computed += 1
            finally:
                connection.close()
    assert computed > 0


@pytest.mark.parametrize("difficulty", [2, 10, 20, 30])
def test_essential_steps_are_those_whose_removal_changes_a_result(difficulty):
    rng = random.Random(difficulty)
    for domain in (LISTS, STRINGS):
        for _ in range(5):
            task = draw_task(domain, rng, difficulty, 2 + difficulty)
            steps = task.pipeline.steps
            inputs = [test["args"][0] for test in task.tests]
            expected = [test["expected"] for test in task.tests]
            brute = [
                index
                for index in range(len(steps))
                if any(
                    task.pipeline.apply(value, steps[:index] + steps[index + 1 :]) != want
                    for value, want in zip(inputs, expected)
                )
            ]
            assert essential_steps(steps, inputs, expected) == brute
