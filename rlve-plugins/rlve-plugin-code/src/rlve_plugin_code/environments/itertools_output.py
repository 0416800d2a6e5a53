"""code/itertools_output: what a program showing itertools results prints.

The program holds a list of integers ``xs`` and a string ``s``, both with runs of equal items, and prints what
``accumulate`` (running sums, running max, an initial value), ``groupby`` on unsorted data (a key comes back once
per run, not once in all), ``chain``, ``islice``, ``zip_longest``, ``takewhile``/``dropwhile``, ``cycle`` cut by
``islice``, ``product``, ``permutations`` and ``combinations`` (lists for small inputs, counts for larger ones)
give. Values are computed here with the same functions on our own data, and counts with ``math.perm`` /
``math.comb`` and powers, from a small description of each expression; nothing is executed.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Shown values stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_SHOWS = 50
IMPORTS = ("accumulate", "chain", "combinations", "cycle", "dropwhile", "groupby", "islice", "permutations",
           "product", "takewhile", "zip_longest")


def show_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_SHOWS)


def length(difficulty: int) -> int:
    return min(6 + difficulty // 4, 12)


def with_runs(rng: random.Random, size: int, items: list[Any]) -> list[Any]:
    """``size`` items drawn from ``items``, often repeating the one before (so groupby meets runs and repeats)."""
    result = [rng.choice(items)]
    while len(result) < size:
        result.append(result[-1] if rng.random() < 0.4 else rng.choice(items))
    return result


def draw_show(rng: random.Random, difficulty: int, xs: list[int], s: str) -> tuple[str, Any]:
    """One shown expression: its source and its value."""
    kinds = ["accumulate", "groupby", "chain", "islice", "takewhile"]
    kinds += ["zip_longest", "cycle", "combinations", "product"] if difficulty >= 2 else []
    kinds += ["groupby_key", "dropwhile", "count"] if difficulty >= 4 else []
    kind = rng.choice(kinds)
    n = len(xs)
    if kind == "accumulate":
        how = rng.choice(["", ", max", ", initial=10"] if difficulty >= 3 else [""])
        func = max if how == ", max" else None
        initial = 10 if how == ", initial=10" else None
        return f"list(accumulate(xs{how}))", list(itertools.accumulate(xs, func, initial=initial))
    if kind == "groupby":
        return "[(k, len(list(g))) for k, g in groupby(s)]", [(k, len(list(g))) for k, g in itertools.groupby(s)]
    if kind == "groupby_key":
        m = rng.randint(2, 3)
        groups = [(k, list(g)) for k, g in itertools.groupby(xs, key=lambda v: v % m)]
        return f"[(k, list(g)) for k, g in groupby(xs, key=lambda v: v % {m})]", groups
    if kind == "chain":
        i, j = rng.randint(1, 3), rng.randint(1, 3)
        return f"list(chain(xs[:{i}], s[-{j}:]))", list(itertools.chain(xs[:i], s[-j:]))
    if kind == "islice":
        start, stop = rng.randint(0, n // 2), rng.randint(n // 2, n + 2)
        step = rng.choice([1, 2, 3]) if difficulty >= 1 else 1
        text = f"list(islice(xs, {start}, {stop}, {step}))" if step > 1 else f"list(islice(xs, {start}, {stop}))"
        return text, list(itertools.islice(xs, start, stop, step))
    if kind in ("takewhile", "dropwhile"):
        bound = rng.randint(min(xs) + 1, max(xs) + 1)
        func = itertools.takewhile if kind == "takewhile" else itertools.dropwhile
        return f"list({kind}(lambda v: v < {bound}, xs))", list(func(lambda v: v < bound, xs))
    if kind == "zip_longest":
        i, j = rng.randint(1, 4), rng.randint(1, 4)
        return (f"list(zip_longest(xs[:{i}], s[:{j}], fillvalue='-'))",
                list(itertools.zip_longest(xs[:i], s[:j], fillvalue="-")))
    if kind == "cycle":
        j, count = rng.randint(2, 3), rng.randint(4, 8)
        return f"''.join(islice(cycle(s[:{j}]), {count}))", "".join(itertools.islice(itertools.cycle(s[:j]), count))
    if kind == "combinations":
        j, r = rng.randint(3, 4), 2
        how = rng.choice(["combinations", "permutations"])
        func = itertools.combinations if how == "combinations" else itertools.permutations
        return f"[''.join(t) for t in {how}(s[:{j}], {r})]", ["".join(t) for t in func(s[:j], r)]
    if kind == "product":
        i, j = rng.randint(1, 2), rng.randint(1, 3)
        return f"list(product(xs[:{i}], s[:{j}]))", list(itertools.product(xs[:i], s[:j]))
    # Counts: too many tuples to list, so the length of the list.
    m, r = rng.randint(3, 7), rng.randint(1, 3)
    how = rng.choice(["permutations", "combinations", "product"])
    if how == "product":
        return f"len(list(product(range({m}), repeat={r})))", m**r
    value = math.perm(m, r) if how == "permutations" else math.comb(m, r)
    return f"len(list({how}(range({m}), {r})))", value


class ItertoolsOutput(PrintedLines):
    id = "code/itertools_output"
    version = 1
    description = (
        "Say what a Python program showing itertools results prints (accumulate, groupby on unsorted data, "
        "chain, islice, zip_longest, takewhile/dropwhile, cycle, product, permutations, combinations)."
    )
    difficulty_scales = (
        "shown values: 3 + d (slower past d=30, at most 50); list length: 6 + d // 4 (at most 12); islice steps "
        "from d=1, zip_longest, cycle, product and small combinations/permutations from d=2, accumulate with max "
        "or an initial value from d=3, groupby with a key, dropwhile and counts of larger products, permutations "
        "and combinations from d=4"
    )
    size_name = "shown values"
    tags = ("code", "tracing", "iterators")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        size = length(difficulty)
        xs = with_runs(rng, size, list(range(-2, 10)))
        s = "".join(with_runs(rng, size, list("abcd")))
        count = show_count(difficulty)
        shows = [draw_show(rng, difficulty, xs, s) for _ in range(count)]
        source = (
            f"from itertools import (\n    {', '.join(IMPORTS[:6])},\n    {', '.join(IMPORTS[6:])},\n)\n\n\n"
            "def show(value):\n    print(repr(value))\n\n\n"
            f"xs = {xs!r}\ns = {s!r}\n" + "".join(f"show({expression})\n" for expression, _ in shows)
        )
        output = [repr(value) for _, value in shows]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "show prints the repr of a value, so strings are printed in single quotes, lists as [1, 2] and tuples "
            "as (1, 'a'). Give each printed line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

