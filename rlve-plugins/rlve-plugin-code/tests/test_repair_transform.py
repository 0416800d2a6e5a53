"""Code environments that transform a given function: refactor under syntax rules, recursion to iteration, ...

Instances are rebuilt from the prompt text; the function shown there is run here (it is our own generated
code, never model text) as the independent oracle, and hand-made mutants of it must fail a hidden test.
"""

from __future__ import annotations

import ast
import copy
import ctypes
import functools
import inspect
import math
import random
import re
import sys
import threading

import pytest
from code_test_helpers import fast, tag

from rlve_plugin_code.environments.make_pure import MakePure
from rlve_plugin_code.environments.recursion_to_iteration import RecursionToIteration
from rlve_plugin_code.environments.refactor_constrained import RefactorConstrained
from rlve_plugin_code.environments.speed_up_function import SpeedUpFunction
from rlve_plugin_code.environments.translate_c_fixed_width import TranslateCFixedWidth
from rlve_plugin_code.environments.translate_pseudocode import TranslatePseudocode
from rlve_plugin_code.environments.translate_stack_program import TranslateStackProgram
from rlve_plugin_code.syntax_rules import RULES, recursion


def shown_code(prompt: str) -> str:
    return re.search(r"```python\n(.*?)```", prompt, re.S).group(1)


def define(source: str, name: str):
    namespace: dict = {}
    exec(source, namespace)  # generated code from the prompt, or a mutant of it: never model text
    return namespace[name]


def outputs(function, inputs):
    found = []
    for args in inputs:
        try:
            found.append(function(*args))
        except (ZeroDivisionError, NameError):
            found.append(None)
    return found


def text_mutants(source: str) -> list[str]:
    """Slips a person rewriting the code could make: a constant off by one, a comparison or operator swapped,
    a simple line dropped. Loops' counters (t, u, w) are left alone so every mutant still ends."""
    lines = source.splitlines()
    found = []
    for number, line in enumerate(lines[1:], start=1):
        if re.match(r"\s*(t|u|w)\b", line) or line.lstrip().startswith("while"):
            continue
        for match in re.finditer(r"(?<![\w.])\d+", line):
            for delta in (1, -1):
                changed = line[: match.start()] + str(int(match.group()) + delta) + line[match.end() :]
                found.append("\n".join(lines[:number] + [changed] + lines[number + 1 :]))
        for old, new in (("<=", "<"), (">=", ">"), (" < ", " <= "), (" > ", " >= "), (" + ", " - "), ("min(", "max(")):
            if old in line:
                found.append("\n".join(lines[:number] + [line.replace(old, new, 1)] + lines[number + 1 :]))
        if not line.rstrip().endswith(":") and not line.lstrip().startswith("return"):
            following = lines[number + 1] if number + 1 < len(lines) else ""
            indent = len(line) - len(line.lstrip())
            if len(following) - len(following.lstrip()) >= indent or not following.strip():
                lines_without = lines[:number] + [" " * indent + "pass"] + lines[number + 1 :]
                found.append("\n".join(lines_without))
    return found


# -- refactor_constrained ----------------------------------------------------------------------------------------

RULE_BY_TEXT = {rule.text: key for key, rule in RULES.items()}


def rules_in(prompt: str) -> list[str]:
    return sorted(RULE_BY_TEXT[text] for text in re.findall(r"^- (.*);$", prompt, re.M))


def forbidden_nodes(source: str, rules: list[str]) -> list[str]:
    """Independent of syntax_rules: the node kinds each rule names, looked for with ast.walk."""
    kinds = {"if": (ast.If,), "for": (ast.For,), "while": (ast.While,), "augmented": (ast.AugAssign,)}
    return [key for key in rules if any(isinstance(node, kinds[key]) for node in ast.walk(ast.parse(source)))]


CASES = [(d, seed) for d in (0, 4, 9, 14, 22, 30) for seed in range(3)]


@pytest.mark.parametrize(("difficulty", "seed"), CASES)
def test_refactor_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = RefactorConstrained().sample(difficulty, seed)
    original = shown_code(problem.prompt)
    name = re.match(r"def (\w+)\(", original).group(1)
    rules = rules_in(problem.prompt)
    assert rules == problem.data["rules"] and rules
    # The given function breaks some rule and the reference breaks none.
    assert forbidden_nodes(original, rules)
    assert forbidden_nodes(problem.answer, rules) == []
    inputs = [tuple(test["args"]) for test in problem.data["tests"]]
    low, high = map(int, re.search(r"values from (-?\d+) to (-?\d+)", problem.prompt).groups())
    assert all(low <= value <= high for args in inputs for value in args)
    want = outputs(define(original, name), inputs)
    assert want == [test["expected"] for test in problem.data["tests"]]
    assert outputs(define(problem.answer, name), inputs) == want


