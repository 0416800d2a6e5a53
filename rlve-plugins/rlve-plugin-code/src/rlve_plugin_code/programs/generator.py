"""Drawing random programs: initial assignments, then nested statements, within ``Settings``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rlve_plugin_code.programs.tree import (
    Assign,
    AugAssign,
    Bin,
    BoolOp,
    Call,
    Compare,
    Cond,
    Const,
    Expr,
    For,
    If,
    Not,
    Print,
    Program,
    Stmt,
    Var,
    While,
)

VARIABLES = "abcdefgh"
LOOP_VARIABLES = "ijk"
COUNTERS = "tuw"


@dataclass
class Settings:
    statements: int  # how many statements in all, nested ones included
    variables: int
    max_depth: int  # nesting of if/for/while
    loops: bool
    whiles: bool
    prints: bool
    max_range: int
    expression_depth: int


class _Generator:
    def __init__(self, rng: random.Random, settings: Settings, params: tuple[str, ...]):
        self.rng = rng
        self.settings = settings
        self.params = params
        self.names = list(VARIABLES[: settings.variables])
        self.left = settings.statements

    def leaf(self, scope: list[str]) -> Expr:
        if scope and self.rng.random() < 0.65:
            return Var(self.rng.choice(scope))
        return Const(self.rng.randint(1, 9))

    def expr(self, scope: list[str], depth: int, inside_loop: bool) -> Expr:
        """An expression that mentions at least one variable (no 2 * 3 * 2, no max(9, 4))."""
        expr = self._expr(scope, depth, inside_loop)
        if scope and not has_variable(expr):
            expr = Bin(self.rng.choice(["+", "-"]), Var(self.rng.choice(scope)), expr)
        return expr

    def _expr(self, scope: list[str], depth: int, inside_loop: bool) -> Expr:
        if depth <= 0 or self.rng.random() < 0.3:
            return self.leaf(scope)
        roll = self.rng.random()
        if roll < 0.1:
            return Call("abs", (self.expr(scope, depth - 1, inside_loop),))
        if roll < 0.22:
            first = self.expr(scope, depth - 1, inside_loop)
            second = self.leaf(scope)
            if second == first:
                second = Const(self.rng.randint(1, 9))
            return Call(self.rng.choice(["min", "max"]), (first, second))
        op = self.rng.choice(["+", "+", "-", "-", "*", "//", "%"])
        left = self.expr(scope, depth - 1, inside_loop)
        if op in ("//", "%"):
            return Bin(op, left, Const(self.rng.randint(2, 9)))
        if op == "*":
            # Products only by small constants, so values grow slowly even inside loops.
            return Bin("*", left, Const(self.rng.randint(2, 3 if inside_loop else 5)))
        right = self._expr(scope, depth - 1, inside_loop)
        if right == left:
            right = Const(self.rng.randint(1, 9))
        return Bin(op, left, right)

    def cond(self, scope: list[str], inside_loop: bool) -> Cond:
        def compare() -> Compare:
            op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
            left = self.expr(scope, 1, inside_loop)  # always mentions a variable: never 3 >= 4
            if op in ("==", "!="):
                left = Bin("%", left, Const(self.rng.randint(2, 4)))  # so equality is sometimes true
                return Compare(op, left, Const(self.rng.randint(0, 1)))
            return Compare(op, left, self.leaf(scope) if self.rng.random() < 0.5 else Const(self.rng.randint(0, 20)))

        roll = self.rng.random()
        if roll < 0.15:
            return BoolOp(self.rng.choice(["and", "or"]), compare(), compare())
        if roll < 0.2:
            return Not(compare())
        return compare()

    def assignment(self, scope: list[str], inside_loop: bool) -> Stmt:
        target = self.rng.choice(self.names)
        value = self.expr(scope, self.settings.expression_depth, inside_loop)
        if value == Var(target):  # c = c, d -= d: say nothing
            value = Bin("+", value, Const(self.rng.randint(1, 9)))
        if self.rng.random() < 0.45:
            op = self.rng.choice(["+", "-"]) if inside_loop or self.rng.random() < 0.8 else "*"
            if op == "*":
                value = Const(self.rng.randint(2, 3))
            return AugAssign(target, op, value)
        if inside_loop and _contains_product(value):
            value = Bin("%", value, Const(self.rng.randint(10, 99)))  # no geometric growth in loops
        return Assign(target, value)

    def block(
        self, scope: list[str], depth: int, budget: int, inside_loop: bool, counters: list[str]
    ) -> tuple[Stmt, ...]:
        body: list[Stmt] = []
        while budget > 0 and self.left > 0:
            kinds = ["assign", "assign", "assign"]
            if self.settings.prints:
                kinds.append("print")
            if depth < self.settings.max_depth and budget >= 2:
                kinds.append("if")
                if self.settings.loops:
                    kinds.append("for")
                if self.settings.whiles and counters:
                    kinds.append("while")
            kind = self.rng.choice(kinds)
            self.left -= 1
            budget -= 1
            if kind == "assign":
                body.append(self.assignment(scope, inside_loop))
            elif kind == "print":
                body.append(Print(self.expr(scope, 1, inside_loop)))
            elif kind == "if":
                inner = self.rng.randint(1, min(budget, 3))
                then = self.block(scope, depth + 1, inner, inside_loop, counters)
                budget -= inner
                orelse: tuple[Stmt, ...] = ()
                if budget > 0 and self.rng.random() < 0.4:
                    orelse = self.block(scope, depth + 1, 1, inside_loop, counters)
                    budget -= 1
                body.append(If(self.cond(scope, inside_loop), then or (self.assignment(scope, inside_loop),), orelse))
            elif kind == "for":
                var = LOOP_VARIABLES[depth % len(LOOP_VARIABLES)]
                start = self.rng.randint(0, 3)
                stop = start + self.rng.randint(2, self.settings.max_range)
                inner = self.rng.randint(1, min(budget, 3))
                loop_body = self.block(scope + [var], depth + 1, inner, True, counters)
                budget -= inner
                body.append(For(var, start, stop, loop_body or (self.assignment(scope + [var], True),)))
            else:
                counter = counters[0]
                rest = counters[1:]
                steps = self.rng.randint(2, self.settings.max_range)
                stride = self.rng.randint(1, 3)
                inner = self.rng.randint(1, min(budget, 3))
                loop_body = self.block(scope + [counter], depth + 1, inner, True, rest)
                budget -= inner
                body.append(Assign(counter, Const(steps * stride)))
                body.append(
                    While(Compare(">", Var(counter), Const(0)), loop_body + (AugAssign(counter, "-", Const(stride)),))
                )
        return tuple(body)


def has_variable(expr: Expr) -> bool:
    if isinstance(expr, Var):
        return True
    if isinstance(expr, Bin):
        return has_variable(expr.left) or has_variable(expr.right)
    if isinstance(expr, Call):
        return any(has_variable(arg) for arg in expr.args)
    return False


def _contains_product(expr: Expr) -> bool:
    if isinstance(expr, Bin):
        return expr.op == "*" or _contains_product(expr.left) or _contains_product(expr.right)
    if isinstance(expr, Call):
        return any(_contains_product(arg) for arg in expr.args)
    return False


def draw_program(rng: random.Random, settings: Settings, params: tuple[str, ...] = ()) -> Program:
    """Initial assignments of every variable, then ``settings.statements`` random statements."""
    generator = _Generator(rng, settings, params)
    init: list[Stmt] = []
    scope = list(params)
    for name in generator.names:
        if params and rng.random() < 0.7:
            value: Expr = Bin(rng.choice(["+", "-", "%", "//"]), Var(rng.choice(params)), Const(rng.randint(2, 9)))
            if value.op == "-":
                value = Bin("+", Var(rng.choice(params)), Const(rng.randint(0, 9)))
        else:
            value = Const(rng.randint(0, 9))
        init.append(Assign(name, value))
        scope.append(name)
    body = generator.block(scope, 0, settings.statements, False, list(COUNTERS))
    result = None
    if params:
        # The result is computed from the program's variables, never the parameter itself (no "return n").
        result = generator.expr(generator.names, 2, False)
    return Program(tuple(init) + body, params, result)
