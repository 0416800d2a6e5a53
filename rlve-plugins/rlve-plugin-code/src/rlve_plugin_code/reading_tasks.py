"""What the line-reading environments share: programs built around one marked line, the mark itself, and
counting how often statements run.

``code/line_execution_count`` asks how many times a marked line runs, ``code/reachable_branch`` which inputs
reach it at all. Both draw their programs with ``draw_spine_program`` (below) and need to know how many times
some statements ran. Instead of a second interpreter, the program is *instrumented*: a counter statement
``_hitK += 1`` is put in front of statement K and the pack's own interpreter (``programs.execute``) runs it;
the counters' final values are the counts. The rendered prompt never shows the counters.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from rlve_plugin_code.programs import (
    COUNTERS,
    LOOP_VARIABLES,
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
    Not,
    Program,
    Run,
    Stmt,
    Var,
    While,
    execute,
    render,
)

#: The comment that marks the line a question is about.
MARK = "# <-- marked line"

#: A statement's position: indexes into nested blocks, with the block's field between them,
#: e.g. ``(2, "body", 0, "orelse", 1)``.
Path = tuple

_SENTINEL = "_marked_below"

#: Conditions on anything but an input compare with constants up to this.
SMALL = 10


def insert_before(
    body: tuple[Stmt, ...], inserts: dict[Path, tuple[Stmt, ...]], prefix: Path = ()
) -> tuple[Stmt, ...]:
    """``body`` with the statements ``inserts[path]`` placed just before the statement at each ``path``."""
    result: list[Stmt] = []
    for index, stmt in enumerate(body):
        path = prefix + (index,)
        result.extend(inserts.get(path, ()))
        if isinstance(stmt, If):
            stmt = replace(
                stmt,
                body=insert_before(stmt.body, inserts, path + ("body",)),
                orelse=insert_before(stmt.orelse, inserts, path + ("orelse",)),
            )
        elif isinstance(stmt, (For, While)):
            stmt = replace(stmt, body=insert_before(stmt.body, inserts, path + ("body",)))
        result.append(stmt)
    return tuple(result)


def counter(index: int) -> str:
    return f"_hit{index}"


def instrument(program: Program, paths: list[Path]) -> Program:
    """``program`` with a counter ``_hitK += 1`` before the statement at ``paths[K]``, all counters starting at 0.

    Counter names start with an underscore, which no generated variable does, so they change nothing else.
    A counter before an ``if``, ``for`` or ``while`` counts how often that statement is reached.
    """
    start = tuple(Assign(counter(k), Const(0)) for k in range(len(paths)))
    inserts: dict[Path, tuple[Stmt, ...]] = {}
    for k, path in enumerate(paths):  # two counters may count the same statement
        inserts[path] = inserts.get(path, ()) + (AugAssign(counter(k), "+", Const(1)),)
    return replace(program, body=start + insert_before(program.body, inserts))


def hit_counts(program: Program, paths: list[Path], args: tuple[int, ...], max_steps: int) -> tuple[list[int], Run]:
    """How many times the statement at each path runs; raises ``programs.OutOfSteps`` past ``max_steps``
    statements (the counters included, so up to about twice the program's own steps)."""
    return counts_of(instrument(program, paths), len(paths), args, max_steps)


def counts_of(instrumented: Program, counters: int, args: tuple[int, ...], max_steps: int) -> tuple[list[int], Run]:
    """``hit_counts`` for a program instrumented once and run on many inputs."""
    run = execute(instrumented, args, max_steps)
    return [run.env[counter(k)] for k in range(counters)], run


def render_marked(program: Program, path: Path) -> str:
    """The program as Python source, with ``MARK`` at the end of the line of the statement at ``path``."""
    marked = replace(program, body=insert_before(program.body, {path: (Assign(_SENTINEL, Const(0)),)}))
    lines = render(marked).split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip() == f"{_SENTINEL} = 0")
    del lines[at]
    lines[at] += f"  {MARK}"
    return "\n".join(lines)


# -- programs built around one marked line --------------------------------------------------------------------
#
# A random program rarely puts a condition that is sometimes true and sometimes false inside a loop, which is
# what makes counting or reaching a line a question about values rather than about loop lengths. So these
# programs are built around a *spine*: the marked line sits at the bottom of a chain of nested constructs
# (for, while, if), each if testing something that changes (a loop variable, the input), with further
# assignments and small ifs spread over every level. The environments then keep only spines whose every
# condition is true on some passes and false on others.


@dataclass(frozen=True)
class Shape:
    statements: int  # in all, the spine, the marked line and the filler included
    spine: int  # constructs around the marked line
    first: tuple[str, ...]  # kinds the outermost construct may be: "for", "while", "if"
    kinds: tuple[str, ...]  # kinds the inner ones may be
    variables: int
    max_range: int  # the longest for loop (at least 3); while loops repeat at most about this often
    scale: int  # how large the inputs are: conditions on them compare with constants up to this
    params: tuple[str, ...] = ()
    combined_conditions: bool = False  # and / or / not