@pytest.mark.parametrize(("difficulty", "seed"), CASES)
def test_refactor_hidden_tests_kill_slips(difficulty, seed):
    problem = RefactorConstrained().sample(difficulty, seed)
    original = shown_code(problem.prompt)
    name = problem.data["entry"]
    inputs = [tuple(test["args"]) for test in problem.data["tests"]]
    arity = len(inputs[0])
    # Inputs a slip would show up on: every n for one parameter, a grid of pairs for two.
    values = range(-40, 41)
    domain = [(n,) for n in values] if arity == 1 else [(n, m) for n in values[::5] for m in values[::4]]
    want_domain = outputs(define(original, name), domain)
    want_tests = outputs(define(original, name), inputs)
    missed, visible = [], 0
    for mutant in text_mutants(original):
        if outputs(define(mutant, name), domain) == want_domain:
            continue  # the slip changes nothing that can be seen
        visible += 1
        if outputs(define(mutant, name), inputs) == want_tests:
            missed.append(mutant)
    assert visible > 0
    # Slips that change the result on some input are caught, nearly all of them (a slip seen on one pair of
    # inputs out of thousands may escape the hidden tests for two parameters).
    assert len(missed) <= max(1, visible // 10), missed[:1]
    if arity == 1:
        assert missed == []


def test_refactor_reference_passes_and_the_given_code_is_refused():
    env = RefactorConstrained()
    problem = env.sample(14, 1)
    assert env.score(problem, tag(problem.answer)).correct
    verdict = env.score(problem, tag(shown_code(problem.prompt)))
    assert not verdict.correct and "against the rule" in verdict.reason and verdict.format_ok


def test_refactor_a_differently_written_solution_passes():
    """A table of the results over the whole input range: no statement the rules could forbid."""
    env = RefactorConstrained()
    problem = next(p for p in (env.sample(5, seed) for seed in range(20)) if problem_arity(p) == 1)
    function = define(shown_code(problem.prompt), "calc")
    table = {n: function(n) for n in range(-40, 41)}
    answer = f"TABLE = {table!r}\n\n\ndef calc(n):\n    return TABLE[n]\n"
    assert env.score(problem, tag(answer)).correct


def problem_arity(problem) -> int:
    return problem.data["arity"]


def test_refactor_a_rewritten_slip_fails_in_the_sandbox():
    env = fast(RefactorConstrained)
    problem = env.sample(9, 2)
    slipped = re.sub(r"return (.*)", r"return (\1) + 1", problem.answer)
    verdict = env.score(problem, tag(slipped))
    assert not verdict.correct and re.search(r"test \d+ of \d+: .*returned .*expected", verdict.reason), verdict


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("def calc(n):\n    exec('x = 1')\n    return n", "uses exec"),
        ("import os\ndef calc(n):\n    return n", "imports os"),
        ("def calc(n):\n    return n.__class__", "attribute __class__"),
        ("def calc(n)\n    return n", "not valid Python"),
        ("def calc(n):\n    return " + "-" * 9000 + "n", "could not be parsed"),
        ("x = 1\n" * 2500, "longer than 12000"),
    ],
)
def test_refactor_hostile_or_malformed_answers_are_refused_before_running(answer, words):
    env = RefactorConstrained()
    problem = env.sample(3, 0)
    verdict = env.score(problem, tag(answer))
    assert not verdict.correct and words in verdict.reason, verdict


# -- recursion_to_iteration --------------------------------------------------------------------------------------


def run_deep(source: str, inputs: list[int]) -> list[int]:
    """The given recursive code itself, in a thread with a large stack and a raised recursion limit."""
    found: list = []

    def work():
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(20_000)
        try:
            namespace: dict = {}
            exec(source, namespace)  # the prompt's code or a mutant of it: never model text
            for name in ("walk", "hop"):  # memoised, so that many inputs cost one pass (calls go through globals)
                if name in namespace:
                    namespace[name] = functools.lru_cache(maxsize=None)(namespace[name])
            values = {n: namespace["walk"](n) for n in sorted(inputs)}
            found.extend(values[n] for n in inputs)
        finally:
            sys.setrecursionlimit(old)

    size = threading.stack_size(256 * 1024 * 1024)
    try:
        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(size)
    return found


BRANCH = re.compile(r"(?:if n % (\d+) == (\d+):\n\s+)?return \((.*)\) % (\d+)")
LINEAR = re.compile(r"(?:(?:(\d+) \* )?(n) \+ )?(\d+)")


def parse_functions(source: str) -> tuple[dict[str, tuple], int]:
    """Each function of the shown code as (threshold, base mul, base add, branches), each branch
    (modulus, remainder, callee, step, mul, add, constant) with modulus 1 for the last one; and the modulus."""
    functions, modulus = {}, None
    for block in source.strip().split("\n\n\n"):
        name = re.match(r"def (\w+)\(n\):", block).group(1)
        threshold, base = re.search(r"if n <= (\d+):\n\s+return (.*)\n", block).groups()
        linear = LINEAR.fullmatch(base)
        base_mul = 0 if linear.group(2) is None else int(linear.group(1) or 1)
        branches = []
        for match in BRANCH.finditer(block):
            test_mod, test_rem, value, modulus = match.groups()
            call = re.match(r"(?:(\d+) \* )?(\w+)\(n - (\d+)\)", value)
            added = re.search(r" \+ (?:(\d+) \* )?n \+", value)
            add = 0 if added is None else int(added.group(1) or 1)
            constant = int(value.rsplit(" + ", 1)[1])
            test = (int(test_mod), int(test_rem)) if test_mod else (1, 0)
            mul = int(call.group(1) or 1)
            branches.append((*test, call.group(2), int(call.group(3)), mul, add, constant))
        functions[name] = (int(threshold), base_mul, int(linear.group(3)), branches)
    return functions, int(modulus)


