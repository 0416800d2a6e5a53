"""Integer expressions in Python syntax with minimal parentheses: precedence is the puzzle.

-2 ** 2 is -4, 2 ** 3 ** 2 is 512, 7 - 3 - 1 is 3, 1 + 2 << 3 is 24, 6 & 3 ^ 1 is 3. Our own
evaluator computes the value (the package tests compare it with Python's on many expressions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

MAX_VALUE = 10**9

#: Python's binding strength, loosest first.
PRECEDENCE = {"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "//": 6, "%": 6, "unary": 7, "**": 8}


@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Unary:
    op: str  # - or ~
    operand: Node


@dataclass(frozen=True)
class Binary:
    op: str
    left: Node
    right: Node


Node = Num | Unary | Binary


def _level(node: Node) -> int:
    if isinstance(node, Num):
        return 9
    if isinstance(node, Unary):
        return PRECEDENCE["unary"]
    return PRECEDENCE[node.op]


def render(node: Node) -> str:
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Unary):
        inner = render(node.operand)
        return f"{node.op}({inner})" if _level(node.operand) < PRECEDENCE["unary"] else f"{node.op}{inner}"
    own = PRECEDENCE[node.op]
    left, right = render(node.left), render(node.right)
    if node.op == "**":
        # Right-associative, and binds tighter than a unary minus on its left.
        if _level(node.left) <= own:
            left = f"({left})"
        if _level(node.right) < PRECEDENCE["unary"]:
            right = f"({right})"
    else:
        if _level(node.left) < own:
            left = f"({left})"
        if _level(node.right) <= own:
            right = f"({right})"
    return f"{left} {node.op} {right}"


class Invalid(Exception):
    """Division by zero, a negative shift, or a value too large: the generator draws again."""


def evaluate(node: Node) -> int:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Unary):
        value = evaluate(node.operand)
        return -value if node.op == "-" else ~value
    a, b = evaluate(node.left), evaluate(node.right)
    op = node.op
    if op in ("//", "%") and b == 0:
        raise Invalid
    if op in ("<<", ">>") and not 0 <= b <= 8:
        raise Invalid
    if op == "**" and not 0 <= b <= 3:
        raise Invalid
    value = {
        "+": lambda: a + b,
        "-": lambda: a - b,
        "*": lambda: a * b,
        "//": lambda: a // b,
        "%": lambda: a % b,
        "**": lambda: a**b,
        "<<": lambda: a << b,
        ">>": lambda: a >> b,
        "&": lambda: a & b,
        "|": lambda: a | b,
        "^": lambda: a ^ b,
    }[op]()
    if abs(value) > MAX_VALUE:
        raise Invalid
    return value


def operators(difficulty: int) -> list[str]:
    ops = ["+", "-", "*"]
    if difficulty >= 3:
        ops += ["//", "%"]
    if difficulty >= 6:
        ops += ["**", "unary"]
    if difficulty >= 9:
        ops += ["&", "|", "^"]
    if difficulty >= 12:
        ops += ["<<", ">>", "~"]
    return ops


def draw(rng: random.Random, count: int, ops: list[str]) -> Node:
    """An expression with exactly ``count`` operators."""
    if count == 0:
        return Num(rng.randint(0, 12))
    op = rng.choice(ops)
    if op in ("unary", "~"):
        return Unary("-" if op == "unary" else "~", draw(rng, count - 1, ops))
    if op == "**":
        return Binary("**", draw(rng, count - 1, ops), Num(rng.randint(0, 3)))
    if op in ("<<", ">>"):
        return Binary(op, draw(rng, count - 1, ops), Num(rng.randint(0, 4)))
    left = rng.randint(0, count - 1)
    return Binary(op, draw(rng, left, ops), draw(rng, count - 1 - left, ops))
