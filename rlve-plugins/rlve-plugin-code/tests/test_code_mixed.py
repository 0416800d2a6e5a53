"""code/translate_lisp, code/shrink_failing_input, code/json_query_output and code/loop_cost_formula.

Every instance is rebuilt from its prompt text and solved here independently: the Lisp program is read and
run by an interpreter written for this file, the shown Python predicate and loop programs are executed (our own
generated code, never model text) and searched by brute force, the JSON query is evaluated by a second
implementation, and loop counts are sympy's interpolating polynomial through brute-force counts at small n.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
import operator
import random
import re
from fractions import Fraction

import pytest
import sympy
from code_test_helpers import fast

from rlve.testing import assert_accepted, assert_rejected, score_answer
from rlve_plugin_code.environments.json_query_output import JsonQueryOutput
from rlve_plugin_code.environments.loop_cost_formula import LoopCostFormula
from rlve_plugin_code.environments.shrink_failing_input import ShrinkFailingInput
from rlve_plugin_code.environments.translate_lisp import TranslateLisp, draw_inputs, draw_program, operators
from rlve_plugin_code.lisp import SlipCopies, compile_program, slipped, slips

# -- translate_lisp ------------------------------------------------------------------------------------------


def read_lisp(text: str) -> list:
    """The s-expressions of a program text (symbols as str, integers as int)."""
    tokens = re.findall(r"'\(\)|[()]|[^\s()]+", text)
    stack: list[list] = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(int(token) if re.fullmatch(r"-?\d+", token) else token)
    assert len(stack) == 1
    return stack[0]


def lisp_program(prompt: str) -> list:
    shown = prompt.split("Here is a program in this language:\n\n", 1)[1].split("\n\nWrite a Python function", 1)[0]
    return read_lisp(shown)


def truncating(a: int, b: int) -> int:
    return math.trunc(Fraction(a, b))


OPERATIONS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "quotient": truncating,
    "remainder": lambda a, b: a - b * truncating(a, b),
    "modulo": lambda a, b: a - b * math.floor(Fraction(a, b)),
    "floor-quotient": lambda a, b: a // b,  # only in mutants: the slip of translating quotient as //
    "abs": abs,
    "max": max,
    "min": min,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "=": lambda a, b: a == b,
    "even?": lambda a: a % 2 == 0,
    "odd?": lambda a: a % 2 != 0,
    "not": lambda p: not p,
    "null?": lambda xs: xs == (),
    "car": lambda xs: xs[0],
    "cdr": lambda xs: xs[1:],
    "cons": lambda a, xs: (a, *xs),
}


def run_lisp(program: list, args: list):
    """Call the last function of ``program``; lists are tuples here, returned as Python lists."""
    functions = {form[1][0]: form for form in program}

    def call(name, values):
        _, (_, *params), body = functions[name]
        return value(body, dict(zip(params, values)))

    def value(node, scope):
        if isinstance(node, int):
            return node
        if node == "'()":
            return ()
        if isinstance(node, str):
            return scope[node]
        head, *rest = node
        if head == "if":
            return value(rest[1], scope) if value(rest[0], scope) else value(rest[2], scope)
        if head == "cond":
            return next(value(v, scope) for c, v in rest if c == "else" or value(c, scope))
        if head == "let":
            return value(rest[1], {**scope, **{name: value(e, scope) for name, e in rest[0]}})
        if head == "and":
            return value(rest[0], scope) and value(rest[1], scope)
        if head == "or":
            return value(rest[0], scope) or value(rest[1], scope)
        values = [value(arg, scope) for arg in rest]
        return call(head, values) if head in functions else OPERATIONS[head](*values)

    result = call(program[-1][1][0], [tuple(a) if isinstance(a, list) else a for a in args])
    return list(result) if isinstance(result, tuple) else result


def lisp_mutants(program: list) -> list[list]:
    """Translation slips, one per copy: quotient as //, remainder as %, modulo as remainder, a comparison
    made strict or loose, a constant off by one (never a divisor)."""
    slips = {"quotient": "floor-quotient", "remainder": "modulo", "modulo": "remainder",
             "<": "<=", "<=": "<", ">": ">=", ">=": ">"}
    found = []

    def walk(node, path):
        if isinstance(node, list):
            if node and isinstance(node[0], str) and node[0] in slips:
                found.append((path + (0,), slips[node[0]]))
            for i, child in enumerate(node):
                walk(child, path + (i,))
        elif isinstance(node, int) and not isinstance(node, bool) and -3 <= node <= 9 and path[-1] != 2:
            found.append((path, node + 1))

    walk(program, ())
    mutants = []
    for path, new in found:
        mutant = copy.deepcopy(program)
        target = mutant
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = new
        mutants.append(mutant)
    return mutants


def safe_run(program, args):
    try:
        return run_lisp(program, args)
    except (ZeroDivisionError, RecursionError, IndexError):
        return None


def wider_inputs(kind_args: list) -> list[list]:
    first = kind_args[0]
    if isinstance(first, list):
        return [[[(5 * i + 7 * j) % 29 - 14 for j in range(i % 7)], i % 17 - 8] for i in range(150)]
    return [[i % 61 - 30, (7 * i) % 53 - 26] for i in range(150)]


@pytest.mark.parametrize(("difficulty", "seed"), [(0, 0), (3, 1), (5, 2), (8, 3), (12, 4), (20, 5), (30, 6)])
def test_lisp_expected_values_come_from_the_program_in_the_prompt(difficulty, seed):
    problem = TranslateLisp().sample(difficulty, seed)
    program = lisp_program(problem.prompt)
    for test in problem.data["tests"]:
        assert run_lisp(program, test["args"]) == test["expected"], test
    lists = [test["args"][0] for test in problem.data["tests"] if isinstance(test["args"][0], list)]
    if lists:
        assert [] in lists and any(min(xs, default=0) < 0 for xs in lists)


def test_lisp_hidden_tests_kill_translation_slips():
    visible, missed = 0, []
    for difficulty, seed in [(5, 0), (6, 9), (9, 1), (10, 6), (14, 2), (16, 7), (22, 3), (25, 5), (30, 4)]:
        problem = TranslateLisp().sample(difficulty, seed)
        program = lisp_program(problem.prompt)
        tests = problem.data["tests"]
        pool = wider_inputs(tests[0]["args"])
        want_pool = [safe_run(program, args) for args in pool]
        for mutant in lisp_mutants(program):
            differ = sum(safe_run(mutant, args) != want for args, want in zip(pool, want_pool))
            if differ < len(pool) // 20:
                continue  # this slip shows on too few inputs to be sure to meet one
            visible += 1
            if all(safe_run(mutant, t["args"]) == t["expected"] for t in tests):
                missed.append((difficulty, seed, differ))
    assert visible >= 20 and not missed, (visible, missed)


def test_lisp_slip_copies_compiled_together_act_as_each_slipped_program():
    """Generation compiles a program once with its sampled slips (lisp.SlipCopies) and runs a slipped copy only
    on inputs where its slip changed a value: each copy must give what the slipped program compiled alone gives,
    and the same as the program wherever its slip changed nothing."""
    def value(function, args):
        try:
            return function(*args)
        except (RecursionError, ZeroDivisionError, IndexError):
            return None

    diverged = 0
    for difficulty in (3, 6, 9, 14, 22, 30):
        for seed in range(6):
            rng = random.Random(difficulty * 100 + seed)
            program, kind = draw_program(rng, difficulty, operators(difficulty))
            places = slips(program)
            rng.shuffle(places)
            places = places[:8]
            copies = SlipCopies(program, places)
            reference = compile_program(program)
            inputs = draw_inputs(rng, kind, difficulty)[:30]
            runs = [copies.run(args) for args in inputs]
            assert [result for result, _ in runs] == [value(reference, args) for args in inputs]
            for number, (path, new) in enumerate(places):
                alone = compile_program(slipped(program, path, new))
                for args, (result, changed) in zip(inputs, runs):
                    got = copies.run_copy(number, args)
                    assert got == value(alone, args), (program, path, new, args)
                    if number not in changed:
                        assert got == result, (program, path, new, args)
                    diverged += number in changed
    assert diverged > 100


def faithful_translation(program: list) -> str:
    """A second, differently written translation: every expression becomes a Python lambda-free expression
    over tuples, with math.trunc for the truncating operations."""

    def expr(node):
        if isinstance(node, int):
            return repr(node)
        if node == "'()":
            return "()"
        if isinstance(node, str):
            return node
        head, *rest = node
        a = [expr(r) for r in rest if not (head == "let" or head == "cond")]
        if head == "if":
            return f"({a[1]} if {a[0]} else {a[2]})"
        if head == "cond":
            out = expr(rest[-1][1])
            for c, v in reversed(rest[:-1]):
                out = f"({expr(v)} if {expr(c)} else {out})"
            return out
        if head == "let":
            names = [name for name, _ in rest[0]]
            values = [expr(e) for _, e in rest[0]]
            return f"(lambda {', '.join(names)}: {expr(rest[1])})({', '.join(values)})"
        infix = {"+": "+", "-": "-", "*": "*", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "==",
                 "and": "and", "or": "or", "modulo": "%"}
        if head in infix:
            return f"({a[0]} {infix[head]} {a[1]})"
        named = {"abs": "abs({0})", "max": "max({0}, {1})", "min": "min({0}, {1})",
                 "quotient": "trunc_div({0}, {1})", "remainder": "({0} - {1} * trunc_div({0}, {1}))",
                 "even?": "({0} % 2 == 0)", "odd?": "({0} % 2 != 0)", "not": "(not {0})", "null?": "({0} == ())",
                 "car": "{0}[0]", "cdr": "{0}[1:]", "cons": "(({0},) + {1})"}
        if head in named:
            return named[head].format(*a)
        return f"_{head}({', '.join(a)})"

    lines = ["from fractions import Fraction", "", "def trunc_div(a, b):", "    return int(Fraction(a, b))"]
    for _, (name, *params), body in program:
        lines += ["", f"def _{name}({', '.join(params)}):", f"    return {expr(body)}"]
        lines += [f"def {name}(*args):", f"    out = _{name}(*[tuple(a) if isinstance(a, list) else a for a in args])",
                  "    return list(out) if isinstance(out, tuple) else out"]
    return "\n".join(lines) + "\n"


def floor_division_shows(program: list) -> bool:
    """Whether reading every quotient as Python's // changes a result on the wider pool of inputs."""
    floored = json.loads(json.dumps(program).replace('"quotient"', '"floor-quotient"'))
    if floored == program:
        return False
    pool = wider_inputs([[]] if program[-1][1][1] == "xs" else [0])
    return any(safe_run(floored, args) != safe_run(program, args) for args in pool)


