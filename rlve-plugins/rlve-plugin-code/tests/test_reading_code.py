"""The code-reading environments: line counts, recursion, exceptions, fixed-width arithmetic, a register machine
and reachability.

Every reference answer is checked against an independent computation built from the prompt text alone: the
Python programs the prompts show are run by Python itself (our own generated code, never model output), with a
probe inserted before the marked line where the question is about a line; fixed-width arithmetic is evaluated
from Python's own parse of the expressions with ctypes' fixed-width integers; the register machine is
re-implemented here from its documentation.
"""

from __future__ import annotations

import ast
import contextlib
import ctypes
import functools
import io
import math
import re

from rlve.testing import assert_accepted, assert_rejected, find_problem, score_answer
from rlve_plugin_code.environments.exception_flow import ExceptionFlow
from rlve_plugin_code.environments.fixed_width_arithmetic import FixedWidthArithmetic
from rlve_plugin_code.environments.line_execution_count import LineExecutionCount
from rlve_plugin_code.environments.reachable_branch import ReachableBranch
from rlve_plugin_code.environments.recursion_output import RecursionOutput
from rlve_plugin_code.environments.register_machine import RegisterMachine
from rlve_plugin_code.reading_tasks import MARK

LEVELS = (0, 2, 5, 9, 14, 20, 30)
SEEDS = range(4)


def fenced(prompt: str, language: str) -> str:
    return re.search(rf"```{language}\n(.*?)```", prompt, re.DOTALL).group(1)


def with_probe(source: str) -> str:
    """The program with ``_probe.append(1)`` just before the marked line, at its indentation."""
    lines = source.split("\n")
    marked = [i for i, line in enumerate(lines) if line.endswith(MARK)]
    assert len(marked) == 1
    line = lines[marked[0]]
    indent = line[: len(line) - len(line.lstrip())]
    lines.insert(marked[0], f"{indent}_probe.append(1)")
    return "\n".join(lines)


def problems(env, levels=LEVELS, seeds=SEEDS):
    return [env.sample(d, seed) for d in levels for seed in seeds]


# -- code/line_execution_count -----------------------------------------------------------------------------------


def test_line_counts_match_python_running_the_program():
    for problem in problems(LineExecutionCount()):
        probe: list[int] = []
        exec(with_probe(fenced(problem.prompt, "python")), {"_probe": probe})
        assert int(problem.answer) == len(probe) > 0, problem.prompt


def test_line_count_answers():
    problem = find_problem("code/line_execution_count", lambda p: int(p.answer) > 3, difficulties=[12])
    count = int(problem.answer)
    assert_accepted(problem, f" {count} ")
    assert_accepted(problem, f"+{count}")
    for wrong in (count - 1, count + 1, 0):
        assert_rejected(problem, str(wrong), "does not run")
    assert not score_answer(problem, f"{count} times").format_ok
    assert not score_answer(problem, "twelve").format_ok


def test_the_marked_line_is_reached_only_on_some_passes():
    # The spine's conditions must matter: counting loop lengths alone gives another number for most problems.
    env = LineExecutionCount()
    differs = 0
    for problem in problems(env, levels=(5, 12, 25)):
        source = fenced(problem.prompt, "python")
        lengths = [int(stop) - int(start or 0) for start, stop in re.findall(r"range\((?:(\d+), )?(\d+)\)", source)]
        differs += int(problem.answer) != math.prod(lengths)
    assert differs >= 10


# -- code/recursion_output ---------------------------------------------------------------------------------------


def test_recursion_results_match_python_with_memoized_calls():
    for problem in problems(RecursionOutput()):
        namespace: dict = {}
        exec(fenced(problem.prompt, "python"), namespace)
        # The functions look each other up by name in this namespace, so caching them there memoizes every call.
        for name in ("f", "g"):
            if name in namespace:
                namespace[name] = functools.lru_cache(maxsize=None)(namespace[name])
        argument = int(re.search(r"the call f\((\d+)\)", problem.prompt).group(1))
        assert namespace["f"](argument) == int(problem.answer), problem.prompt


def test_recursion_grows_with_difficulty_and_uses_its_features():
    env = RecursionOutput()
    assert [env.sample(d, 0).size for d in range(31)] == sorted({env.sample(d, 0).size for d in range(31)})
    sources = [fenced(p.prompt, "python") for p in problems(env, levels=(12, 20, 30), seeds=range(12))]
    assert any("def g(n)" in source for source in sources)  # mutual recursion
    assert any("n % 2 == 0" in source for source in sources)  # a case per parity
    assert any("// 2" in source or "// 3" in source for source in sources)  # halving calls
    assert any(re.search(r"\) % \d+", source) for source in sources)  # results kept small by a modulus


