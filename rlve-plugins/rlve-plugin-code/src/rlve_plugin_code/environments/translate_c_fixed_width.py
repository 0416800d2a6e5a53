"""code/translate_c_fixed_width: translate a C-like function on 32-bit integers into Python with the same results.

The semantics (wrap-around after every operation, truncating division, arithmetic >> on signed values) are the
ones code/fixed_width_arithmetic states and evaluates; its evaluator computes the expected values here.
"""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.expressions import Num, Unary
from rlve_plugin_code.fixed_width import (
    RULES,
    Evaluator,
    ExpressionDraw,
    operators,
    render,
    type_name,
)
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.programs import Var
from rlve_plugin_code.sandboxed import FunctionEnvironment

BITS = 32
PARAMS = ("a", "b")
LOCALS = ("c", "d")
MAX_OPERATIONS = 33
RANDOM_TESTS = 30
ATTEMPTS = 50


def python_expr(node) -> str:
    """The node as Python on wrapped values: ``w`` wraps, ``quot``/``rem`` truncate toward zero."""
    if isinstance(node, Num):
        return f"w({node.value})"
    if isinstance(node, Var):
        return node.name
    if isinstance(node, Unary):
        return f"w({node.op}{python_expr(node.operand)})"
    left, right = python_expr(node.left), python_expr(node.right)
    if node.op == "/":
        return f"quot({left}, {right})"
    if node.op == "%":
        return f"rem({left}, {right})"
    if node.op == ">>":
        return f"({left} >> {right})"  # on a signed (possibly negative) value Python's >> is arithmetic
    return f"w({left} {node.op} {right})"


def reference(statements: list[tuple[str, object]], declarations: dict[str, int], target: str, signed: bool) -> str:
    wrap_line = (
        "    x &= 0xFFFFFFFF\n    return x - (1 << 32) if x >> 31 else x\n" if signed else "    return x & 0xFFFFFFFF\n"
    )
    lines = [
        "def w(x):",
        f"    # {'signed' if signed else 'unsigned'} 32-bit wrap-around",
        wrap_line.rstrip("\n"),
        "",
        "",
        "def quot(x, y):",
        "    q = abs(x) // abs(y)",
        "    return w(q if (x < 0) == (y < 0) else -q)",
        "",
        "",
        "def rem(x, y):",
        "    return w(x - y * quot(x, y))",
        "",
        "",
        f"def mix({', '.join(PARAMS)}):",
    ]
    lines += [f"    {name} = w({value})" for name, value in declarations.items()]
    lines += [f"    {name} = {python_expr(node)}" for name, node in statements]
    lines.append(f"    return {target}")
    return "\n".join(lines) + "\n"


def edge_values(signed: bool) -> list[int]:
    if signed:
        return [0, 1, -1, 2**31 - 1, -(2**31), 2**30]
    return [0, 1, 2**32 - 1, 2**31, 2**31 - 1, 2**16]


class TranslateCFixedWidth(FunctionEnvironment):
    id = "code/translate_c_fixed_width"
    version = 1
    description = (
        "Translate a C-like function on 32-bit signed or unsigned integers (wrap-around, truncating division, "
        "arithmetic shifts) into Python that returns the same values."
    )
    difficulty_scales = (
        "operations: 2 + d (up to 33), in statements of up to 1 + d // 6 (at most 3) operations; << >> from d=1, "
        "& | ^ ~ from d=2, signed from d=3, unary minus from d=5, / % from d=10"
    )
    size_name = "operations"
    answer_format = CODE_ANSWER
    tags = ("code", "translation", "bits")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        total = 2 + min(t, MAX_OPERATIONS - 2)
        signed = difficulty >= 3 and rng.random() < 0.5
        drawer = ExpressionDraw(rng, BITS, signed, operators(difficulty))
        longest = min(3, 1 + t // 6)
        names = list(PARAMS + LOCALS)
        edges = edge_values(signed)
        inputs = [[rng.choice(edges), drawer.value()] for _ in range(4)]
        inputs += [[x, y] for x in edges[:2] for y in edges[:2]]
        inputs += [[drawer.value(), drawer.value()] for _ in range(RANDOM_TESTS)]
        for _ in range(ATTEMPTS):
            declarations = {name: drawer.value() for name in LOCALS}
            statements, left, target = [], total, rng.choice(PARAMS)
            while left > 0:
                count = rng.randint(1, min(longest, left))
                node = drawer.expr(count, names, first=target)  # each statement reads the one before's result
                target = rng.choice(names)
                statements.append((target, node))
                left -= count
            evaluator = Evaluator(BITS, signed)
            expected = []
            for args in inputs:
                env = dict(zip(PARAMS, args)) | declarations
                for name, node in statements:
                    env[name] = evaluator.evaluate(node, env)
                expected.append(env[target])
            # 32 bits must matter (some wrap, dropped bit or copied sign bit) and the results must vary.
            if evaluator.wraps >= len(inputs) and len(set(expected)) > len(inputs) // 2:
                break
        kind_name = type_name(BITS, signed)
        kind = f"a {BITS}-bit {'signed (two' + chr(39) + 's complement)' if signed else 'unsigned'} integer"
        reading = (
            f", then read as two's complement, so it lies between {-(1 << 31)} and {(1 << 31) - 1}"
            if signed
            else f", so it lies between 0 and {(1 << 32) - 1}"
        )
        right_shift = (
            "the values are signed, so copies of the sign bit come in from the left (an arithmetic shift)."
            if signed
            else "the values are unsigned, so zeros come in from the left (a logical shift)."
        )
        rules = "\n".join(
            "- " + rule.format(kind=kind, bits=BITS, reading=reading, right_shift=right_shift) for rule in RULES
        )
        body = [f"    {kind_name} {name} = {value};" for name, value in declarations.items()]
        body += [f"    {name} = {render(node)};" for name, node in statements]
        header = f"{kind_name} mix({', '.join(f'{kind_name} {p}' for p in PARAMS)}) {{"
        code = "\n".join([header, *body, f"    return {target};", "}"])
        low, high = (-(1 << 31), (1 << 31) - 1) if signed else (0, (1 << 32) - 1)
        prompt = (
            f"This C-like function works on 32-bit {'signed' if signed else 'unsigned'} integers ({kind_name}):\n\n"
            f"```c\n{code}\n```\n\nThe rules:\n{rules}\n\n"
            f"Write a Python function\n\n    def mix(a: int, b: int) -> int:\n\n"
            f"that returns the same value as this function for all a and b from {low} to {high} (Python integers "
            f"never wrap, so the translation must do what the rules say). "
            f"{hidden_tests('the smallest and largest values included')}"
        )
        tests = [{"args": args, "expected": value} for args, value in zip(inputs, expected)]
        data = {"entry": "mix", "arity": 2, "tests": tests}
        answer = reference(statements, declarations, target, signed)
        return Instance(prompt=prompt, answer=answer, data=data, size=total)

