"""code/refactor_constrained: rewrite a function without some syntax (no `if`, no `for`, ...), same results."""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.generated_functions import (
    INPUT_RANGE,
    MAX_STATEMENTS,
    compiled,
    results,
    test_inputs,
    worst_steps,
)
from rlve_plugin_code.program_tasks import MAX_VALUE, settings, step_budget
from rlve_plugin_code.programs import (
    Assign,
    AugAssign,
    Bin,
    For,
    If,
    Program,
    Stmt,
    Var,
    While,
    draw_program,
    render,
    render_cond,
    render_expr,
)
from rlve_plugin_code.syntax_rules import IMPORT_RULE, RULES, RuledFunctionEnvironment

#: Rules a program can be rewritten to obey, with the constructs that break them.
KINDS = {"if": If, "for": For, "while": While, "augmented": AugAssign}
#: Statements in the function stop growing here, so running every test stays cheap at any difficulty.
ATTEMPTS = 40


def constructs(body: tuple[Stmt, ...]) -> set[str]:
    found: set[str] = set()
    for stmt in body:
        for key, kind in KINDS.items():
            if isinstance(stmt, kind):
                found.add(key)
        if isinstance(stmt, If):
            found |= constructs(stmt.body) | constructs(stmt.orelse)
        elif isinstance(stmt, (For, While)):
            found |= constructs(stmt.body)
    return found


class _Rewriter:
    """Renders a program as Python obeying ``rules``: each forbidden statement becomes an allowed one.

    if -> a loop that runs once or never (the test saved first, since the body may change it);
    for -> while with an explicit counter; while (always ``t = s * k`` then ``while t > 0: ...; t -= k``)
    -> a for loop of s rounds; ``a += e`` -> ``a = a + (e)``. "for" and "while" are never both forbidden.
    """

    def __init__(self, rules: set[str]):
        self.rules = rules
        self.saved = 0

    def block(self, body: tuple[Stmt, ...], indent: int) -> list[str]:
        lines: list[str] = []
        for index, stmt in enumerate(body):
            following = body[index + 1] if index + 1 < len(body) else None
            if isinstance(stmt, Assign) and isinstance(following, While) and "while" in self.rules:
                continue  # the counter's start is written by the while's rewrite
            if isinstance(stmt, While) and "while" in self.rules:
                lines += self.counted(body[index - 1], stmt, indent)
            else:
                lines += self.stmt(stmt, indent)
        return lines

    def counted(self, start: Stmt, loop: While, indent: int) -> list[str]:
        """``t = s * k`` then ``while t > 0: ...; t -= k`` visits t = s*k, ..., k: a for loop over that range."""
        pad = "    " * indent
        stride = loop.body[-1].value.value
        header = f"{pad}for {start.name} in range({start.value.value}, 0, -{stride}):"
        return [header, *self.block(loop.body[:-1], indent + 1)]

    def loop_once(self, flag: str, run_if_true: bool, body: tuple[Stmt, ...], indent: int) -> list[str]:
        pad = "    " * indent
        if "for" in self.rules:
            go = f"_go{flag[2:]}"
            return [
                f"{pad}{go} = {flag if run_if_true else f'not {flag}'}",
                f"{pad}while {go}:",
                *self.block(body, indent + 1),
                f"{pad}    {go} = False",
            ]
        count = "1 if {0} else 0" if run_if_true else "0 if {0} else 1"
        return [f"{pad}for _ in range({count.format(flag)}):", *self.block(body, indent + 1)]

    def stmt(self, stmt: Stmt, indent: int) -> list[str]:
        pad = "    " * indent
        if isinstance(stmt, Assign):
            return [f"{pad}{stmt.name} = {render_expr(stmt.value)}"]
        if isinstance(stmt, AugAssign):
            if "augmented" in self.rules:
                return [f"{pad}{stmt.name} = {render_expr(Bin(stmt.op, Var(stmt.name), stmt.value))}"]
            return [f"{pad}{stmt.name} {stmt.op}= {render_expr(stmt.value)}"]
        if isinstance(stmt, If):
            if "if" not in self.rules:
                lines = [f"{pad}if {render_cond(stmt.test)}:", *self.block(stmt.body, indent + 1)]
                if stmt.orelse:
                    lines += [f"{pad}else:", *self.block(stmt.orelse, indent + 1)]
                return lines
            self.saved += 1
            flag = f"_c{self.saved}"
            lines = [f"{pad}{flag} = {render_cond(stmt.test)}"]
            lines += self.loop_once(flag, True, stmt.body, indent)
            if stmt.orelse:
                lines += self.loop_once(flag, False, stmt.orelse, indent)
            return lines
        if isinstance(stmt, For):
            if "for" not in self.rules:
                bounds = str(stmt.stop) if stmt.start == 0 else f"{stmt.start}, {stmt.stop}"
                return [f"{pad}for {stmt.var} in range({bounds}):", *self.block(stmt.body, indent + 1)]
            step = "+= 1" if "augmented" not in self.rules else f"= {stmt.var} + 1"
            return [
                f"{pad}{stmt.var} = {stmt.start}",
                f"{pad}while {stmt.var} < {stmt.stop}:",
                *self.block(stmt.body, indent + 1),
                f"{pad}    {stmt.var} {step}",
            ]
        if isinstance(stmt, While):
            return [f"{pad}while {render_cond(stmt.test)}:", *self.block(stmt.body, indent + 1)]
        raise TypeError(f"no print in a function: {stmt!r}")  # pragma: no cover - settings exclude prints