def test_lisp_reference_and_a_second_translation_pass_and_slips_fail():
    env = fast(TranslateLisp)
    problem = next(p for seed in range(40) if floor_division_shows(lisp_program((p := env.sample(12, seed)).prompt)))
    program = lisp_program(problem.prompt)
    assert env.check(problem.data, problem.answer).correct
    other = faithful_translation(program)
    assert "quotient(" not in other
    assert env.check(problem.data, other).correct
    slip = problem.answer.replace("q if (a < 0) == (b < 0) else -q", "a // b")  # quotient as Python's //
    verdict = env.check(problem.data, slip)
    assert not verdict.correct and "expected" in verdict.reason


def test_lisp_list_answers_and_wrong_formats():
    problem = next(p for s in range(40) if "list[int]:" in (p := TranslateLisp().sample(6, s)).prompt.split("->")[-1]
                   or "-> list[int]" in p.prompt)
    assert_accepted(problem, problem.answer)
    assert_rejected(problem, lisp_program_text(problem.prompt), "not valid python")
    # Returning a tuple where a list is asked for comes back as a list through JSON, and passes;
    # returning the right elements as strings does not.
    stringly = problem.answer + "\n\n_f = f\n\ndef f(xs, k):\n    return [str(v) for v in _f(xs, k)]\n"
    verdict = score_answer(problem, stringly)
    assert not verdict.correct


