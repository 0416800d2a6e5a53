"""code/string_method_output: what a program applying ``str`` methods prints.

The program holds a string ``s`` of short letter runs joined by one separator and padded with filler characters,
and a string ``line`` of words between runs of spaces. It shows (with ``repr``) ``split`` with and without
arguments (and a maxsplit), ``join``, ``replace`` with a count, ``strip``/``lstrip``/``rstrip`` with character
sets, ``find``/``rfind``/``index``, ``partition``/``rpartition``, ``upper``/``title``, ``startswith``/``endswith``
and ``count``. Our own evaluator computes each shown value by calling the same ``str`` method on our data from a
small description of the call; nothing is executed. No shown value holds a space or a quote, so the answer
checker of code/slicing_output (which drops spaces) reads these lines exactly.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Shown values stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_SHOWS = 60
LETTERS = "abcdefgh"
SEPARATORS = ",-;:/"
FILLERS = ".*_#"


def show_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_SHOWS)


def run_count(difficulty: int) -> int:
    return min(3 + difficulty // 4, 9)


def _text(rng: random.Random, difficulty: int) -> tuple[str, str, str]:
    """``s``, its separator and its filler: letter runs (an empty one now and then from d = 3) padded both sides."""
    sep, filler = rng.choice(SEPARATORS), rng.choice(FILLERS)
    alphabet = LETTERS[: min(3 + difficulty // 5, len(LETTERS))]
    runs = []
    for _ in range(run_count(difficulty)):
        empty = difficulty >= 3 and rng.random() < 0.15
        runs.append("" if empty else "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3))))
    left, right = filler * rng.randint(0, 2), filler * rng.randint(1, 2)
    return left + sep.join(runs) + right, sep, filler


def _line(rng: random.Random, difficulty: int) -> str:
    words = ["".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 3))) for _ in range(run_count(difficulty))]
    gaps = [" " * rng.randint(1, 3) for _ in range(len(words) + 1)]
    return gaps[0] + "".join(word + gap for word, gap in zip(words, gaps[1:]))


def _piece(rng: random.Random, s: str) -> str:
    """A short substring of ``s`` most of the time, else one or two letters that may not occur at all."""
    if rng.random() < 0.7:
        start = rng.randrange(len(s))
        return s[start : start + rng.randint(1, 2)]
    return "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 2)))


def draw_show(rng: random.Random, difficulty: int, s: str, sep: str, filler: str, line: str) -> tuple[str, Any]:
    """One shown call on our data: its source and the value the same ``str`` method returns."""
    kinds = ["split", "strip", "find", "upper", "count"]
    kinds += ["split_none", "join", "replace", "startswith"] if difficulty >= 1 else []
    kinds += ["split_max", "partition", "title", "side_strip", "rfind"] if difficulty >= 3 else []
    kinds += ["replace_count", "index", "chain"] if difficulty >= 6 else []
    kind = rng.choice(kinds)
    piece = _piece(rng, s)
    chars = "".join(rng.sample(filler + sep + LETTERS[:3], rng.randint(1, 3)))
    if kind == "split":
        return f"s.split({sep!r})", s.split(sep)
    if kind == "split_none":
        return "line.split()", line.split()
    if kind == "split_max":
        limit = rng.randint(1, 3)
        if rng.random() < 0.5:
            return f"s.split({sep!r}, {limit})", s.split(sep, limit)
        return f"s.rsplit({sep!r}, {limit})", s.rsplit(sep, limit)
    if kind == "join":
        glue = rng.choice(("+", "", "=", "."))
        return f"{glue!r}.join(line.split())", glue.join(line.split())
    if kind == "strip":
        return f"s.strip({filler!r})", s.strip(filler)
    if kind == "side_strip":
        side = rng.choice(("lstrip", "rstrip"))
        return f"s.{side}({chars!r})", getattr(s, side)(chars)
    if kind in ("find", "rfind", "count"):
        return f"s.{kind}({piece!r})", getattr(s, kind)(piece)
    if kind == "index":
        piece = s[rng.randrange(len(s))]
        return f"s.index({piece!r})", s.index(piece)
    if kind == "upper":
        return "s.upper()", s.upper()
    if kind == "title":
        return "s.title()", s.title()
    if kind == "startswith":
        side = rng.choice(("startswith", "endswith"))
        probe = s[: rng.randint(1, 3)] if side == "startswith" else s[-rng.randint(1, 3) :]
        probe = probe if rng.random() < 0.6 else _piece(rng, s)
        return f"s.{side}({probe!r})", getattr(s, side)(probe)
    if kind in ("replace", "replace_count"):
        new = rng.choice(("", "X", "YZ", sep + sep))
        if kind == "replace":
            return f"s.replace({piece!r}, {new!r})", s.replace(piece, new)
        limit = rng.randint(1, 2)
        return f"s.replace({piece!r}, {new!r}, {limit})", s.replace(piece, new, limit)
    if kind == "partition":
        side = rng.choice(("partition", "rpartition"))
        probe = sep if rng.random() < 0.7 else _piece(rng, s)
        return f"s.{side}({probe!r})", getattr(s, side)(probe)
    # chain: strip the filler first, then split or count what is left
    inner = s.strip(filler)
    if rng.random() < 0.5:
        return f"s.strip({filler!r}).split({sep!r})", inner.split(sep)
    return f"s.strip({filler!r}).upper().count({piece.upper()!r})", inner.upper().count(piece.upper())


class StringMethodOutput(PrintedLines):
    id = "code/string_method_output"
    version = 1
    description = (
        "Say what a Python program showing str methods (split, join, replace, strip with character sets, find, "
        "partition, title, count) prints."
    )
    difficulty_scales = (
        "shown values: 3 + d (slower past d=30, at most 60); letter runs in s: 3 + d // 4 (at most 9), letters "
        "3 + d // 5 (at most 8); split(), join, replace and startswith/endswith from d=1, empty runs, maxsplit, "
        "partition, title, lstrip/rstrip and rfind from d=3, replace with a count, index and chained calls from d=6"
    )
    size_name = "shown values"
    tags = ("code", "tracing", "strings")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        s, sep, filler = _text(rng, difficulty)
        line = _line(rng, difficulty)
        count = show_count(difficulty)
        shows = [draw_show(rng, difficulty, s, sep, filler, line) for _ in range(count)]
        source = (
            "def show(value):\n    print(repr(value))\n\n\n"
            f"s = {s!r}\nline = {line!r}\n" + "".join(f"show({expression})\n" for expression, _ in shows)
        )
        output = [repr(value) for _, value in shows]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "show prints the repr of a value, so strings are printed in single quotes, lists as ['ab', 'c'] and "
            "tuples as ('a', ',', 'b'). Give each printed line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

