"""code/comprehension_output: what a program printing list, dict and set comprehensions prints.

The program holds two short lists of integers, a small grid (a list of rows) and a few words, and prints
comprehensions over them: filters, conditional expressions, two ``for`` clauses (a filter that reads both
variables), nested comprehensions building rows, flattening the grid, dict comprehensions where a later key
overwrites an earlier one, set comprehensions (printed through ``sorted``) and generator expressions consumed by
``sum``, ``any`` and ``all``. Our own evaluator builds each value with the same comprehension written here in
Python over our data, chosen from a small description; nothing is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Printed values stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_SHOWS = 60
WORDS = ("ant", "bee", "cat", "dog", "elk", "fox", "crow", "duck", "frog", "goat", "hare", "lion", "tiger",
         "zebra", "eagle", "horse", "otter", "panda")


def show_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_SHOWS)


def length(difficulty: int) -> int:
    return min(4 + difficulty // 4, 9)


def draw_show(rng: random.Random, difficulty: int, data: dict[str, Any]) -> tuple[str, Any]:
    """One printed comprehension: its source and its value."""
    xs, ys, grid, words = data["xs"], data["ys"], data["grid"], data["words"]
    kinds = ["filter", "map_filter", "sum"]
    kinds += ["conditional", "any_all", "set"] if difficulty >= 1 else []
    kinds += ["pairs", "flatten", "dict"] if difficulty >= 3 else []
    kinds += ["nested", "dict_words", "sum_pairs"] if difficulty >= 6 else []
    kind = rng.choice(kinds)
    m, t, k = rng.randint(2, 4), rng.randint(0, 6), rng.randint(2, 3)
    r = rng.randrange(m)
    if kind == "filter":
        return f"[x for x in xs if x % {m} == {r}]", [x for x in xs if x % m == r]
    if kind == "map_filter":
        return f"[x * {k} for x in ys if x > {t}]", [x * k for x in ys if x > t]
    if kind == "conditional":
        return f"[x if x > {t} else -x for x in xs]", [x if x > t else -x for x in xs]
    if kind == "sum":
        return f"sum(x for x in xs if x % {m} != {r})", sum(x for x in xs if x % m != r)
    if kind == "any_all":
        quantifier = rng.choice(("any", "all"))
        test = any if quantifier == "any" else all
        if rng.random() < 0.5:
            return f"{quantifier}(x > {t} for x in ys)", test(x > t for x in ys)
        return f"{quantifier}(x % {m} == {r} for x in xs)", test(x % m == r for x in xs)
    if kind == "set":
        return f"sorted({{x % {m + 1} for x in xs}})", sorted({x % (m + 1) for x in xs})
    if kind == "pairs":
        return (
            f"[(x, y) for x in xs[:{k}] for y in ys[:{k + 1}] if x < y]",
            [(x, y) for x in xs[:k] for y in ys[: k + 1] if x < y],
        )
    if kind == "flatten":
        parity = r % 2
        flat = [v for row in grid for v in row if v % 2 == parity]
        return f"[v for row in grid for v in row if v % 2 == {parity}]", flat
    if kind == "dict":
        return f"{{x % {m}: x for x in xs}}", {x % m: x for x in xs}
    if kind == "nested":
        return (
            f"[[x * y for y in range(1, {k + 1})] for x in ys[:{k}]]",
            [[x * y for y in range(1, k + 1)] for x in ys[:k]],
        )
    if kind == "dict_words":
        return "{len(w): w for w in words}", {len(w): w for w in words}
    return f"sum(x * y for x in xs[:{k}] for y in ys[:{k}] if x != y)", sum(
        x * y for x in xs[:k] for y in ys[:k] if x != y
    )


class ComprehensionOutput(PrintedLines):
    id = "code/comprehension_output"
    version = 1
    description = (
        "Say what a Python program printing list, dict and set comprehensions (filters, two for clauses, nested) "
        "and sum/any/all over generator expressions prints."
    )
    difficulty_scales = (
        "printed values: 3 + d (slower past d=30, at most 60); list length: 4 + d // 4 (at most 9); conditional "
        "expressions, any/all and set comprehensions from d=1, two for clauses, grid flattening and dict "
        "comprehensions from d=3, nested comprehensions, word dicts and sums over pairs from d=6"
    )
    size_name = "printed values"
    tags = ("code", "tracing", "comprehensions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        size = length(difficulty)
        data = {
            "xs": [rng.randint(-5, 12) for _ in range(size)],
            "ys": [rng.randint(0, 9) for _ in range(size)],
            "grid": [[rng.randint(0, 9) for _ in range(3)] for _ in range(min(2 + difficulty // 8, 4))],
            "words": rng.sample(WORDS, min(3 + difficulty // 6, 7)),
        }
        count = show_count(difficulty)
        shows = [draw_show(rng, difficulty, data) for _ in range(count)]
        source = (
            f"xs = {data['xs']!r}\nys = {data['ys']!r}\ngrid = {data['grid']!r}\nwords = {data['words']!r}\n"
            + "".join(f"print({expression})\n" for expression, _ in shows)
        )
        output = [repr(value) for _, value in shows]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Lists print as [1, 2], tuples as (1, 2), dicts as {1: 'ant', 2: 5} (keys in insertion order) and "
            "booleans as True or False. Give each printed line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

