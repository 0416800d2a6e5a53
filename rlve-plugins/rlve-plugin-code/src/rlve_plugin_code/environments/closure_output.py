"""code/closure_output: what a generated Python program with closures prints.

The program sets up a few small scenes, then calls into them in an interleaved order:

- counters made by a factory, each with its own ``nonlocal`` state;
- two closures that share one variable of their factory (one changes it, the other reads it);
- lambdas made in a comprehension, which all see the loop variable's last value (late binding), beside ones
  that capture it with a default argument ``i=i``;
- a default argument, evaluated once when the ``def`` runs, beside a lambda that reads the same global when
  it is called (and the global changed later);
- a mutable default list that keeps growing from call to call, unless a fresh list is passed.

Each scene has its own evaluator here, which keeps the scene's state the way Python does; the tests run the
rendered program with Python and compare. Nothing the model writes is executed.
"""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedIntegers

#: One line of the program after the scenes are set up: its text and the value it prints (None: prints nothing).
Action = tuple[str, int | None]


class Counters:
    """``make_counterX(start)`` returns a function adding ``k * step`` to its own total (nonlocal)."""

    def __init__(self, rng: random.Random, tag: str, difficulty: int):
        self.rng = rng
        self.factory, self.step = f"make_counter{tag}", rng.randint(1, 4)
        self.names = [f"c{tag}", f"d{tag}"][: 1 + (difficulty >= 2)]
        self.totals = {name: rng.randint(0, 9) for name in self.names}
        self.sign = rng.choice("+-")

    def setup(self) -> list[str]:
        step = "k" if self.step == 1 else f"k * {self.step}"
        lines = [
            f"def {self.factory}(start):",
            "    total = start",
            "    def step(k):",
            "        nonlocal total",
            f"        total {self.sign}= {step}",
            "        return total",
            "    return step",
        ]
        return lines + [f"{name} = {self.factory}({self.totals[name]})" for name in self.names]

    def action(self, must_print: bool) -> Action:
        name, k = self.rng.choice(self.names), self.rng.randint(1, 5)
        self.totals[name] += k * self.step if self.sign == "+" else -k * self.step
        return f"print({name}({k}))", self.totals[name]


class SharedCell:
    """``make_pairX(v)`` returns two closures over the same v: one adds to it, one reads it."""

    def __init__(self, rng: random.Random, tag: str, difficulty: int):
        self.rng = rng
        self.factory, self.add, self.read = f"make_pair{tag}", f"add{tag}", f"times{tag}"
        self.value = rng.randint(1, 9)

    def setup(self) -> list[str]:
        return [
            f"def {self.factory}(v):",
            "    def add(k):",
            "        nonlocal v",
            "        v += k",
            "        return v",
            "    def times(m):",
            "        return v * m",
            "    return add, times",
            f"{self.add}, {self.read} = {self.factory}({self.value})",
        ]

    def action(self, must_print: bool) -> Action:
        if self.rng.random() < 0.5:
            k = self.rng.randint(1, 6)
            self.value += k
            return f"print({self.add}({k}))", self.value
        m = self.rng.randint(2, 4)
        return f"print({self.read}({m}))", self.value * m


class LateBinding:
    """Lambdas made in a comprehension: ``lateX`` see the last i, ``boundX`` captured i with ``i=i``."""

    def __init__(self, rng: random.Random, tag: str, difficulty: int):
        self.rng = rng
        self.late, self.bound = f"late{tag}", f"bound{tag}"
        self.count, self.offset = rng.randint(3, 5), rng.randint(0, 9)
        self.op = rng.choice(["+", "*"])

    def setup(self) -> list[str]:
        body = f"x {self.op} i" + (f" + {self.offset}" if self.offset else "")
        return [
            f"{self.late} = [lambda x: {body} for i in range({self.count})]",
            f"{self.bound} = [lambda x, i=i: {body} for i in range({self.count})]",
        ]

    def action(self, must_print: bool) -> Action:
        index, x = self.rng.randrange(self.count), self.rng.randint(1, 9)
        late = self.rng.random() < 0.5
        i = self.count - 1 if late else index
        value = (x + i if self.op == "+" else x * i) + self.offset
        return f"print({self.late if late else self.bound}[{index}]({x}))", value