def lisp_program_text(prompt: str) -> str:
    return prompt.split("Here is a program in this language:\n\n", 1)[1].split("\n\nWrite a Python function", 1)[0]


# -- shrink_failing_input ------------------------------------------------------------------------------------


def shown_function(prompt: str, name: str):
    source = re.search(r"```python\n(.*?)```", prompt, re.S).group(1)
    namespace: dict = {}
    exec(source, namespace)  # generated code from the prompt: never model text
    return namespace[name]


def failing_input(prompt: str) -> list[int]:
    return json.loads(re.search(r"returns False for this list of \d+ integers:\n\n(\[.*?\])", prompt).group(1))


def shortest_by_brute_force(passes, xs: list[int]) -> list[list[int]]:
    """Every shortest failing sub-list (as index choices made into values), trying sizes in increasing order."""
    for size in range(len(xs) + 1):
        found = [[xs[i] for i in chosen] for chosen in itertools.combinations(range(len(xs)), size)
                 if not passes([xs[i] for i in chosen])]
        if found:
            return found
    raise AssertionError("the input does not fail")


@pytest.mark.parametrize(("difficulty", "seed"), [(0, 0), (2, 1), (4, 2), (6, 3), (8, 4), (10, 5), (11, 6)])
def test_shrink_reference_is_a_shortest_failing_sub_list(difficulty, seed):
    problem = ShrinkFailingInput().sample(difficulty, seed)
    passes = shown_function(problem.prompt, "passes")
    xs = failing_input(problem.prompt)
    assert not passes(xs)
    shortest = shortest_by_brute_force(passes, xs)
    reference = json.loads(problem.answer)
    assert len(reference) == len(shortest[0]) and not passes(reference)
    for other in shortest[:20]:  # any shortest failing sub-list is accepted
        assert_accepted(problem, str(other))


