"""code/short_circuit_calls: which calls a chain of ``and`` / ``or`` / ``not`` makes, and what it prints.

Small predicate functions print their own name and return a comparison on their argument; the program prints
conditions built from calls to them. ``and`` and ``or`` stop at the first operand that decides the result, so
the answer (the printed lines in order) shows exactly which calls happen. Every operand is a bool, so each
condition prints True or False. Our own evaluator walks the condition tree; nothing is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import split_items
from rlve.scaling import taper

NAMES = "abcdefgh"
#: Calls in a program stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_CALLS = 64


@dataclass(frozen=True)
class Predicate:
    name: str
    op: str  # "%", ">" or "<"
    modulus_or_bound: int
    remainder: int = 0

    def holds(self, n: int) -> bool:
        if self.op == "%":
            return n % self.modulus_or_bound == self.remainder
        return n > self.modulus_or_bound if self.op == ">" else n < self.modulus_or_bound

    def render(self) -> str:
        if self.op == "%":
            test = f"n % {self.modulus_or_bound} == {self.remainder}"
        else:
            test = f"n {self.op} {self.modulus_or_bound}"
        return f'def {self.name}(n):\n    print("{self.name}")\n    return {test}\n'


@dataclass(frozen=True)
class Call:
    name: str
    argument: int


@dataclass(frozen=True)
class Not:
    operand: Any


@dataclass(frozen=True)
class BoolOp:
    op: str  # "and" or "or"
    left: Any
    right: Any


def evaluate(node: Any, predicates: dict[str, Predicate], log: list[str]) -> bool:
    """The condition's value, appending each predicate called to ``log``: the right operand of ``and`` runs
    only when the left is true, of ``or`` only when the left is false."""
    if isinstance(node, Call):
        log.append(node.name)
        return predicates[node.name].holds(node.argument)
    if isinstance(node, Not):
        return not evaluate(node.operand, predicates, log)
    left = evaluate(node.left, predicates, log)
    if left == (node.op == "or"):
        return left
    return evaluate(node.right, predicates, log)


def render_condition(node: Any, parent_op: str | None = None) -> str:
    """Python source; a group under ``not`` or under the other operator is parenthesised (a chain of one
    operator is not: ``a and (b and c)`` makes the same calls as ``a and b and c``)."""
    if isinstance(node, Call):
        return f"{node.name}({node.argument})"
    if isinstance(node, Not):
        inner = render_condition(node.operand, "not")
        return f"not {inner}" if not isinstance(node.operand, BoolOp) else f"not ({inner})"
    text = f"{render_condition(node.left, node.op)} {node.op} {render_condition(node.right, node.op)}"
    return f"({text})" if parent_op is not None and parent_op not in (node.op, "not") else text


def call_count(difficulty: int) -> int:
    return min(4 + taper(difficulty), MOST_CALLS)


def most_calls_per_condition(difficulty: int) -> int:
    return min(2 + difficulty // 4, 7)


def draw_predicate(rng: random.Random, name: str) -> Predicate:
    roll = rng.random()
    if roll < 0.5:
        modulus = rng.randint(2, 4)
        return Predicate(name, "%", modulus, rng.randrange(modulus))
    return Predicate(name, rng.choice("<>"), rng.randint(2, 7))


def draw_condition(rng: random.Random, calls: int, names: str, negate: bool) -> Any:
    if calls == 1:
        node: Any = Call(rng.choice(names), rng.randint(0, 9))
    else:
        left = rng.randint(1, calls - 1)
        op = rng.choice(("and", "or"))
        node = BoolOp(op, draw_condition(rng, left, names, negate), draw_condition(rng, calls - left, names, negate))
    if negate and rng.random() < 0.25:
        node = Not(node)
    return node


def split_calls(rng: random.Random, total: int, most: int) -> list[int]:
    """``total`` calls cut into conditions of 2 to ``most`` calls each, the last of up to ``most + 1``."""
    sizes = []
    while total >= most + 2:
        size = rng.randint(2, min(most, total - 2))
        sizes.append(size)
        total -= size
    return sizes + [total]


class ShortCircuitCalls(Environment):
    id = "code/short_circuit_calls"
    version = 1
    description = "Say which functions a Python program's and/or/not conditions call (short-circuit) and what it prints"
    description += "."
    difficulty_scales = (
        "calls written: 4 + d (slower past d=30, at most 64); calls per condition: 2 to 3 + d // 4 (at most 8); "
        "functions: 3 + d // 6 (at most 8); not from d=2"
    )
    size_name = "calls"
    answer_format = "the printed lines in order, separated by spaces, for example a c False b True"
    tags = ("code", "tracing", "short-circuit")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        total = call_count(difficulty)
        names = NAMES[: min(3 + difficulty // 6, len(NAMES))]
        predicates = {name: draw_predicate(rng, name) for name in names}
        conditions = [
            draw_condition(rng, size, names, difficulty >= 2)
            for size in split_calls(rng, total, most_calls_per_condition(difficulty))
        ]
        output: list[str] = []
        for condition in conditions:
            value = evaluate(condition, predicates, output)
            output.append(str(value))
        source = "".join(predicate.render() + "\n\n" for predicate in predicates.values())
        source += "".join(f"print({render_condition(condition)})\n" for condition in conditions)
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Each function prints its own name when it is called. Give every printed line in order (function "
            "names and the True/False results), separated by spaces."
        )
        return Instance(prompt=prompt, answer=" ".join(output), data={"output": output}, size=total)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        if len(answer) > 8 * len(expected) + 200:
            return Verdict.wrong("the answer is far longer than the output")
        got = [item.strip("'\"").lower() for item in split_items(answer, max_items=2 * len(expected) + 8)]
        if len(got) != len(expected):
            return Verdict.wrong(f"the program prints {len(expected)} lines, the answer has {len(got)}")
        for number, (a, b) in enumerate(zip(got, expected), start=1):
            if a != b.lower():
                return Verdict.wrong(f"printed line {number} is wrong")
        return Verdict.right()
