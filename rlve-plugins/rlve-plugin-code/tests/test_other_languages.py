"""Answers in other languages than Python: SQL window functions, recursive CTEs and NULLs, re substitutions, and
programs for the pack's stack and register machines.

The SQL outputs are checked against sqlite3 in this process, on the database and query rebuilt from the prompt
text (our generated SQL, never model text); the written queries by hand-written equivalents without window
functions and by the near variants failing on some database.
"""

from __future__ import annotations

import ast
import random
import re
import sqlite3
from collections import Counter
from dataclasses import replace

import pytest

from rlve.testing import assert_accepted, assert_rejected, score_answer
from rlve_plugin_code import stackvm
from rlve_plugin_code.environments import register_machine
from rlve_plugin_code.environments.regex_substitution_output import RegexSubstitutionOutput
from rlve_plugin_code.environments.register_program_synthesis import RegisterProgramSynthesis
from rlve_plugin_code.environments.sql_null_semantics_output import SqlNullSemanticsOutput
from rlve_plugin_code.environments.sql_recursive_cte_output import SqlRecursiveCteOutput
from rlve_plugin_code.environments.sql_window_output import SqlWindowOutput
from rlve_plugin_code.environments.sql_window_query import SqlWindowQuery, separated
from rlve_plugin_code.environments.stack_program_synthesis import StackProgramSynthesis
from rlve_plugin_code.machine_programs import MachineError, parse_register_program, parse_stack_program, run_stack
from rlve_plugin_code.program_tasks import draw_running_program
from rlve_plugin_code.sandbox import Limits
from rlve_plugin_code.sql.windows import Window, draw_window

FAST = Limits(wall_seconds=3.0, cpu_seconds=2)


# -- reading a prompt back --------------------------------------------------------------------------------------


def database_from_prompt(prompt: str) -> sqlite3.Connection:
    """The database a prompt shows: its CREATE TABLE statements, then each table's rows as literals."""
    connection = sqlite3.connect(":memory:")
    if "and these rows:" not in prompt:
        return connection  # a query on no table
    schema = re.split(r"tables?:\n\n", prompt, maxsplit=1)[1].split("\n\nand these rows:", 1)[0]
    connection.executescript(schema)
    rows_text = prompt.split("and these rows:\n\n", 1)[1]
    table = None
    for line in rows_text.splitlines():
        header = re.fullmatch(r"(\w+) \(([\w, ]+)\):", line)
        if header:
            table = header.group(1)
        elif line.startswith("  (") and table and line.strip() != "(no rows)":
            values = ast.literal_eval(line.strip().replace("NULL", "None"))
            values = values if isinstance(values, tuple) else (values,)
            connection.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(values))})", values)
        elif line.strip():
            table = None  # past the tables
    return connection


def query_from_prompt(prompt: str) -> str:
    return re.search(r"```sql\n(.*?)\n```", prompt, re.S).group(1)


def as_answer(rows: list[tuple]) -> str:
    def cell(value):
        if value is None:
            return "NULL"
        if isinstance(value, float):
            return f"{value:.2f}"
        return str(value)

    return "\n".join(", ".join(cell(value) for value in row) for row in rows) or "no rows"


def sqlite_rows(prompt: str) -> list[tuple]:
    connection = database_from_prompt(prompt)
    try:
        return connection.execute(query_from_prompt(prompt)).fetchall()
    finally:
        connection.close()


# -- code/sql_window_output ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", [0, 2, 3, 4, 6, 8, 10, 12, 16, 25, 40])
def test_sql_window_output_matches_sqlite_on_the_prompt(difficulty):
    env = SqlWindowOutput()
    for seed in range(6):
        problem = env.sample(difficulty, seed)
        rows = sqlite_rows(problem.prompt)
        assert_accepted(problem, as_answer(rows))
        assert_accepted(problem, problem.answer)


def test_sql_window_output_features_appear_with_difficulty():
    env = SqlWindowOutput()
    queries = [env.sample(d, seed).prompt for d in range(12, 30) for seed in range(4)]
    text = "\n".join(query_from_prompt(prompt) for prompt in queries)
    features = ("RANK()", "DENSE_RANK()", "ROW_NUMBER()", "PRECEDING", "PARTITION BY", "LAG(", "LEAD(", "WHERE place")
    features += ("AVG(",)
    for feature in features:
        assert feature in text, feature
    easy = "\n".join(query_from_prompt(env.sample(0, seed).prompt) for seed in range(20))
    assert all(feature not in easy for feature in (" RANK()", "DENSE_RANK", "PRECEDING", "LAG(", "LEAD(", "WHERE"))


