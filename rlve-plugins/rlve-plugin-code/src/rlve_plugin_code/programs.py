"""Small integer programs: a tree, a random generator, our own interpreter, and a Python rendering.

Environments that ask what a program prints or computes never execute model text, and do not
execute the program as Python either: the interpreter here is the reference. Its semantics are
Python's (floor division and modulo by positive constants, min, max, abs), and the package tests
check that running the rendered Python gives the same results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

# -- the tree ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Const:
    value: int


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Bin:
    op: str  # + - * // %
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Call:
    name: str  # min max abs
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Compare:
    op: str  # < <= > >= == !=
    left: Expr
    right: Expr


@dataclass(frozen=True)
class BoolOp:
    op: str  # and or
    left: Cond
    right: Cond


@dataclass(frozen=True)
class Not:
    operand: Cond


@dataclass(frozen=True)
class Assign:
    name: str
    value: Expr


@dataclass(frozen=True)
class AugAssign:
    name: str
    op: str  # + - *
    value: Expr


@dataclass(frozen=True)
class If:
    test: Cond
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] = ()


@dataclass(frozen=True)
class For:
    var: str
    start: int
    stop: int
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class While:
    test: Cond
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Print:
    value: Expr


Expr = Const | Var | Bin | Call
Cond = Compare | BoolOp | Not
Stmt = Assign | AugAssign | If | For | While | Print


@dataclass(frozen=True)
class Program:
    body: tuple[Stmt, ...]
    params: tuple[str, ...] = ()
    result: Expr | None = None  # a function's return value

    @property
    def statements(self) -> int:
        return count_statements(self.body)


def count_statements(body: tuple[Stmt, ...]) -> int:
    total = 0
    for stmt in body:
        total += 1
        if isinstance(stmt, If):
            total += count_statements(stmt.body) + count_statements(stmt.orelse)
        elif isinstance(stmt, (For, While)):
            total += count_statements(stmt.body)
    return total


# -- the interpreter -------------------------------------------------------------------------------------


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


# -- rendering as Python ------------------------------------------------------------------------------------

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2}


def render_expr(expr: Expr) -> str:
    if isinstance(expr, Const):
        return str(expr.value) if expr.value >= 0 else f"({expr.value})"
    if isinstance(expr, Var):
        return expr.name
    if isinstance(expr, Call):
        return f"{expr.name}({', '.join(render_expr(arg) for arg in expr.args)})"
    own = _PRECEDENCE[expr.op]
    left = render_expr(expr.left)
    if isinstance(expr.left, Bin) and _PRECEDENCE[expr.left.op] < own:
        left = f"({left})"
    right = render_expr(expr.right)
    if isinstance(expr.right, Bin) and _PRECEDENCE[expr.right.op] <= own:
        right = f"({right})"
    return f"{left} {expr.op} {right}"


def render_cond(cond: Cond) -> str:
    if isinstance(cond, Compare):
        return f"{render_expr(cond.left)} {cond.op} {render_expr(cond.right)}"
    if isinstance(cond, BoolOp):
        parts = [render_cond(side) for side in (cond.left, cond.right)]
        parts = [
            f"({part})" if isinstance(side, BoolOp) else part for part, side in zip(parts, (cond.left, cond.right))
        ]
        return f" {cond.op} ".join(parts)
    inner = render_cond(cond.operand)
    return f"not ({inner})" if not isinstance(cond.operand, Not) else f"not {inner}"


def render_block(body: tuple[Stmt, ...], indent: int) -> list[str]:
    pad = "    " * indent
    lines: list[str] = []
    for stmt in body:
        if isinstance(stmt, Assign):
            lines.append(f"{pad}{stmt.name} = {render_expr(stmt.value)}")
        elif isinstance(stmt, AugAssign):
            lines.append(f"{pad}{stmt.name} {stmt.op}= {render_expr(stmt.value)}")
        elif isinstance(stmt, If):
            lines.append(f"{pad}if {render_cond(stmt.test)}:")
            lines += render_block(stmt.body, indent + 1)
            if stmt.orelse:
                lines.append(f"{pad}else:")
                lines += render_block(stmt.orelse, indent + 1)
        elif isinstance(stmt, For):
            bounds = str(stmt.stop) if stmt.start == 0 else f"{stmt.start}, {stmt.stop}"
            lines.append(f"{pad}for {stmt.var} in range({bounds}):")
            lines += render_block(stmt.body, indent + 1)
        elif isinstance(stmt, While):
            lines.append(f"{pad}while {render_cond(stmt.test)}:")
            lines += render_block(stmt.body, indent + 1)
        else:
            lines.append(f"{pad}print({render_expr(stmt.value)})")
    return lines


def render(program: Program, name: str = "f") -> str:
    if not program.params:
        return "\n".join(render_block(program.body, 0)) + "\n"
    lines = [f"def {name}({', '.join(program.params)}):"] + render_block(program.body, 1)
    if program.result is not None:
        lines.append(f"    return {render_expr(program.result)}")
    return "\n".join(lines) + "\n"


# -- the generator ---------------------------------------------------------------------------------------------

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
