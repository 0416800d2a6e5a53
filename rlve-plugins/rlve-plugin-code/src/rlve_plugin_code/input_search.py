"""What the input-search environments share: a function of n run on every input of a range at once.

``code/distinguishing_input``, ``code/assertion_failing_input`` and ``code/minimal_failing_input`` ask for an
input with some property (two functions differ on it, an assert fails on it, it is the first one a predicate
rejects). To draw such problems the generator must know the property for *every* input of the range, and
running the pack's interpreter once per input is far too slow for that. ``run_lanes`` runs one program on all
the inputs together: each variable holds one value per input (a "lane"), an ``if`` splits the lanes between
its branches, a ``while`` drops the lanes whose condition turned false. The semantics are the interpreter's
(``programs.execute``); the tests check that both agree with Python on every input. The checkers then judge
the single input a model gives with the interpreter itself.

``draw_function`` draws the functions these tasks show (see the comment above it), ``parse_input`` reads the
input an answer gives, and ``pack``/``unpack`` carry a program in a Problem's data (``find_input``'s format).

A statement ``Assign(PROBE..., ...)`` (a name starting with ``PROBE``) records the values of every variable,
in the lanes that reach it, each time it runs: conditions for an assert (or a predicate's return) are then
tried on those snapshots without running the program again.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import repeat
from typing import Any

from rlve import ParseError
from rlve.parse import parse_int
from rlve.scaling import taper
from rlve_plugin_code.program_tasks import MAX_VALUE
from rlve_plugin_code.programs import (
    VARIABLES,
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
    OutOfSteps,
    Program,
    Stmt,
    Var,
    While,
    render,
)
from rlve_plugin_code.programs.serialise import from_data, to_data
from rlve_plugin_code.reading_tasks import Path, insert_before

#: Names of the statements that record snapshots start with this (no generated variable starts with "_").
PROBE = "_probe"

#: A value in the lanes: one int for all of them (a constant), or one int per lane.
Value = int | list[int]

_BIN = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
_COMPARE = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


@dataclass
class Snapshot:
    """The variables' values in the lanes ``lanes`` (indexes into the inputs) when the probe ``probe`` ran."""

    probe: str
    lanes: list[int]
    env: dict[str, list[int]]


@dataclass
class LaneRun:
    inputs: list[int]
    env: dict[str, list[int]]
    results: list[int] = field(default_factory=list)  # the function's return value per input, if it has one
    snapshots: list[Snapshot] = field(default_factory=list)
    largest: int = 0


