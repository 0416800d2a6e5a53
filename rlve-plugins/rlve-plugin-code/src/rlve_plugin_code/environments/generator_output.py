"""code/generator_output: what a generated Python program with generator functions prints.

The generators yield from loops and branches, keep a running total, delegate with ``yield from``, print while
they run (so the answer shows that a generator's body runs only when a value is asked for) and may return
early; the top level takes values with ``next`` (with a default once a generator may be spent), ``for`` loops
(some left by ``break`` and resumed later), ``sum``, ``len(list(...))`` and ``zip``. Our own interpreter is the
reference: it walks the program tree and makes each generator call a Python generator of its own, so suspension,
exhaustion, ``next``'s default and ``zip``'s order of pulls follow Python's semantics (the tests run the rendered
program with Python and compare). Nothing the model writes is executed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedIntegers
from rlve_plugin_code.programs import Bin, Compare, Const, Expr, Var, evaluate, render_cond, render_expr, test

GENERATOR_NAMES = ("g", "h", "k")
OBJECT_NAMES = ("a", "b", "c")
#: The running total a generator may keep.
TOTAL = "t"
#: What ``next(x, DEFAULT)`` gives back once x is spent.
DEFAULT = -1


# -- the program tree --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Yield:
    value: Expr


@dataclass(frozen=True)
class YieldFrom:
    name: str  # a generator function defined later in the program
    argument: Expr


@dataclass(frozen=True)
class Loop:
    var: str
    start: int
    stop: Expr  # n + k, or a constant
    step: int
    body: tuple


@dataclass(frozen=True)
class When:
    test: Compare
    body: tuple


@dataclass(frozen=True)
class AddTotal:
    value: Expr


@dataclass(frozen=True)
class Show:
    label: int  # print(label) inside a generator


@dataclass(frozen=True)
class Stop:
    pass  # return, inside an if


@dataclass(frozen=True)
class GeneratorFunction:
    name: str
    total: bool  # starts with t = 0
    body: tuple


# The top level; ``source`` is an object name or a fresh call (name, argument).
Source = str | tuple[str, int]


@dataclass(frozen=True)
class Make:
    target: str
    name: str
    argument: int


@dataclass(frozen=True)
class PrintNext:
    target: str
    default: bool


@dataclass(frozen=True)
class ForPrint:
    source: Source
    stop_above: int | None = None  # ``if x > c: break`` after the print


@dataclass(frozen=True)
class PrintSum:
    source: Source


@dataclass(frozen=True)
class PrintCount:
    source: Source  # print(len(list(source)))


@dataclass(frozen=True)
class ZipPrint:
    first: str
    second: str  # for x, y in zip(first, second): print(x * 10 + y)


Main = Make | PrintNext | ForPrint | PrintSum | PrintCount | ZipPrint


# -- the interpreter ---------------------------------------------------------------------------------------------


class OutOfSteps(Exception):
    pass


class Spent(Exception):
    """``next`` without a default on a spent generator: the program would stop with StopIteration."""


class Machine:
    def __init__(self, functions: tuple[GeneratorFunction, ...], max_steps: int):
        self.functions = {function.name: function for function in functions}
        self.max_steps = max_steps
        self.steps = 0
        self.output: list[int] = []
        self.objects: dict[str, Iterator[int]] = {}

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise OutOfSteps

    def call(self, name: str, n: int) -> Iterator[int]:
        """A generator object: nothing of the body runs before the first value is asked for, as in Python."""
        function = self.functions[name]
        env = {"n": n, TOTAL: 0} if function.total else {"n": n}
        return self._body(function.body, env)

    def _body(self, body: tuple, env: dict[str, int]) -> Iterator[int]:
        try:
            yield from self._block(body, env)
        except _Return:
            return

    def _block(self, body: tuple, env: dict[str, int]) -> Iterator[int]:
        for stmt in body:
            self.tick()
            if isinstance(stmt, Yield):
                yield evaluate(stmt.value, env)
            elif isinstance(stmt, YieldFrom):
                yield from self.call(stmt.name, evaluate(stmt.argument, env))
            elif isinstance(stmt, Loop):
                for value in range(stmt.start, evaluate(stmt.stop, env), stmt.step):
                    env[stmt.var] = value
                    yield from self._block(stmt.body, env)
            elif isinstance(stmt, When):
                if test(stmt.test, env):
                    yield from self._block(stmt.body, env)
            elif isinstance(stmt, AddTotal):
                env[TOTAL] += evaluate(stmt.value, env)
            elif isinstance(stmt, Show):
                self.output.append(stmt.label)
            else:
                raise _Return

    def source(self, source: Source) -> Iterator[int]:
        return self.objects[source] if isinstance(source, str) else self.call(*source)

    def run(self, stmt: Main) -> None:
        if isinstance(stmt, Make):
            self.objects[stmt.target] = self.call(stmt.name, stmt.argument)
        elif isinstance(stmt, PrintNext):
            if stmt.default:
                self.output.append(next(self.objects[stmt.target], DEFAULT))
            else:
                try:
                    self.output.append(next(self.objects[stmt.target]))
                except StopIteration:
                    raise Spent from None
        elif isinstance(stmt, ForPrint):
            for value in self.source(stmt.source):
                self.output.append(value)
                if stmt.stop_above is not None and value > stmt.stop_above:
                    break
        elif isinstance(stmt, PrintSum):
            self.output.append(sum(self.source(stmt.source)))
        elif isinstance(stmt, PrintCount):
            self.output.append(len(list(self.source(stmt.source))))
        else:
            for x, y in zip(self.objects[stmt.first], self.objects[stmt.second]):
                self.output.append(x * 10 + y)


class _Return(Exception):
    pass


def run(functions: tuple[GeneratorFunction, ...], main: tuple[Main, ...], max_steps: int) -> list[int]:
    """What the program prints; raises Spent or OutOfSteps."""
    machine = Machine(functions, max_steps)
    for stmt in main:
        machine.run(stmt)
    return machine.output


# -- rendering ---------------------------------------------------------------------------------------------------


def _render_block(body: tuple, indent: int) -> list[str]:
    pad = "    " * indent
    lines: list[str] = []
    for stmt in body:
        if isinstance(stmt, Yield):
            lines.append(f"{pad}yield {render_expr(stmt.value)}")
        elif isinstance(stmt, YieldFrom):
            lines.append(f"{pad}yield from {stmt.name}({render_expr(stmt.argument)})")
        elif isinstance(stmt, Loop):
            bounds = f"{stmt.start}, {render_expr(stmt.stop)}" + (f", {stmt.step}" if stmt.step != 1 else "")
            lines.append(f"{pad}for {stmt.var} in range({bounds}):")
            lines += _render_block(stmt.body, indent + 1)
        elif isinstance(stmt, When):
            lines.append(f"{pad}if {render_cond(stmt.test)}:")
            lines += _render_block(stmt.body, indent + 1)
        elif isinstance(stmt, AddTotal):
            lines.append(f"{pad}{TOTAL} += {render_expr(stmt.value)}")
        elif isinstance(stmt, Show):
            lines.append(f"{pad}print({stmt.label})")
        else:
            lines.append(f"{pad}return")
    return lines


def _source(source: Source) -> str:
    return source if isinstance(source, str) else f"{source[0]}({source[1]})"


def render(functions: tuple[GeneratorFunction, ...], main: tuple[Main, ...]) -> str:
    parts = []
    for function in functions:
        lines = [f"def {function.name}(n):"] + ([f"    {TOTAL} = 0"] if function.total else [])
        parts.append("\n".join(lines + _render_block(function.body, 1)))
    lines = []
    for stmt in main:
        if isinstance(stmt, Make):
            lines.append(f"{stmt.target} = {stmt.name}({stmt.argument})")
        elif isinstance(stmt, PrintNext):
            lines.append(f"print(next({stmt.target}, {DEFAULT}))" if stmt.default else f"print(next({stmt.target}))")
        elif isinstance(stmt, ForPrint):
            lines += [f"for x in {_source(stmt.source)}:", "    print(x)"]
            if stmt.stop_above is not None:
                lines += [f"    if x > {stmt.stop_above}:", "        break"]
        elif isinstance(stmt, PrintSum):
            lines.append(f"print(sum({_source(stmt.source)}))")
        elif isinstance(stmt, PrintCount):
            lines.append(f"print(len(list({_source(stmt.source)})))")
        else:
            lines += [f"for x, y in zip({stmt.first}, {stmt.second}):", "    print(x * 10 + y)"]
    parts.append("\n".join(lines))
    return "\n\n\n".join(parts) + "\n"


# -- drawing -----------------------------------------------------------------------------------------------------


#: The level past which programs stop growing (``taper`` reaches it at d = 930): each top-level statement is
#: kept only after the program so far has been run again, so drawing takes time quadratic in the length.
LEVEL_CAP = 60


def level(difficulty: int) -> int:
    return min(taper(difficulty), LEVEL_CAP)


def statement_count(difficulty: int) -> int:
    return 5 + level(difficulty)


def function_count(difficulty: int) -> int:
    return 1 + (difficulty >= 4) + (difficulty >= 16)


class _Draw:
    def __init__(self, rng: random.Random, difficulty: int):
        self.rng = rng
        self.d = difficulty
        self.labels = rng.sample(range(100, 1000), 12)

    def expr(self, scope: list[str]) -> Expr:
        rng = self.rng
        var = Var(rng.choice(scope))
        roll = rng.random()
        if roll < 0.35:
            return var
        if roll < 0.6:
            return Bin(rng.choice("+-"), var, Const(rng.randint(1, 9)))
        if roll < 0.8:
            return Bin("*", var, Const(rng.randint(2, 5)))
        other = Var(rng.choice(scope))
        return Bin("+", var, other) if other != var else Bin("%", var, Const(rng.randint(2, 4)))

    def cond(self, scope: list[str]) -> Compare:
        rng = self.rng
        var = Var(rng.choice(scope))
        if rng.random() < 0.5:
            modulus = rng.randint(2, 3)
            return Compare(rng.choice(["==", "!="]), Bin("%", var, Const(modulus)), Const(rng.randrange(modulus)))
        return Compare(rng.choice(["<", ">", "<=", ">="]), var, Const(rng.randint(1, 6)))

    def block(self, budget: int, scope: list[str], depth: int, later: tuple[str, ...], loops: list[str]) -> list:
        """About ``budget`` statements of a generator body; the first statement always yields something."""
        rng, d = self.rng, self.d
        body: list = []
        while budget > 0:
            kinds = ["yield", "yield"]
            if depth < 2 and budget >= 2:
                kinds += ["loop", "loop"] if len(loops) < 2 else []
                kinds += ["when"]
            if TOTAL in scope:
                kinds += ["total", "total"]
            if later and d >= 4:
                kinds.append("yield_from")
            if d >= 6 and self.labels:
                kinds.append("show")
            if d >= 10 and body and budget >= 2:
                kinds.append("stop")
            kind = rng.choice(kinds) if body else rng.choice(["yield", "loop"] if "loop" in kinds else ["yield"])
            budget -= 1
            if kind == "yield":
                body.append(Yield(self.expr(scope)))
            elif kind == "yield_from":
                argument = rng.choice([Var("n"), Bin("-", Var("n"), Const(1)), Bin("+", Var("n"), Const(1))])
                body.append(YieldFrom(rng.choice(later), argument))
            elif kind == "loop":
                var = "ij"[len(loops)]
                inner = rng.randint(1, min(budget, 3))
                budget -= inner - 1
                start = rng.randint(0, 2)
                extra = rng.randint(0, 2)
                stop: Expr = Var(loops[-1]) if loops else Bin("+", Var("n"), Const(extra)) if extra else Var("n")
                step = rng.choice([1, 1, 2]) if d >= 6 else 1
                inner_body = self.block(inner, scope + [var], depth + 1, later, loops + [var])
                body.append(Loop(var, start if not loops else 0, stop, step, tuple(inner_body)))
            elif kind == "when":
                inner = rng.randint(1, min(budget, 2))
                budget -= inner - 1
                body.append(When(self.cond(scope), tuple(self.block(inner, scope, depth + 1, later, loops))))
            elif kind == "total":
                body.append(AddTotal(self.expr([name for name in scope if name != TOTAL] or ["n"])))
            elif kind == "show":
                body.append(Show(self.labels.pop()))
            else:
                body.append(When(self.cond(scope), (Stop(),)))
        return body

    def function(self, name: str, budget: int, later: tuple[str, ...]) -> GeneratorFunction:
        total = self.rng.random() < 0.4
        scope = ["n"] + ([TOTAL] if total else [])
        return GeneratorFunction(name, total, tuple(self.block(budget, scope, 0, later, [])))

    def main_statement(self, names: tuple[str, ...], made: list[str]) -> Main:
        rng, d = self.rng, self.d
        fresh = (rng.choice(names), rng.randint(1, 5))
        kinds = ["make"] + (["next", "next", "next"] if made else [])
        kinds += ["for", "sum"] + (["count"] if d >= 2 else [])
        if d >= 12 and len(made) >= 2:
            kinds.append("zip")
        kind = rng.choice(kinds)
        if kind == "make":
            target = OBJECT_NAMES[len(made)] if len(made) < len(OBJECT_NAMES) and rng.random() < 0.7 else None
            target = target or (rng.choice(made) if made else OBJECT_NAMES[0])
            return Make(target, *fresh)
        if kind == "next":
            return PrintNext(rng.choice(made), default=d >= 2 and rng.random() < 0.4)
        source: Source = rng.choice(made) if made and rng.random() < 0.6 else fresh
        if kind == "for":
            stop = rng.randint(2, 12) if d >= 8 and rng.random() < 0.5 else None
            return ForPrint(source, stop)
        if kind == "sum":
            return PrintSum(source)
        if kind == "count":
            return PrintCount(source)
        first, second = rng.sample(made, 2)
        return ZipPrint(first, second)


def draw_program(
    rng: random.Random, difficulty: int, statements: int, most_output: int, budget: int
) -> tuple[tuple[GeneratorFunction, ...], tuple[Main, ...], list[int]]:
    """Generator functions, then top-level statements drawn one by one, each kept only if the program so far
    still runs (no ``next`` on a spent generator) and prints at most ``most_output`` values."""
    draw = _Draw(rng, difficulty)
    count = function_count(difficulty)
    names = GENERATOR_NAMES[:count]
    main_share = max(3, statements // 3)
    shares = [max(2, (statements - main_share) // count)] * count
    functions = tuple(
        draw.function(name, share, names[index + 1 :]) for index, (name, share) in enumerate(zip(names, shares))
    )
    main: list[Main] = [Make(OBJECT_NAMES[0], names[0], rng.randint(2, 5))]
    made = [OBJECT_NAMES[0]]
    output: list[int] = []
    for _ in range(3 * main_share):
        if len(main) > main_share:
            break
        stmt = draw.main_statement(names, made)
        try:
            printed = run(functions, tuple(main) + (stmt,), budget)
        except (Spent, OutOfSteps):
            continue
        if len(printed) > most_output:
            continue
        main.append(stmt)
        output = printed
        if isinstance(stmt, Make) and stmt.target not in made:
            made.append(stmt.target)
    return functions, _without_unused(main), output


def _all_used(functions: tuple[GeneratorFunction, ...], main: tuple[Main, ...]) -> bool:
    """Every generator function is called, from the top level or through another one's ``yield from``."""
    called = {stmt.name for stmt in main if isinstance(stmt, Make)}
    called |= {stmt.source[0] for stmt in main if isinstance(getattr(stmt, "source", None), tuple)}
    for function in functions:
        called |= _delegated(function.body)
    return all(function.name in called for function in functions)


