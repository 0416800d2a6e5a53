"""code/numeric_semantics_output: what a program of small numeric expressions prints.

Each line prints one expression that turns on a rule of Python's numbers: ``//`` floors and ``%`` takes the
divisor's sign (also with negative operands and floats), ``divmod``, ``int()`` truncating toward zero (of a float
or of a string with spaces and leading zeros), ``round`` halving to even (also with a number of digits),
``**`` with negative exponents (a float) and its precedence over unary minus and its right associativity,
``True``/``False`` in arithmetic, and chained comparisons (``a < b > c`` is ``a < b and b > c``).

Every float literal is a multiple of 1/4, so it is stored exactly and a tie really is a tie. Our evaluator works each
value out with exact fractions from the rule (``floor``, truncation, half-to-even) rather than with the
operator itself; nothing is executed, and the tests compare with Python.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedLines

#: Printed values stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_PRINTS = 50


def print_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_PRINTS)


def floor_div(a: Fraction, b: Fraction) -> int:
    return math.floor(a / b)


def modulo(a: Fraction, b: Fraction) -> Fraction:
    return a - b * floor_div(a, b)


def truncate(q: Fraction) -> int:
    return math.floor(q) if q >= 0 else -math.floor(-q)


def half_even(q: Fraction, digits: int = 0) -> Fraction:
    scaled = q * 10**digits
    low = math.floor(scaled)
    rest = scaled - low
    up = rest > Fraction(1, 2) or (rest == Fraction(1, 2) and low % 2 == 1)
    return Fraction(low + up, 10**digits)


def as_float(q: Fraction) -> str:
    """How print shows a float with the exact value ``q`` (a short decimal here)."""
    return repr(float(q))


def quarter(rng: random.Random, scale: int) -> Fraction:
    """A multiple of 1/4 that is not an integer."""
    return Fraction(rng.choice([k for k in range(-4 * scale, 4 * scale) if k % 4]), 4)


def float_literal(q: Fraction) -> str:
    return repr(float(q))


def divisor(rng: random.Random, scale: int) -> int:
    """A divisor other than 0, 1 and -1."""
    return rng.choice([k for k in range(-scale, scale + 1) if abs(k) >= 2])


def draw_show(rng: random.Random, difficulty: int) -> tuple[str, str]:
    """One printed expression and what it prints."""
    scale = 10 + min(difficulty, 30)
    kinds = ["floordiv", "mod", "int_float"]
    kinds += ["divmod", "round", "bools"] if difficulty >= 2 else []
    kinds += ["power", "chain"] if difficulty >= 4 else []
    kinds += ["float_ops", "round_digits", "int_str", "truncating_division"] if difficulty >= 6 else []
    kind = rng.choice(kinds)
    a, b = rng.randint(-scale, scale), divisor(rng, min(scale, 12))
    if rng.random() < 0.6 and a > 0 and b > 0:  # mostly at least one negative operand
        a, b = (-a, b) if rng.random() < 0.5 else (a, -b)
    fa, fb = Fraction(a), Fraction(b)
    if kind == "floordiv":
        return f"{a} // {b}", str(floor_div(fa, fb))
    if kind == "mod":
        return f"{a} % {b}", str(modulo(fa, fb))
    if kind == "divmod":
        return f"divmod({a}, {b})", f"({floor_div(fa, fb)}, {modulo(fa, fb)})"
    if kind == "int_float":
        q = quarter(rng, scale)
        return f"int({float_literal(q)})", str(truncate(q))
    if kind == "truncating_division":
        return f"(int({a} / {b}), {a} // {b})", f"({truncate(fa / fb)}, {floor_div(fa, fb)})"
    if kind == "round":
        q = Fraction(rng.choice([k for k in range(-2 * scale, 2 * scale) if k % 2]), 2)  # halves: always ties
        return f"round({float_literal(q)})", str(half_even(q).numerator)
    if kind == "round_digits":
        q = quarter(rng, scale)
        return f"round({float_literal(q)}, 1)", as_float(half_even(q, 1))
    if kind == "bools":
        x, y = rng.choice([True, False]), rng.choice([True, False])
        k = rng.randint(2, 9)
        form = rng.randrange(4)
        if form == 0:
            return f"{x} + {y} * {k}", str(int(x) + int(y) * k)
        if form == 1:
            values = [rng.choice([True, False]) for _ in range(rng.randint(3, 6))]
            return f"sum([{', '.join(map(str, values))}])", str(sum(1 for value in values if value))
        if form == 2:
            c = rng.randint(0, 9)
            return f"({a} > {c}) + ({b} < {c})", str(int(a > c) + int(b < c))
        k = rng.choice([2, 4, 8])
        return f"{x} / {k}", as_float(Fraction(int(x), k))
    if kind == "power":
        base, exponent = rng.randint(2, 4), rng.randint(1, 3)
        form = rng.randrange(4)
        if form == 0:
            return f"{base} ** -{exponent}", as_float(Fraction(1, base**exponent))
        if form == 1:
            return f"(-{base}) ** -{exponent}", as_float(Fraction(-1) ** exponent / base**exponent)
        if form == 2:
            return f"-{base} ** {exponent + 1}", str(-(base ** (exponent + 1)))
        return f"2 ** {exponent} ** 2", str(2 ** (exponent**2))
    if kind == "chain":
        x, y, z = (rng.randint(0, 9) for _ in range(3))
        ops = [rng.choice(["<", "<=", ">", "==", "!="]) for _ in range(2)]

        def holds(p: int, op: str, q: int) -> bool:
            return {"<": p < q, "<=": p <= q, ">": p > q, "==": p == q, "!=": p != q}[op]

        if rng.random() < 0.3:  # parenthesised: a bool compared with a number
            first = int(holds(x, ops[0], y))
            return f"({x} {ops[0]} {y}) {ops[1]} {z}", str(holds(first, ops[1], z))
        return f"{x} {ops[0]} {y} {ops[1]} {z}", str(holds(x, ops[0], y) and holds(y, ops[1], z))
    if kind == "int_str":
        text = f"{'-' if a < 0 else ''}{'0' * rng.randint(0, 2)}{abs(a)}"
        padded = " " * rng.randint(0, 2) + text + " " * rng.randint(0, 2)
        return f"int({padded!r})", str(a)
    # float_ops
    q = quarter(rng, scale)
    d = Fraction(divisor(rng, 4))
    if rng.random() < 0.5:
        return f"{float_literal(q)} // {d.numerator}", as_float(Fraction(floor_div(q, d)))
    return f"{float_literal(q)} % {d.numerator}", as_float(modulo(q, d))


class NumericSemanticsOutput(PrintedLines):
    id = "code/numeric_semantics_output"
    version = 1
    description = (
        "Say what Python prints for expressions that turn on its number rules: // and % with negative operands, "
        "divmod, int() truncation, round() half to even, ** with negative exponents, bools in arithmetic, "
        "chained comparisons."
    )
    difficulty_scales = (
        "printed values: 3 + d (slower past d=30, at most 50); operands up to 10 + d (d capped at 30); // % and "
        "int() of a float from d=0; divmod, round and bool arithmetic from d=2; ** and chained comparisons from "
        "d=4; float // and %, round to 1 digit, int() of a string and int(a / b) beside a // b from d=6"
    )
    size_name = "printed values"
    tags = ("code", "tracing", "arithmetic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = print_count(difficulty)
        shows = [draw_show(rng, difficulty) for _ in range(count)]
        source = "".join(f"print({expression})\n" for expression, _ in shows)
        output = [value for _, value in shows]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Every float written here is a multiple of 1/4, so it is stored exactly. Floats print as 2.5 or -4.0, "
            "tuples as (1, 2), booleans as True or False. Give each printed line on its own line, in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

