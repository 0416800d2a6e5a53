"""code/scope_output: what a program built on Python's scoping rules prints.

The program is a run of small snippets, each with its own names (suffixed with the snippet's number):

- ``global`` in a function that changes a module-level name, and print arguments evaluated left to right;
- a local assignment that shadows a global of the same name (the global is unchanged);
- ``nonlocal`` next to a sibling function whose assignment only makes a local;
- a for loop's variable keeping its last value (or its old one when the range is empty), while a comprehension's
  variable does not leak;
- a function that assigns a global's name without declaring it ``global``, so reading it first raises
  ``UnboundLocalError`` (caught and printed), next to one that only reads it;
- a closure reading its enclosing function's variable at call time (after a later rebinding);
- a nested function declaring ``global`` past an enclosing local of the same name.

Each snippet's printed values are worked out here from its constants (our own model of the scoping rules);
nothing is executed.
"""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Snippets stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_SNIPPETS = 36
ERROR = "UnboundLocalError"


def snippet_count(difficulty: int) -> int:
    return min(2 + taper(difficulty), MOST_SNIPPETS)


def kinds(difficulty: int) -> list[str]:
    found = ["global", "shadow", "loop"]
    found += ["nonlocal", "unbound"] if difficulty >= 2 else []
    found += ["late", "global_nested"] if difficulty >= 5 else []
    return found


def snippet(rng: random.Random, kind: str, n: int, difficulty: int) -> tuple[list[str], list[str]]:
    """The lines of one snippet and what it prints."""
    a, b, c = rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9)
    if kind == "global":
        g = f"g{n}"
        declared = difficulty < 3 or rng.random() < 0.7
        lines = [f"{g} = {a}", f"def bump{n}(k):"]
        if declared:
            lines += [f"    global {g}", f"    {g} += k", f"    return {g}"]
            lines += [f"print((bump{n}({b}), bump{n}({c}), {g}))"]
            return lines, [repr((a + b, a + b + c, a + b + c))]
        # Without the declaration the augmented assignment reads a local that is not bound yet.
        lines += [f"    {g} += k", f"    return {g}", "try:", f"    print(bump{n}({b}))",
                  f"except {ERROR}:", f"    print('{ERROR}')", f"print({g})"]
        return lines, [ERROR, str(a)]
    if kind == "shadow":
        x = f"x{n}"
        lines = [f"{x} = {a}", f"def shadow{n}(k):", f"    {x} = k * {b}", f"    return {x} + 1",
                 f"print((shadow{n}({c}), {x}))"]
        return lines, [repr((c * b + 1, a))]
    if kind == "loop":
        i, j = f"i{n}", f"j{n}"
        start = rng.randint(0, 4)
        stop = start if rng.random() < 0.25 else start + rng.randint(1, 4)
        lines = [f"{i} = {a}", f"for {i} in range({start}, {stop}):", "    pass",
                 f"{j} = {b}", f"squares{n} = [{j} * {j} for {j} in range({c})]",
                 f"print(({i}, {j}, squares{n}[-1]))"]
        return lines, [repr((stop - 1 if stop > start else a, b, (c - 1) ** 2))]
    if kind == "nonlocal":
        calls = [rng.choice(("inc", "fake")) for _ in range(rng.randint(2, 4))]
        args = [rng.randint(1, 9) for _ in calls]
        total = a
        for call, k in zip(calls, args):
            total = total + k if call == "inc" else total
        lines = [f"def outer{n}(a):", "    count = a", "    def inc(k):", "        nonlocal count",
                 "        count += k", "    def fake(k):", "        count = k", "        return count"]
        lines += [f"    {call}({k})" for call, k in zip(calls, args)]
        lines += ["    return count", f"print(outer{n}({a}))"]
        return lines, [str(total)]
    if kind == "unbound":
        z = f"z{n}"
        lines = [f"{z} = {a}", f"def reads{n}():", f"    return {z} + {b}", f"def broken{n}():",
                 f"    y = {z} * 2", f"    {z} = {c}", "    return y", "try:", f"    print(broken{n}())",
                 f"except {ERROR}:", f"    print('{ERROR}')", f"print(reads{n}())"]
        return lines, [ERROR, str(a + b)]
    if kind == "late":
        v = f"v{n}"
        lines = [f"{v} = {a}", f"def outer{n}():", f"    {v} = {b}", "    def inner():", f"        return {v} * 10",
                 f"    {v} = {c}", "    return inner()", f"print((outer{n}(), {v}))"]
        return lines, [repr((c * 10, a))]
    w = f"w{n}"
    lines = [f"{w} = {a}", f"def outer{n}():", f"    {w} = {b}", "    def inner():", f"        global {w}",
             f"        {w} += 100", f"        return {w}", f"    return (inner(), {w})", f"print((outer{n}(), {w}))"]
    return lines, [repr(((a + 100, b), a + 100))]


class ScopeOutput(PrintedLines):
    id = "code/scope_output"
    version = 1
    description = (
        "Say what a Python program about scoping prints: global, nonlocal, shadowing, loop and comprehension "
        "variables, and UnboundLocalError from reading a local before it is assigned."
    )
    difficulty_scales = (
        "snippets: 2 + d (slower past d=30, at most 36); global, shadowing and loop variables from d=0, nonlocal "
        "and UnboundLocalError from d=2, a missing global declaration from d=3, closures reading a rebound "
        "variable and global inside a nested function from d=5"
    )
    size_name = "snippets"
    tags = ("code", "tracing", "scope")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = snippet_count(difficulty)
        blocks, output = [], []
        available = kinds(difficulty)
        for n in range(1, count + 1):
            lines, printed = snippet(rng, rng.choice(available), n, difficulty)
            blocks.append("\n".join(lines) + "\n")
            output += printed
        source = "\n".join(blocks)
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Tuples print as (1, 2, 3) and strings without quotes. Give each printed line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

