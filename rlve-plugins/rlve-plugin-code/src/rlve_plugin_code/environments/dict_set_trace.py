"""code/dict_set_trace: what a program doing dict and set operations prints.

A dict of letters to integers and two sets of integers go through ``setdefault``, ``get`` with a default,
``pop`` with a default, ``update``, ``+=`` on a key, ``add``/``discard``, ``|``, ``&``, ``-``, ``^`` and
comprehensions; a ``show`` helper prints dicts as their sorted items and sets sorted, so every output line is
unique. Our own evaluator applies each operation to Python dicts and sets built from a small description of the
statement; nothing is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Statements stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_STATEMENTS = 60
KEYS = "abcdefgh"

SHOW = (
    "def show(value):\n"
    "    if isinstance(value, dict):\n"
    "        print(sorted(value.items()))\n"
    "    elif isinstance(value, set):\n"
    "        print(sorted(value))\n"
    "    else:\n"
    "        print(value)\n"
)


def shown(value: Any) -> str:
    """The line ``show`` prints for ``value``."""
    if isinstance(value, dict):
        return str(sorted(value.items()))
    if isinstance(value, set):
        return str(sorted(value))
    return str(value)


def statement_count(difficulty: int) -> int:
    return min(4 + taper(difficulty), MOST_STATEMENTS)


class _Program:
    """Draws statements one by one, applying each to the state as it goes."""

    def __init__(self, rng: random.Random, difficulty: int):
        self.rng = rng
        self.d = difficulty
        keys = KEYS[: min(4 + difficulty // 6, len(KEYS))]
        self.keys = keys
        self.dict = {key: rng.randint(0, 9) for key in rng.sample(keys, min(3, len(keys)))}
        self.sets = {name: set(rng.sample(range(10), rng.randint(2, 5))) for name in "AB"}
        self.lines = [
            f"d = {self.dict!r}",
            f"A = {sorted(self.sets['A'])!r}".replace("[", "{").replace("]", "}"),
            f"B = {sorted(self.sets['B'])!r}".replace("[", "{").replace("]", "}"),
        ]
        self.output: list[str] = []

    def show(self, source: str, value: Any) -> None:
        self.lines.append(f"show({source})")
        self.output.append(shown(value))

    def step(self) -> None:
        rng, d = self.rng, self.d
        kinds = ["get", "setdefault", "pop", "set_op", "show_dict"]
        kinds += ["update", "add_discard", "increment"] if d >= 2 else []
        kinds += ["dict_comp", "set_comp", "in"] if d >= 5 else []
        kinds += ["in_place"] if d >= 9 else []
        kind = rng.choice(kinds)
        key = rng.choice(self.keys)
        value = rng.randint(0, 9)
        if kind == "get":
            default = rng.randint(-3, 0)
            self.show(f"d.get({key!r}, {default})", self.dict.get(key, default))
        elif kind == "setdefault":
            self.show(f"d.setdefault({key!r}, {value})", self.dict.setdefault(key, value))
        elif kind == "pop":
            default = rng.randint(-3, 0)
            self.show(f"d.pop({key!r}, {default})", self.dict.pop(key, default))
        elif kind == "set_op":
            op = rng.choice("|&-^" if d >= 3 else "|&-")
            first, second = rng.sample("AB", 2)
            a, b = self.sets[first], self.sets[second]
            result = {"|": a | b, "&": a & b, "-": a - b, "^": a ^ b}[op]
            self.show(f"{first} {op} {second}", result)
        elif kind == "show_dict":
            self.show("d", self.dict)
        elif kind == "update":
            extra = {other: rng.randint(0, 9) for other in rng.sample(self.keys, 2)}
            self.dict.update(extra)
            self.lines.append(f"d.update({extra!r})")
        elif kind == "add_discard":
            name, number, add = rng.choice("AB"), rng.randint(0, 9), rng.random() < 0.5
            (self.sets[name].add if add else self.sets[name].discard)(number)
            self.lines.append(f"{name}.{'add' if add else 'discard'}({number})")
        elif kind == "increment":
            if key not in self.dict:
                self.dict[key] = 0
                self.lines.append(f"d[{key!r}] = 0")
            self.dict[key] += value
            self.lines.append(f"d[{key!r}] += {value}")
        elif kind == "dict_comp":
            bound = rng.randint(2, 7)
            kept = {k: v for k, v in self.dict.items() if v > bound}
            self.show(f"{{k: v for k, v in d.items() if v > {bound}}}", kept)
        elif kind == "set_comp":
            name, modulus = rng.choice("AB"), rng.randint(2, 4)
            self.show(f"{{x % {modulus} for x in {name}}}", {x % modulus for x in self.sets[name]})
        elif kind == "in":
            self.show(f"{key!r} in d", key in self.dict)
        else:
            op = rng.choice("|&-")
            first, second = rng.sample("AB", 2)
            a, b = self.sets[first], self.sets[second]
            self.sets[first] = {"|": a | b, "&": a & b, "-": a - b}[op]
            self.lines.append(f"{first} {op}= {second}")


class DictSetTrace(PrintedLines):
    id = "code/dict_set_trace"
    version = 1
    description = "Say what a Python program doing dict and set operations (setdefault, get, pop, |, &, -) prints."
    difficulty_scales = (
        "statements: 4 + d (slower past d=30, at most 60); dict keys: 4 + d // 6 letters (at most 8); update, "
        "add/discard and += from d=2, ^ from d=3, comprehensions and `in` from d=5, in-place set operators from d=9"
    )
    size_name = "statements"
    tags = ("code", "tracing", "dicts", "sets")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = statement_count(difficulty)
        while True:
            program = _Program(rng, difficulty)
            for _ in range(count):
                program.step()
            if len(program.output) >= 2:
                break
        source = SHOW + "\n\n" + "\n".join(program.lines) + "\n"
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "show prints a dict as the sorted list of its (key, value) pairs and a set as a sorted list, so each "
            "printed line is unique, for example [('a', 1), ('c', 4)] or [2, 5]. Give each printed line on its "
            "own line, in order."
        )
        output = program.output
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