def stack_solution(functions: dict[str, tuple], modulus: int) -> str:
    """A hand-written solution of another shape: top-down with an explicit stack and a memo dict, its rules
    read from the prompt."""
    return f"""RULES = {functions!r}
M = {modulus}


def walk(n):
    memo = {{}}
    stack = [("walk", n)]
    while stack:
        name, k = stack[-1]
        threshold, base_mul, base_add, branches = RULES[name]
        if k <= threshold:
            memo[name, k] = base_mul * k + base_add
            stack.pop()
            continue
        for modulus, remainder, callee, step, mul, add, constant in branches:
            if k % modulus == remainder:
                break
        below = memo.get((callee, k - step))
        if below is None:
            stack.append((callee, k - step))
        else:
            memo[name, k] = (below * mul + add * k + constant) % M
            stack.pop()
    return memo["walk", n]
"""


@pytest.mark.parametrize(("difficulty", "seed"), [(d, seed) for d in (0, 7, 12, 30) for seed in range(3)])
def test_recursion_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = RecursionToIteration().sample(difficulty, seed)
    original = shown_code(problem.prompt)
    largest = int(re.search(r"for every n from 0 to (\d+)", problem.prompt).group(1))
    inputs = [test["args"][0] for test in problem.data["tests"]]
    assert max(inputs) == largest > 2 * sys.getrecursionlimit()
    assert set(range(41)) <= set(inputs)
    assert run_deep(original, inputs) == [test["expected"] for test in problem.data["tests"]]
    # The given code really fails at the default limit: the task cannot be passed by recursing.
    with pytest.raises(RecursionError):
        define(original, "walk")(largest)
    # The hand-written stack solution, built from the prompt alone, agrees (run here: our own code).
    functions, modulus = parse_functions(original)
    solution = define(stack_solution(functions, modulus), "walk")
    assert outputs(solution, [(n,) for n in inputs]) == run_deep(original, inputs)
    assert recursion(ast.parse(problem.answer)) is None
    assert recursion(ast.parse(original)) is not None


@pytest.mark.parametrize(("difficulty", "seed"), [(3, 0), (12, 1), (25, 2), (30, 3), (18, 4)])
def test_recursion_hidden_tests_kill_slips(difficulty, seed):
    problem = RecursionToIteration().sample(difficulty, seed)
    original = shown_code(problem.prompt)
    inputs = [test["args"][0] for test in problem.data["tests"]]
    want = [test["expected"] for test in problem.data["tests"]]
    wider = list(range(300))
    want_wider = run_deep(original, wider)
    visible = 0
    for mutant in text_mutants(original):
        if "(n - 0)" in mutant or run_deep(mutant, wider) == want_wider:  # n - 0 would never end
            continue
        visible += 1
        assert run_deep(mutant, inputs) != want, mutant
    assert visible >= 5


def test_recursion_reference_and_a_stack_solution_pass_the_given_code_does_not():
    env = RecursionToIteration()
    problem = env.sample(12, 4)
    assert env.score(problem, tag(problem.answer)).correct
    functions, modulus = parse_functions(shown_code(problem.prompt))
    assert env.score(problem, tag(stack_solution(functions, modulus))).correct
    verdict = env.score(problem, tag(shown_code(problem.prompt)))
    assert not verdict.correct and "calls itself" in verdict.reason, verdict


def test_recursion_a_slipped_solution_fails_in_the_sandbox():
    env = fast(RecursionToIteration)
    problem = env.sample(6, 1)
    slipped = problem.answer.replace("for k in range(n + 1):", "for k in range(n):", 1)
    slipped = slipped.replace("return values[0][n]", "return values[0][n - 1]")
    verdict = env.score(problem, tag(slipped))
    assert not verdict.correct and "expected" in verdict.reason, verdict


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("walk = lambda n: 0 if n <= 0 else walk(n - 1)", "calls itself"),
        (
            "def a(n):\n    return b(n)\n\ndef b(n):\n    return a(n) if n else 0\n\ndef walk(n):\n    return 1",
            "itself",
        ),
        ("def walk(n):\n    f = walk\n    return 0", "calls itself"),
        ("import sys\ndef walk(n):\n    return n", "imports sys"),
        ("def walk(n):\n    x = 'setrecursionlimit'\n    return n", "recursion limit"),
    ],
)
def test_recursion_hidden_recursion_is_refused(answer, words):
    env = RecursionToIteration()
    verdict = env.score(env.sample(2, 0), tag(answer))
    assert not verdict.correct and words in verdict.reason, verdict


# -- translate_pseudocode ----------------------------------------------------------------------------------------


class OneBased:
    """The pseudocode's array: indices 1..n only, so an index slip in the translator fails loudly."""

    def __init__(self, values):
        self.values = list(values)

    def _at(self, i):
        assert 1 <= i <= len(self.values), i
        return i - 1

    def __getitem__(self, i):
        return self.values[self._at(i)]

    def __setitem__(self, i, value):
        self.values[self._at(i)] = value


