"""code/trace_variable: the final value of one variable of a generated program. Nothing is executed."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve_plugin_code.program_tasks import draw_running_program, settings
from rlve_plugin_code.programs import Assign, Const, render


def _initial_constants(program) -> dict[str, int]:
    values = {}
    for stmt in program.body:
        if isinstance(stmt, Assign) and isinstance(stmt.value, Const) and stmt.name not in values:
            values[stmt.name] = stmt.value.value
    return values


class TraceVariable(Environment):
    id = "code/trace_variable"
    version = 1
    description = "Give the final value of one variable after a generated Python program runs."
    difficulty_scales = (
        "statements: 3 + d (slower past d=30); nesting depth: 1 + d // 6; variables: 2 + d // 5; "
        "for loops from d=2, while loops from d=8"
    )
    size_name = "statements"
    answer_format = "a single integer"
    tags = ("code", "tracing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        def changed(program, run) -> list[str]:
            initial = _initial_constants(program)
            return sorted(name for name in initial if name in run.env and run.env[name] != initial[name])

        program, run = draw_running_program(rng, difficulty, prints=False, accept=lambda p, r: bool(changed(p, r)))
        name = rng.choice(changed(program, run))
        prompt = (
            f"Consider this Python program:\n\n```python\n{render(program)}```\n\n"
            f"What is the value of the variable {name} when the program has finished?"
        )
        data = {"name": name, "value": run.env[name]}
        return Instance(
            prompt=prompt, answer=str(run.env[name]), data=data, size=settings(difficulty, False).statements
        )

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        # "c = 12" and "c: 12" say the same as "12".
        text = re.sub(rf"^\s*{data['name']}\s*[:=]\s*", "", answer)
        value = parse_int(text, max_digits=len(str(abs(data["value"]))) + 2)
        if value != data["value"]:
            return Verdict.wrong(f"{data['name']} is not {value} at the end")
        return Verdict.right()