@pytest.mark.parametrize(("difficulty", "seed"), [(15, 0), (22, 1), (30, 2)])
def test_shrink_reference_fails_and_nothing_shorter_does_at_higher_levels(difficulty, seed):
    problem = ShrinkFailingInput().sample(difficulty, seed)
    passes = shown_function(problem.prompt, "passes")
    xs = failing_input(problem.prompt)
    reference = json.loads(problem.answer)
    assert not passes(reference)
    shorter = len(reference) - 1
    # Sub-lists one shorter than the reference, as distinct value tuples (the values repeat, so far fewer).
    if math.comb(len(xs), shorter) <= 200_000:
        assert all(passes(list(c)) for c in set(itertools.combinations(xs, shorter)))


def test_shrink_near_misses_are_rejected_with_reasons():
    problem = ShrinkFailingInput().sample(9, 3)
    passes = shown_function(problem.prompt, "passes")
    xs = failing_input(problem.prompt)
    reference = json.loads(problem.answer)
    assert_accepted(problem, " ".join(map(str, reference)))  # brackets and commas are optional
    assert_rejected(problem, str(xs), "fails", "elements exists")  # the whole input fails, but is not shortest
    assert_rejected(problem, str(reference[::-1] + [10**5]), "sub-list")
    passing = next(reference[:i] + reference[i + 1 :] for i in range(len(reference)))
    assert passes(passing)
    assert_rejected(problem, str(passing), "passes")
    assert_rejected(problem, "[]", "empty")
    assert not score_answer(problem, "[1, 2, x]").format_ok


# -- json_query_output ---------------------------------------------------------------------------------------

STEP = re.compile(r"\.(\w+)|\[(-?\d+)\]|\[\*\]|\[\?\(@((?:\.\w+)+) (==|!=|<=|>=|<|>) (.+?)\)\]")


COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge}


def kind_of(value) -> str:
    return "bool" if isinstance(value, bool) else "number" if isinstance(value, int | float) else type(value).__name__


def run_query(document, query: str):
    """A second implementation of the prompt's query language, read from the query text."""
    path, *functions = [part.strip() for part in query.split("|")]
    assert path.startswith("$")
    position, nodes, many = 1, [document], False  # many: the path had [*] or a filter
    while position < len(path):
        match = STEP.match(path, position)
        assert match, path[position:]
        position = match.end()
        field, index, filter_path, op, literal = match.groups()
        following = []
        for node in nodes:
            if field is not None:
                following += [node[field]] if isinstance(node, dict) and field in node else []
            elif index is not None:
                i = int(index)
                following += [node[i]] if isinstance(node, list) and -len(node) <= i < len(node) else []
            elif isinstance(node, list):
                if filter_path is None:
                    following += node
                    continue
                wanted = json.loads(literal)
                for element in node:
                    value, ok = element, True
                    for name in filter_path.strip(".").split("."):
                        ok = ok and isinstance(value, dict) and name in value
                        value = value[name] if ok else None
                    if ok and kind_of(value) == kind_of(wanted) and kind_of(value) in ("number", "str", "bool"):
                        if kind_of(value) == "bool" and op not in ("==", "!="):
                            continue
                        if COMPARE[op](value, wanted):
                            following.append(element)
        nodes = following
        many = many or (field is None and index is None)
    result = nodes if many else (nodes[0] if nodes else None)
    for call in functions:
        name = call.removesuffix("()")
        if name == "unique":
            result = [v for i, v in enumerate(result) if all(kind_of(v) != kind_of(w) or v != w for w in result[:i])]
        elif name in ("first", "last", "max", "min"):
            pick = {"first": lambda r: r[0], "last": lambda r: r[-1], "max": max, "min": min}[name]
            result = pick(result) if result else None
        else:
            result = {"length": len, "sum": sum, "sort": sorted, "reverse": lambda r: list(reversed(r)),
                      "keys": lambda r: sorted(r.keys())}[name](result)
    return result


def document_and_query(prompt: str):
    document = json.loads(prompt.split("The document:\n\n", 1)[1].split("\n\nWhat is the result", 1)[0])
    query = re.search(r"What is the result of this query\?\n\n    (.*)\n", prompt).group(1)
    return document, query


def same_kinds(a, b) -> bool:
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(same_kinds, a, b))
    return kind_of(a) == kind_of(b) and a == b


