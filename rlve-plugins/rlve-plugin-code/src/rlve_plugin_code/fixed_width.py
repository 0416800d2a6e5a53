"""C-like integer expressions on 8-, 16- and 32-bit signed or unsigned variables that wrap around: the rules
as the prompts state them, an evaluator, a renderer with minimal brackets, and drawing them by difficulty.
``code/fixed_width_arithmetic`` asks for a variable's final value, ``code/translate_c_fixed_width`` for a
Python translation of a C function built from them.
"""

from __future__ import annotations

import random

from rlve.scaling import taper
from rlve_plugin_code.expressions import Binary, Num, Unary
from rlve_plugin_code.programs import Var

VARIABLES = "abcd"
#: C's binding strength, loosest first (unary operators bind tightest).
PRECEDENCE = {"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
UNARY = 7

#: The rules, one line each; x, y and k stand for any operands (the program's variables are a to d).
RULES = (
    "Every variable, constant and intermediate result is {kind}: after each single operation the exact result is "
    "reduced modulo 2^{bits}{reading}. There is no promotion to a wider type (unlike real C, where small types "
    "become int first), and overflow is never undefined: it always wraps around.",
    "Operators bind as in C, tightest first: unary - and ~; then * / %; then + -; then << >>; then &; then ^; "
    "then |. Operators of equal precedence group from left to right.",
    "x / y divides and rounds toward zero; x % y is the remainder with the sign of x, so (x / y) * y + x % y == x.",
    "~x flips all {bits} bits; & | ^ work bit by bit on the {bits}-bit patterns.",
    "x << k shifts left by k places, dropping the bits that leave the {bits}-bit word; zeros come in from the right.",
    "x >> k shifts right by k places; {right_shift}",
)


def wrap(value: int, bits: int, signed: bool) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if signed and value >> (bits - 1) else value


def type_name(bits: int, signed: bool) -> str:
    return f"{'' if signed else 'u'}int{bits}_t"


class Evaluator:
    """Evaluates expression trees on W-bit values; ``wraps`` counts the operations where W bits changed the
    result (an overflow, a bit dropped, a sign copied in), so that generation can insist on some."""

    def __init__(self, bits: int, signed: bool):
        self.bits, self.signed, self.wraps = bits, signed, 0

    def fit(self, exact: int) -> int:
        value = wrap(exact, self.bits, self.signed)
        self.wraps += value != exact
        return value

    def evaluate(self, node, env: dict[str, int]) -> int:
        if isinstance(node, Num):
            return wrap(node.value, self.bits, self.signed)
        if isinstance(node, Var):
            return env[node.name]
        if isinstance(node, Unary):
            operand = self.evaluate(node.operand, env)
            return self.fit(-operand if node.op == "-" else ~operand)
        a, b = self.evaluate(node.left, env), self.evaluate(node.right, env)
        op = node.op
        if op in ("/", "%"):
            quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # toward zero
            return self.fit(quotient if op == "/" else a - b * quotient)
        if op == ">>":
            self.wraps += a < 0  # the sign bit is copied in
            return a >> b  # Python's >> on a negative number is the arithmetic shift
        if op == "+":
            return self.fit(a + b)
        if op == "-":
            return self.fit(a - b)
        if op == "*":
            return self.fit(a * b)
        if op == "<<":
            return self.fit(a << b)
        if op == "&":
            return self.fit(a & b)
        if op == "|":
            return self.fit(a | b)
        return self.fit(a ^ b)


def render(node) -> str:
    if isinstance(node, Num):
        return str(node.value) if node.value >= 0 else f"({node.value})"
    if isinstance(node, Var):
        return node.name
    if isinstance(node, Unary):
        inner = render(node.operand)
        return f"{node.op}({inner})" if isinstance(node.operand, Binary) else f"{node.op}{inner}"
    own = PRECEDENCE[node.op]
    left, right = render(node.left), render(node.right)
    if isinstance(node.left, Binary) and PRECEDENCE[node.left.op] < own:
        left = f"({left})"
    if isinstance(node.right, Binary) and PRECEDENCE[node.right.op] <= own:
        right = f"({right})"
    return f"{left} {node.op} {right}"


def operators(difficulty: int) -> list[str]:
    ops = ["+", "-", "*"]
    if difficulty >= 1:
        ops += ["<<", ">>"]
    if difficulty >= 2:
        ops += ["&", "|", "^", "~"]
    if difficulty >= 5:
        ops += ["neg"]
    if difficulty >= 10:
        ops += ["/", "%"]
    return ops


def widths(difficulty: int) -> list[int]:
    return [8] if difficulty < 4 else [8, 16] if difficulty < 8 else [8, 16, 32]


class ExpressionDraw:
    def __init__(self, rng: random.Random, bits: int, signed: bool, ops: list[str]):
        self.rng, self.bits, self.signed, self.ops = rng, bits, signed, ops

    def value(self) -> int:
        """A full-width value (negative ones too when signed): wrapping needs large numbers."""
        return wrap(self.rng.getrandbits(self.bits), self.bits, self.signed)

    def constant(self) -> Num:
        if self.rng.random() < 0.5:
            return Num(self.rng.randint(1, 15))
        return Num(self.value() or 1)

    def expr(self, count: int, scope: list[str], first: str | None = None):
        """An expression with ``count`` operators whose leftmost operand is the variable ``first`` (if given)."""
        rng = self.rng
        if count == 0:
            if first is not None:
                return Var(first)
            return Var(rng.choice(scope)) if rng.random() < 0.6 else self.constant()
        op = rng.choice(self.ops)
        if op in ("~", "neg"):
            operand = self.expr(count - 1, scope, first)
            if isinstance(operand, Unary):  # no ~~x or -~x
                return operand
            return Unary("~" if op == "~" else "-", operand)
        if op in ("<<", ">>"):
            # Mostly short shifts: a long one leaves little of the value to work with.
            return Binary(op, self.expr(count - 1, scope, first), Num(rng.randint(1, rng.randint(1, self.bits - 1))))
        if op in ("/", "%"):
            divisor = rng.randint(2, 25) * (rng.choice([1, -1]) if self.signed else 1)
            return Binary(op, self.expr(count - 1, scope, first), Num(divisor))
        split = rng.randint(0, count - 1)
        left, right = self.expr(split, scope, first), self.expr(count - 1 - split, scope)
        while right == left:  # no a | a
            right = self.expr(count - 1 - split, scope)
        if op in "+*&|^" and rng.random() < 0.5:
            left, right = right, left
        return Binary(op, left, right)


def operation_count(difficulty: int) -> int:
    return 1 + taper(difficulty)
