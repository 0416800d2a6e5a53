"""math/fraction_arithmetic: exact value of an expression of fractions with + - × ÷ and brackets."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, format_fraction, parse_rational
from rlve_plugin_math.scaling import LEVEL_CAP

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_SYMBOL = {"+": "+", "-": "-", "*": "\u00d7", "/": "\u00f7"}


@dataclass
class _Node:
    value: Fraction
    text: str
    precedence: int  # 3 for a single (bracketed) number


def _leaf(rng: random.Random, max_denominator: int) -> _Node:
    denominator = rng.randint(1, max_denominator) if rng.random() < 0.8 else 1
    numerator = rng.randint(1, max_denominator + 3) * rng.choice((1, -1))
    value = Fraction(numerator, denominator)
    # Every fraction is bracketed, so "a/b" can never be misread as a division inside a longer product.
    text = str(value.numerator) if value.denominator == 1 and value > 0 else f"({format_fraction(value)})"
    return _Node(value, text, 3)


def _combine(left: _Node, op: str, right: _Node) -> _Node:
    prec = _PRECEDENCE[op]
    left_text = f"({left.text})" if left.precedence < prec else left.text
    # a - (b + c) and a ÷ (b × c) need their brackets; a + (b + c) does not, but keeping them is clearer.
    right_text = f"({right.text})" if right.precedence <= prec else right.text
    if op == "+":
        value = left.value + right.value
    elif op == "-":
        value = left.value - right.value
    elif op == "*":
        value = left.value * right.value
    else:
        value = left.value / right.value
    return _Node(value, f"{left_text} {_SYMBOL[op]} {right_text}", prec)


def _expression(rng: random.Random, leaves: int, max_denominator: int, ops: str) -> _Node:
    if leaves == 1:
        return _leaf(rng, max_denominator)
    split = rng.randint(1, leaves - 1)
    left = _expression(rng, split, max_denominator, ops)
    right = _expression(rng, leaves - split, max_denominator, ops)
    op = rng.choice(ops)
    if op == "/" and right.value == 0:
        op = "*"
    return _combine(left, op, right)


class FractionArithmetic(Environment):
    id = "math/fraction_arithmetic"
    version = 1
    description = "Evaluate an expression of fractions with +, -, \u00d7, \u00f7 and brackets exactly."
    difficulty_scales = (
        "largest denominator: 3 + d; fractions: 2 + d // 2 (past d = 100 +1 per 8 levels); \u00d7 and \u00f7 from d = 2"
    )
    size_name = "largest denominator"
    answer_format = "a fraction p/q in lowest terms or an integer, for example -7/12"
    tags = ("math", "arithmetic", "fractions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        max_denominator, leaves = 3 + lvl, 2 + slow(lvl, 2, 8)
        ops = "+-" if lvl < 2 else "+-*/"
        # Depth is at most the number of leaves (about 50 even at d = 10**9), far below the recursion limit.
        expression = _expression(rng, leaves, max_denominator, ops)
        value = expression.value
        prompt = (
            "Compute the exact value of the following expression. Brackets first, then \u00d7 and \u00f7, "
            "then + and -, each from left to right.\n\n"
            f"{expression.text}"
        )
        data = {
            "value": format_fraction(value),
            "max_digits": 3 * max(digits_of(value.numerator), digits_of(value.denominator)) + 24,
        }
        return Instance(prompt=prompt, answer=format_fraction(value), data=data, size=max_denominator)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_rational(answer, max_digits=data["max_digits"])
        if value != Fraction(data["value"]):
            return Verdict.wrong("that is not the value of the expression")
        return Verdict.right()