@pytest.mark.parametrize("difficulty", [0, 2, 3, 5, 6, 8, 10, 12, 16, 20, 30])
def test_json_query_results_match_a_second_implementation(difficulty):
    for seed in range(12):
        problem = JsonQueryOutput().sample(difficulty, seed)
        document, query = document_and_query(problem.prompt)
        assert same_kinds(run_query(document, query), json.loads(problem.answer)), (query, problem.answer)


def test_json_query_covers_the_stated_traps():
    queries = [document_and_query(JsonQueryOutput().sample(d, s).prompt)[1] for d in range(12, 31) for s in range(6)]
    assert any("[?(" in q for q in queries) and any("[-" in q for q in queries)
    assert any(re.search(r"\[\*\].*\[\*\]", q) for q in queries) and any(q.count("|") >= 2 for q in queries)
    assert any(re.search(r'[<>=] "\d+"\)', q) for q in queries)  # a number written as a string: no match


def test_json_query_answers_are_compared_as_values():
    problem = next(p for s in range(60) if isinstance(json.loads((p := JsonQueryOutput().sample(14, s)).answer), list)
                   and len(json.loads(p.answer)) >= 2 and all(isinstance(v, int) for v in json.loads(p.answer)))
    value = json.loads(problem.answer)
    assert_accepted(problem, json.dumps(value, indent=2))
    assert_accepted(problem, json.dumps([float(v) for v in value]))  # 3.0 is the number 3
    assert_rejected(problem, json.dumps(value[:-1]), "elements")
    assert_rejected(problem, json.dumps(value[::-1] if value != value[::-1] else [v + 1 for v in value]))
    assert_rejected(problem, json.dumps([str(v) for v in value]), "not the query's result")
    assert_rejected(problem, str(value[0]), "array")
    assert not score_answer(problem, "[1, 2,").format_ok
    assert not score_answer(problem, "[" * 5000 + "]" * 5000).format_ok
    assert not score_answer(problem, "NaN").format_ok
    number = next(p for s in range(60) if isinstance(json.loads((p := JsonQueryOutput().sample(3, s)).answer), int)
                  and not isinstance(json.loads(p.answer), bool))
    n = json.loads(number.answer)
    assert_accepted(number, f"{n}.0")
    assert_rejected(number, str(n + 1))
    assert_rejected(number, f'"{n}"')


# -- loop_cost_formula ---------------------------------------------------------------------------------------


def counted_work(prompt: str):
    """The prompt's work(n), with a counter before the marked line; returns the marked line's count."""
    source = re.search(r"```python\n(.*?)```", prompt, re.S).group(1)
    lines = []
    for line in source.splitlines():
        if line.endswith("# <--"):
            lines.append(line[: len(line) - len(line.lstrip())] + "hits[0] += 1")
        lines.append(line)
    namespace: dict = {"hits": [0]}
    exec("\n".join(lines), namespace)  # generated code from the prompt: never model text

    def count(n: int) -> int:
        namespace["hits"][0] = 0
        namespace["work"](n)
        return namespace["hits"][0]

    return count


def loop_depth(prompt: str) -> int:
    marked = next(line for line in prompt.splitlines() if line.endswith("# <--"))
    return (len(marked) - len(marked.lstrip())) // 4 - 1


@pytest.mark.parametrize(("difficulty", "seed"), [(0, 0), (3, 1), (6, 2), (9, 3), (13, 4), (17, 5), (20, 6), (30, 7)])
def test_loop_count_is_the_polynomial_through_brute_force_counts(difficulty, seed):
    problem = LoopCostFormula().sample(difficulty, seed)
    count = counted_work(problem.prompt)
    degree = loop_depth(problem.prompt)
    points = [(n, count(n)) for n in range(1, degree + 3)]  # one point more than the degree needs
    n = sympy.Symbol("n")
    polynomial = sympy.interpolate(points[:-1], n)
    assert polynomial.subs(n, points[-1][0]) == points[-1][1]  # the counts really follow a polynomial
    huge = int(re.search(r"during the call work\((\d+)\)", problem.prompt).group(1))
    assert int(polynomial.subs(n, huge)) == int(problem.answer)


def test_loop_count_answers_accept_formatting_and_reject_near_misses():
    problem = LoopCostFormula().sample(14, 2)
    value = int(problem.answer)
    assert_accepted(problem, f"{value:,}")
    assert_accepted(problem, f"  {value}  ")
    assert_rejected(problem, str(value + 1), "off by a little")
    assert_rejected(problem, str(value - 1), "off by a little")
    assert_rejected(problem, str(value * 2), "not the number")
    assert not score_answer(problem, "n*(n+1)/2").format_ok
    assert not score_answer(problem, "9" * 5000).format_ok
