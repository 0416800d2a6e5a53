"""code/dunder_output: what a program using a class with operator overloading prints.

One class ``Box`` wraps an integer and defines (with drawn constants) ``__add__`` and a different ``__radd__``
(so ``5 + b`` and ``sum`` starting from 0 show which one runs), ``__eq__`` comparing values modulo M (also what
``in`` on a list and ``!=`` use), ``__lt__`` comparing values modulo K (so ``sorted`` orders by that key and keeps
ties in their order), ``__len__``, sometimes ``__bool__`` (else truthiness falls back to ``__len__``),
``__contains__``, ``__iter__``, ``__getitem__``, ``__repr__`` and sometimes ``__str__`` (``print(b)`` uses
``__str__`` when there is one, a list always shows the items' ``__repr__``).

Our evaluator keeps each name's integer and applies the drawn rules; nothing is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Statements stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_STATEMENTS = 50
#: Values past this are not added to again, so numbers stay short.
LARGEST = 1000


def statement_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_STATEMENTS)


@dataclass(frozen=True)
class Rules:
    eq_mod: int
    lt_mod: int
    radd_factor: int
    bool_above: int | None  # __bool__ is self.v > bool_above; None: no __bool__, truthiness from __len__
    has_str: bool

    def source(self) -> str:
        lines = [
            "class Box:",
            "    def __init__(self, v):",
            "        self.v = v",
            "    def __add__(self, other):",
            "        if isinstance(other, Box):",
            "            return Box(self.v + other.v)",
            "        return Box(self.v + other)",
            "    def __radd__(self, other):",
            f"        return Box(self.v * {self.radd_factor} + other)",
            "    def __eq__(self, other):",
            f"        return isinstance(other, Box) and self.v % {self.eq_mod} == other.v % {self.eq_mod}",
            "    def __lt__(self, other):",
            f"        return self.v % {self.lt_mod} < other.v % {self.lt_mod}",
            "    def __len__(self):",
            "        return self.v % 4",
        ]
        if self.bool_above is not None:
            lines += ["    def __bool__(self):", f"        return self.v > {self.bool_above}"]
        lines += [
            "    def __contains__(self, digit):",
            "        return str(digit) in str(self.v)",
            "    def __iter__(self):",
            "        return iter(range(self.v % 5))",
            "    def __getitem__(self, i):",
            "        return self.v * i",
            "    def __repr__(self):",
            "        return f'Box({self.v})'",
        ]
        if self.has_str:
            lines += ["    def __str__(self):", "        return f'<{self.v}>'"]
        return "\n".join(lines)

    def truthy(self, v: int) -> bool:
        return v > self.bool_above if self.bool_above is not None else v % 4 != 0

    def shown(self, v: int) -> str:
        return f"<{v}>" if self.has_str else f"Box({v})"


class _Program:
    def __init__(self, rng: random.Random, difficulty: int):
        self.rng, self.d = rng, difficulty
        self.rules = Rules(
            eq_mod=rng.randint(2, 5),
            lt_mod=rng.randint(3, 7),
            radd_factor=rng.randint(2, 3),
            bool_above=rng.randint(5, 30) if rng.random() < 0.5 else None,
            has_str=rng.random() < 0.6,
        )
        count = min(3 + difficulty // 5, 6)
        self.v = {f"b{k}": rng.randint(0, 40) for k in range(1, count + 1)}
        self.lines = [f"b{k} = Box({self.v[f'b{k}']})" for k in range(1, count + 1)]
        self.output: list[str] = []

    def show(self, source: str, text: str) -> None:
        self.lines.append(f"print({source})")
        self.output.append(text)

    def step(self) -> None:
        rng, d, v, rules = self.rng, self.d, self.v, self.rules
        names = sorted(v)
        x, y, z = rng.sample(names, 3)
        kinds = ["add", "print", "eq", "list", "len"]
        kinds += ["radd", "sorted", "bool", "in_list"] if d >= 2 else []
        kinds += ["sum", "contains", "iter", "getitem", "filter"] if d >= 5 else []
        kind = rng.choice(kinds)
        small = v[x] < LARGEST and v[y] < LARGEST
        k = rng.randint(1, 9)
        if kind == "add" and small:
            if rng.random() < 0.5:
                v[z] = v[x] + v[y]
                self.lines.append(f"{z} = {x} + {y}")
            else:
                v[z] = v[x] + k
                self.lines.append(f"{z} = {x} + {k}")
        elif kind == "radd" and small:
            v[z] = v[x] * rules.radd_factor + k
            self.lines.append(f"{z} = {k} + {x}")
        elif kind == "sum" and small:
            v[z] = v[x] * rules.radd_factor + v[y]  # 0 + x runs __radd__, then Box + Box runs __add__
            self.lines.append(f"{z} = sum([{x}, {y}])")
        elif kind == "eq":
            op = rng.choice(["==", "!="]) if d >= 2 else "=="
            same = v[x] % rules.eq_mod == v[y] % rules.eq_mod
            self.show(f"{x} {op} {y}", str(same if op == "==" else not same))
        elif kind == "list":
            self.show(f"[{x}, {y}]", f"[Box({v[x]}), Box({v[y]})]")
        elif kind == "len":
            self.show(f"len({x})", str(v[x] % 4))
        elif kind == "sorted":
            chosen = rng.sample(names, min(len(names), rng.randint(3, 4)))
            ordered = sorted(chosen, key=lambda name: v[name] % rules.lt_mod)
            self.show(f"sorted([{', '.join(chosen)}])", "[" + ", ".join(f"Box({v[name]})" for name in ordered) + "]")
        elif kind == "bool":
            self.show(f"bool({x})", str(rules.truthy(v[x])))
        elif kind == "in_list":
            found = any(v[x] % rules.eq_mod == v[other] % rules.eq_mod for other in (y, z))
            self.show(f"{x} in [{y}, {z}]", str(found))
        elif kind == "contains":
            self.show(f"{k} in {x}", str(str(k) in str(v[x])))
        elif kind == "iter":
            self.show(f"list({x})", repr(list(range(v[x] % 5))))
        elif kind == "getitem":
            self.show(f"{x}[{k}]", str(v[x] * k))
        elif kind == "filter":
            kept = [name for name in (x, y, z) if rules.truthy(v[name])]
            self.show(f"[b for b in ({x}, {y}, {z}) if b]", "[" + ", ".join(f"Box({v[name]})" for name in kept) + "]")
        else:
            self.show(x, rules.shown(v[x]))


class DunderOutput(PrintedLines):
    id = "code/dunder_output"
    version = 1
    description = (
        "Say what a Python program using a class with operator overloading prints (__add__/__radd__, __eq__ and "
        "__lt__ with in and sorted, __len__/__bool__ truthiness, __iter__, __getitem__, __contains__, __repr__ vs "
        "__str__)."
    )
    difficulty_scales = (
        "statements: 3 + d (slower past d=30, at most 50), then a print of every box; boxes: 3 + d // 5 (at most "
        "6); int + Box, sorted, bool, != and `in` a list from d=2; sum, `in` a Box, list(), indexing and "
        "filtering by truthiness from d=5"
    )
    size_name = "statements"
    tags = ("code", "tracing", "classes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = statement_count(difficulty)
        program = _Program(rng, difficulty)
        for _ in range(count):
            program.step()
        names = sorted(program.v)
        program.show(f"[{', '.join(names)}]", "[" + ", ".join(f"Box({program.v[name]})" for name in names) + "]")
        source = program.rules.source() + "\n\n\n" + "\n".join(program.lines) + "\n"
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Booleans print as True or False. Give each printed line on its own line, in order."
        )
        output = program.output
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