def test_sql_window_output_accepts_other_spellings_and_rejects_near_misses():
    env = SqlWindowOutput()
    for seed in range(30):
        problem = env.sample(14, seed)
        rows = sqlite_rows(problem.prompt)
        if len(rows) >= 3 and len({row for row in rows}) == len(rows):
            break
    spelled = "\n".join("(" + ", ".join(repr(v) if isinstance(v, str) else ("null" if v is None else str(v))
                                         for v in row) + ")" for row in rows)
    assert_accepted(problem, spelled)
    swapped = rows[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    if swapped != rows:
        assert "order" in assert_rejected(problem, as_answer(swapped)).reason
    last = list(rows[-1])
    last[-1] = 1 if last[-1] is None else None
    assert_rejected(problem, as_answer(rows[:-1] + [tuple(last)]))
    assert_rejected(problem, as_answer(rows[:-1]))
    assert_rejected(problem, "no rows")
    assert_rejected(problem, "\n".join(", ".join(str(v) for v in row[:-1]) for row in rows))


def test_sql_window_output_reads_averages_rounded_or_exact():
    from rlve_plugin_code.sql.ordered_rows import check_ordered_rows

    expected = [("Ada", 4233.333333333333, None), ("Ben", 7, "x")]
    assert check_ordered_rows("Ada, 4233.33, NULL\nBen, 7, x", expected).correct
    assert check_ordered_rows("Ada, 4233.3333, None\nBen, 7.0, 'x'", expected).correct
    assert not check_ordered_rows("Ada, 4233.3, NULL\nBen, 7, x", expected).correct
    assert not check_ordered_rows("Ada, 4233.33, 0\nBen, 7, x", expected).correct
    assert check_ordered_rows("no rows", []).correct
    assert not check_ordered_rows("NULL", [(1,)]).correct


# -- code/sql_window_query ---------------------------------------------------------------------------------------------


class FastSqlWindowQuery(SqlWindowQuery):
    limits = FAST


def window_of(env, difficulty: int, seed: int) -> tuple[object, Window, list]:
    """The problem and the structured query it was made from, redrawn the way Environment.sample seeds it."""
    problem = env.sample(difficulty, seed)
    rng = random.Random(f"{env.id}|{env.version}|{difficulty}|{seed}")
    while True:
        window = draw_window(rng, difficulty, limited=True)
        found = separated(window, rng, 5 + difficulty)
        if found is not None:
            break
    assert window.sql() == problem.answer
    return problem, window, [database.script() for database, _ in found]


def rows_everywhere(scripts: list[str], sql: str) -> list[Counter]:
    results = []
    for script in scripts:
        connection = sqlite3.connect(":memory:")
        connection.executescript(script)
        results.append(Counter(connection.execute(sql).fetchall()))
        connection.close()
    return results


def test_sql_window_query_every_near_variant_fails_somewhere():
    env = SqlWindowQuery()
    for difficulty in (0, 3, 5, 8, 11, 14, 20, 30):
        for seed in range(3):
            problem, window, scripts = window_of(env, difficulty, seed)
            assert problem.data["scripts"] == scripts
            expected = [Counter(map(tuple, rows)) for rows in problem.data["expected"]]
            assert rows_everywhere(scripts, problem.answer) == expected
            for variant in window.variants():
                assert rows_everywhere(scripts, variant.sql()) != expected, variant


def rank_without_windows(window: Window) -> str:
    """RANK() <= k within departments, by counting the employees who do better: no window function."""
    op = ">" if window.descending else "<"
    return (
        f"SELECT d.name, e.name, e.{window.column}, 1 + (SELECT COUNT(*) FROM employees o "
        f"WHERE o.department_id = e.department_id AND o.{window.column} {op} e.{window.column}) AS place "
        f"FROM employees e JOIN departments d ON d.id = e.department_id WHERE place <= {window.limit}"
    )


def test_sql_window_query_judges_written_queries_in_the_sandbox():
    env = FastSqlWindowQuery()
    for seed in range(200):
        problem, window, scripts = window_of(env, 6, seed)
        if window.kind == "rank" and window.function == "RANK" and window.partition == "e.department_id":
            break
    else:
        pytest.skip("no RANK problem drawn")
    prompt = problem.prompt
    assert f"at most {window.limit}" in prompt and "1 + the number of employees of their department who" in prompt
    assert env.verify(problem, problem.answer).correct
    assert env.verify(problem, f"```sql\n{rank_without_windows(window)}\n```").correct
    dense = replace(window, function="DENSE_RANK").sql()
    assert "DENSE_RANK" in dense and not env.verify(problem, dense).correct
    wrong = env.verify(problem, "SELECT name FROM employees")
    assert not wrong.correct and "columns" in wrong.reason
    assert not env.verify(problem, "```python\nprint(1)\n```").format_ok


# -- code/sql_recursive_cte_output -----------------------------------------------------------------------------------


def reach_by_search(prompt: str) -> list[tuple] | None:
    """The fewest steps to each place within the bound, by breadth-first search over the prompt's links."""
    query = query_from_prompt(prompt)
    if "MIN(steps) AS fewest" not in query:
        return None
    start = re.search(r"SELECT '(\w)', 0", query).group(1)
    limit = int(re.search(r"WHERE r.steps < (\d+)", query).group(1))
    links = re.findall(r"  \('(\w)', '(\w)'\)", prompt)
    fewest = {start: 0}
    frontier = [start]
    for steps in range(1, limit + 1):
        frontier = sorted({b for a, b in links if a in frontier} - set(fewest))
        fewest.update((node, steps) for node in frontier)
    return sorted(fewest.items(), key=lambda item: (item[1], item[0]))


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 20, 30, 200])
def test_sql_recursive_cte_output_matches_sqlite_on_the_prompt(difficulty):
    env = SqlRecursiveCteOutput()
    for seed in range(8):
        problem = env.sample(difficulty, seed)
        rows = sqlite_rows(problem.prompt)
        assert_accepted(problem, as_answer(rows))
        assert_rejected(problem, as_answer(rows[:-1]))
        assert_rejected(problem, as_answer(rows[::-1]), "order")
        changed = list(rows[-1])
        index = next(i for i, value in enumerate(changed) if isinstance(value, int))
        changed[index] += 1
        assert_rejected(problem, as_answer(rows[:-1] + [tuple(changed)]))