def _delegated(body: tuple) -> set[str]:
    names: set[str] = set()
    for stmt in body:
        if isinstance(stmt, YieldFrom):
            names.add(stmt.name)
        elif isinstance(stmt, (Loop, When)):
            names |= _delegated(stmt.body)
    return names


def _uses(stmt: Main) -> set[str]:
    if isinstance(stmt, PrintNext):
        return {stmt.target}
    if isinstance(stmt, ZipPrint):
        return {stmt.first, stmt.second}
    source = getattr(stmt, "source", None)
    return {source} if isinstance(source, str) else set()


def _without_unused(main: list[Main]) -> tuple[Main, ...]:
    """``main`` without the generator objects made and never used (making one runs nothing of its body, so
    leaving it out changes no output)."""
    kept = []
    for index, stmt in enumerate(main):
        if isinstance(stmt, Make):
            later = main[index + 1 :]
            remakes = [i for i, other in enumerate(later) if isinstance(other, Make) and other.target == stmt.target]
            remade = remakes[0] if remakes else len(later)
            if not any(stmt.target in _uses(other) for other in later[:remade]):
                continue
        kept.append(stmt)
    return tuple(kept)


class GeneratorOutput(PrintedIntegers):
    id = "code/generator_output"
    version = 1
    description = "Say what a generated Python program with generator functions (yield, yield from, next) prints."
    difficulty_scales = (
        "statements: 5 + d (slower past d=30; no more past d=930); generator functions: 1, 2 from d=4, 3 from "
        "d=16; next with a default and len(list(...)) from d=2, yield from from d=4, prints inside generators and "
        "range steps from d=6, break and resume from d=8, early return from d=10, zip from d=12"
    )
    size_name = "statements"
    tags = ("code", "tracing", "generators")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = level(difficulty)
        statements, most_output = statement_count(difficulty), 10 + t
        budget = 400 + 40 * t
        while True:
            functions, main, output = draw_program(rng, difficulty, statements, most_output, budget)
            if len(output) >= 3 and _all_used(functions, main):
                break
        prompt = (
            f"What does this Python program print?\n\n```python\n{render(functions, main)}```\n\n"
            "Each print shows one integer on its own line."
        )
        return Instance(prompt=prompt, answer=" ".join(map(str, output)), data={"output": output}, size=statements)