@dataclass(frozen=True)
class SpineProgram:
    program: Program
    marked: Path
    #: Each if of the spine, as (the path of the if, the path of the first statement of its branch that
    #: leads to the marked line): their counts tell how often the condition let the spine through.
    gates: tuple[tuple[Path, Path], ...]


class _SpineBuilder:
    def __init__(self, rng: random.Random, shape: Shape):
        self.rng = rng
        self.shape = shape
        self.data = list(VARIABLES[: shape.variables])

    def leaf(self, scope: list[str]) -> Expr:
        return Var(self.rng.choice(scope)) if self.rng.random() < 0.65 else Const(self.rng.randint(1, 9))

    def expr(self, scope: list[str]) -> Expr:
        rng = self.rng
        first = Var(rng.choice(scope))
        roll = rng.random()
        if roll < 0.3:
            return first
        if roll < 0.6:
            second = self.leaf(scope)
            return Bin(rng.choice("+-"), first, second if second != first else Const(rng.randint(1, 9)))
        if roll < 0.75:
            return Bin("%", Bin("+", first, self.leaf(scope)), Const(rng.randint(2, 9)))
        if roll < 0.85:
            return Bin("//", first, Const(rng.randint(2, 4)))
        return Call(rng.choice(["min", "max"]), (first, Const(rng.randint(0, 9))))

    def assignment(self, scope: list[str]) -> Stmt:
        target = self.rng.choice(self.data)
        value = self.expr(scope)
        if value == Var(target):
            value = Bin("+", value, Const(self.rng.randint(1, 9)))
        if self.rng.random() < 0.5:
            return AugAssign(target, self.rng.choice("+-"), value)
        return Assign(target, value)

    def compare(self, scope: list[str], focus: list[str]) -> Cond:
        rng = self.rng
        subject = rng.choice(focus) if focus and rng.random() < 0.75 else rng.choice(scope)
        other = rng.choice(scope)
        left: Expr = Var(subject)
        if other != subject and rng.random() < 0.35:
            left = Bin(rng.choice("+-"), left, Var(other))
        if rng.random() < 0.35:
            modulus = rng.randint(2, 4)
            return Compare(rng.choice(["==", "!="]), Bin("%", left, Const(modulus)), Const(rng.randrange(modulus)))
        # The inputs range over 0..scale; loop variables and the other values stay small.
        right: Expr = Const(rng.randint(0, self.shape.scale if subject in self.shape.params else SMALL))
        if other != subject and rng.random() < 0.25:
            right = Var(other)
        return Compare(rng.choice(["<", "<=", ">", ">="]), left, right)

    def cond(self, scope: list[str], focus: list[str]) -> Cond:
        roll = self.rng.random() if self.shape.combined_conditions else 1.0
        if roll < 0.2:
            return BoolOp(self.rng.choice(["and", "or"]), self.compare(scope, focus), self.compare(scope, focus))
        if roll < 0.28:
            return Not(self.compare(scope, focus))
        return self.compare(scope, focus)

    def filler(self, scope: list[str], focus: list[str], units: int) -> tuple[list[Stmt], int]:
        """One filler item: an assignment, or (when ``units`` allow) a small if; returns it and its cost."""
        if units >= 2 and self.rng.random() < 0.25:
            orelse = (self.assignment(scope),) if units >= 3 and self.rng.random() < 0.4 else ()
            return [If(self.cond(scope, focus), (self.assignment(scope),), orelse)], 2 + len(orelse)
        return [self.assignment(scope)], 1

    def kinds(self) -> list[str]:
        rng, shape = self.rng, self.shape
        kinds = [rng.choice(shape.first)] + [rng.choice(shape.kinds) for _ in range(shape.spine - 1)]
        if "if" not in kinds:
            kinds[-1] = "if"
        # At most three of each loop (one loop variable or counter each), and no more statements than allowed.
        for position, kind in enumerate(kinds):
            if kind == "for" and kinds[:position].count("for") >= len(LOOP_VARIABLES):
                kinds[position] = "if"
            if kind == "while" and kinds[:position].count("while") >= len(COUNTERS):
                kinds[position] = "for" if kinds[:position].count("for") < len(LOOP_VARIABLES) else "if"
        while _cost(kinds) > shape.statements and "while" in kinds:
            kinds[kinds.index("while")] = "for"
        return kinds

    def build(self) -> SpineProgram:
        rng, shape = self.rng, self.shape
        kinds = self.kinds()
        depth = len(kinds)
        # Who is in scope at each level, and which names change there (the conditions' favourite subjects).
        scopes, focuses = [list(shape.params) + self.data], [list(shape.params)]
        fors = whiles = 0
        names: list[str] = []
        for kind in kinds:
            if kind == "for":
                names.append(LOOP_VARIABLES[fors])
                fors += 1
            elif kind == "while":
                names.append(COUNTERS[whiles])
                whiles += 1
            else:
                names.append("")
            added = [names[-1]] if names[-1] else []
            scopes.append(scopes[-1] + added)
            focuses.append(focuses[-1] + added)
        # The filler, spread over the levels, before or after what the spine puts there.
        before: list[list[Stmt]] = [[] for _ in range(depth + 1)]
        after: list[list[Stmt]] = [[] for _ in range(depth + 1)]
        units = shape.statements - _cost(kinds)
        elses = [kind == "if" and units > 0 and rng.random() < 0.35 for kind in kinds]
        units -= sum(elses)
        while units > 0:
            level = rng.randint(0, depth)
            items, cost = self.filler(scopes[level], focuses[level], units)
            (before if rng.random() < 0.6 else after)[level].extend(items)
            units -= cost
        # Inside out: the marked line, then each construct around the block below it.
        marked = self.assignment(scopes[depth])
        block = tuple(before[depth]) + (marked,) + tuple(after[depth])
        fields: list[str] = []
        positions: list[int] = []
        for level in reversed(range(depth)):
            kind, scope, name = kinds[level], scopes[level], names[level]
            field = "body"
            if kind == "for":
                start = rng.randint(0, 2)
                nodes: tuple[Stmt, ...] = (For(name, start, start + rng.randint(3, shape.max_range), block),)
            elif kind == "while":
                init, loop = self.countdown(name, scope, block)
                nodes = (init, loop)
            else:
                test = self.cond(scope, focuses[level])
                other = (self.assignment(scope),) if elses[level] else ()
                if other and rng.random() < 0.5:
                    field = "orelse"
                    nodes = (If(test, other, block),)
                else:
                    nodes = (If(test, block, other),)
            fields.append(field)
            positions.append(len(before[level]) + len(nodes) - 1)
            block = tuple(before[level]) + nodes + tuple(after[level])
        fields.reverse()
        positions.reverse()
        inits = self.initial_values()
        # Paths: the top block follows the initial assignments.
        prefix: Path = ()
        node_paths: list[Path] = []
        for level in range(depth):
            offset = len(inits) if level == 0 else 0
            node_paths.append(prefix + (positions[level] + offset,))
            prefix = node_paths[-1] + (fields[level],)
        marked_path = prefix + (len(before[depth]) + (len(inits) if depth == 0 else 0),)
        gates = tuple(
            (node_paths[level], node_paths[level] + (fields[level], 0))
            for level in range(depth)
            if kinds[level] == "if"
        )
        result = Var(rng.choice(self.data)) if shape.params else None
        program = Program(inits + block, shape.params, result)
        return SpineProgram(program, marked_path, gates)

    def countdown(self, counter_name: str, scope: list[str], body: tuple[Stmt, ...]) -> tuple[Stmt, Stmt]:
        """``t = ...`` then ``while t > 0: body; t -= s`` (or ``t = t // 2``): a loop that always ends, and whose
        number of passes may depend on the values (``t = a % 4 + 1``)."""
        rng = self.rng
        if rng.random() < 0.5:
            start: Expr = Const(rng.randint(2, self.shape.max_range))
        else:
            source = rng.choice([name for name in scope if name not in COUNTERS] or scope)
            modulus = Const(rng.randint(3, self.shape.max_range))
            start = Bin("+", Bin("%", Var(source), modulus), Const(rng.randint(1, 2)))
        if rng.random() < 0.3:
            step: Stmt = Assign(counter_name, Bin("//", Var(counter_name), Const(2)))
        else:
            step = AugAssign(counter_name, "-", Const(rng.randint(1, 2)))
        return Assign(counter_name, start), While(Compare(">", Var(counter_name), Const(0)), body + (step,))

    def initial_values(self) -> tuple[Stmt, ...]:
        inits: list[Stmt] = []
        for name in self.data:
            if self.shape.params and self.rng.random() < 0.7:
                param = Var(self.rng.choice(self.shape.params))
                op = self.rng.choice(["+", "%", "//"])
                value: Expr = Bin(op, param, Const(self.rng.randint(1, 9) if op == "+" else self.rng.randint(2, 9)))
            else:
                value = Const(self.rng.randint(0, 9))
            inits.append(Assign(name, value))
        return tuple(inits)


def _cost(kinds: list[str]) -> int:
    """Statements the spine takes, the marked line included (a while loop also needs its counter's two lines)."""
    return 1 + sum(3 if kind == "while" else 1 for kind in kinds)


def draw_spine_program(rng: random.Random, shape: Shape) -> SpineProgram:
    return _SpineBuilder(rng, shape).build()