def test_sql_recursive_cte_output_draws_every_kind():
    env = SqlRecursiveCteOutput()
    problems = [env.sample(d, seed) for d in range(8, 16) for seed in range(6)]
    text = "\n".join(query_from_prompt(problem.prompt) for problem in problems)
    searched = [(problem, reach_by_search(problem.prompt)) for problem in problems]
    searched = [(problem, rows) for problem, rows in searched if rows is not None]
    assert len(searched) >= 3
    for problem, rows in searched:  # breadth-first search, independently of SQLite
        assert_accepted(problem, as_answer(rows))
    for feature in ("FROM staff", "JOIN chain", "UNION\n", "UNION ALL", "CASE WHEN", "||", "GROUP BY", "fib("):
        assert feature in text, feature


# -- code/sql_null_semantics_output ----------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 4, 6, 8, 11, 15, 22, 30, 300])
def test_sql_null_semantics_output_matches_sqlite_on_the_prompt(difficulty):
    env = SqlNullSemanticsOutput()
    for seed in range(8):
        problem = env.sample(difficulty, seed)
        rows = sqlite_rows(problem.prompt)
        assert_accepted(problem, as_answer(rows))
        if not rows:
            assert_accepted(problem, "No rows.")
            assert_rejected(problem, "NULL")
            continue
        assert_rejected(problem, "no rows")
        if len(rows) > 1:
            assert_rejected(problem, as_answer(rows[1:]))
        nulls = [(r, c) for r, row in enumerate(rows) for c, value in enumerate(row) if value is None]
        if nulls:  # a NULL read as 0 (or as an empty text) is wrong
            r, c = nulls[0]
            zeroed = [list(row) for row in rows]
            zeroed[r][c] = 0
            assert_rejected(problem, as_answer([tuple(row) for row in zeroed]))


def test_sql_null_semantics_output_not_in_over_a_null_keeps_nothing():
    env = SqlNullSemanticsOutput()
    seen = 0
    for seed in range(400):
        problem = env.sample(7, seed)
        query = query_from_prompt(problem.prompt)
        if "id NOT IN (SELECT item_id FROM orders)" not in query:
            continue
        orders = problem.prompt.split("orders (id, item_id, qty):")[1]
        order_items = re.findall(r"  \(\d+, (NULL|\d+), (?:NULL|\d+)\)", orders)
        if "NULL" in order_items:  # x NOT IN (..., NULL) is never TRUE: no row passes
            assert problem.data["rows"] == []
            seen += 1
        if seen >= 3:
            break
    assert seen >= 3


