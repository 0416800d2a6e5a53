"""code/slicing_output: what a program printing slices, ``reversed`` and ``sorted(key=...)`` prints.

The program holds a list of integers, a string and a list of words, and shows (with ``repr``) indexing and
slicing with negative indices and steps, reversed slices, chained slices and stable sorts by a key (ties keep
their order, also with ``reverse=True``). Our own evaluator computes each shown value from a small description
of the expression (the slicing itself is Python's list and str slicing on our data); nothing is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Shown values stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_SHOWS = 60
LETTERS = "abcdefghijklmnopqrstuvwxyz"
WORDS = ("ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen", "owl", "yak", "crow", "duck", "frog", "goat",
         "hare", "lion", "mole", "newt", "seal", "swan", "tiger", "zebra", "camel", "eagle", "horse", "llama",
         "otter", "panda", "shark", "snake", "whale", "bison", "koala", "moose", "lemur", "raven", "gecko")
#: Sort keys: their source, and the function our evaluator uses for them.
INT_KEYS = {
    "lambda v: v % 3": lambda v: v % 3,
    "lambda v: v % 4": lambda v: v % 4,
    "lambda v: -v": lambda v: -v,
    "lambda v: v // 10": lambda v: v // 10,
    "abs": abs,
}
WORD_KEYS = {
    "len": len,
    "lambda w: w[-1]": lambda w: w[-1],
    "lambda w: w[1]": lambda w: w[1],
    "lambda w: (len(w), w[-1])": lambda w: (len(w), w[-1]),
}


def show_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_SHOWS)


def length(difficulty: int) -> int:
    return min(5 + difficulty // 3, 14)


def _bound(rng: random.Random, size: int) -> int | None:
    """A slice bound: often left out, often negative, sometimes past either end."""
    roll = rng.random()
    if roll < 0.25:
        return None
    if roll < 0.6:
        return -rng.randint(1, size + 1)
    return rng.randint(0, size + 1)


def _slice(rng: random.Random, size: int, steps: bool) -> tuple[int | None, int | None, int | None]:
    step = rng.choice((None, None, 2, -1, -2, 3, -3)) if steps else None
    return _bound(rng, size), _bound(rng, size), step


def render_slice(bounds: tuple[int | None, int | None, int | None]) -> str:
    start, stop, step = ("" if part is None else str(part) for part in bounds)
    return f"{start}:{stop}" + (f":{step}" if step else "")


def draw_show(rng: random.Random, difficulty: int, data: dict[str, Any]) -> tuple[str, Any]:
    """A shown expression, drawn again (up to three times) when its value is empty: a few empty slices teach
    something, a page of them does not."""
    for _ in range(3):
        expression, value = _draw_one(rng, difficulty, data)
        if value != [] and value != "":
            break
    return expression, value


def _draw_one(rng: random.Random, difficulty: int, data: dict[str, Any]) -> tuple[str, Any]:
    """One shown expression: its source and its value."""
    xs, s, words = data["xs"], data["s"], data["words"]
    steps = difficulty >= 2
    kinds = ["index", "slice", "slice", "string"]
    kinds += ["reversed", "sort_ints"] if difficulty >= 1 else []
    kinds += ["sort_words", "chain"] if difficulty >= 4 else []
    kinds += ["join"] if difficulty >= 8 else []
    kind = rng.choice(kinds)
    if kind == "index":
        i = -rng.randint(1, len(xs))
        return f"xs[{i}]", xs[i]
    if kind in ("slice", "string"):
        name, seq = ("xs", xs) if kind == "slice" else ("s", s)
        bounds = _slice(rng, len(seq), steps)
        return f"{name}[{render_slice(bounds)}]", seq[slice(*bounds)]
    if kind == "reversed":
        bounds = _slice(rng, len(xs), False)
        return f"list(reversed(xs[{render_slice(bounds)}]))", list(reversed(xs[slice(*bounds)]))
    if kind == "chain":
        name, seq = rng.choice((("xs", xs), ("s", s)))
        first, second = _slice(rng, len(seq), True), _slice(rng, len(seq), True)
        return f"{name}[{render_slice(first)}][{render_slice(second)}]", seq[slice(*first)][slice(*second)]
    if kind == "join":
        bounds = _slice(rng, len(s), True)
        reverse = rng.random() < 0.5
        flag = ", reverse=True" if reverse else ""
        return f"''.join(sorted(s[{render_slice(bounds)}]{flag}))", "".join(sorted(s[slice(*bounds)], reverse=reverse))
    keys, seq, name = (INT_KEYS, xs, "xs") if kind == "sort_ints" else (WORD_KEYS, words, "words")
    key = rng.choice(sorted(keys))
    reverse = difficulty >= 6 and rng.random() < 0.4
    flag = ", reverse=True" if reverse else ""
    return f"sorted({name}, key={key}{flag})", sorted(seq, key=keys[key], reverse=reverse)


class SlicingOutput(PrintedLines):
    id = "code/slicing_output"
    version = 1
    description = (
        "Say what a Python program showing slices (negative indices, steps), reversed and stable sorted(key=...) "
        "prints."
    )
    difficulty_scales = (
        "shown values: 3 + d (slower past d=30, at most 60); list and string length: 5 + d // 3 (at most 14); "
        "reversed and integer sorts from d=1, slice steps from d=2, word sorts and chained slices from d=4, "
        "reverse=True from d=6, sorted strings joined from d=8"
    )
    size_name = "shown values"
    tags = ("code", "tracing", "sequences")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        size = length(difficulty)
        data = {
            "xs": [rng.randint(-20, 40) for _ in range(size)],
            "s": "".join(rng.choice(LETTERS[: 6 + size]) for _ in range(size)),
            "words": rng.sample(WORDS, min(4 + difficulty // 4, 9)),
        }
        count = show_count(difficulty)
        shows = [draw_show(rng, difficulty, data) for _ in range(count)]
        source = (
            "def show(value):\n    print(repr(value))\n\n\n"
            f"xs = {data['xs']!r}\ns = {data['s']!r}\nwords = {data['words']!r}\n"
            + "".join(f"show({expression})\n" for expression, _ in shows)
        )
        output = [repr(value) for _, value in shows]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "show prints the repr of a value, so strings are printed in single quotes and lists as [1, 2] or "
            "['ab', 'c']. Give each printed line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)
