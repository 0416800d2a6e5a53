"""Programs with try/except/else/finally, raise and nested calls, for code/exception_flow: the program tree,
an interpreter that mirrors Python's semantics on it, the renderer to Python source, and the random generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rlve.scaling import taper

FUNCTION_NAMES = ("f", "g", "h", "p", "q", "s")
#: Which exception class each one is a kind of (Python's hierarchy, for the ones used here).
PARENTS = {
    "ValueError": "Exception",
    "TypeError": "Exception",
    "KeyError": "LookupError",
    "IndexError": "LookupError",
    "LookupError": "Exception",
    "Exception": None,
}


@dataclass(frozen=True)
class Print:
    label: int


@dataclass(frozen=True)
class Raise:
    kind: str | None  # None: a bare ``raise`` (only written inside an except block)


@dataclass(frozen=True)
class Return:
    pass


@dataclass(frozen=True)
class CallFunction:
    name: str
    shift: int | None  # the argument is n + shift inside a function ...
    constant: int = 0  # ... or this constant (at the top level, or when shift is None)


@dataclass(frozen=True)
class IfN:
    """``if n > value:`` (op ``>``, ``<``, ``==``) or ``if n % 2 == value:`` (op ``%``)."""

    op: str
    value: int
    body: tuple


@dataclass(frozen=True)
class Handler:
    kinds: tuple[str, ...]
    body: tuple


@dataclass(frozen=True)
class Try:
    body: tuple
    handlers: tuple[Handler, ...]
    orelse: tuple = ()
    final: tuple = ()


@dataclass(frozen=True)
class Function:
    name: str
    body: tuple


Stmt = Print | Raise | Return | CallFunction | IfN | Try


# -- the interpreter ---------------------------------------------------------------------------------------------


class Raised(Exception):
    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


class Returned(Exception):
    pass


class OutOfSteps(Exception):
    pass


def is_kind(kind: str, of: str) -> bool:
    current: str | None = kind
    while current is not None:
        if current == of:
            return True
        current = PARENTS[current]
    return False


class Machine:
    """Runs a program tree with Python's semantics. Python's own try statement carries the control flow: a
    raise in the tree is a ``Raised`` here, a return a ``Returned``, and ``finally`` is a finally."""

    def __init__(self, functions: tuple[Function, ...], max_steps: int):
        self.functions = {function.name: function for function in functions}
        self.max_steps = max_steps
        self.steps = 0
        self.output: list[int] = []
        self.caught = 0  # handlers run
        self.crossed = 0  # exceptions that left a function

    def call(self, name: str, n: int) -> None:
        try:
            self.block(self.functions[name].body, n, None)
        except Returned:
            pass
        except Raised:
            self.crossed += 1
            raise

    def block(self, body: tuple, n: int, handling: str | None) -> None:
        for stmt in body:
            self.stmt(stmt, n, handling)

    def stmt(self, stmt: Stmt, n: int, handling: str | None) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise OutOfSteps
        if isinstance(stmt, Print):
            self.output.append(stmt.label)
        elif isinstance(stmt, Raise):
            raise Raised(stmt.kind or handling)
        elif isinstance(stmt, Return):
            raise Returned
        elif isinstance(stmt, CallFunction):
            self.call(stmt.name, stmt.constant if stmt.shift is None else n + stmt.shift)
        elif isinstance(stmt, IfN):
            if _holds(stmt, n):
                self.block(stmt.body, n, handling)
        else:
            self.try_statement(stmt, n, handling)

    def try_statement(self, stmt: Try, n: int, handling: str | None) -> None:
        try:
            try:
                self.block(stmt.body, n, handling)
            except Raised as raised:
                for handler in stmt.handlers:
                    if any(is_kind(raised.kind, kind) for kind in handler.kinds):
                        self.caught += 1
                        self.block(handler.body, n, raised.kind)
                        break
                else:
                    raise
            else:
                self.block(stmt.orelse, n, handling)
        finally:
            self.block(stmt.final, n, handling)


def _holds(stmt: IfN, n: int) -> bool:
    if stmt.op == ">":
        return n > stmt.value
    if stmt.op == "<":
        return n < stmt.value
    if stmt.op == "==":
        return n == stmt.value
    return n % 2 == stmt.value


def run(functions: tuple[Function, ...], main: tuple, max_steps: int) -> Machine:
    """Run the program; raises ``Raised`` if an exception escapes the top level, OutOfSteps past the budget."""
    machine = Machine(functions, max_steps)
    machine.block(main, 0, None)
    return machine


# -- rendering ---------------------------------------------------------------------------------------------------


def _render_block(body: tuple, indent: int) -> list[str]:
    pad = "    " * indent
    lines: list[str] = []
    for stmt in body:
        if isinstance(stmt, Print):
            lines.append(f"{pad}print({stmt.label})")
        elif isinstance(stmt, Raise):
            lines.append(f"{pad}raise {stmt.kind}()" if stmt.kind else f"{pad}raise")
        elif isinstance(stmt, Return):
            lines.append(f"{pad}return")
        elif isinstance(stmt, CallFunction):
            if stmt.shift is None:
                argument = str(stmt.constant)
            else:
                argument = "n" if stmt.shift == 0 else f"n + {stmt.shift}" if stmt.shift > 0 else f"n - {-stmt.shift}"
            lines.append(f"{pad}{stmt.name}({argument})")
        elif isinstance(stmt, IfN):
            test = f"n % 2 == {stmt.value}" if stmt.op == "%" else f"n {stmt.op} {stmt.value}"
            lines.append(f"{pad}if {test}:")
            lines += _render_block(stmt.body, indent + 1)
        else:
            lines.append(f"{pad}try:")
            lines += _render_block(stmt.body, indent + 1)
            for handler in stmt.handlers:
                kinds = handler.kinds[0] if len(handler.kinds) == 1 else f"({', '.join(handler.kinds)})"
                lines.append(f"{pad}except {kinds}:")
                lines += _render_block(handler.body, indent + 1)
            if stmt.orelse:
                lines.append(f"{pad}else:")
                lines += _render_block(stmt.orelse, indent + 1)
            if stmt.final:
                lines.append(f"{pad}finally:")
                lines += _render_block(stmt.final, indent + 1)
    return lines


def render(functions: tuple[Function, ...], main: tuple) -> str:
    parts = ["\n".join([f"def {function.name}(n):"] + _render_block(function.body, 1)) for function in functions]
    parts.append("\n".join(_render_block(main, 0)))
    return "\n\n\n".join(parts) + "\n"


# -- drawing -----------------------------------------------------------------------------------------------------


class _Draw:
    def __init__(self, rng: random.Random, difficulty: int, statements: int):
        self.rng = rng
        self.d = difficulty
        self.labels = rng.sample(range(1, 10 + 3 * statements), 2 * statements + 4)
        self.raised = ["ValueError", "KeyError"] + (["IndexError", "TypeError"] if difficulty >= 3 else [])
        self.caught = self.raised + (["LookupError", "Exception"] if difficulty >= 4 else [])

    def print(self) -> Print:
        return Print(self.labels.pop())

    def prints(self, count: int) -> tuple:
        return tuple(self.print() for _ in range(count))

    def condition(self, body: tuple) -> IfN:
        rng = self.rng
        op = rng.choice([">", "<", "==", "%"])
        return IfN(op, rng.randint(0, 1) if op == "%" else rng.randint(0, 6), body)

    def handler(self) -> Handler:
        rng = self.rng
        if len(self.caught) > 2 and rng.random() < 0.25:
            kinds = tuple(rng.sample(self.raised, 2))
        else:
            kinds = (rng.choice(self.caught),)
        body: tuple = (self.print(),)
        roll = rng.random()
        if self.d >= 5 and roll < 0.2:
            body += (Raise(None),)  # re-raise what is being handled
        elif roll < 0.35:
            body += (Raise(rng.choice(self.raised)),)  # raise another one from the handler
        return Handler(kinds, body)

    def try_statement(self, budget: int, in_function: bool, callees: tuple[str, ...], depth: int) -> tuple[Try, int]:
        rng = self.rng
        inner = rng.randint(1, max(1, min(budget - 1, 3)))
        body = self.block(inner, in_function, callees, depth + 1)
        handlers = tuple(self.handler() for _ in range(rng.choice([1, 1, 2])))
        orelse = self.prints(1) if self.d >= 3 and rng.random() < 0.3 else ()
        final = self.prints(1) if rng.random() < 0.5 else ()
        return Try(body, handlers, orelse, final), 1 + inner

    def block(self, budget: int, in_function: bool, callees: tuple[str, ...], depth: int) -> tuple:
        """About ``budget`` statements; a raise or return always ends its block."""
        rng = self.rng
        body: list = []
        while budget > 0:
            kinds = ["print", "print"]
            if callees:
                kinds += ["call", "call"]
            if in_function:
                kinds += ["raise_if", "raise_if"] if budget >= 2 else []
                kinds += ["raise"] if body else []
                kinds += ["return_if"] if self.d >= 6 and budget >= 2 else []
            if budget >= 2 and (depth == 0 or self.d >= 8):
                kinds += ["try", "try"]
            kind = rng.choice(kinds)
            if kind == "print":
                body.append(self.print())
                budget -= 1
            elif kind == "call":
                name = callees[0] if rng.random() < 0.5 else rng.choice(callees)  # mostly the next function
                if in_function and rng.random() < 0.8:
                    body.append(CallFunction(name, rng.randint(-2, 2)))
                else:
                    body.append(CallFunction(name, None, rng.randint(0, 5)))
                budget -= 1
            elif kind == "raise":
                body.append(Raise(rng.choice(self.raised)))
                break
            elif kind == "raise_if":
                body.append(self.condition((Raise(rng.choice(self.raised)),)))
                budget -= 2
            elif kind == "return_if":
                body.append(self.condition((self.print(), Return()) if rng.random() < 0.5 else (Return(),)))
                budget -= 2
            else:
                statement, cost = self.try_statement(budget, in_function, callees, depth)
                body.append(statement)
                budget -= cost
        return tuple(body)

    def program(self, statements: int, function_count: int) -> tuple[tuple[Function, ...], tuple]:
        rng = self.rng
        names = FUNCTION_NAMES[:function_count]
        main_budget = rng.randint(1, 2)
        shares = _split(rng, statements - main_budget, function_count)
        bodies = [list(self.block(share, True, names[index + 1 :], 0)) for index, share in enumerate(shares)]
        # A function no other one calls gets a call from an earlier one (the top level calls f first).
        for index in range(1, function_count):
            if not any(names[index] in _calls(tuple(body)) for body in bodies[:index]):
                caller = bodies[rng.randrange(index)]
                last = len(caller) - (1 if caller and isinstance(caller[-1], Raise) else 0)
                caller.insert(rng.randint(0, last), CallFunction(names[index], rng.randint(-2, 2)))
        functions = tuple(Function(name, tuple(body)) for name, body in zip(names, bodies))
        main: list = []
        for position in range(main_budget):
            call = CallFunction(names[0] if position == 0 else rng.choice(names[:2]), None, rng.randint(0, 5))
            if rng.random() < 0.85:
                handlers = tuple(self.handler() for _ in range(rng.choice([1, 2])))
                handlers = tuple(Handler(h.kinds, h.body[:1]) for h in handlers)  # nothing escapes the top level
                final = self.prints(1) if rng.random() < 0.4 else ()
                main.append(Try((call,) + self.prints(rng.randint(0, 1)), handlers, (), final))
            else:
                main.append(call)
        return functions, tuple(main)


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` statements over ``parts`` functions, each at least 1."""
    shares = [1] * parts
    for _ in range(max(0, total - parts)):
        shares[rng.randrange(parts)] += 1
    return shares


def _calls(body: tuple) -> set[str]:
    names: set[str] = set()
    for stmt in body:
        if isinstance(stmt, CallFunction):
            names.add(stmt.name)
        elif isinstance(stmt, IfN):
            names |= _calls(stmt.body)
        elif isinstance(stmt, Try):
            names |= _calls(stmt.body) | _calls(stmt.orelse) | _calls(stmt.final)
            for handler in stmt.handlers:
                names |= _calls(handler.body)
    return names


def all_called(functions: tuple[Function, ...], main: tuple) -> bool:
    """Every function is called somewhere (no dead function to read for nothing)."""
    called = _calls(main).union(*(_calls(function.body) for function in functions))
    return all(function.name in called for function in functions)


def statement_count(difficulty: int) -> int:
    return 4 + taper(difficulty)


def function_count(difficulty: int) -> int:
    return min(len(FUNCTION_NAMES), 1 + taper(difficulty) // 5)


def draw_program(rng: random.Random, difficulty: int, statements: int, functions: int) -> tuple[tuple, tuple]:
    """A random program of about ``statements`` statements in ``functions`` functions plus the top level."""
    return _Draw(rng, difficulty, statements).program(statements, functions)