class _Lanes:
    def __init__(self, count: int, max_work: int):
        self.count = count
        self.max_work = max_work
        self.work = 0
        self.largest = 0
        self.env: dict[str, list[int]] = {}
        self.snapshots: list[Snapshot] = []

    # -- expressions: ``lanes`` is None for all of them, else a list of lane indexes ------------------------------

    def expr(self, expr: Expr, env: dict[str, list[int]], lanes: list[int] | None) -> Value:
        if isinstance(expr, Const):
            return expr.value
        if isinstance(expr, Var):
            column = env[expr.name]
            return column if lanes is None else [column[i] for i in lanes]
        if isinstance(expr, Bin):
            return _combine(_BIN[expr.op], self.expr(expr.left, env, lanes), self.expr(expr.right, env, lanes))
        values = [self.expr(arg, env, lanes) for arg in expr.args]
        if expr.name == "abs":
            return abs(values[0]) if isinstance(values[0], int) else list(map(abs, values[0]))
        return _combine(min if expr.name == "min" else max, values[0], values[1])

    def test(self, cond: Cond, env: dict[str, list[int]], lanes: list[int] | None) -> list[bool] | bool:
        if isinstance(cond, Compare):
            return _combine(_COMPARE[cond.op], self.expr(cond.left, env, lanes), self.expr(cond.right, env, lanes))
        if isinstance(cond, BoolOp):
            # Both sides can be evaluated in every lane: expressions have no effects and never fail
            # (// and % are by positive constants), so and/or need no short circuit here.
            joined = operator.and_ if cond.op == "and" else operator.or_
            return _combine(joined, self.test(cond.left, env, lanes), self.test(cond.right, env, lanes))
        inner = self.test(cond.operand, env, lanes)
        return (not inner) if isinstance(inner, bool) else [not value for value in inner]

    # -- statements ------------------------------------------------------------------------------------------------

    def assign(self, name: str, value: Value, lanes: list[int] | None) -> None:
        if isinstance(value, int):
            self.largest = max(self.largest, abs(value))
        elif value:
            self.largest = max(self.largest, max(value), -min(value))
        if lanes is None:
            self.env[name] = [value] * self.count if isinstance(value, int) else list(value)
            return
        column = self.env.get(name)
        if column is None:  # first assigned inside a branch: the other lanes never read it
            column = self.env[name] = [0] * self.count
        if isinstance(value, int):
            for i in lanes:
                column[i] = value
        else:
            for i, item in zip(lanes, value):
                column[i] = item

    def block(self, body: tuple[Stmt, ...], lanes: list[int] | None) -> None:
        env = self.env
        for stmt in body:
            self.work += self.count if lanes is None else len(lanes)
            if self.work > self.max_work:
                raise OutOfSteps
            if isinstance(stmt, Assign):
                if stmt.name.startswith(PROBE):
                    every = range(self.count) if lanes is None else lanes
                    values = {name: [column[i] for i in every] for name, column in env.items()}
                    self.snapshots.append(Snapshot(stmt.name, list(every), values))
                else:
                    self.assign(stmt.name, self.expr(stmt.value, env, lanes), lanes)
            elif isinstance(stmt, AugAssign):
                current = self.expr(Var(stmt.name), env, lanes)
                self.assign(stmt.name, _combine(_BIN[stmt.op], current, self.expr(stmt.value, env, lanes)), lanes)
            elif isinstance(stmt, If):
                outcome = self.test(stmt.test, env, lanes)
                every = range(self.count) if lanes is None else lanes
                if isinstance(outcome, bool):
                    outcome = [outcome] * len(every)
                yes = [i for i, holds in zip(every, outcome) if holds]
                no = [i for i, holds in zip(every, outcome) if not holds]
                if yes:
                    self.block(stmt.body, None if len(yes) == self.count else yes)
                if no and stmt.orelse:
                    self.block(stmt.orelse, None if len(no) == self.count else no)
            elif isinstance(stmt, For):
                for value in range(stmt.start, stmt.stop):
                    self.assign(stmt.var, value, lanes)
                    self.block(stmt.body, lanes)
                if lanes is None:
                    env.pop(stmt.var, None)  # as the interpreter: loop variables are not used after their loop
            elif isinstance(stmt, While):
                active = list(range(self.count)) if lanes is None else lanes
                while active:
                    outcome = self.test(stmt.test, env, active)
                    if isinstance(outcome, bool):
                        outcome = [outcome] * len(active)
                    active = [i for i, holds in zip(active, outcome) if holds]
                    if active:
                        self.work += len(active)
                        self.block(stmt.body, active)
            # Print: the functions drawn here print nothing


def _combine(function: Callable[[Any, Any], Any], left: Any, right: Any) -> Any:
    """``function`` applied lane by lane, a plain value standing for the same value in every lane."""
    if isinstance(left, list):
        return list(map(function, left, right if isinstance(right, list) else repeat(right, len(left))))
    if isinstance(right, list):
        return list(map(function, repeat(left, len(right)), right))
    return function(left, right)


def run_lanes(program: Program, inputs: list[int], max_steps: int) -> LaneRun:
    """Run the one-parameter ``program`` on every input at once.

    Raises ``OutOfSteps`` when the statements run, added over all inputs, pass ``max_steps`` per input.
    """
    lanes = _Lanes(len(inputs), max_steps * len(inputs))
    (param,) = program.params
    lanes.env[param] = list(inputs)
    lanes.block(program.body, None)
    run = LaneRun(list(inputs), lanes.env, snapshots=lanes.snapshots, largest=lanes.largest)
    if program.result is not None:
        value = lanes.expr(program.result, lanes.env, None)
        run.results = [value] * len(inputs) if isinstance(value, int) else list(value)
    return run


def lane_values(expr: Expr, snapshot: Snapshot) -> list[int]:
    """``expr`` in each lane of a snapshot."""
    value = _Lanes(len(snapshot.lanes), 0).expr(expr, snapshot.env, None)
    return [value] * len(snapshot.lanes) if isinstance(value, int) else list(value)


def lane_tests(cond: Cond, snapshot: Snapshot) -> list[bool]:
    """``cond`` in each lane of a snapshot."""
    value = _Lanes(len(snapshot.lanes), 0).test(cond, snapshot.env, None)
    return [value] * len(snapshot.lanes) if isinstance(value, bool) else list(value)


# -- drawing functions of n -------------------------------------------------------------------------------------
#
# The functions are drawn for these tasks rather than with ``programs.draw_program``: what matters is how the
# result depends on n, so the values derived from n are updated in place (little dead code), every if splits
# the inputs that reach it (its constant is one of the values the tested expression takes there: the drawing
# runs each statement on all inputs as soon as it is drawn), and loops are short.