def test_recursion_answers():
    problem = RecursionOutput().sample(10, 1)
    value = int(problem.answer)
    assert_accepted(problem, f"{value}\n")
    assert_rejected(problem, str(value + 1), "does not return")
    assert_rejected(problem, str(-value - 1), "does not return")
    assert not score_answer(problem, f"f = {value}").format_ok


# -- code/exception_flow -----------------------------------------------------------------------------------------


def test_exception_flow_output_matches_python():
    for problem in problems(ExceptionFlow()):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(fenced(problem.prompt, "python"), {})
        assert printed.getvalue().split() == problem.answer.split(), problem.prompt


def test_exception_flow_uses_the_constructs():
    sources = [fenced(p.prompt, "python") for p in problems(ExceptionFlow(), levels=(10, 20, 30), seeds=range(10))]
    for construct in ("finally:", "else:", "except (", "except LookupError", "return", "\n            raise\n"):
        assert any(construct in source for source in sources), construct


def test_exception_flow_answers():
    problem = find_problem("code/exception_flow", lambda p: len(set(p.answer.split())) >= 3, difficulties=[8])
    values = problem.answer.split()
    for written in ("\n".join(values), ", ".join(values), f"[{', '.join(values)}]"):
        assert_accepted(problem, written)
    assert_rejected(problem, " ".join(values[1:] + values[:1]), "wrong")  # the right prints, in another order
    assert_rejected(problem, " ".join(values[:-1]), "numbers")  # one print missing
    assert_rejected(problem, " ".join(values + values[-1:]), "numbers")  # one too many
    assert not score_answer(problem, "ValueError").format_ok


# -- code/fixed_width_arithmetic ---------------------------------------------------------------------------------

CTYPES = {
    (8, True): ctypes.c_int8,
    (8, False): ctypes.c_uint8,
    (16, True): ctypes.c_int16,
    (16, False): ctypes.c_uint16,
    (32, True): ctypes.c_int32,
    (32, False): ctypes.c_uint32,
}


def c_value(node: ast.AST, env: dict[str, int], kind) -> int:
    """Evaluate a parsed expression with every intermediate result squeezed into the ctypes type ``kind``."""
    fit = lambda value: kind(value).value  # noqa: E731 - ctypes truncates to the type's width
    if isinstance(node, ast.Constant):
        return fit(node.value)
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.UnaryOp):
        operand = c_value(node.operand, env, kind)
        return fit(-operand if isinstance(node.op, ast.USub) else ~operand)
    a, b = c_value(node.left, env, kind), c_value(node.right, env, kind)
    op = node.op
    if isinstance(op, ast.Div):
        return fit(int(a / b))  # exact for values below 2**32: C's division toward zero
    if isinstance(op, ast.Mod):
        return fit(int(math.fmod(a, b)))  # C's remainder takes the dividend's sign, like fmod
    if isinstance(op, ast.RShift):
        return fit(a >> b)
    operations = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b, ast.BitAnd: a & b, ast.BitOr: a | b}
    operations.update({ast.BitXor: a ^ b})
    if isinstance(op, ast.LShift):
        return fit(a << b)
    return fit(operations[type(op)])


def test_fixed_width_values_match_ctypes_arithmetic():
    seen = set()
    for problem in problems(FixedWidthArithmetic(), seeds=range(6)):
        code = fenced(problem.prompt, "c")
        unsigned, bits = re.match(r"(u?)int(\d+)_t", code).groups()
        kind = CTYPES[(int(bits), not unsigned)]
        seen.add((int(bits), not unsigned))
        env: dict[str, int] = {}
        for line in code.strip().split("\n"):
            name, expression = re.fullmatch(r"(?:u?int\d+_t )?(\w+) = (.*);", line).groups()
            env[name] = c_value(ast.parse(expression, mode="eval").body, env, kind)
        target = re.search(r"What is the value of (\w+) after", problem.prompt).group(1)
        assert env[target] == int(problem.answer), problem.prompt
    assert len(seen) == 6  # every width, signed and unsigned


def test_fixed_width_answers():
    problem = find_problem(
        "code/fixed_width_arithmetic", lambda p: p.data["signed"] and int(p.answer) < 0, difficulties=[12]
    )
    value, bits, name = int(problem.answer), problem.data["bits"], problem.data["name"]
    assert_accepted(problem, str(value))
    assert_accepted(problem, f"{name} = {value}")
    assert_rejected(problem, str(value + (1 << bits)), "bits")  # the same bits read as unsigned
    assert_rejected(problem, str(value - 1), "is not")
    assert not score_answer(problem, hex(value & ((1 << bits) - 1))).format_ok


# -- code/register_machine ---------------------------------------------------------------------------------------


