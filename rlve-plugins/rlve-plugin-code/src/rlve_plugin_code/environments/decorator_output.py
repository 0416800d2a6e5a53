"""code/decorator_output: what a program with stacked decorators prints.

A small library of decorators (with arguments: ``log(tag)``, ``add(n)``, ``scale(k)``; without: ``twice``,
``counted``, ``register``, ``announce``) decorates a few functions ``f1``, ``f2``, ... of one integer. Stacked
decorators are applied bottom up when the ``def`` runs (``announce`` prints then, ``register`` records the name it
is given) and the outermost wrapper runs first at call time. ``log`` and ``counted`` use ``functools.wraps``, so
they keep the name (and copy the attribute dict, so a ``log`` above ``counted`` has its own ``calls`` frozen at
0); ``twice``, ``add`` and ``scale`` return a plain ``wrapper``. ``counted`` keeps its state on the wrapper.

Our own evaluator walks each stack of decorators to compute values, printed lines, names and counters;
nothing is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Statements after the definitions stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_CALLS = 40
TAGS = ("red", "blue", "green", "gold")
LIBRARY = {
    "log": [
        "def log(tag):",
        "    def deco(f):",
        "        @functools.wraps(f)",
        "        def wrapper(x):",
        "            print(tag + ':' + f.__name__)",
        "            return f(x)",
        "        return wrapper",
        "    return deco",
    ],
    "add": [
        "def add(n):",
        "    def deco(f):",
        "        def wrapper(x):",
        "            return f(x) + n",
        "        return wrapper",
        "    return deco",
    ],
    "scale": [
        "def scale(k):",
        "    def deco(f):",
        "        def wrapper(x):",
        "            return f(x * k)",
        "        return wrapper",
        "    return deco",
    ],
    "twice": ["def twice(f):", "    def wrapper(x):", "        return f(f(x))", "    return wrapper"],
    "counted": [
        "def counted(f):",
        "    @functools.wraps(f)",
        "    def wrapper(x):",
        "        wrapper.calls += 1",
        "        return f(x)",
        "    wrapper.calls = 0",
        "    return wrapper",
    ],
    "register": ["registry = []", "", "", "def register(f):", "    registry.append(f.__name__)", "    return f"],
    "announce": ["def announce(f):", "    print('decorating:' + f.__name__)", "    return f"],
}
#: Decorators that keep the name of what they wrap (functools.wraps, or returning it unchanged).
KEEP_NAME = {"log", "counted", "register", "announce"}
TRANSPARENT = {"register", "announce"}


def call_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_CALLS)


def available(difficulty: int) -> list[str]:
    found = ["log", "add", "scale"]
    found += ["twice"] if difficulty >= 2 else []
    found += ["counted"] if difficulty >= 3 else []
    found += ["register", "announce"] if difficulty >= 5 else []
    return found


def stack_height(difficulty: int) -> int:
    return 1 if difficulty < 2 else 2 if difficulty < 8 else 3 if difficulty < 14 else 4


@dataclass
class Function:
    name: str
    a: int
    b: int
    decos: list[tuple[str, Any]]  # top to bottom: (decorator, its argument or None)
    counts: list[int] = field(default_factory=list)

    def name_below(self, i: int) -> str:
        """``__name__`` of what the decorator at position ``i`` returns (position len: the plain function)."""
        for kind, _ in self.decos[i:]:
            if kind not in KEEP_NAME:
                return "wrapper"
        return self.name

    def calls_attribute(self, i: int = 0) -> int | None:
        """``calls`` of the object at position ``i``, or None when it has none (an AttributeError)."""
        if i == len(self.decos):
            return None
        kind = self.decos[i][0]
        if kind == "counted":
            return self.counts[i]
        if kind == "log":  # functools.wraps copied the dict once, when the def ran, before any call
            return None if self.calls_attribute(i + 1) is None else 0
        if kind in TRANSPARENT:
            return self.calls_attribute(i + 1)
        return None

    def call(self, i: int, x: int, printed: list[str]) -> int:
        if i == len(self.decos):
            return self.a * x + self.b
        kind, arg = self.decos[i]
        if kind == "log":
            printed.append(f"{arg}:{self.name_below(i + 1)}")
            return self.call(i + 1, x, printed)
        if kind == "add":
            return self.call(i + 1, x, printed) + arg
        if kind == "scale":
            return self.call(i + 1, x * arg, printed)
        if kind == "twice":
            return self.call(i + 1, self.call(i + 1, x, printed), printed)
        if kind == "counted":
            self.counts[i] += 1
        return self.call(i + 1, x, printed)

    def render(self) -> list[str]:
        lines = [f"@{kind}" if arg is None else f"@{kind}({arg!r})" for kind, arg in self.decos]
        body = f"x * {self.a} + {self.b}" if self.b else f"x * {self.a}"
        return lines + [f"def {self.name}(x):", f"    return {body}"]


def draw_function(rng: random.Random, difficulty: int, name: str) -> Function:
    kinds = available(difficulty)
    decos: list[tuple[str, Any]] = []
    for _ in range(rng.randint(1, stack_height(difficulty))):
        kind = rng.choice(kinds)
        # At most one twice per stack: nested twice calls double the printed lines each time.
        if kind == "twice" and any(k == "twice" for k, _ in decos):
            kind = "add"
        arg = rng.choice(TAGS) if kind == "log" else rng.randint(1, 5) if kind == "add" else None
        arg = rng.randint(2, 3) if kind == "scale" else arg
        decos.append((kind, arg))
    function = Function(name, rng.randint(1, 3), rng.randint(0, 5), decos)
    function.counts = [0] * len(decos)
    return function


class DecoratorOutput(PrintedLines):
    id = "code/decorator_output"
    version = 1
    description = (
        "Say what a Python program with decorators prints: decorators with and without arguments, stacked "
        "decorators (applied bottom up, called top down), functools.wraps and decorators that keep state."
    )
    difficulty_scales = (
        "prints after the definitions: 3 + d (slower past d=30, at most 40); decorated functions: 1 + d // 3 (at "
        "most 6); stacks of 2 decorators from d=2, 3 from d=8, 4 from d=14; twice from d=2, counted and __name__ "
        "from d=3, register and announce (decoration time) from d=5"
    )
    size_name = "prints"
    tags = ("code", "tracing", "decorators")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        functions = [draw_function(rng, difficulty, f"f{k}") for k in range(1, min(1 + difficulty // 3, 6) + 1)]
        used = {kind for function in functions for kind, _ in function.decos}
        lines = ["import functools", "", ""]
        for kind in LIBRARY:
            if kind in used:
                lines += LIBRARY[kind] + ["", ""]
        output: list[str] = []
        for function in functions:
            lines += function.render() + ["", ""]
            # Decoration time: bottom up, each decorator seeing what the ones below it returned.
            for i in reversed(range(len(function.decos))):
                if function.decos[i][0] == "announce":
                    output.append(f"decorating:{function.name_below(i + 1)}")
        registry = [
            function.name_below(i + 1)
            for function in functions
            for i in reversed(range(len(function.decos)))
            if function.decos[i][0] == "register"
        ]
        count = call_count(difficulty)
        for _ in range(count):
            function = rng.choice(functions)
            roll = rng.random()
            if difficulty >= 3 and roll < 0.15:
                lines.append(f"print({function.name}.__name__)")
                output.append(function.name_below(0))
            elif roll < 0.3 and function.calls_attribute() is not None:
                lines.append(f"print({function.name}.calls)")
                output.append(str(function.calls_attribute()))
            else:
                x = rng.randint(0, 6)
                lines.append(f"print({function.name}({x}))")
                value = function.call(0, x, output)
                output.append(str(value))
        if registry:
            lines.append("print(registry)")
            output.append(repr(registry))
        source = "\n".join(lines) + "\n"
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Strings print without quotes (red:f1), lists as ['f1', 'wrapper']. Give each printed line on its own "
            "line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

