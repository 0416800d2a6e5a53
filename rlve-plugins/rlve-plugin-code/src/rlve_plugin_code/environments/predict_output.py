"""code/predict_output: state what a generated Python program prints. The answer is never executed."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve_plugin_code.program_tasks import draw_running_program, settings
from rlve_plugin_code.programs import render


def max_prints(difficulty: int) -> int:
    return 4 + min(difficulty, 30) // 2


class PredictOutput(Environment):
    id = "code/predict_output"
    version = 1
    description = "Say what a generated Python program (loops, branches, integer arithmetic) prints."
    difficulty_scales = (
        "statements: 3 + d (slower past d=30); nesting depth: 1 + d // 6; variables: 2 + d // 5; "
        "for loops from d=2, while loops from d=8"
    )
    size_name = "statements"
    answer_format = "the printed numbers in order, separated by spaces, for example 3 -1 12"
    tags = ("code", "tracing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        limit = max_prints(difficulty)
        program, run = draw_running_program(
            rng, difficulty, prints=True, accept=lambda _program, run: 1 <= len(run.output) <= limit
        )
        prompt = (
            f"What does this Python program print?\n\n```python\n{render(program)}```\n\n"
            "Each print shows one integer on its own line."
        )
        data = {"output": run.output}
        return Instance(
            prompt=prompt, answer=" ".join(map(str, run.output)), data=data, size=settings(difficulty, True).statements
        )

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        digits = max(len(str(abs(value))) for value in expected) + 1
        got = parse_int_list(answer, max_items=2 * len(expected) + 8, max_digits=digits)
        if len(got) != len(expected):
            return Verdict.wrong(f"the program prints {len(expected)} numbers, the answer has {len(got)}")
        for number, (a, b) in enumerate(zip(got, expected), start=1):
            if a != b:
                return Verdict.wrong(f"printed value {number} is wrong")
        return Verdict.right()
