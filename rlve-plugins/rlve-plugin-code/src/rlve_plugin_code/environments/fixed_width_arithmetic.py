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
from rlve_plugin_code.fixed_width import (
    RULES,
    VARIABLES,
    Evaluator,
    ExpressionDraw,
    operation_count,
    operators,
    render,
    type_name,
    widths,
    wrap,
)


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
        drawer = ExpressionDraw(rng, bits, signed, operators(difficulty))
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
