"""code/implement_function: write a function on lists of integers from a step-by-step specification."""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, HIDDEN_TESTS, draw_task
from rlve_plugin_code.sandboxed import FunctionEnvironment
from rlve_plugin_code.steps import LISTS
from rlve_plugin_code.steps.base import Domain
from rlve_plugin_code.steps.pipeline import example_lines


class ImplementFunction(FunctionEnvironment):
    id = "code/implement_function"
    version = 1
    description = "Write a Python function on a list of integers from a step-by-step specification."
    difficulty_scales = (
        "steps in the specification: 1 + d (slower past d=30); harder kinds of steps from d=2, 4, 6, 8, 10; "
        "list values up to 9 + 3d"
    )
    size_name = "steps"
    answer_format = CODE_ANSWER
    tags = ("code", "synthesis", "lists")
    domain: Domain = LISTS

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        steps = 1 + taper(difficulty)
        task = draw_task(self.domain, rng, difficulty, steps)
        param = self.domain.param
        prompt = (
            f"Write a Python function\n\n    {task.signature()}\n\n"
            f"that takes a {self.domain.noun} {param} and computes its result in these steps, each one applied "
            f"to the result of the step before:\n\n{task.pipeline.spec()}\n\n"
            f"Examples:\n{example_lines(task.name, task.examples)}\n\n{HIDDEN_TESTS}"
        )
        return Instance(prompt=prompt, answer=task.pipeline.render(task.name), data=task.data(), size=steps)