def machine(listing: str, max_steps: int = 100_000) -> list[int]:
    """The machine as its documentation describes it, written again from scratch."""
    program = {}
    for line in listing.strip().split("\n"):
        index, text = line.split(":", 1)
        op, *args = text.replace(",", " ").split()
        program[int(index)] = (op, args)
    registers = {"r0": 0, "r1": 0, "r2": 0, "r3": 0}

    def read(arg: str) -> int:
        return registers[arg] if arg in registers else int(arg)

    pc = 0
    for _ in range(max_steps):
        op, args = program[pc]
        pc += 1
        if op == "HALT":
            return [registers[name] for name in ("r0", "r1", "r2", "r3")]
        if op == "MOV":
            registers[args[0]] = read(args[1])
        elif op == "ADD":
            registers[args[0]] += read(args[1])
        elif op == "SUB":
            registers[args[0]] -= read(args[1])
        elif op == "MUL":
            registers[args[0]] *= read(args[1])
        elif op == "DEC":
            registers[args[0]] -= 1
        elif op == "JNZ":
            if registers[args[0]] != 0:
                pc = int(args[1])
        elif op == "JMP":
            pc = int(args[0])
        else:
            raise AssertionError(f"undocumented instruction {op}")
    raise AssertionError("the program does not halt")


def test_register_machine_matches_a_second_implementation():
    for problem in problems(RegisterMachine()):
        listing = problem.prompt.split("when this program halts?\n\n")[1].split("\n\n")[0]
        assert machine(listing) == [int(v) for v in problem.answer.split()], problem.prompt
        assert "JNZ" in listing


def test_register_machine_answers():
    problem = find_problem("code/register_machine", lambda p: len(set(p.answer.split())) == 4, difficulties=[10])
    r0, r1, r2, r3 = problem.answer.split()
    labelled = f"r3: {r3}\nr1: {r1}\nR0 = {r0}\nr2 = {r2}"  # any order, any case
    for written in (f"[{r0}, {r1}, {r2}, {r3}]", f"r0={r0}, r1={r1}, r2={r2}, r3={r3}", labelled):
        assert_accepted(problem, written)
    assert_rejected(problem, f"{r0} {r1} {r2} {int(r3) + 1}", "r3")
    assert_rejected(problem, f"{r1} {r0} {r2} {r3}", "r0")  # two registers swapped
    assert not score_answer(problem, f"{r0} {r1} {r2}").format_ok
    assert not score_answer(problem, f"r0={r0}, r0={r0}, r2={r2}, r3={r3}").format_ok
    assert not score_answer(problem, f"r0={r0}, r1={r1}, r2={r2}, r3={r3}, r4=0").format_ok


# -- code/reachable_branch ---------------------------------------------------------------------------------------


def reaching_calls(prompt: str) -> set[int]:
    probe: list[int] = []
    namespace = {"_probe": probe}
    exec(with_probe(fenced(prompt, "python")), namespace)
    reached = set()
    for number, argument in re.findall(r"^  (\d+)\. f\((-?\d+)\)$", prompt, re.MULTILINE):
        probe.clear()
        namespace["f"](int(argument))
        if probe:
            reached.add(int(number))
    return reached


def test_reachable_calls_match_python():
    for problem in problems(ReachableBranch()):
        expected = set() if problem.answer == "none" else {int(v) for v in problem.answer.split()}
        assert reaching_calls(problem.prompt) == expected, problem.prompt


def test_reachable_answers_in_any_order_and_near_misses():
    problem = find_problem("code/reachable_branch", lambda p: len(p.answer.split()) >= 2, difficulties=[6])
    reached = [int(v) for v in problem.answer.split()]
    calls = problem.data["calls"]
    missing = next(n for n in range(1, calls + 1) if n not in reached)
    assert_accepted(problem, " ".join(map(str, reversed(reached))))
    assert_accepted(problem, "{" + ", ".join(map(str, reached)) + "}")
    assert_rejected(problem, " ".join(map(str, reached[1:])), f"call {reached[0]} also reaches")
    assert_rejected(problem, " ".join(map(str, reached + [missing])), f"call {missing} does not")
    assert_rejected(problem, " ".join(map(str, reached + reached[:1])), "twice")
    assert_rejected(problem, "none", "also reaches")
    assert not score_answer(problem, " ".join(map(str, reached + [calls + 1]))).format_ok
    assert not score_answer(problem, "all of them").format_ok


def test_reachable_none_is_an_answer():
    problem = find_problem("code/reachable_branch", lambda p: p.answer == "none", difficulties=range(0, 12))
    for written in ("none", "None.", "[]", "no calls"):
        assert_accepted(problem, written)
    assert_rejected(problem, "1", "does not reach")
    assert not score_answer(problem, "...").format_ok
