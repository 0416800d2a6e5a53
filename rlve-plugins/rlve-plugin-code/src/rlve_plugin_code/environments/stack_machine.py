"""code/stack_machine: say what a stack-machine program prints. Nothing the model writes is executed."""

from __future__ import annotations

import random

from rlve import Instance
from rlve_plugin_code.environments.predict_output import max_prints
from rlve_plugin_code.printed_output import PrintedIntegers
from rlve_plugin_code.program_tasks import draw_running_program, settings
from rlve_plugin_code.stackvm import INSTRUCTION_SET, compile_program, listing


class StackMachine(PrintedIntegers):
    id = "code/stack_machine"
    version = 1
    description = "Say what a program for a small stack machine (arithmetic, variables, jumps) prints."
    difficulty_scales = (
        "source statements compiled: 3 + d (slower past d=30); nesting depth: 1 + d // 6; "
        "loops from d=2, while-style loops from d=8"
    )
    size_name = "statements"
    tags = ("code", "tracing", "machines")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        limit = max_prints(difficulty)
        program, run = draw_running_program(
            rng, difficulty, prints=True, accept=lambda _program, run: 1 <= len(run.output) <= limit
        )
        code = compile_program(program)
        prompt = f"{INSTRUCTION_SET}\n\nWhat does this program print?\n\n{listing(code)}"
        data = {"output": run.output}
        return Instance(
            prompt=prompt, answer=" ".join(map(str, run.output)), data=data, size=settings(difficulty, True).statements
        )