class DefaultAtDefinition:
    """``shiftX(x, d=baseX)`` keeps the base of when it was defined; ``peekX`` reads the global base when called."""

    def __init__(self, rng: random.Random, tag: str, difficulty: int):
        self.rng = rng
        self.base, self.shift, self.peek = f"base{tag}", f"shift{tag}", f"peek{tag}"
        self.factor = rng.randint(2, 4)
        self.default = rng.randint(1, 9)
        self.current = rng.choice([v for v in range(1, 10) if v != self.default])

    def setup(self) -> list[str]:
        return [
            f"{self.base} = {self.default}",
            f"def {self.shift}(x, d={self.base}):",
            f"    return x * {self.factor} + d",
            f"{self.peek} = lambda x: x * {self.factor} + {self.base}",
            f"{self.base} = {self.current}",
        ]

    def action(self, must_print: bool) -> Action:
        rng = self.rng
        roll = rng.random()
        x = rng.randint(1, 6)
        if roll < 0.15 and not must_print:
            self.current = rng.randint(1, 9)
            return f"{self.base} = {self.current}", None
        if roll < 0.5:
            return f"print({self.shift}({x}))", x * self.factor + self.default
        if roll < 0.65:
            return f"print({self.shift}({x}, {self.base}))", x * self.factor + self.current
        return f"print({self.peek}({x}))", x * self.factor + self.current


class MutableDefault:
    """``keepX(x, seen=[])`` appends to one list shared by every call that does not pass its own."""

    def __init__(self, rng: random.Random, tag: str, difficulty: int):
        self.rng = rng
        self.name = f"keep{tag}"
        self.seen: list[int] = []
        self.total = rng.random() < 0.5  # returns sum(seen), else len(seen)

    def setup(self) -> list[str]:
        result = "sum(seen)" if self.total else "len(seen)"
        return [f"def {self.name}(x, seen=[]):", "    seen.append(x)", f"    return {result}"]

    def action(self, must_print: bool) -> Action:
        x = self.rng.randint(1, 9)
        if self.rng.random() < 0.25:  # a fresh list: the shared one is untouched
            return f"print({self.name}({x}, []))", x if self.total else 1
        self.seen.append(x)
        return f"print({self.name}({x}))", sum(self.seen) if self.total else len(self.seen)


class GlobalLookup:
    """``scaleX`` reads the global rateX when it is called, not when it was made."""

    def __init__(self, rng: random.Random, tag: str, difficulty: int):
        self.rng = rng
        self.rate, self.scale = f"rate{tag}", f"scale{tag}"
        self.first = rng.randint(2, 9)
        self.current = rng.choice([v for v in range(2, 10) if v != self.first])

    def setup(self) -> list[str]:
        return [
            f"{self.rate} = {self.first}",
            f"{self.scale} = lambda x: x * {self.rate}",
            f"{self.rate} = {self.current}",
        ]

    def action(self, must_print: bool) -> Action:
        if self.rng.random() < 0.2 and not must_print:
            self.current = self.rng.randint(2, 9)
            return f"{self.rate} = {self.current}", None
        x = self.rng.randint(1, 6)
        return f"print({self.scale}({x}))", x * self.current


#: Scene kinds and the level each one is used from.
SCENES = (
    (Counters, 0),
    (DefaultAtDefinition, 0),
    (GlobalLookup, 0),
    (LateBinding, 2),
    (MutableDefault, 4),
    (SharedCell, 6),
)


def action_count(difficulty: int) -> int:
    return 3 + taper(difficulty)


def scene_count(difficulty: int) -> int:
    return min(len(SCENES), 1 + taper(difficulty) // 5)


def draw_program(rng: random.Random, difficulty: int) -> tuple[str, list[int]]:
    """The program's source and what it prints."""
    kinds = [kind for kind, level in SCENES if difficulty >= level]
    chosen = rng.sample(kinds, min(scene_count(difficulty), len(kinds)))
    scenes = [kind(rng, str(number), difficulty) for number, kind in enumerate(chosen, start=1)]
    blocks = ["\n".join(scene.setup()) for scene in scenes]
    lines: list[str] = []
    output: list[int] = []
    # Every scene is called at least once, the rest at random; a line that prints nothing is never the last.
    order = list(range(len(scenes))) + [rng.randrange(len(scenes)) for _ in range(action_count(difficulty))]
    order = order[: max(action_count(difficulty), len(scenes))]
    rng.shuffle(order)
    for position, index in enumerate(order):
        line, value = scenes[index].action(must_print=position == len(order) - 1)
        lines.append(line)
        if value is not None:
            output.append(value)
    return "\n\n".join(blocks) + "\n\n" + "\n".join(lines) + "\n", output


class ClosureOutput(PrintedIntegers):
    id = "code/closure_output"
    version = 1
    description = (
        "Say what a generated Python program with closures (nonlocal, late binding in loops, default arguments "
        "bound at definition) prints."
    )
    difficulty_scales = (
        "calls after the setup: 3 + d (slower past d=30); scenes: 1 + d // 5 up to 6, two counters per factory "
        "from d=2, comprehension lambdas from d=2, mutable default lists from d=4, shared nonlocal cells from d=6"
    )
    size_name = "calls"
    tags = ("code", "tracing", "closures")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        source, output = draw_program(rng, difficulty)
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Each print shows one integer on its own line."
        )
        return Instance(
            prompt=prompt, answer=" ".join(map(str, output)), data={"output": output}, size=action_count(difficulty)
        )

