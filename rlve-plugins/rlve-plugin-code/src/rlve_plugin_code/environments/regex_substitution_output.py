"""code/regex_substitution_output: what a program printing re.sub, re.split and re.findall results prints.

The program holds a string ``s`` of letter runs, digit runs and separators, and prints (as reprs) re.sub with
groups, backreferences (\\1, \\g<0>) and count=, re.split with maxsplit and with capturing groups (whose
separators are kept, None where a group took no part), and re.findall with and without groups, greedy against
lazy quantifiers, anchors, alternation order, lookaheads and empty matches. The patterns are ours, drawn from
templates with no nested quantifier, so Python's re computes every shown value in microseconds; nothing the
model writes is executed. No shown value holds a space or a quote, so ``PrintedLines`` reads answers exactly.
"""

from __future__ import annotations

import random
import re

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

LETTERS = "abcde"
SEPARATORS = ",;-:"
#: The string stops growing here (taper reaches it near d = 3000), so prompts stay short.
LONGEST = 120


def length(difficulty: int) -> int:
    return 8 + min(taper(difficulty), LONGEST - 8)


def call_count(difficulty: int) -> int:
    return min(2 + difficulty // 4, 8)


def draw_string(rng: random.Random, size: int) -> str:
    """Letter runs (a doubled letter now and then) and digit runs, mostly with a separator between them."""
    parts: list[str] = []
    while sum(map(len, parts)) < size:
        if rng.random() < 0.55:
            run = "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 3)))
            if rng.random() < 0.2:
                run += run[-1]
        else:
            run = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 3)))
        parts.append(run)
        if rng.random() < 0.6:
            parts.append(rng.choice(SEPARATORS))
    return "".join(parts)[:size]


def _calls(rng: random.Random, difficulty: int, s: str) -> list[tuple[str, str, tuple]]:
    """Every call the level allows, as (function, pattern, extra arguments); the replacement is the first extra."""
    d = difficulty
    sep = rng.choice([c for c in SEPARATORS if c in s] or [","])
    a, b = rng.sample(LETTERS, 2)
    calls: list[tuple[str, str, tuple]] = [
        ("findall", r"[a-z]+", ()),
        ("findall", r"\d+", ()),
        ("sub", r"\d", ("#",)),
        ("split", re.escape(sep), ()),
        ("sub", f"[{a}{b}]", ("",)),
    ]
    if d >= 2:
        calls += [
            ("sub", r"\d+", ("N",), rng.randint(1, 3)),
            ("split", f"[{re.escape(SEPARATORS)}]", (), rng.randint(1, 3)),
            ("findall", r"[a-z]\d", ()),
            ("sub", r"^[a-z]+", ("X",)),
            ("findall", r"\d+$", ()),
            ("findall", r"^\w", ()),
        ]
    if d >= 4:
        calls += [
            ("sub", r"([a-z]+)(\d+)", (r"\2\1",)),
            ("findall", r"([a-z])(\d)", ()),
            ("sub", r"([a-z])\1", (r"<\1>",)),
            ("split", f"({re.escape(sep)})", ()),
            ("sub", r"(\d)(\d)", (r"\2\1",)),
            ("findall", r"(\d)[a-z]", ()),
        ]
    if d >= 6:
        calls += [
            ("findall", f"{a}.*{b}", ()),
            ("findall", f"{a}.*?{b}", ()),
            ("findall", r"\d{1,2}", ()),
            ("findall", r"\d{1,2}?", ()),
            ("sub", r"[a-z]+?", ("_",)),
            ("sub", f"{a}\\w*", ("@",)),
            ("findall", f"{a}|{a}{b}", ()),
            ("findall", f"{a}{b}|{a}", ()),
        ]
    if d >= 8:
        calls += [
            ("sub", r"\d*", ("-",)),
            ("findall", r"[a-z]*", ()),
            ("sub", r"\d+", (r"[\g<0>]",)),
            ("findall", r"[a-z](?=\d)", ()),
            ("split", r"\d*", ()),
            ("sub", r"\b", ("|",)),
            ("findall", r"\b[a-z]+\b", ()),
        ]
    if d >= 10:
        calls += [
            ("findall", r"([a-z])(\d)?", ()),
            ("split", f"({re.escape(sep)})|(\\d)", ()),
            ("sub", r"(?P<w>[a-z]+)(?P<n>\d*)", (r"\g<n>\g<w>",)),
            ("findall", r"(?:[a-z]\d)+", ()),
            ("sub", r"([a-z])(?!\d)", (r"\1\1",), rng.randint(1, 4)),
        ]
    return calls


def _line(call: tuple) -> str:
    """The Python line that prints the call's result."""
    function, pattern, extra = call[0], call[1], call[2]
    arguments = [f"r'{pattern}'"] + [f"r'{value}'" if "\\" in value else repr(value) for value in extra] + ["s"]
    if len(call) > 3:
        arguments.append(f"{'count' if function == 'sub' else 'maxsplit'}={call[3]}")
    return f"print(re.{function}({', '.join(arguments)}))"


def _result(call: tuple, s: str) -> object:
    """The call's value, computed with Python's re on our own pattern."""
    function, pattern, extra = call[0], call[1], call[2]
    if function == "sub":
        return re.sub(pattern, extra[0], s, count=call[3] if len(call) > 3 else 0)
    if function == "split":
        return re.split(pattern, s, maxsplit=call[3] if len(call) > 3 else 0)
    return re.findall(pattern, s)


class RegexSubstitutionOutput(PrintedLines):
    id = "code/regex_substitution_output"
    version = 1
    description = (
        "Say what a Python program printing re.sub, re.split and re.findall results (groups, backreferences, count=, "
        "greedy against lazy, anchors, empty matches) prints."
    )
    difficulty_scales = (
        "characters in s: 8 + d (slower past d=30, at most 120); calls shown: 2 + d // 4 (at most 8); count= and "
        "maxsplit=, anchors from d=2, groups and backreferences from d=4, lazy quantifiers and alternation order "
        "from d=6, empty matches, \\g<0>, lookaheads and \\b from d=8, optional groups, named groups and negative "
        "lookaheads from d=10"
    )
    size_name = "characters in s"
    tags = ("code", "tracing", "regex")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        size = length(difficulty)
        s = draw_string(rng, size)
        options = _calls(rng, difficulty, s)
        recent = [call for call in options if call not in options[:5]] if difficulty >= 2 else []
        chosen: list[tuple] = []
        for _ in range(call_count(difficulty)):
            # Half of the calls from the newest templates the level allows, once there are any; no call twice.
            pool = recent if recent and rng.random() < 0.5 else options
            fresh = [call for call in pool if call not in chosen] or [call for call in options if call not in chosen]
            chosen.append(rng.choice(fresh))
        lines = [_line(call) for call in chosen]
        output = [repr(_result(call, s)) for call in chosen]
        program = "\n".join(["import re", "", f"s = {s!r}", *lines])
        prompt = (
            "What does this Python 3.11 program print?\n\n"
            f"```python\n{program}\n```\n\n"
            "Give each printed line on its own line, exactly as Python prints it (lists in brackets, tuples in "
            "parentheses, strings in quotes)."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=size)