def test_sql_null_semantics_output_draws_the_null_traps():
    env = SqlNullSemanticsOutput()
    text = "\n".join(query_from_prompt(env.sample(d, seed).prompt) for d in range(6, 14) for seed in range(8))
    features = ("COUNT(*)", "COUNT(price)", "COALESCE", "LEFT JOIN", "NOT IN", "GROUP BY category", "CASE", "NOT (")
    for feature in features:
        assert feature in text, feature


# -- code/regex_substitution_output ----------------------------------------------------------------------------------


def regex_calls_from_prompt(prompt: str) -> list[tuple[str, list, dict, str]]:
    """Each printed call of the prompt's program: the re function, its arguments and keywords, and s."""
    program = re.search(r"```python\n(.*?)\n```", prompt, re.S).group(1)
    tree = ast.parse(program)
    s = next(node.value.value for node in tree.body if isinstance(node, ast.Assign))
    calls = []
    for node in tree.body:
        if isinstance(node, ast.Expr):
            call = node.value.args[0]  # print(re.f(...))
            args = [ast.literal_eval(arg) if not isinstance(arg, ast.Name) else s for arg in call.args]
            keywords = {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}
            calls.append((call.func.attr, args, keywords, s))
    return calls


@pytest.mark.parametrize("difficulty", [0, 1, 2, 4, 6, 8, 10, 12, 20, 30, 1000])
def test_regex_substitution_output_matches_python_re_on_the_prompt(difficulty):
    env = RegexSubstitutionOutput()
    for seed in range(8):
        problem = env.sample(difficulty, seed)
        calls = regex_calls_from_prompt(problem.prompt)
        printed = [repr(getattr(re, function)(*args, **keywords)) for function, args, keywords, _ in calls]
        assert printed == problem.answer.splitlines()
        assert_accepted(problem, "\n".join(printed))
        assert_accepted(problem, "\n".join(line.replace("'", '"').replace(", ", ",") for line in printed))
        assert_rejected(problem, "\n".join(printed[:-1]))
        if printed[::-1] != printed:
            assert_rejected(problem, "\n".join(printed[::-1]))


def test_regex_substitution_output_rejects_the_greedy_lazy_and_count_slips():
    env = RegexSubstitutionOutput()
    slips = 0
    for seed in range(60):
        problem = env.sample(12, seed)
        calls = regex_calls_from_prompt(problem.prompt)
        printed = problem.answer.splitlines()
        for index, (function, args, keywords, s) in enumerate(calls):
            pattern = args[0]
            wrong = None
            if ".*?" in pattern:
                wrong = re.findall(pattern.replace(".*?", ".*"), s)
            elif "count" in keywords:
                wrong = re.sub(*args, count=keywords["count"] + 1)
            elif function == "split" and pattern.startswith("("):
                wrong = re.split(pattern.replace("(", "(?:", 1), s)
            if wrong is not None and repr(wrong) != printed[index]:
                answer = printed[:index] + [repr(wrong)] + printed[index + 1 :]
                assert_rejected(problem, "\n".join(answer), f"line {index + 1}")
                slips += 1
    assert slips >= 5


# -- code/stack_program_synthesis ----------------------------------------------------------------------------------


