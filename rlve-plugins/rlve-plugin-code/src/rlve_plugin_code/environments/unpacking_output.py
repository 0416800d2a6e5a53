"""code/unpacking_output: what a program built on tuple unpacking prints.

Three integers ``a``, ``b``, ``c`` and two lists ``xs``, ``ys`` (``ys`` may be shorter, so ``zip`` stops early) go
through swaps and rotations (the whole right side is evaluated before any name is bound, so ``a, b = b, a + b``
uses the old ``a``), starred targets (``first, *rest = ...``, ``*init, last = ...``, ``head, *mid, tail = ...``,
where the starred name always gets a list, maybe empty), nested targets, swaps of list items, and loops unpacking
``enumerate`` and ``zip`` items (the names keep the last values bound in the loop). Everything printed is a
tuple, a list or an int. Our own evaluator applies each statement to a Python state from a small description of
it; nothing is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Statements stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_STATEMENTS = 60
NAMES = "abc"


def statement_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_STATEMENTS)


def length(difficulty: int) -> int:
    return min(4 + difficulty // 4, 9)


class _Program:
    """Draws statements one by one, applying each to the state as it goes."""

    def __init__(self, rng: random.Random, difficulty: int):
        self.rng, self.d = rng, difficulty
        size = length(difficulty)
        self.v = {name: rng.randint(0, 9) for name in NAMES}
        self.xs = [rng.randint(-5, 15) for _ in range(size)]
        self.ys = [rng.randint(-5, 15) for _ in range(size - (rng.randint(0, 2) if difficulty >= 3 else 0))]
        self.lines = [f"a, b, c = {self.v['a']}, {self.v['b']}, {self.v['c']}", f"xs = {self.xs!r}",
                      f"ys = {self.ys!r}"]
        self.output: list[str] = []

    def show(self, source: str, value: Any) -> None:
        self.lines.append(f"print({source})")
        self.output.append(repr(value))

    def step(self) -> None:
        rng, d, v = self.rng, self.d, self.v
        kinds = ["swap", "star_head", "show"]
        kinds += ["fib", "star_tail", "rotate"] if d >= 1 else []
        kinds += ["star_mid", "item_swap", "nested"] if d >= 3 else []
        kinds += ["enumerate", "zip"] if d >= 5 else []
        kind = rng.choice(kinds)
        p, q = rng.sample(NAMES, 2)
        k = rng.randint(2, len(self.xs))
        if kind == "swap":
            v[p], v[q] = v[q], v[p]
            self.lines.append(f"{p}, {q} = {q}, {p}")
        elif kind == "fib":
            v[p], v[q] = v[q], v[p] + v[q]
            self.lines.append(f"{p}, {q} = {q}, {p} + {q}")
        elif kind == "rotate":
            v["a"], v["b"], v["c"] = v["b"], v["c"], v["a"]
            self.lines.append("a, b, c = b, c, a")
        elif kind == "show":
            self.show("(a, b, c)", (v["a"], v["b"], v["c"]))
        elif kind == "star_head":
            first, *rest = self.xs[:k]
            self.lines.append(f"first, *rest = xs[:{k}]")
            self.show("(first, rest)", (first, rest))
        elif kind == "star_tail":
            *init, last = self.ys[-k:]
            self.lines.append(f"*init, last = ys[-{k}:]")
            self.show("(init, last)", (init, last))
        elif kind == "star_mid":
            head, *mid, tail = self.xs[:k]
            self.lines.append(f"head, *mid, tail = xs[:{k}]")
            self.show("(head, mid, tail)", (head, mid, tail))
        elif kind == "item_swap":
            i, j = rng.sample(range(len(self.xs)), 2)
            self.xs[i], self.xs[j] = self.xs[j], self.xs[i]
            self.lines.append(f"xs[{i}], xs[{j}] = xs[{j}], xs[{i}]")
            self.show("xs", list(self.xs))
        elif kind == "nested":
            r = [name for name in NAMES if name not in (p, q)][0]
            (v[p], v[q]), v[r] = (v[q], v[r]), v[p]
            self.lines.append(f"({p}, {q}), {r} = ({q}, {r}), {p}")
            self.show("(a, b, c)", (v["a"], v["b"], v["c"]))
        elif kind == "enumerate":
            start, bound = rng.randint(0, 2), rng.randint(0, 12)
            for index, value in enumerate(self.xs, start):
                if value > bound:
                    v[p], v[q] = index, value
            self.lines += [f"for i, x in enumerate(xs, {start}):", f"    if x > {bound}:", f"        {p}, {q} = i, x"]
            self.show(f"({p}, {q})", (v[p], v[q]))
        else:
            for index, (x, y) in enumerate(zip(self.xs, self.ys)):
                if x > y:
                    v[p] = index
            self.lines += ["for i, (x, y) in enumerate(zip(xs, ys)):", "    if x > y:", f"        {p} = i"]
            self.show(p, v[p])


class UnpackingOutput(PrintedLines):
    id = "code/unpacking_output"
    version = 1
    description = (
        "Say what a Python program using tuple unpacking (swaps, starred and nested targets, enumerate and zip "
        "in loops) prints."
    )
    difficulty_scales = (
        "statements: 3 + d (slower past d=30, at most 60), then a final print; list length: 4 + d // 4 (at most 9); "
        "a, b = b, a + b, *init and rotations from d=1, a middle star, list item swaps, nested targets and a "
        "shorter ys from d=3, loops over enumerate and zip from d=5"
    )
    size_name = "statements"
    tags = ("code", "tracing", "unpacking")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = statement_count(difficulty)
        program = _Program(rng, difficulty)
        for _ in range(count):
            program.step()
        program.show("(a, b, c)", tuple(program.v[name] for name in NAMES))
        source = "\n".join(program.lines) + "\n"
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Tuples print as (1, [2, 3], 4) and lists as [1, 2] (an empty list as []). Give each printed line on "
            "its own line, in order."
        )
        output = program.output
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

