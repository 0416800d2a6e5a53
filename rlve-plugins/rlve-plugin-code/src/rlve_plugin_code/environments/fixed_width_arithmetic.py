"""code/fixed_width_arithmetic: the final value of a variable after C-like statements on W-bit integers.

Every operation wraps around to W bits (8, 16 or 32; signed two's complement or unsigned), shifts drop bits,
>> is arithmetic on signed values and logical on unsigned ones, division truncates toward zero. The prompt
states every rule, including that nothing is promoted to a wider type (which real C would do). Our own
evaluator computes the value; nothing is executed and the answer is only parsed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
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


class _Draw:
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


class FixedWidthArithmetic(Environment):
    id = "code/fixed_width_arithmetic"
    version = 1
    description = (
        "Give a variable's final value after C-like statements on 8/16/32-bit signed or unsigned integers that wrap "
        "around."
    )
    difficulty_scales = (
        "operations: 1 + d (slower past d=30), in statements of up to 1 + d // 6 (at most 3) operations; "
        "<< >> from d=1, & | ^ ~ from d=2, signed from d=3, 16 bits from d=4, unary minus from d=5, 32 bits from d=8, "
        "/ % from d=10"
    )
    size_name = "operations"
    answer_format = "a single integer in decimal (negative if the value is negative)"
    tags = ("code", "tracing", "bits")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        total = operation_count(difficulty)
        bits = rng.choice(widths(difficulty))
        signed = difficulty >= 3 and rng.random() < 0.5
        names = list(VARIABLES[: min(4, 2 + taper(difficulty) // 8)])
        drawer = _Draw(rng, bits, signed, operators(difficulty))
        longest = min(3, 1 + taper(difficulty) // 6)
        while True:
            evaluator = Evaluator(bits, signed)
            env = {name: drawer.value() for name in names}
            declarations = [f"{type_name(bits, signed)} {name} = {value};" for name, value in env.items()]
            statements, left, target = [], total, rng.choice(names)
            while left > 0:
                count = rng.randint(1, min(longest, left))
                # Each statement reads the variable the one before it wrote, so every statement counts.
                node = drawer.expr(count, names, first=target)
                target = rng.choice(names)
                env[target] = evaluator.evaluate(node, env)
                statements.append(f"{target} = {render(node)};")
                left -= count
            # W bits made a difference somewhere, and the result is rarely the 0 or -1 everything decays to.
            if evaluator.wraps and (env[target] not in (0, -1) or rng.random() < 0.1):
                break
        value = env[target]
        article = "an" if bits == 8 else "a"
        kind = f"{article} {bits}-bit {'signed (two' + chr(39) + 's complement)' if signed else 'unsigned'} integer"
        reading = (
            f", then read as two's complement, so it lies between {-(1 << (bits - 1))} and {(1 << (bits - 1)) - 1}"
            if signed
            else f", so it lies between 0 and {(1 << bits) - 1}"
        )
        right_shift = (
            "the values are signed, so copies of the sign bit come in from the left (an arithmetic shift)."
            if signed
            else "the values are unsigned, so zeros come in from the left (a logical shift)."
        )
        rules = "\n".join(
            "- " + rule.format(kind=kind, bits=bits, reading=reading, right_shift=right_shift) for rule in RULES
        )
        code = "\n".join(declarations + statements)
        prompt = (
            f"This C-like program works on {bits}-bit {'signed' if signed else 'unsigned'} integers "
            f"({type_name(bits, signed)}):\n\n```c\n{code}\n```\n\nThe rules:\n{rules}\n\n"
            f"What is the value of {target} after the last statement? Give it in decimal"
            f"{', as a signed number (it may be negative)' if signed else ''}."
        )
        data = {"name": target, "value": value, "bits": bits, "signed": signed}
        return Instance(prompt=prompt, answer=str(value), data=data, size=total)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip()
        name = data["name"]
        if text.startswith(name):  # "a = 200" says the same as "200"
            text = text[len(name) :].lstrip(" =:")
        value = parse_int(text, max_digits=len(str(2 ** data["bits"])) + 1)
        if value == data["value"]:
            return Verdict.right()
        if value != wrap(value, data["bits"], data["signed"]) and wrap(value, data["bits"], data["signed"]) == data[
            "value"
        ]:
            reading = "signed" if data["signed"] else "unsigned"
            return Verdict.wrong(f"{value} has the right bits but is not read as a {data['bits']}-bit {reading} value")
        return Verdict.wrong(f"{name} is not {value} at the end")