DIVISION = re.compile(r"(\([^()]*\)|\w+(?:\[[^\]]*\])?) (DIV|MOD) (\d+)")


def expression(text: str) -> str:
    text = DIVISION.sub(lambda m: f"{'div' if m.group(2) == 'DIV' else 'mod'}({m.group(1)}, {m.group(3)})", text)
    return text.replace("≤", "<=").replace("≥", ">=")


def condition(text: str) -> str:
    return expression(text).replace(" = ", " == ")


def translate(pseudo: str) -> str:
    """An independent reading of the prompt's pseudocode as Python, line by line."""
    out, depth = ["def process(A, n):"], 1
    for raw in pseudo.strip().splitlines()[1:-1]:
        line = raw.strip()
        pad = "    " * depth
        if m := re.fullmatch(r"FOR (\w) ← (.*) (TO|DOWNTO) (.*) DO", line):
            var, start, way, stop = m.groups()
            end = f"({expression(stop)}) + 1" if way == "TO" else f"({expression(stop)}) - 1, -1"
            out.append(f"{pad}for {var} in range({expression(start)}, {end}):")
            depth += 1
        elif m := re.fullmatch(r"(IF|WHILE) (.*) (THEN|DO)", line):
            out.append(f"{pad}{m.group(1).lower()} {condition(m.group(2))}:")
            depth += 1
        elif line == "ELSE":
            out.append("    " * (depth - 1) + "else:")
        elif line.startswith("END "):
            depth -= 1
        elif line == "REPEAT":
            out.append(f"{pad}while True:")
            depth += 1
        elif m := re.fullmatch(r"UNTIL (.*)", line):
            out.append(f"{pad}if {condition(m.group(1))}:\n{pad}    break")
            depth -= 1
        elif m := re.fullmatch(r"swap (A\[.*\]) and (A\[.*\])", line):
            out.append(f"{pad}{m.group(1)}, {m.group(2)} = {m.group(2)}, {m.group(1)}")
        elif m := re.fullmatch(r"(\w+(?:\[.*\])?) ← (.*)", line):
            out.append(f"{pad}{m.group(1)} = {expression(m.group(2))}")
        else:
            m = re.fullmatch(r"RETURN (.*)", line)
            out.append(f"{pad}return {expression(m.group(1))}")
    return "\n".join(out) + "\n"


