"""Our interpreter of program trees: the reference for every value environment built on them.

Its semantics are Python's (floor division and modulo by positive constants, min, max, abs); the package
tests check that running the rendered Python gives the same results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rlve_plugin_code.programs.tree import (
    Assign,
    AugAssign,
    Bin,
    BoolOp,
    Compare,
    Cond,
    Const,
    Expr,
    For,
    If,
    Program,
    Stmt,
    Var,
    While,
)


class OutOfSteps(Exception):
    """The program ran longer than its budget (the generator then draws another)."""


@dataclass
class Run:
    env: dict[str, int]
    output: list[int] = field(default_factory=list)
    steps: int = 0
    largest: int = 0


def evaluate(expr: Expr, env: dict[str, int]) -> int:
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Var):
        return env[expr.name]
    if isinstance(expr, Bin):
        a, b = evaluate(expr.left, env), evaluate(expr.right, env)
        if expr.op == "+":
            return a + b
        if expr.op == "-":
            return a - b
        if expr.op == "*":
            return a * b
        if expr.op == "//":
            return a // b
        return a % b
    values = [evaluate(arg, env) for arg in expr.args]
    return {"min": min, "max": max}[expr.name](values) if expr.name != "abs" else abs(values[0])


def test(cond: Cond, env: dict[str, int]) -> bool:
    if isinstance(cond, Compare):
        a, b = evaluate(cond.left, env), evaluate(cond.right, env)
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[cond.op]
    if isinstance(cond, BoolOp):
        if cond.op == "and":
            return test(cond.left, env) and test(cond.right, env)
        return test(cond.left, env) or test(cond.right, env)
    return not test(cond.operand, env)


def execute(program: Program, args: tuple[int, ...] = (), max_steps: int = 100_000) -> Run:
    """Run ``program``; raises OutOfSteps past ``max_steps`` executed statements."""
    state = Run(dict(zip(program.params, args)))
    _block(program.body, state, max_steps)
    return state


def result_of(program: Program, args: tuple[int, ...], max_steps: int = 100_000) -> int:
    state = execute(program, args, max_steps)
    assert program.result is not None
    return evaluate(program.result, state.env)


def _block(body: tuple[Stmt, ...], state: Run, max_steps: int) -> None:
    for stmt in body:
        state.steps += 1
        if state.steps > max_steps:
            raise OutOfSteps
        env = state.env
        if isinstance(stmt, Assign):
            env[stmt.name] = evaluate(stmt.value, env)
            state.largest = max(state.largest, abs(env[stmt.name]))
        elif isinstance(stmt, AugAssign):
            value = evaluate(stmt.value, env)
            current = env[stmt.name]
            env[stmt.name] = (
                current + value if stmt.op == "+" else current - value if stmt.op == "-" else current * value
            )
            state.largest = max(state.largest, abs(env[stmt.name]))
        elif isinstance(stmt, If):
            _block(stmt.body if test(stmt.test, env) else stmt.orelse, state, max_steps)
        elif isinstance(stmt, For):
            for value in range(stmt.start, stmt.stop):
                env[stmt.var] = value
                _block(stmt.body, state, max_steps)
            env.pop(stmt.var, None)  # loop variables are not used after their loop
        elif isinstance(stmt, While):
            while test(stmt.test, env):
                state.steps += 1
                if state.steps > max_steps:
                    raise OutOfSteps
                _block(stmt.body, state, max_steps)
        else:
            value = evaluate(stmt.value, env)
            state.output.append(value)
            state.largest = max(state.largest, abs(value))