def rewrite(program: Program, name: str, rules: set[str]) -> str:
    """The program as a Python function obeying ``rules``."""
    body = _Rewriter(rules).block(program.body, 1)
    assert program.result is not None
    lines = [f"def {name}({', '.join(program.params)}):", *body, f"    return {render_expr(program.result)}"]
    return "\n".join(lines) + "\n"


def draw_rules(rng: random.Random, present: set[str], count: int) -> list[str]:
    """Up to ``count`` rules the program breaks, never both "for" and "while" (one is rewritten as the other)."""
    chosen: list[str] = []
    for key in rng.sample(sorted(present), len(present)):
        if len(chosen) < count and not ({key} | set(chosen)) >= {"for", "while"}:
            chosen.append(key)
    return sorted(chosen)


class RefactorConstrained(RuledFunctionEnvironment):
    id = "code/refactor_constrained"
    version = 1
    description = (
        "Rewrite a given integer function without some kind of syntax (no if, no for, no while, no augmented "
        "assignment), returning the same value for every input."
    )
    difficulty_scales = (
        "statements in the function: 3 + d (up to 33); nesting, loops and while loops as in predict_output; "
        "forbidden constructs: 1, 2 from d=8, 3 from d=18; a second parameter from d=10"
    )
    size_name = "statements"
    answer_format = CODE_ANSWER
    tags = ("code", "refactoring", "constraints")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        config = settings(difficulty, prints=False)
        size = 3 + min(t, MAX_STATEMENTS - 3)
        config.statements = size
        # Loops stay short: every test input runs the whole function, here and in the sandbox.
        config.max_depth = min(config.max_depth, 2)
        config.max_range = min(config.max_range, 6)
        config.loops = True
        params = ("n",) if t < 10 else ("n", "m")
        wanted = 1 + (t >= 8) + (t >= 18)
        budget = step_budget(difficulty)
        inputs = test_inputs(rng, len(params))
        for attempt in range(ATTEMPTS):
            program = draw_program(rng, config, params)
            present = constructs(program.body)
            if not present or worst_steps(program.body) > budget:
                if attempt % 8 == 7:
                    config.statements = max(3, config.statements - 1)
                continue
            expected = results(compiled(program), inputs)
            if all(value is not None and abs(value) <= MAX_VALUE for value in expected):
                break
        else:  # pragma: no cover - nearly every draw qualifies
            raise RuntimeError("could not draw a program to refactor")
        rules = draw_rules(rng, present, wanted)
        tests = [{"args": list(args), "expected": value} for args, value in zip(inputs, expected)]
        name = "calc"
        rule_lines = "\n".join(f"- {RULES[key].text};" for key in rules)
        prompt = (
            f"Here is a Python function:\n\n```python\n{render(program, name)}```\n\n"
            f"Rewrite it so that it returns exactly the same value as this one for every integer "
            f"{' and '.join(params)} (the tests use values from {-INPUT_RANGE} to {INPUT_RANGE}), while obeying "
            f"these rules, which are checked on the syntax of your code:\n{rule_lines}\n"
            f"- {IMPORT_RULE}\n\n"
            f"Keep the name {name} and the parameter{'s' if len(params) > 1 else ''} "
            f"{', '.join(params)}. {hidden_tests('every value in range of each parameter')}"
        )
        data = {"entry": name, "arity": len(params), "tests": tests, "rules": rules}
        return Instance(prompt=prompt, answer=rewrite(program, name, set(rules)), data=data, size=size)
