"""code/aliasing_output: what a program mixing aliases and copies of nested lists prints.

A list ``a`` holds inner lists and integers. Other names are made from existing ones as aliases (``b = a``),
shallow copies (``a[:]``, ``list(a)``, ``copy.copy(a)``, which share the inner lists) or deep copies
(``copy.deepcopy(a)``). Then the lists change in place (``append``, item assignment, ``+=``, an inner list's
``append``) or a name is rebound (``x = x + [v]``, which leaves the aliases alone), and the program prints lists,
``is`` and ``==``. From d = 4 a grid made with ``[[0] * k] * r`` (one row, r times) sits beside one made with a
comprehension.

Our evaluator applies each statement to real Python lists from a small description of it (so ``is`` and copies
behave as in Python); nothing is executed.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Statements stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_STATEMENTS = 50
NAMES = "abcde"
COPIES = {
    "alias": ("{src}", lambda v: v),
    "slice": ("{src}[:]", lambda v: v[:]),
    "list": ("list({src})", list),
    "copy": ("copy.copy({src})", copy.copy),
    "deepcopy": ("copy.deepcopy({src})", copy.deepcopy),
}


def statement_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_STATEMENTS)


class _Program:
    """Draws statements one by one, applying each to the state as it goes."""

    def __init__(self, rng: random.Random, difficulty: int):
        self.rng, self.d = rng, difficulty
        items: list[Any] = [[rng.randint(0, 9) for _ in range(rng.randint(1, 2))] for _ in range(rng.randint(2, 3))]
        items.insert(rng.randint(0, len(items)), rng.randint(0, 9))
        self.env: dict[str, Any] = {"a": items}
        self.lines = ["import copy", "", f"a = {items!r}"]
        self.output: list[str] = []
        self.grids = 0

    def show(self, source: str, value: Any) -> None:
        self.lines.append(f"print({source})")
        self.output.append(repr(value))

    def step(self) -> None:
        rng, env = self.rng, self.env
        kinds = ["copy", "copy", "append", "setitem", "inner", "print", "is"]
        kinds += ["rebind", "iadd", "equal", "item_is"] if self.d >= 2 else []
        kinds += ["grid"] if self.d >= 4 and self.grids < 3 else []
        if len(env) < 2:
            kinds = ["copy"]
        kind = rng.choice(kinds)
        names = sorted(env)
        x = rng.choice(names)
        value = rng.randint(0, 9)
        inner = [i for i, item in enumerate(env[x]) if isinstance(item, list)]
        if kind == "copy":
            target = rng.choice([name for name in NAMES if name != "a"][: len(env)])
            how = rng.choice(sorted(COPIES)) if self.d >= 1 else rng.choice(("alias", "slice", "deepcopy"))
            text, make = COPIES[how]
            env[target] = make(env[x])
            self.lines.append(f"{target} = {text.format(src=x)}")
        elif kind == "append":
            env[x].append(value)
            self.lines.append(f"{x}.append({value})")
        elif kind == "setitem":
            i = rng.randrange(len(env[x]))
            env[x][i] = value
            self.lines.append(f"{x}[{i}] = {value}")
        elif kind == "inner" and inner:
            i = rng.choice(inner)
            if rng.random() < 0.6:
                env[x][i].append(value)
                self.lines.append(f"{x}[{i}].append({value})")
            else:
                env[x][i][0] = value
                self.lines.append(f"{x}[{i}][0] = {value}")
        elif kind == "rebind":
            env[x] = env[x] + [value]
            self.lines.append(f"{x} = {x} + [{value}]")
        elif kind == "iadd":
            env[x] += [value]
            self.lines.append(f"{x} += [{value}]")
        elif kind in ("is", "equal", "item_is") and len(names) >= 2:
            y = rng.choice([name for name in names if name != x])
            common = [i for i in inner if i < len(env[y])]
            if kind == "item_is" and common:
                i = rng.choice(common)
                self.show(f"{x}[{i}] is {y}[{i}]", env[x][i] is env[y][i])
            elif kind == "equal":
                self.show(f"{x} == {y}", env[x] == env[y])
            else:
                self.show(f"{x} is {y}", env[x] is env[y])
        elif kind == "grid":
            self.grid()
        else:
            self.show(x, env[x])

    def grid(self) -> None:
        rng = self.rng
        self.grids += 1
        name, rows, cols = f"grid{self.grids}", rng.randint(2, 3), rng.randint(2, 3)
        row, col, value = rng.randrange(rows), rng.randrange(cols), rng.randint(1, 9)
        if rng.random() < 0.6:
            shared = [0] * cols
            grid = [shared] * rows
            self.lines.append(f"{name} = [[0] * {cols}] * {rows}")
        else:
            grid = [[0] * cols for _ in range(rows)]
            self.lines.append(f"{name} = [[0] * {cols} for _ in range({rows})]")
        grid[row][col] = value
        self.lines.append(f"{name}[{row}][{col}] = {value}")
        self.show(name, grid)


class AliasingOutput(PrintedLines):
    id = "code/aliasing_output"
    version = 1
    description = (
        "Say what a Python program with aliased and copied nested lists prints (assignment vs shallow vs deep "
        "copies, in-place changes vs rebinding, is vs ==, grids made with * repetition)."
    )
    difficulty_scales = (
        "statements: 3 + d (slower past d=30, at most 50), then a print of every name; list() and copy.copy from "
        "d=1, rebinding, +=, == and `is` on items from d=2, grids made with [[0] * k] * r from d=4"
    )
    size_name = "statements"
    tags = ("code", "tracing", "aliasing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = statement_count(difficulty)
        program = _Program(rng, difficulty)
        for _ in range(count):
            program.step()
        for name in sorted(program.env):
            program.show(name, program.env[name])
        source = "\n".join(program.lines) + "\n"
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Lists print as [1, [2, 3]] and booleans as True or False. Give each printed line on its own line, "
            "in order."
        )
        output = program.output
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