def tiny_stack_machine(lines: list[str], variables: dict, max_steps: int):
    """An independent reading of the prompt's instruction set: the printed numbers, or "error" / "steps"."""
    stack, values, output, pc, steps = [], dict(variables), [], 0, 0
    ops = {"ADD": int.__add__, "SUB": int.__sub__, "MUL": int.__mul__, "DIV": int.__floordiv__, "MOD": int.__mod__,
           "MIN": min, "MAX": max, "LT": int.__lt__, "LE": int.__le__, "GT": int.__gt__, "GE": int.__ge__,
           "EQ": int.__eq__, "NE": int.__ne__, "AND": lambda a, b: bool(a) and bool(b),
           "OR": lambda a, b: bool(a) or bool(b)}
    program = [line.split(":", 1)[-1].split() for line in lines]
    try:
        while pc < len(program):
            steps += 1
            if steps > max_steps:
                return "steps"
            op, *arg = program[pc]
            pc += 1
            if op == "PUSH":
                stack.append(int(arg[0]))
            elif op == "LOAD":
                stack.append(values[arg[0]])
            elif op == "STORE":
                values[arg[0]] = stack.pop()
            elif op == "JMP":
                pc = int(arg[0])
            elif op == "JZ":
                pc = int(arg[0]) if stack.pop() == 0 else pc
            elif op == "PRINT":
                output.append(stack.pop())
            elif op == "ABS":
                stack.append(abs(stack.pop()))
            elif op == "NOT":
                stack.append(int(not stack.pop()))
            else:
                b, a = stack.pop(), stack.pop()
                stack.append(int(ops[op](a, b)))
    except (IndexError, KeyError, ZeroDivisionError):
        return "error"
    return output


def pack_stack_machines(text: str, variables: dict, max_steps: int):
    """The same program on the pack's two stack interpreters (stackvm.run has no inputs: they are pushed first)."""
    code = parse_stack_program(text)
    try:
        bounded, _ = run_stack(code, variables, max_steps)
    except MachineError as error:
        bounded = "steps" if "runs more than" in str(error) else "error"
    prefix = [stackvm.Instruction(op, arg) for name, value in variables.items() for op, arg in
              (("PUSH", value), ("STORE", name))]
    shifted = [stackvm.Instruction(i.op, i.arg + len(prefix)) if i.op in ("JMP", "JZ") else i for i in code]
    try:
        plain = stackvm.run(prefix + shifted, max_steps + len(prefix))
    except stackvm.OutOfSteps:
        plain = "steps"
    except (IndexError, KeyError, ZeroDivisionError):
        plain = "error"
    return bounded, plain


def test_stack_interpreters_agree_on_random_programs():
    rng = random.Random(5)
    for round_ in range(60):
        # Generated programs (valid, with loops), and random instruction soup (mostly failing somewhere).
        program, _ = draw_running_program(rng, 10, prints=True, accept=lambda _p, _run: True)
        text = stackvm.listing(stackvm.compile_program(program))
        if round_ % 2:
            ops = ["PUSH 3", "PUSH -2", "LOAD x", "STORE x", "ADD", "SUB", "MUL", "DIV", "MOD", "LT", "NOT", "ABS",
                   "PRINT", "JZ 0", "JMP 2", "MAX", "AND", "EQ"]
            text = "\n".join(["LOAD x"] + [rng.choice(ops) for _ in range(rng.randint(1, 14))])
        variables = {"x": rng.randint(-9, 9)}
        bounded, plain = pack_stack_machines(text, variables, 3000)
        mine = tiny_stack_machine(text.splitlines(), variables, 3000)
        assert bounded == plain == mine, text


def handwritten(step: str) -> list[str] | None:
    """A program written by hand for a one-step description (d = 0), without the variable v."""
    number = [int(n) for n in re.findall(r"-?\d+", step)]
    if step.startswith("add "):
        return ["LOAD x", f"PUSH {number[0]}", "ADD", "PRINT"]
    if step.startswith("multiply"):
        return [f"PUSH {number[0]}", "LOAD x", "MUL", "PRINT"]
    if "mod" in step:
        return ["LOAD x", f"PUSH {number[0]}", "MOD", "PRINT"]
    if "divided by" in step:
        return ["LOAD x", f"PUSH {number[0]}", "DIV", "PRINT"]
    if "absolute value of v -" in step:
        return [f"PUSH {number[0]}", "LOAD x", "SUB", "ABS", "PRINT"]
    match = re.fullmatch(r"if v (<|>|<=|>=) (-?\d+), subtract (\d+) from v", step)
    if match:  # the opposite test jumps over the subtraction
        opposite = {"<": "GE", ">": "LE", "<=": "GT", ">=": "LT"}[match.group(1)]
        return ["LOAD x", "LOAD x", f"PUSH {match.group(2)}", opposite, "JZ 7", "PRINT", "JMP 10",
                f"PUSH {match.group(3)}", "SUB", "PRINT"]
    return None


