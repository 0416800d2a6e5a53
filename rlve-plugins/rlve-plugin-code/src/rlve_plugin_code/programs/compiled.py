"""A program tree turned into nested Python closures once, to run it on many inputs fast.

``interpreter.result_of`` walks the tree and tests each node's type on every visit; a generator that probes
one program on dozens of inputs (code/find_input) pays that on every run. ``compile_function`` does the
dispatch once: each node becomes a closure that calls its children's closures directly. The semantics are
the interpreter's exactly, step budget included (each statement run counts one step, each passed ``while``
test one more, and passing ``max_steps`` raises ``OutOfSteps``), so either gives the same result or raises
alike; the package tests check that they agree.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from rlve_plugin_code.programs.interpreter import OutOfSteps
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

Env = dict[str, int]
#: The steps run so far, in a one-element list that every statement closure of a run shares.
Counter = list[int]

BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
COMPARISONS = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
AUGMENTED = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def compile_function(program: Program) -> Callable[[tuple[int, ...], int], int]:
    """``run(args, max_steps)``: what ``result_of(program, args, max_steps)`` returns, or OutOfSteps likewise."""
    assert program.result is not None
    params = program.params
    result = _expr(program.result)

    def run(args: tuple[int, ...], max_steps: int) -> int:
        env = dict(zip(params, args))
        body(env, [0], max_steps)
        return result(env)

    body = _block(program.body)
    return run


def _expr(expr: Expr) -> Callable[[Env], int]:
    if isinstance(expr, Const):
        value = expr.value
        return lambda env: value
    if isinstance(expr, Var):
        name = expr.name
        return lambda env: env[name]
    if isinstance(expr, Bin):
        return _binary(BINARY[expr.op], expr.left, expr.right)
    args = [_expr(arg) for arg in expr.args]
    if expr.name == "abs":
        first = args[0]
        return lambda env: abs(first(env))
    function = min if expr.name == "min" else max
    return lambda env: function([arg(env) for arg in args])


def _binary(op: Callable[[int, int], int], left: Expr, right: Expr) -> Callable[[Env], int]:
    """``op`` on two operands; a variable or a constant is read in place, without a closure call of its own
    (most operands are one: this halves the calls of a run)."""
    if isinstance(left, Var) and isinstance(right, Const):
        name, value = left.name, right.value
        return lambda env: op(env[name], value)
    if isinstance(left, Var) and isinstance(right, Var):
        first, second = left.name, right.name
        return lambda env: op(env[first], env[second])
    if isinstance(left, Const) and isinstance(right, Var):
        value, name = left.value, right.name
        return lambda env: op(value, env[name])
    if isinstance(left, Var):
        name, compute = left.name, _expr(right)
        return lambda env: op(env[name], compute(env))
    if isinstance(right, Var):
        compute, name = _expr(left), right.name
        return lambda env: op(compute(env), env[name])
    first_part, second_part = _expr(left), _expr(right)
    return lambda env: op(first_part(env), second_part(env))


def _cond(cond: Cond) -> Callable[[Env], bool]:
    if isinstance(cond, Compare):
        return _binary(COMPARISONS[cond.op], cond.left, cond.right)
    if isinstance(cond, BoolOp):
        first, second = _cond(cond.left), _cond(cond.right)
        if cond.op == "and":
            return lambda env: first(env) and second(env)
        return lambda env: first(env) or second(env)
    operand = _cond(cond.operand)
    return lambda env: not operand(env)


def _block(body: tuple[Stmt, ...]) -> Callable[[Env, Counter, int], None]:
    statements = [_statement(stmt) for stmt in body]
    if not any(isinstance(stmt, (If, For, While)) for stmt in body):
        # Straight-line code: its steps are counted at once. Where they pass the budget, the interpreter stops
        # at the statement that does and this stops before the first; either way the run is OutOfSteps.
        count = len(statements)

        def run_straight(env: Env, counter: Counter, max_steps: int) -> None:
            counter[0] += count
            if counter[0] > max_steps:
                raise OutOfSteps
            for statement in statements:
                statement(env, counter, max_steps)

        return run_straight

    def run(env: Env, counter: Counter, max_steps: int) -> None:
        for statement in statements:
            counter[0] += 1
            if counter[0] > max_steps:
                raise OutOfSteps
            statement(env, counter, max_steps)

    return run


def _statement(stmt: Stmt) -> Callable[[Env, Counter, int], None]:
    if isinstance(stmt, Assign):
        name, value = stmt.name, _expr(stmt.value)

        def assign(env: Env, counter: Counter, max_steps: int) -> None:
            env[name] = value(env)

        return assign
    if isinstance(stmt, AugAssign):
        name, op, value = stmt.name, AUGMENTED[stmt.op], _expr(stmt.value)

        def augment(env: Env, counter: Counter, max_steps: int) -> None:
            operand = value(env)  # evaluated before the variable is read, as the interpreter does
            env[name] = op(env[name], operand)

        return augment
    if isinstance(stmt, If):
        test, body, orelse = _cond(stmt.test), _block(stmt.body), _block(stmt.orelse)

        def branch(env: Env, counter: Counter, max_steps: int) -> None:
            (body if test(env) else orelse)(env, counter, max_steps)

        return branch
    if isinstance(stmt, For):
        var, start, stop, body = stmt.var, stmt.start, stmt.stop, _block(stmt.body)

        def loop(env: Env, counter: Counter, max_steps: int) -> None:
            for value in range(start, stop):
                env[var] = value
                body(env, counter, max_steps)
            env.pop(var, None)

        return loop
    if isinstance(stmt, While):
        test, body = _cond(stmt.test), _block(stmt.body)

        def repeat(env: Env, counter: Counter, max_steps: int) -> None:
            while test(env):
                counter[0] += 1
                if counter[0] > max_steps:
                    raise OutOfSteps
                body(env, counter, max_steps)

        return repeat
    value = _expr(stmt.value)  # a print: a function's result does not depend on it, but it is evaluated alike

    def show(env: Env, counter: Counter, max_steps: int) -> None:
        value(env)

    return show
