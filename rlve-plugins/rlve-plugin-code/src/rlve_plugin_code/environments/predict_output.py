"""code/predict_output: state what a generated Python program prints. The answer is never executed."""

from __future__ import annotations

import random

from rlve import Instance
from rlve_plugin_code.printed_output import PrintedIntegers
from rlve_plugin_code.program_tasks import draw_running_program, settings
from rlve_plugin_code.programs import render


def max_prints(difficulty: int) -> int:
    return 4 + min(difficulty, 30) // 2


class PredictOutput(PrintedIntegers):
    id = "code/predict_output"
    version = 1
    description = "Say what a generated Python program (loops, branches, integer arithmetic) prints."
    difficulty_scales = (
        "statements: 3 + d (slower past d=30); nesting depth: 1 + d // 6; variables: 2 + d // 5; "
        "for loops from d=2, while loops from d=8"
    )
    size_name = "statements"
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