def test_stack_program_synthesis_accepts_handwritten_programs_and_rejects_their_mutants():
    env = StackProgramSynthesis()
    kinds = set()
    for seed in range(40):
        problem = env.sample(0, seed)
        step = re.search(r"\n  1\. (.*)\n", problem.prompt).group(1)
        program = handwritten(step)
        assert program is not None, step
        kinds.add(program[3] if len(program) > 3 else program[2])
        assert_accepted(problem, "\n".join(program))
        assert_accepted(problem, "\n".join(f"{i}: {line}" for i, line in enumerate(program)))
        wrong_constant = [re.sub(r"PUSH (-?\d+)", lambda m: f"PUSH {int(m.group(1)) + 1}", line) for line in program]
        assert_rejected(problem, "\n".join(wrong_constant))
        assert_rejected(problem, "LOAD x\nPRINT")  # the input itself: no one-step description leaves it as it is
        assert_rejected(problem, "\n".join(["JMP 0"] + program), "runs more than")
        silent = ["STORE r" if line == "PRINT" else line for line in program]
        assert_rejected(problem, "\n".join(silent), "prints nothing")
        assert_rejected(problem, "\n".join(program + ["PUSH 1", "PRINT"]), "prints")
        assert_rejected(problem, "\n".join(["LOAD v"] + program), "holds no value")
    assert len(kinds) >= 4


@pytest.mark.parametrize("difficulty", [1, 3, 5, 6, 9, 15, 30, 200])
def test_stack_program_synthesis_reference_runs_right_on_the_tiny_machine(difficulty):
    env = StackProgramSynthesis()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        lines = problem.answer.splitlines()
        bound = int(re.search(r"runs more than (\d+) instructions", problem.prompt).group(1))
        two = "variables x and y" in problem.prompt
        for (x, y), want in zip(problem.data["tests"], problem.data["expected"]):
            assert tiny_stack_machine(lines, {"x": x, "y": y} if two else {"x": x}, bound) == [want]
        assert_accepted(problem, "\n".join(line.split(":", 1)[1].strip() for line in lines))
        jumps = [i for i, line in enumerate(lines) if " JZ " in line or " JMP " in line]
        for index in jumps[:2]:  # a jump one instruction off is a different program; wrong on some input here?
            mutant = lines[:]
            target = int(mutant[index].split()[-1])
            mutant[index] = mutant[index].rsplit(" ", 1)[0] + f" {target + 1}"
            differs = any(
                tiny_stack_machine(mutant, {"x": x, "y": y} if two else {"x": x}, bound) != [want]
                for (x, y), want in zip(problem.data["tests"], problem.data["expected"])
            )
            assert score_answer(problem, "\n".join(mutant)).correct is not differs


# -- code/register_program_synthesis ---------------------------------------------------------------------------------


def tiny_register_machine(lines: list[str], registers: list[int], max_steps: int):
    """An independent reading of the register machine's instruction set: the final registers, or "stopped"
    (past the step bound or past 10**6 in absolute value, where the pack's interpreter stops too)."""
    values = dict(zip(["r0", "r1", "r2", "r3"], registers))
    program = [re.split(r"[,\s]+", line.split(":", 1)[-1].strip()) for line in lines]
    pc = steps = 0
    while pc < len(program):
        steps += 1
        if steps > max_steps:
            return "stopped"
        op, *args = program[pc]
        pc += 1
        if op == "HALT":
            break
        if op == "JMP":
            pc = int(args[0])
        elif op == "JNZ":
            pc = int(args[1]) if values[args[0]] else pc
        elif op == "DEC":
            values[args[0]] -= 1
        else:
            source = values[args[1]] if args[1] in values else int(args[1])
            values[args[0]] = {"MOV": source, "ADD": values[args[0]] + source, "SUB": values[args[0]] - source,
                               "MUL": values[args[0]] * source}[op]
            if abs(values[args[0]]) > 10**6:
                return "stopped"
    return [values[name] for name in ("r0", "r1", "r2", "r3")]


def test_register_interpreters_agree_on_random_programs():
    rng = random.Random(11)
    registers = ["r0", "r1", "r2", "r3"]
    for _ in range(150):
        size = rng.randint(2, 12)
        lines = []
        for _ in range(size):
            op = rng.choice(["MOV", "ADD", "SUB", "MUL", "DEC", "JNZ", "JMP", "HALT"])
            if op in ("MOV", "ADD", "SUB", "MUL"):
                lines.append(f"{op} {rng.choice(registers)}, {rng.choice(registers + ['2', '-3', '7'])}")
            elif op == "DEC":
                lines.append(f"DEC {rng.choice(registers)}")
            elif op == "JNZ":
                lines.append(f"JNZ {rng.choice(registers)}, {rng.randint(0, size)}")
            elif op == "JMP":
                lines.append(f"JMP {rng.randint(0, size)}")
            else:
                lines.append("HALT")
        start = [0, rng.randint(0, 9), rng.randint(0, 9), 0]
        try:
            pack = register_machine.run(parse_register_program("\n".join(lines)), 500, registers=start)[0]
        except register_machine.OutOfSteps:
            pack = "stopped"
        assert pack == tiny_register_machine(lines, start, 500), lines


