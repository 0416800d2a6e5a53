"""The input-search and program-reading environments of wave 2: distinguishing inputs, failing asserts, minimal
failing inputs, generators, closures, classes and ordered SQL joins.

Every reference answer is checked against an independent computation built from the prompt text alone: the
Python shown in a prompt is run by Python itself (our own generated code, never model output) and searched by
brute force over the stated range; the SQL task's database is rebuilt from the rows printed in the prompt and the
query run by sqlite3.
"""

from __future__ import annotations

import ast
import contextlib
import io
import random
import re
import sqlite3

from rlve.testing import assert_accepted, assert_rejected, find_problem, score_answer
from rlve_plugin_code.environments.assertion_failing_input import AssertionFailingInput
from rlve_plugin_code.environments.class_state_trace import ClassStateTrace
from rlve_plugin_code.environments.closure_output import ClosureOutput
from rlve_plugin_code.environments.distinguishing_input import DistinguishingInput
from rlve_plugin_code.environments.generator_output import GeneratorOutput
from rlve_plugin_code.environments.minimal_failing_input import MinimalFailingInput
from rlve_plugin_code.environments.sql_join_output import SqlJoinOutput
from rlve_plugin_code.input_search import draw_function, function_steps, run_lanes
from rlve_plugin_code.programs import render, result_of

LEVELS = (0, 3, 7, 12, 20, 30)
SEEDS = range(4)


def fenced(prompt: str, language: str = "python") -> str:
    return re.search(rf"```{language}\n(.*?)```", prompt, re.DOTALL).group(1)


def problems(env, levels=LEVELS, seeds=SEEDS):
    return [env.sample(d, seed) for d in levels for seed in seeds]


def defined(source: str) -> dict:
    namespace: dict = {}
    exec(source, namespace)  # our own generated program, shown in the prompt
    return namespace


def printed(source: str) -> list[int]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        defined(source)
    return [int(line) for line in out.getvalue().split()]


def top_of(prompt: str) -> int:
    return int(re.search(r"with 0 <= n <= (\d+)", prompt).group(1))


# -- the shared evaluator ------------------------------------------------------------------------------------------


def test_running_all_inputs_at_once_agrees_with_the_interpreter_and_python():
    rng = random.Random(7)
    for difficulty in (0, 4, 9, 15, 24, 30, 200):
        inputs = list(range(0, 40))
        program = draw_function(rng, difficulty, inputs)
        lanes = run_lanes(program, inputs, function_steps(difficulty)).results
        function = defined(render(program, "f"))["f"]
        assert lanes == [result_of(program, (n,), 10**6) for n in inputs] == [function(n) for n in inputs]


# -- code/distinguishing_input -------------------------------------------------------------------------------------


def differing_inputs(problem) -> list[int]:
    namespace = defined(fenced(problem.prompt))
    p, q = namespace["p"], namespace["q"]
    return [n for n in range(top_of(problem.prompt) + 1) if p(n) != q(n)]