#: The level past which functions stop growing (``taper`` reaches it at d = CAPPED_AT): the functions are run on
#: every input of their range while they are drawn.
LEVEL_CAP = 60
CAPPED_AT = 930


def function_level(difficulty: int) -> int:
    return min(taper(difficulty), LEVEL_CAP)


@dataclass(frozen=True)
class Shape:
    statements: int  # besides the first assignment of each variable
    variables: int
    max_depth: int  # ifs and loops inside one another
    loops: bool
    combined: bool  # and / or in conditions


def function_shape(difficulty: int) -> Shape:
    t = function_level(difficulty)
    return Shape(
        statements=3 + t,
        variables=min(6, 2 + t // 6),
        max_depth=1 + (difficulty >= 6) + (difficulty >= 14),
        loops=difficulty >= 4,
        combined=difficulty >= 10,
    )


def function_steps(difficulty: int) -> int:
    """Statements one call may run: more than any function drawn needs (loops are short and never nested)."""
    return 40 + 8 * function_level(difficulty)


#: The loop variable (loops are never nested).
LOOP_VARIABLE = "i"
#: A loop being drawn: its variable, start and stop.
Loop = tuple[str, int, int]


class _Drawer:
    def __init__(self, rng: random.Random, shape: Shape, inputs: list[int]):
        self.rng = rng
        self.shape = shape
        self.names = list(VARIABLES[: shape.variables])
        self.lanes = _Lanes(len(inputs), 10**9)
        self.lanes.env["n"] = list(inputs)
        self.left = shape.statements
        self.written: list[str] = []  # the variables in the order they were last updated

    def run(self, stmt: Stmt, lanes: list[int] | None) -> Stmt:
        self.lanes.block((stmt,), lanes)
        return self.note(stmt)

    def note(self, stmt: Stmt) -> Stmt:
        if isinstance(stmt, (Assign, AugAssign)):
            self.written = [name for name in self.written if name != stmt.name] + [stmt.name]
        return stmt

    def small(self) -> Const:
        return Const(self.rng.randint(2, 9))

    def operand(self, target: str, loop: str | None) -> Expr:
        """A value to add to ``target``: another variable, n, the loop variable, or one of them times/over 2..3."""
        rng = self.rng
        pool = [name for name in self.names if name != target] + ["n"] + ([loop] if loop else [])
        base: Expr = Var(rng.choice(pool))
        roll = rng.random()
        if roll < 0.2:
            return Bin(rng.choice(["//", "%"]), base, self.small())
        if roll < 0.3 and loop is None:
            return Bin("*", base, Const(rng.randint(2, 3)))
        if roll < 0.45:
            return Bin(rng.choice("+-"), base, Const(rng.randint(1, 9)))
        return base

    def update(self, loop: str | None) -> Stmt:
        rng = self.rng
        target = rng.choice(self.names)
        roll = rng.random()
        if roll < 0.5:
            return AugAssign(target, rng.choice("+-"), self.operand(target, loop))
        if roll < 0.65:
            return Assign(target, Bin(rng.choice(["//", "%"]), Var(target), self.small()))
        if roll < 0.75:
            other = Var(rng.choice([name for name in self.names if name != target] + ["n"]))
            return Assign(target, Call(rng.choice(["min", "max"]), (Var(target), other)))
        if roll < 0.85 and loop is None:
            return AugAssign(target, "*", Const(rng.randint(2, 3)))
        return Assign(target, Bin(rng.choice("+-"), self.operand(target, loop), Var(target)))

    def tested(self, loop: str | None) -> Expr:
        rng = self.rng
        pool = self.names + ["n"] + ([loop] if loop else [])
        first = Var(rng.choice(pool))
        roll = rng.random()
        if roll < 0.3:
            second = rng.choice([name for name in pool if name != first.name])
            return Bin(rng.choice("+-"), first, Var(second))
        return first

    def comparison(self, lanes: list[int] | None, loop: Loop | None) -> Cond:
        """A comparison whose constant is a value the tested expression takes in ``lanes`` (in a loop, where the
        values change from pass to pass, a residue or a small bound instead)."""
        rng = self.rng
        if loop is not None:  # the loop variable against its range, or mixed with a value
            var, start, stop = loop
            if rng.random() < 0.5:
                return Compare(rng.choice(["<", ">", "=="]), Var(var), Const(rng.randint(start, stop - 1)))
            mixed, modulus = Bin("+", Var(rng.choice(self.names + ["n"])), Var(var)), rng.randint(2, 4)
            return Compare(rng.choice(["==", "!="]), Bin("%", mixed, Const(modulus)), Const(rng.randrange(modulus)))
        left = self.tested(None)
        if rng.random() < 0.3:
            modulus = rng.randint(2, 5)
            return Compare(rng.choice(["==", "!="]), Bin("%", left, Const(modulus)), Const(rng.randrange(modulus)))
        op = rng.choice(["<", "<=", ">", ">="])
        value = self.lanes.expr(left, self.lanes.env, lanes)
        values = sorted(set(value)) if isinstance(value, list) else [value]
        # Mostly a split near the middle; sometimes near an end, so that few inputs take one branch.
        if rng.random() < 0.4:
            position = rng.choice([0, 1, len(values) - 2, len(values) - 1])
        else:
            position = rng.randrange(len(values))
        return Compare(op, left, Const(values[min(max(position, 0), len(values) - 1)]))

    def condition(self, lanes: list[int] | None, loop: Loop | None) -> Cond:
        if self.shape.combined and self.rng.random() < 0.25:
            return BoolOp(self.rng.choice(["and", "or"]), self.comparison(lanes, loop), self.comparison(lanes, loop))
        return self.comparison(lanes, loop)

    def split(self, cond: Cond, lanes: list[int] | None) -> tuple[list[int], list[int]]:
        every = range(self.lanes.count) if lanes is None else lanes
        outcome = self.lanes.test(cond, self.lanes.env, lanes)
        if isinstance(outcome, bool):
            outcome = [outcome] * len(every)
        return [i for i, h in zip(every, outcome) if h], [i for i, h in zip(every, outcome) if not h]

    def block(self, lanes: list[int] | None, depth: int, budget: int, loop: Loop | None) -> tuple[Stmt, ...]:
        """About ``budget`` statements, run on ``lanes`` as they are drawn (inside a loop, drawn first and run
        with the loop)."""
        var = loop[0] if loop else None
        rng = self.rng
        body: list[Stmt] = []
        while budget > 0 and self.left > 0:
            kinds = ["update", "update"]
            if depth < self.shape.max_depth and budget >= 2:
                kinds += ["if", "if"]
                if self.shape.loops and loop is None:
                    kinds.append("for")
            kind = rng.choice(kinds)
            self.left -= 1
            budget -= 1
            if kind == "update":
                stmt = self.update(var)
                body.append(self.note(stmt) if loop else self.run(stmt, lanes))
            elif kind == "if":
                cond = self.condition(lanes, loop)
                if loop is None:
                    yes, no = self.split(cond, lanes)
                    then_lanes, else_lanes = _narrow(yes, self.lanes.count), _narrow(no, self.lanes.count)
                else:  # drawn before it runs: both branches are drawn for the loop's lanes
                    yes = no = [0]
                    then_lanes = else_lanes = lanes
                inner = rng.randint(1, min(budget, 3))
                budget -= inner
                then = self.block(then_lanes, depth + 1, inner, loop) if yes else ()
                orelse: tuple[Stmt, ...] = ()
                if budget > 0 and no and rng.random() < 0.4:
                    budget -= 1
                    orelse = self.block(else_lanes, depth + 1, 1, loop)
                if not then:  # no input gets there, or the budget ran out: one update all the same
                    then = (self.update(var),)
                body.append(If(cond, then, orelse))
            else:
                start = rng.randint(0, 2)
                stop = start + rng.randint(2, 3)
                inner = rng.randint(1, min(budget, 3))
                budget -= inner
                loop_body = self.block(lanes, depth + 1, inner, (LOOP_VARIABLE, start, stop))
                loop_body = loop_body or (self.update(LOOP_VARIABLE),)
                body.append(self.run(For(LOOP_VARIABLE, start, stop, loop_body), lanes))
        return tuple(body)




def _narrow(lanes: list[int], count: int) -> list[int] | None:
    return None if len(lanes) == count else lanes


def draw_function(rng: random.Random, difficulty: int, inputs: list[int]) -> Program:
    """A function ``f(n)`` of ``function_shape(difficulty)``: every variable starts as a value derived from n,
    then updates, ifs and (from d = 4) short loops; it returns a sum of the two variables updated last.

    Drawn again (rarely) until its values stay under ``MAX_VALUE`` and it returns at least 3 different values
    on ``inputs``."""
    shape = function_shape(difficulty)
    while True:
        drawer = _Drawer(rng, shape, inputs)
        inits = []
        for name in drawer.names:
            op = rng.choice(["%", "//", "+", "-"])
            value = Bin(op, Var("n"), drawer.small() if op in ("%", "//") else Const(rng.randint(1, 9)))
            inits.append(drawer.run(Assign(name, value), None))
        body = drawer.block(None, 0, shape.statements, None)
        last = (drawer.written or drawer.names)[-2:]
        result: Expr = Var(last[-1])
        if len(last) == 2:
            result = Bin(rng.choice("+-"), Var(last[1]), Var(last[0]))
        program = Program(tuple(inits) + body, ("n",), result)
        values = drawer.lanes.expr(result, drawer.lanes.env, None)
        if drawer.lanes.largest <= MAX_VALUE and isinstance(values, list) and len(set(values)) >= 3:
            return program


def observed_expression(rng: random.Random, names: list[str]) -> Expr:
    """An expression over the function's variables (and n) that an assert or a predicate can test: a variable, or
    two of them added or subtracted; never n alone, which would leave nothing to trace."""
    first = Var(rng.choice(names))
    if rng.random() < 0.4:
        second = Var(rng.choice([name for name in names + ["n"] if name != first.name]))
        return Bin(rng.choice("+-"), first, second)
    return first


def parse_input(answer: str, largest: int) -> int:
    """The integer n an answer gives: ``7``, ``n = 7`` or ``n: 7``, without leading zeros (so that a number written
    twice, ``77``, is never read as something else), at most one digit longer than ``largest``."""
    text = answer.strip()
    if text[:1].lower() == "n" and text[1:].lstrip()[:1] in ("=", ":"):
        text = text[1:].lstrip()[1:].strip()
    digits = text.lstrip("+-")
    if len(digits) > 1 and digits.startswith("0"):
        raise ParseError(f"write n without leading zeros, got {text[:20]!r}")
    return parse_int(text, max_digits=len(str(abs(largest))) + 1)


def statement_paths(body: tuple[Stmt, ...], first: int = 0, prefix: Path = ()) -> list[Path]:
    """The path of every statement of ``body`` from index ``first`` on, nested ones included, in source order
    (paths as ``reading_tasks.insert_before`` reads them)."""
    paths: list[Path] = []
    for index in range(first, len(body)):
        stmt = body[index]
        path = prefix + (index,)
        paths.append(path)
        if isinstance(stmt, If):
            paths += statement_paths(stmt.body, 0, path + ("body",))
            paths += statement_paths(stmt.orelse, 0, path + ("orelse",))
        elif isinstance(stmt, (For, While)):
            paths += statement_paths(stmt.body, 0, path + ("body",))
    return paths


def statement_at(body: tuple[Stmt, ...], path: Path) -> Stmt:
    """The statement at ``path`` (as ``statement_paths`` gives them)."""
    stmt = body[path[0]]
    for position in range(1, len(path), 2):
        stmt = getattr(stmt, path[position])[path[position + 1]]
    return stmt


def with_statement(program: Program, path: Path | None, stmt: Stmt) -> Program:
    """``program`` with ``stmt`` placed before the statement at ``path`` (at the end of the body if None)."""
    if path is None:
        return replace(program, body=program.body + (stmt,))
    return replace(program, body=insert_before(program.body, {path: (stmt,)}))


def probe(name: str = PROBE) -> Stmt:
    return Assign(name, Const(0))


def without_probes(body: tuple[Stmt, ...]) -> tuple[Stmt, ...]:
    """``body`` with every probe statement taken out, nested ones included."""
    kept: list[Stmt] = []
    for stmt in body:
        if isinstance(stmt, Assign) and stmt.name.startswith(PROBE):
            continue
        if isinstance(stmt, If):
            stmt = replace(stmt, body=without_probes(stmt.body), orelse=without_probes(stmt.orelse))
        elif isinstance(stmt, (For, While)):
            stmt = replace(stmt, body=without_probes(stmt.body))
        kept.append(stmt)
    return tuple(kept)


def render_with_line(program: Program, name: str, line: str) -> str:
    """The program as Python source named ``name``, its probe statement shown as ``line`` (same indentation)."""
    lines = render(program, name).split("\n")
    at = next(i for i, text in enumerate(lines) if text.strip() == f"{PROBE} = 0")
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    lines[at] = indent + line
    return "\n".join(lines)


def pack(node: Any) -> Any:
    """A program tree (or a part of one) as JSON data, for a Problem's ``data`` (``find_input``'s format)."""
    return to_data(node)


def unpack(value: Any) -> Any:
    return from_data(value)