def emit_differently(formula: str) -> list[str] | None:
    """A program written apart from the generator's templates, for formulas of c*x, c*y, c, x*y, x*x, T(x), T(y):
    loops count r3 down after the body (a test first, for n = 0)."""
    lines: list[str] = []
    for sign, term in re.findall(r"(^-?|[+-]) ?([^+-]+?)(?= [+-] |$)", formula.strip()):
        term = term.strip()
        add = "SUB" if sign.strip() == "-" else "ADD"
        product = re.fullmatch(r"(\d+)\*([xy])", term)
        if term in ("x", "y") or product:
            factor, name = (product.group(1), product.group(2)) if product else ("1", term)
            lines += [f"MOV r3, {'r1' if name == 'x' else 'r2'}", f"MUL r3, {factor}", f"{add} r0, r3"]
        elif term.isdigit():
            lines.append(f"{add} r0, {term}")
        elif term in ("x*y", "x*x", "y*y"):
            a, b = ("r1" if c == "x" else "r2" for c in (term[0], term[2]))
            lines += [f"MOV r3, {a}", f"MUL r3, {b}", f"{add} r0, r3"]
        elif term in ("T(x)", "T(y)"):
            top = len(lines) + 1
            lines += [f"MOV r3, {'r1' if term == 'T(x)' else 'r2'}", f"JNZ r3, {top + 2}", f"JMP {top + 5}",
                      f"{add} r0, r3", "DEC r3", f"JNZ r3, {top + 2}"]
        else:
            return None
    return lines


def test_register_program_synthesis_accepts_other_programs_and_rejects_mutants():
    env = RegisterProgramSynthesis()
    written = 0
    for difficulty, seed in [(d, s) for d in (0, 1, 2, 3) for s in range(12)]:
        problem = env.sample(difficulty, seed)
        formula = re.search(r"\n    r0 = (.*)\n", problem.prompt).group(1)
        lines = emit_differently(formula)
        if lines is None:
            continue
        written += 1
        assert_accepted(problem, "\n".join(lines))
        assert_accepted(problem, "\n".join(f"{i}. {line}" for i, line in enumerate(lines)))
        elsewhere = "\n".join(line.replace("r0", "r3") for line in lines)  # the result left in r3
        assert_rejected(problem, elsewhere, *(() if "JNZ" in elsewhere else ("leaves r0",)))
        assert_rejected(problem, "\n".join(["JMP 0"] + lines), "runs more than")
        off = [line.replace("ADD r0, r3", "ADD r0, r3\nADD r0, 1", 1) for line in lines]
        if "JNZ" not in "\n".join(lines) and off != lines:
            assert_rejected(problem, "\n".join(off))
        if "T(" in formula:  # a loop that stops one pass early: the first JNZ back lands on the DEC
            early = lines[:]
            index = max(i for i, line in enumerate(early) if line.startswith("DEC r3"))
            early.insert(index, "DEC r3")
            assert_rejected(problem, "\n".join(early))
    assert written >= 12


@pytest.mark.parametrize("difficulty", [2, 4, 6, 9, 15, 30, 500])
def test_register_program_synthesis_reference_runs_right_on_the_tiny_machine(difficulty):
    env = RegisterProgramSynthesis()
    for seed in range(3):
        problem = env.sample(difficulty, seed)
        lines = problem.answer.splitlines()
        bound = problem.data["max_steps"]
        assert f"more than {bound} instructions" in problem.prompt
        for (x, y), want in zip(problem.data["tests"], problem.data["expected"]):
            assert tiny_register_machine(lines, [0, x, y, 0], bound)[0] == want
        pairs = {tuple(pair) for pair in problem.data["tests"]}
        assert {(0, 0), (3, 3), (4, 5), (5, 4)} <= pairs  # ties and both orders: min/max/[x = y]/[x > y] slips