def test_distinguishing_inputs_are_few_and_found_by_brute_force():
    for problem in problems(DistinguishingInput()):
        differing = differing_inputs(problem)
        top = top_of(problem.prompt)
        assert int(problem.answer) in differing, problem.prompt
        assert 1 <= len(differing) <= max(1, (top + 1) // 8)
        first, second = fenced(problem.prompt).split("\n\n\n")
        changed = [a for a, b in zip(first.split("\n")[1:], second.split("\n")[1:]) if a != b]
        assert len(changed) == 1  # q is p with one slip


def test_distinguishing_answers():
    problem = find_problem("code/distinguishing_input", lambda p: len(differing_inputs(p)) >= 2, difficulties=[20])
    differing = differing_inputs(problem)
    for n in differing:
        assert_accepted(problem, str(n))
    assert_accepted(problem, f"n = {differing[-1]}")
    same = next(n for n in range(top_of(problem.prompt) + 1) if n not in differing)
    assert_rejected(problem, str(same), "both return")
    assert_rejected(problem, str(top_of(problem.prompt) + 1), "between")
    assert_rejected(problem, "-1", "between")
    assert not score_answer(problem, f"0{differing[0]}").format_ok  # a leading zero
    assert not score_answer(problem, "p(3) != q(3)").format_ok
    assert not score_answer(problem, "").format_ok


# -- code/assertion_failing_input ----------------------------------------------------------------------------------


def failing_inputs(problem, top: int) -> list[int]:
    check = defined(fenced(problem.prompt))["check"]
    failing = []
    for n in range(top + 1):
        try:
            check(n)
        except AssertionError:
            failing.append(n)
    return failing


def test_assertion_failures_match_python():
    env = AssertionFailingInput()
    nones = 0
    for problem in problems(env, seeds=range(6)):
        top = top_of(problem.prompt)
        failing = failing_inputs(problem, top)
        if problem.answer == "none":
            nones += 1
            assert not failing, problem.prompt
            assert failing_inputs(problem, 2 * top + 1), problem.prompt  # it does fail just past the range
        else:
            assert int(problem.answer) in failing, problem.prompt
            assert len(failing) <= max(1, (top + 1) // 8)
    assert 1 <= nones <= 12


def test_assertion_answers():
    env = AssertionFailingInput()
    problem = find_problem(
        "code/assertion_failing_input",
        lambda p: p.answer != "none" and len(failing_inputs(p, top_of(p.prompt))) >= 2,
        difficulties=[15],
    )
    top = top_of(problem.prompt)
    failing = failing_inputs(problem, top)
    for n in failing:
        assert_accepted(problem, str(n))
    holding = next(n for n in range(top + 1) if n not in failing)
    assert_rejected(problem, str(holding), "holds")
    assert_rejected(problem, "none", "fails for some n")
    assert_rejected(problem, str(top + 1), "between")
    assert not score_answer(problem, "n is 3").format_ok
    none = next(p for p in (env.sample(6, seed) for seed in range(60)) if p.answer == "none")
    for written in ("none", "None.", "no such n"):
        assert_accepted(none, written)
    assert_rejected(none, "0", "holds")


# -- code/minimal_failing_input ------------------------------------------------------------------------------------


def rejected_inputs(problem) -> list[int]:
    ok = defined(fenced(problem.prompt))["ok"]
    low, high = map(int, re.search(r"with (\d+) <= n <= (\d+)", problem.prompt).groups())
    outcomes = [ok(n) for n in range(low, high + 1)]
    assert all(isinstance(outcome, bool) for outcome in outcomes)
    return [n for n, outcome in zip(range(low, high + 1), outcomes) if not outcome]


def test_minimal_failing_input_is_the_first_rejected_by_python():
    for problem in problems(MinimalFailingInput()):
        rejected = rejected_inputs(problem)
        low = int(re.search(r"with (\d+) <= n", problem.prompt).group(1))
        assert int(problem.answer) == rejected[0], problem.prompt
        assert len(rejected) >= 2 and rejected[0] >= low + 2  # not the first input, and not the only one


def test_minimal_failing_answers():
    problem = MinimalFailingInput().sample(14, 2)
    rejected = rejected_inputs(problem)
    first = rejected[0]
    assert_accepted(problem, str(first))
    assert_accepted(problem, f"n: {first}")
    assert_rejected(problem, str(first - 1), "returns true")
    assert_rejected(problem, str(rejected[1]), "smaller")
    high = int(re.search(r"<= n <= (\d+)", problem.prompt).group(1))
    assert_rejected(problem, str(high + 1), "between")
    assert not score_answer(problem, "100000").format_ok  # longer than any input of the range
    assert not score_answer(problem, f"{first}, {rejected[1]}").format_ok


# -- code/generator_output, code/closure_output, code/class_state_trace --------------------------------------------


def test_printed_programs_match_python():
    for env in (GeneratorOutput(), ClosureOutput(), ClassStateTrace()):
        for problem in problems(env, levels=LEVELS + (200,)):
            assert printed(fenced(problem.prompt)) == [int(v) for v in problem.answer.split()], problem.prompt


def test_program_features_appear_with_difficulty():
    def sources(env, levels, seeds=range(10)):
        return "\n".join(fenced(p.prompt) for p in problems(env, levels, seeds))

    generators = sources(GeneratorOutput(), (14, 25))
    for feature in ("yield from", "next(a, -1)", "zip(", "break", "return", "print(len(list(", "range(0, i)"):
        assert feature in generators, feature
    assert "yield from" not in sources(GeneratorOutput(), (0, 1))
    closures = sources(ClosureOutput(), (12, 25))
    for feature in ("nonlocal total", "lambda x, i=i:", "seen=[]", "def make_pair", "d=base"):
        assert feature in closures, feature
    classes = sources(ClassStateTrace(), (16, 28))
    for feature in ("super().__init__", "super().grow(k)", "self.count += 1", "Base.bonus = ", "self.grow(1)"):
        assert feature in classes, feature
    assert "class Child" not in sources(ClassStateTrace(), (0, 1))


def test_late_binding_is_what_the_answer_hinges_on():
    # Reading the comprehension's lambdas as if each kept its own i gives another output, which is rejected.
    problem = find_problem(
        "code/closure_output", lambda p: re.search(r"late\d\[[0-2]\]", p.prompt) is not None, difficulties=[6, 8, 10]
    )
    source = fenced(problem.prompt)
    early = printed(re.sub(r"(late\d = \[lambda x): ", r"\1, i=i: ", source))
    assert early != printed(source)
    assert_rejected(problem, " ".join(map(str, early)))


def test_printed_value_answers():
    for env in (GeneratorOutput(), ClosureOutput(), ClassStateTrace()):
        problem = env.sample(16, 3)
        values = problem.answer.split()
        for written in ("\n".join(values), ", ".join(values), f"[{', '.join(values)}]"):
            assert_accepted(problem, written)
        changed = values[:-1] + [str(int(values[-1]) + 1)]
        assert_rejected(problem, " ".join(changed), f"value {len(values)} is wrong")
        assert_rejected(problem, " ".join(values[:-1]), "prints")
        assert not score_answer(problem, "the program prints nothing").format_ok


# -- code/sql_join_output ------------------------------------------------------------------------------------------


def rebuilt_rows(prompt: str) -> list[tuple]:
    """The query run by sqlite3 on the database rebuilt from the schema and rows printed in the prompt."""
    schema = re.search(r"these tables:\n\n(.*?)\n\nand these rows", prompt, re.DOTALL).group(1)
    connection = sqlite3.connect(":memory:")
    connection.executescript(schema)
    for table, block in re.findall(r"^(\w+) \([^)]*\):\n((?:  \(.*\)\n?)+)", prompt, re.MULTILINE):
        for line in block.strip().splitlines():
            row = ast.literal_eval(line.strip())
            connection.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(row))})", row)
    return connection.execute(fenced(prompt, "sql")).fetchall()