def pseudocode_oracle(prompt: str):
    pseudo = re.search(r"```\n(FUNCTION.*?)```", prompt, re.S).group(1)
    namespace: dict = {}
    if "rounded down" in prompt:
        namespace.update(div=lambda x, y: x // y, mod=lambda x, y: x % y)
    else:
        assert "rounded towards zero" in prompt

        def div(x, y):
            return -(-x // y) if x < 0 else x // y  # y is a positive constant in every problem

        namespace.update(div=div, mod=lambda x, y: x - y * div(x, y))
    exec(translate(pseudo), namespace)  # our translation of the prompt's pseudocode
    return lambda values: namespace["process"](OneBased(values), len(values))


@pytest.mark.parametrize(("difficulty", "seed"), [(d, seed) for d in (0, 3, 8, 15, 24, 30) for seed in range(4)])
def test_pseudocode_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = TranslatePseudocode().sample(difficulty, seed)
    oracle = pseudocode_oracle(problem.prompt)
    for test in problem.data["tests"]:
        assert oracle(test["args"][0]) == test["expected"]
    lengths = [len(test["args"][0]) for test in problem.data["tests"]]
    assert 1 in lengths and 2 in lengths


def python_slips(reference: str) -> list[str]:
    """Translation slips: an inclusive bound made exclusive, a 1-based index left as is, REPEAT tested first,
    the other DIV/MOD rounding, a compared constant off by one."""
    found = [reference.replace("range(n - 1, 0, -1)", "range(n - 1, -1, -1)")]
    found += [reference[: m.start()] + "):" + reference[m.end() :] for m in re.finditer(r" \+ 1\):", reference)]
    found += [reference.replace("a[i - 1]", "a[i]", 1), reference.replace("while True:", "while False:", 1)]
    if "abs(x)" in reference:
        found.append(reference.replace("return q if (x >= 0) == (y >= 0) else -q", "return x // y"))
    else:
        found.append(reference.replace("return x // y", "return int(x / y)").replace("x % y", "x - y * int(x / y)"))
    for m in re.finditer(r"(if .*?[<>]=? )(-?\d+):", reference):
        for new in (int(m.group(2)) + 1, int(m.group(2)) - 1):
            found.append(reference[: m.start(2)] + str(new) + reference[m.end(2) :])
    return [slip for slip in found if slip != reference]


@pytest.mark.parametrize(("difficulty", "seed"), [(4, 0), (9, 1), (16, 2), (30, 3)])
def test_pseudocode_hidden_tests_kill_slips(difficulty, seed):
    problem = TranslatePseudocode().sample(difficulty, seed)
    arrays = [test["args"][0] for test in problem.data["tests"]]
    want = [test["expected"] for test in problem.data["tests"]]
    wider = [[(7 * i + 3 * j) % 41 - 20 for j in range(i % 12 + 1)] for i in range(200)]
    oracle = pseudocode_oracle(problem.prompt)
    want_wider = [oracle(array) for array in wider]
    missed, visible = [], 0
    for slip in python_slips(problem.answer):
        function = define(slip, "process")
        if safe_outputs(function, wider) == want_wider:
            continue
        visible += 1
        if safe_outputs(function, arrays) == want:
            missed.append(slip)
    # At most one slip escapes: a compared constant off by one, when the value at its boundary is rare at that
    # point of the function and no array of the generator's pool reaches it.
    assert visible >= 3 and len(missed) <= 1, missed[:1]


def safe_outputs(function, arrays):
    found = []
    for array in arrays:
        try:
            found.append(function(list(array)))
        except (IndexError, ZeroDivisionError, NameError):
            found.append(None)
    return found


def test_pseudocode_reference_and_a_faithful_translation_pass():
    env = TranslatePseudocode()
    problem = env.sample(20, 5)
    assert env.score(problem, tag(problem.answer)).correct
    # The test's own translation, wrapped into the required function: another way of writing it.
    pseudo = re.search(r"```\n(FUNCTION.*?)```", problem.prompt, re.S).group(1)
    floor = "rounded down" in problem.prompt
    division = (
        "def div(x, y):\n    return x // y\n"
        if floor
        else "def div(x, y):\n    return -(-x // y) if x < 0 else x // y\n"
    ) + "\n\ndef mod(x, y):\n    return x - y * div(x, y)\n"
    one_based = (
        "class OneBased:\n    def __init__(self, values):\n        self.values = list(values)\n\n"
        "    def __getitem__(self, i):\n        return self.values[i - 1]\n\n"
        "    def __setitem__(self, i, value):\n        self.values[i - 1] = value\n"
    )
    answer = f"{division}\n\n{one_based}\n\n{translate(pseudo).replace('def process(A, n)', 'def run(A, n)')}\n\n"
    answer += "def process(a):\n    return run(OneBased(a), len(a))\n"
    assert env.score(problem, tag(answer)).correct


def test_pseudocode_an_exclusive_loop_bound_fails_in_the_sandbox():
    env = fast(TranslatePseudocode)
    problem = next(p for p in (env.sample(10, seed) for seed in range(20)) if " + 1):" in p.answer)
    slipped = problem.answer.replace(" + 1):", "):")
    verdict = env.score(problem, tag(slipped))
    assert not verdict.correct and "expected" in verdict.reason, verdict


# -- translate_stack_program -------------------------------------------------------------------------------------


def run_listing(listing: str, inputs: dict[str, int]) -> list[int]:
    """The prompt's machine, read from its instruction set as documented there (written here, not stackvm)."""
    program = [line.split(": ", 1)[1].split() for line in listing.strip().splitlines()]
    stack, variables, printed, pc = [], dict(inputs), [], 0
    binary = {
        "ADD": lambda a, b: a + b,
        "SUB": lambda a, b: a - b,
        "MUL": lambda a, b: a * b,
        "DIV": lambda a, b: a // b,
        "MOD": lambda a, b: a % b,
        "MIN": min,
        "MAX": max,
        "LT": lambda a, b: int(a < b),
        "LE": lambda a, b: int(a <= b),
        "GT": lambda a, b: int(a > b),
        "GE": lambda a, b: int(a >= b),
        "EQ": lambda a, b: int(a == b),
        "NE": lambda a, b: int(a != b),
        "AND": lambda a, b: int(bool(a) and bool(b)),
        "OR": lambda a, b: int(bool(a) or bool(b)),
    }
    for _ in range(200_000):
        if pc >= len(program):
            return printed
        op, *arg = program[pc]
        pc += 1
        if op == "PUSH":
            stack.append(int(arg[0]))
        elif op == "LOAD":
            stack.append(variables[arg[0]])
        elif op == "STORE":
            variables[arg[0]] = stack.pop()
        elif op in binary:
            b = stack.pop()
            stack.append(binary[op](stack.pop(), b))
        elif op == "ABS":
            stack.append(abs(stack.pop()))
        elif op == "NOT":
            stack.append(int(stack.pop() == 0))
        elif op == "JMP":
            pc = int(arg[0])
        elif op == "JZ":
            pc = int(arg[0]) if stack.pop() == 0 else pc
        else:
            assert op == "PRINT", op
            printed.append(stack.pop())
    raise AssertionError("the listing did not stop")


def stack_case(problem):
    listing = re.search(r"\n\n(\s*0: .*?)\n\nWrite", problem.prompt, re.S).group(1)
    params = re.search(r"def run\((.*?)\) -> int:", problem.prompt).group(1)
    return listing, [param.split(":")[0].strip() for param in params.split(",")]


@pytest.mark.parametrize(("difficulty", "seed"), [(0, 0), (5, 1), (10, 2), (20, 3), (30, 4)])
def test_stack_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = TranslateStackProgram().sample(difficulty, seed)
    listing, names = stack_case(problem)
    tests = problem.data["tests"]
    assert len(tests[0]["args"]) == len(names)
    for test in tests[:: max(1, len(tests) // 40)]:
        assert run_listing(listing, dict(zip(names, test["args"]))) == [test["expected"]]
    assert outputs(define(problem.answer, "run"), [tuple(t["args"]) for t in tests]) == [t["expected"] for t in tests]
    covered = {test["args"][0] for test in tests}
    assert covered >= set(range(-40, 41))


@pytest.mark.parametrize(("difficulty", "seed"), [(4, 0), (9, 1), (16, 2), (30, 3)])
def test_stack_hidden_tests_kill_slips(difficulty, seed):
    problem = TranslateStackProgram().sample(difficulty, seed)
    inputs = [tuple(test["args"]) for test in problem.data["tests"]]
    values = range(-40, 41)
    domain = [(n,) for n in values] if len(inputs[0]) == 1 else [(n, m) for n in values[::5] for m in values[::4]]
    reference = define(problem.answer, "run")
    want_domain, want = outputs(reference, domain), outputs(reference, inputs)
    missed, visible = [], 0
    for mutant in text_mutants(problem.answer):
        slipped = define(mutant, "run")
        if outputs(slipped, domain) == want_domain:
            continue
        visible += 1
        if outputs(slipped, inputs) == want:
            missed.append(mutant)
    # With two inputs, a slip seen on a few pairs out of thousands may escape; nearly all are caught.
    assert visible > 0 and len(missed) <= max(1, visible // 10), missed[:1]


def test_stack_reference_passes_a_rewrite_passes_a_slip_fails():
    env = TranslateStackProgram()
    problem = env.sample(12, 3)
    assert env.score(problem, tag(problem.answer)).correct
    listing, names = stack_case(problem)
    # Another shape: the listing itself, run by an embedded interpreter.
    interpreter = inspect.getsource(run_listing)
    answer = f"{interpreter}\n\nLISTING = {listing!r}\n\n\ndef run({', '.join(names)}):\n"
    answer += f"    return run_listing(LISTING, {{{', '.join(f'{n!r}: {n}' for n in names)}}})[0]\n"
    assert env.score(problem, tag(answer)).correct
    slipped = re.sub(r"return (.*)", r"return (\1) - 1", problem.answer)
    verdict = fast(TranslateStackProgram).score(problem, tag(slipped))
    assert not verdict.correct and "expected" in verdict.reason


# -- translate_c_fixed_width -------------------------------------------------------------------------------------


def c_oracle(prompt: str):
    """The prompt's C function evaluated with ctypes' 32-bit integers (C's precedence for these operators is
    Python's, so each expression is evaluated as written, on values that wrap after every operation)."""
    code = re.search(r"```c\n(.*?)```", prompt, re.S).group(1)
    signed = "int32_t mix" in code and "uint32_t mix" not in code
    kind = ctypes.c_int32 if signed else ctypes.c_uint32

    def _op(operation):
        return lambda self, other: Fixed(operation(self.value, other.value))

    class Fixed:
        def __init__(self, value):
            self.value = kind(value).value

        __add__ = _op(lambda x, y: x + y)
        __sub__ = _op(lambda x, y: x - y)
        __mul__ = _op(lambda x, y: x * y)
        __and__ = _op(lambda x, y: x & y)
        __or__ = _op(lambda x, y: x | y)
        __xor__ = _op(lambda x, y: x ^ y)
        __lshift__ = _op(lambda x, y: x << y)
        __rshift__ = _op(lambda x, y: x >> y)  # arithmetic on a negative (signed) value, logical otherwise
        __truediv__ = _op(lambda x, y: math.trunc(x / y))
        __mod__ = _op(lambda x, y: x - y * math.trunc(x / y))

        def __neg__(self):
            return Fixed(-self.value)

        def __invert__(self):
            return Fixed(~self.value)

    lines = [line.strip().rstrip(";") for line in code.strip().splitlines()[1:-1]]

    def mix(a, b):
        env = {"a": Fixed(a), "b": Fixed(b), "F": Fixed}
        for line in lines:
            if line.startswith("return "):
                return env[line.split()[1]].value
            target, expression = re.sub(r"^u?int32_t ", "", line).split(" = ")
            env[target] = eval(re.sub(r"\b(\d+)\b", r"F(\1)", expression), env)  # the prompt's own C code
        raise AssertionError("no return")

    return mix


@pytest.mark.parametrize(("difficulty", "seed"), [(d, seed) for d in (0, 2, 5, 11, 20, 30) for seed in range(3)])
def test_c_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = TranslateCFixedWidth().sample(difficulty, seed)
    mix = c_oracle(problem.prompt)
    for test in problem.data["tests"]:
        assert mix(*test["args"]) == test["expected"]


def c_slips(reference: str) -> list[str]:
    """Translation slips: no wrap on one operation, floor division for C's, a logical >> on signed values."""
    start = reference.index("def mix")
    found = []
    for m in re.finditer(r"w\(", reference[start:]):
        begin = start + m.start()
        depth, end = 0, begin + 1
        while True:  # the parenthesis closing this w(
            depth += {"(": 1, ")": -1}.get(reference[end], 0)
            if depth == 0:
                break
            end += 1
        found.append(reference[:begin] + "(" + reference[begin + 2 : end] + ")" + reference[end + 1 :])
    found.append(reference.replace("    return w(q if (x < 0) == (y < 0) else -q)", "    return w(x // y)"))
    found.append(reference.replace("return w(x - y * quot(x, y))", "return w(x % y)"))
    for m in re.finditer(r"\((\w+) >> (w\(\d+\))\)", reference):
        found.append(reference[: m.start()] + f"((({m.group(1)}) & 0xFFFFFFFF) >> {m.group(2)})" + reference[m.end() :])
    return [slip for slip in found if slip != reference]


@pytest.mark.parametrize(("difficulty", "seed"), [(4, 0), (11, 1), (17, 2), (30, 3), (25, 4)])
def test_c_hidden_tests_kill_slips(difficulty, seed):
    problem = TranslateCFixedWidth().sample(difficulty, seed)
    inputs = [tuple(test["args"]) for test in problem.data["tests"]]
    want = [test["expected"] for test in problem.data["tests"]]
    rng = random.Random(seed)
    signed = "int32_t mix" in problem.prompt and "uint32_t mix" not in problem.prompt
    low = -(2**31) if signed else 0
    wider = [(rng.randint(low, low + 2**32 - 1), rng.randint(low, low + 2**32 - 1)) for _ in range(300)]
    reference = define(problem.answer, "mix")
    want_wider = outputs(reference, wider)
    missed, visible = [], 0
    for slip in c_slips(problem.answer):
        slipped = define(slip, "mix")
        if outputs(slipped, wider) == want_wider:
            continue
        visible += 1
        if outputs(slipped, inputs) == want:
            missed.append(slip)
    # A missing wrap that shows only on a few inputs in a hundred may escape the random tests; nearly none do.
    assert len(missed) <= max(1, visible // 10), missed[:1]


def test_c_reference_and_another_wrap_pass_a_slip_fails():
    env = TranslateCFixedWidth()
    problem = next(p for p in (env.sample(14, seed) for seed in range(30)) if "/" in shown_c(p.prompt))
    assert env.score(problem, tag(problem.answer)).correct
    # Another way of writing the helpers: wrap by modular arithmetic, divide through math.trunc.
    signed = "uint32_t" not in problem.prompt
    wrap = "((x + 2**31) % 2**32) - 2**31" if signed else "x % 2**32"
    helpers = (
        f"import math\n\n\ndef w(x):\n    return {wrap}\n\n\n"
        "def quot(x, y):\n    return w(math.trunc(x / y))\n\n\n"
        "def rem(x, y):\n    return w(x - y * math.trunc(x / y))\n\n\n"
    )
    answer = helpers + problem.answer[problem.answer.index("def mix") :]
    assert env.score(problem, tag(answer)).correct
    slipped = problem.answer.replace("    return w(q if (x < 0) == (y < 0) else -q)", "    return w(x // y)")
    verdict = fast(TranslateCFixedWidth).score(problem, tag(slipped))
    assert not verdict.correct and "expected" in verdict.reason


def shown_c(prompt: str) -> str:
    return re.search(r"```c\n(.*?)```", prompt, re.S).group(1)


# -- speed_up_function -------------------------------------------------------------------------------------------


def memoised(source: str):
    """The prompt's count, its recursive calls going through a dict (they look count up in the globals)."""
    namespace: dict = {}
    exec(source, namespace)  # the prompt's code or a mutant of it: never model text
    slow, memo = namespace["count"], {}

    def count(i, j):
        if (i, j) not in memo:
            memo[i, j] = slow(i, j)
        return memo[i, j]

    namespace["count"] = count
    return count


@pytest.mark.parametrize(("difficulty", "seed"), [(d, seed) for d in (0, 8, 16, 30) for seed in range(3)])
def test_speed_up_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = SpeedUpFunction().sample(difficulty, seed)
    source = shown_code(problem.prompt)
    largest = int(re.search(r"every i and j from 0 to (\d+)", problem.prompt).group(1))
    count = memoised(source)
    for test in problem.data["tests"]:
        i, j = test["args"]
        assert 0 <= i <= largest and 0 <= j <= largest
        assert count(i, j) == test["expected"]
    plain = define(source, "count")  # small arguments: the given code itself, unchanged
    assert all(plain(*t["args"]) == t["expected"] for t in problem.data["tests"] if sum(t["args"]) <= 8)
    assert [largest, largest] in [t["args"] for t in problem.data["tests"]]


@pytest.mark.parametrize(("difficulty", "seed"), [(2, 0), (12, 1), (24, 2)])
def test_speed_up_hidden_tests_kill_slips(difficulty, seed):
    problem = SpeedUpFunction().sample(difficulty, seed)
    source = shown_code(problem.prompt)
    inputs = [tuple(test["args"]) for test in problem.data["tests"]]
    want = [test["expected"] for test in problem.data["tests"]]
    wider = [(i, j) for i in range(12) for j in range(12)]
    want_wider = outputs(memoised(source), wider)
    visible = 0
    for mutant in text_mutants(source):
        if re.search(r"count\(i( - 0)?, j( - 0)?\)", mutant.split("\n", 1)[1]):
            continue  # count(i, j) calling itself would never end
        if outputs(memoised(mutant), wider) == want_wider:
            continue
        visible += 1
        assert outputs(memoised(mutant), inputs) != want, mutant
    assert visible >= 5


def test_speed_up_reference_and_a_dict_memo_pass_the_given_code_is_too_slow():
    env = fast(SpeedUpFunction)
    problem = env.sample(10, 2)
    assert SpeedUpFunction().score(problem, tag(problem.answer)).correct
    source = shown_code(problem.prompt).replace("def count(i, j):", "def _slow(i, j):")
    memo = "_memo = {}\n\n\ndef count(i, j):\n    if (i, j) not in _memo:\n        _memo[i, j] = _slow(i, j)\n"
    assert SpeedUpFunction().score(problem, tag(source + "\n\n" + memo + "    return _memo[i, j]\n")).correct
    verdict = env.score(problem, tag(shown_code(problem.prompt)))
    assert not verdict.correct and "time" in verdict.reason.lower(), verdict


# -- make_pure ---------------------------------------------------------------------------------------------------


def drive_in_process(source: str, rows):
    """What the driver reports, computed here: two calls on one list, the list afterwards, module data kept."""
    namespace: dict = {}
    exec(source, namespace)  # the prompt's code or a slip of the reference: never model text
    before = repr({k: v for k, v in namespace.items() if isinstance(v, (int, list)) and not k.startswith("__")})
    first = namespace["summarize"](rows)
    second = namespace["summarize"](rows)
    after = repr({k: v for k, v in namespace.items() if isinstance(v, (int, list)) and not k.startswith("__")})
    return [first, second, rows, before == after]


@pytest.mark.parametrize(("difficulty", "seed"), [(d, seed) for d in (0, 6, 15, 30) for seed in range(3)])
def test_pure_instance_rebuilt_from_the_prompt(difficulty, seed):
    problem = MakePure().sample(difficulty, seed)
    original = shown_code(problem.prompt)
    changed = 0
    for test in problem.data["tests"]:
        rows = test["args"][0]
        copied = copy.deepcopy(rows)
        namespace: dict = {}
        exec(original, namespace)  # the prompt's code
        value = namespace["summarize"](copied)
        assert test["expected"] == [value, value, rows, True]
        changed += copied != rows
        assert drive_in_process(problem.answer, copy.deepcopy(rows)) == test["expected"]
    assert changed > 0  # the given code really changes its argument


def pure_slips(reference: str) -> list[str]:
    """Near misses: a shallow copy, no copy, a dropped step, and the original's module-level log kept."""
    copy_line = "rows = [list(row) for row in rows]"
    found = [reference.replace(copy_line, "rows = list(rows)"), reference.replace(copy_line, "rows = rows")]
    lines = reference.splitlines()
    for number, line in enumerate(lines[2:-1], start=2):
        if not line.startswith("        ") and not lines[number + 1].startswith("        "):
            found.append("\n".join(lines[:number] + lines[number + 1 :]))
    found.append("log = []\n" + reference.replace(copy_line, copy_line + "\n    log.append(len(rows))"))
    return found


@pytest.mark.parametrize(("difficulty", "seed"), [(3, 0), (9, 1), (20, 2), (30, 3)])
def test_pure_hidden_tests_kill_slips(difficulty, seed):
    problem = MakePure().sample(difficulty, seed)
    tests = problem.data["tests"]
    wider = [[[(3 * i + 5 * j) % 10 for j in range(i % 4 + 1)] for i in range(k)] for k in range(12)]
    for slip in pure_slips(problem.answer):
        reference = [drive_in_process(problem.answer, copy.deepcopy(rows)) for rows in wider]
        if [drive_in_process(slip, copy.deepcopy(rows)) for rows in wider] == reference:
            continue  # a step that changes nothing here (two sorts in a row, say)
        assert any(drive_in_process(slip, copy.deepcopy(t["args"][0])) != t["expected"] for t in tests), slip


def test_pure_reference_and_a_deepcopy_pass_slips_fail():
    env = MakePure()
    problem = next(p for p in (env.sample(9, seed) for seed in range(20)) if "row.sort()" in p.answer)
    assert env.score(problem, tag(problem.answer)).correct
    deep = problem.answer.replace("rows = [list(row) for row in rows]", "rows = copy.deepcopy(rows)")
    deep = "import copy\n\n\n" + deep
    assert env.score(problem, tag(deep)).correct
    shallow = env.score(problem, tag(problem.answer.replace("rows = [list(row) for row in rows]", "rows = rows[:]")))
    assert not shallow.correct and "expected" in shallow.reason
    state = "log = []\nrepr = str\n" + problem.answer.replace("    rows = [", "    log.append(1)\n    rows = [")
    verdict = env.score(problem, tag(state))
    assert not verdict.correct and "False], expected" in verdict.reason, verdict


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("calls = 0\ndef summarize(rows):\n    global calls\n    calls += 1\n    return 0", "global statement"),
        ("def summarize(rows, seen=[]):\n    return 0", "mutable default"),
        ("def summarize(rows):\n    return __builtins__", "uses __builtins__"),
    ],
)
def test_pure_shared_state_is_refused_before_running(answer, words):
    env = MakePure()
    verdict = env.score(env.sample(4, 0), tag(answer))
    assert not verdict.correct and words in verdict.reason, verdict
