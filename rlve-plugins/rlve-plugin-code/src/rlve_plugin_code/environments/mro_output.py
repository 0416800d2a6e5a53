"""code/mro_output: what a program with multiple inheritance and cooperative ``super()`` calls prints.

Classes ``A``, ``B``, ... each inherit from one to three earlier classes (``A`` from none), so every class
descends from ``A`` and diamonds are common. A class may define ``trail`` (cooperative: its letter before or after
``super().trail()``, or a stop that does not call ``super()``), a class attribute ``tag`` and a method ``hello``.
The program prints linearisations, ``trail()`` chains, inherited attributes and ``issubclass`` results.

Our own C3 linearisation (``linearise``) and method lookup compute every printed value; hierarchies whose C3
merge fails (Python would refuse the class statement) are drawn again. Nothing is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Printed values stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_PRINTS = 40
NAMES = "ABCDEFGHIJ"


def print_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_PRINTS)


def class_count(difficulty: int) -> int:
    return min(4 + difficulty // 3, len(NAMES))


@dataclass
class Cls:
    name: str
    bases: list[str]
    trail: str | None = None  # "pre": letter + super(); "post": super() + letter; "stop": letter alone
    tag: int | None = None
    hello: bool = False
    mro: list[str] = field(default_factory=list)


def linearise(name: str, classes: dict[str, Cls]) -> list[str] | None:
    """C3: the class, then a merge of its bases' linearisations and the list of bases; None when it fails."""
    seqs = [list(classes[base].mro) for base in classes[name].bases] + [list(classes[name].bases)]
    result = [name]
    while any(seqs):
        seqs = [seq for seq in seqs if seq]
        # The first head that is in no other list's tail.
        head = next((seq[0] for seq in seqs if not any(seq[0] in other[1:] for other in seqs)), None)
        if head is None:
            return None
        result.append(head)
        seqs = [seq[1:] if seq[0] == head else seq for seq in seqs]
    return result


def call_trail(classes: dict[str, Cls], mro: list[str], start: int) -> str:
    """``trail()`` looked up from position ``start`` of the instance's MRO (``super()`` in mro[k] is k + 1)."""
    for at in range(start, len(mro)):
        cls = classes[mro[at]]
        if cls.trail == "stop":
            return cls.name
        if cls.trail == "pre":
            return cls.name + call_trail(classes, mro, at + 1)
        if cls.trail == "post":
            return call_trail(classes, mro, at + 1) + cls.name
    raise AssertionError("A always defines trail")


def draw_classes(rng: random.Random, difficulty: int) -> dict[str, Cls]:
    count = class_count(difficulty)
    most_bases = 2 if difficulty < 10 else 3
    while True:
        classes = {"A": Cls("A", [], trail="stop", tag=rng.randint(0, 9), hello=True)}
        classes["A"].mro = ["A"]
        for name in NAMES[1:count]:
            earlier = list(classes)
            # Mostly the newest class among the bases (long chains), and bases that are not each other's
            # ancestors (diamonds rather than redundant bases).
            for _ in range(4):
                bases = rng.sample(earlier, min(len(earlier), rng.randint(1, most_bases)))
                if rng.random() < 0.5 and earlier[-1] not in bases:
                    bases[0] = earlier[-1]
                if not any(base in classes[other].mro for base in bases for other in bases if other != base):
                    break
            cls = Cls(name, bases)
            mro = linearise(name, {**classes, name: cls})
            if mro is None:
                break
            cls.mro = mro
            roll = rng.random()
            kinds = ["pre", "pre", "post"] if difficulty >= 6 else ["pre"]
            cls.trail = None if roll < 0.2 else ("stop" if roll < 0.3 and difficulty >= 4 else rng.choice(kinds))
            cls.tag = rng.randint(10, 99) if rng.random() < 0.35 else None
            cls.hello = rng.random() < 0.35
            classes[name] = cls
        else:
            if any(len(cls.bases) > 1 for cls in classes.values()):
                return classes


def render_classes(classes: dict[str, Cls]) -> str:
    blocks = []
    for cls in classes.values():
        lines = [f"class {cls.name}({', '.join(cls.bases)}):" if cls.bases else f"class {cls.name}:"]
        if cls.tag is not None:
            lines.append(f"    tag = {cls.tag}")
        if cls.trail == "stop":
            lines += ["    def trail(self):", f"        return '{cls.name}'"]
        elif cls.trail == "pre":
            lines += ["    def trail(self):", f"        return '{cls.name}' + super().trail()"]
        elif cls.trail == "post":
            lines += ["    def trail(self):", f"        return super().trail() + '{cls.name}'"]
        if cls.hello:
            lines += ["    def hello(self):", f"        return '{cls.name.lower()}'"]
        if len(lines) == 1:
            lines.append("    pass")
        blocks.append("\n".join(lines))
    return "\n\n\n".join(blocks)


def draw_print(rng: random.Random, difficulty: int, classes: dict[str, Cls]) -> tuple[str, str]:
    """One print statement and the line it prints."""
    names = list(classes)
    # The later classes have the interesting linearisations.
    name = rng.choice(names[len(names) // 3 :])
    mro = classes[name].mro
    kinds = ["trail", "trail", "mro", "tag", "hello"] + (["subclass"] if difficulty >= 2 else [])
    kind = rng.choice(kinds)
    if kind == "trail":
        return f"print({name}().trail())", call_trail(classes, mro, 0)
    if kind == "mro":
        return f"print(''.join(k.__name__ for k in {name}.__mro__[:-1]))", "".join(mro)
    if kind == "tag":
        return f"print({name}.tag)", str(next(classes[k].tag for k in mro if classes[k].tag is not None))
    if kind == "hello":
        return f"print({name}().hello())", next(k for k in mro if classes[k].hello).lower()
    other = rng.choice(names)
    return f"print(issubclass({name}, {other}))", str(other in mro)


class MroOutput(PrintedLines):
    id = "code/mro_output"
    version = 1
    description = (
        "Say what a Python program with multiple inheritance prints: C3 method resolution order, cooperative "
        "super() chains, inherited attributes."
    )
    difficulty_scales = (
        "prints: 3 + d (slower past d=30, at most 40); classes: 4 + d // 3 (at most 10), each with one or two "
        "bases, three from d=10; issubclass from d=2, trail methods that stop the super() chain from d=4, "
        "super() called before the class's own letter from d=6"
    )
    size_name = "prints"
    tags = ("code", "tracing", "classes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        classes = draw_classes(rng, difficulty)
        count = print_count(difficulty)
        prints = [draw_print(rng, difficulty, classes) for _ in range(count)]
        source = render_classes(classes) + "\n\n\n" + "".join(line + "\n" for line, _ in prints)
        output = [value for _, value in prints]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Strings print without quotes (trail() prints like DBCA), booleans as True or False. Give each printed "
            "line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