def written(rows: list[tuple]) -> str:
    return "\n".join(", ".join("NULL" if v is None else str(v) for v in row) for row in rows)


def test_sql_join_rows_match_sqlite_on_the_rebuilt_database():
    for problem in problems(SqlJoinOutput(), levels=LEVELS + (100,)):
        rows = rebuilt_rows(problem.prompt)
        assert 1 <= len(rows) and written(rows) == problem.answer, problem.prompt
        assert re.search(r"ORDER BY .*(d\.name|p\.name|e\.name|d\.city) ASC$", fenced(problem.prompt, "sql"))


def test_sql_join_answers():
    problem = find_problem(
        "code/sql_join_output",
        lambda p: "NULL" in p.answer and len(set(p.answer.splitlines())) >= 3,
        difficulties=[6, 8, 10, 12],
    )
    rows = rebuilt_rows(problem.prompt)
    assert_accepted(problem, written(rows).replace("NULL", "None"))
    assert_accepted(problem, "\n".join(f"({', '.join(repr(v) for v in row)})" for row in rows))
    assert_rejected(problem, written(rows[::-1]), "order")
    assert_rejected(problem, written(rows[:-1]), "returns")
    changed = rows[:1] + [rows[1][:-1] + ((rows[1][-1] or 0) + 1,)] + rows[2:]
    assert_rejected(problem, written(changed), "row 2")
    assert_rejected(problem, written(rows).replace("NULL", "0"), "row")  # NULL is not 0
    assert not score_answer(problem, written(rows).replace(", ", " ; ")).format_ok
    assert not score_answer(problem, written([row + (1,) for row in rows])).format_ok
