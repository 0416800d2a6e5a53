"""code/evaluate_expression: the value of a Python integer expression with minimal parentheses."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import taper
from rlve_plugin_code.expressions import Invalid, draw, evaluate, operators, render


class EvaluateExpression(Environment):
    id = "code/evaluate_expression"
    version = 1
    description = "Evaluate a Python integer expression where operator precedence decides the value."
    difficulty_scales = (
        "operators: 1 + d (slower past d=30); // and % from d=3, ** and unary minus from d=6, & | ^ from d=9, "
        "<< >> ~ from d=12"
    )
    size_name = "operators"
    answer_format = "a single integer"
    tags = ("code", "tracing", "precedence")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = 1 + taper(difficulty)
        ops = operators(difficulty)
        while True:
            node = draw(rng, count, ops)
            try:
                value = evaluate(node)
            except Invalid:
                continue
            break
        prompt = (
            f"What is the value of this Python expression?\n\n    {render(node)}\n\n"
            "All numbers are Python integers; // is division rounded down, % the remainder with the sign of the "
            "divisor, ** a power, and << >> & | ^ ~ the bitwise operators."
        )
        return Instance(prompt=prompt, answer=str(value), data={"value": value}, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_int(answer, max_digits=len(str(abs(data["value"]))) + 2)
        if value != data["value"]:
            return Verdict.wrong(f"the expression is not {value}")
        return Verdict.right()
