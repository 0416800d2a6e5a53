"""code/invert_function: given the code of an invertible function on lists, write its inverse."""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests, test_count
from rlve_plugin_code.sandboxed import FunctionEnvironment
from rlve_plugin_code.steps import LISTS
from rlve_plugin_code.steps.invertible import draw_invertible
from rlve_plugin_code.steps.lists import list_length, value_bound
from rlve_plugin_code.steps.pipeline import draw_inputs


def _apply(steps, xs):
    for step in steps:
        xs = step.apply(xs)
    return xs


class InvertFunction(FunctionEnvironment):
    id = "code/invert_function"
    version = 1
    description = (
        "Read an invertible function f on lists of integers and write the function undo that undoes it: "
        "undo(f(xs)) == xs."
    )
    difficulty_scales = "operations in the function: 1 + d (slower past d=30); harder operations from d=2..10"
    size_name = "operations"
    answer_format = CODE_ANSWER
    tags = ("code", "reasoning", "lists")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = 1 + taper(difficulty)
        steps = draw_invertible(rng, difficulty, count, value_bound(difficulty), list_length(difficulty))
        forward = "def f(xs):\n" + "".join(f"    {step.code}\n" for step in steps) + "    return xs\n"
        inverse_lines = [line for step in reversed(steps) for line in step.inverse]
        answer = "def undo(xs):\n" + "".join(f"    {line}\n" for line in inverse_lines) + "    return xs\n"
        inputs = draw_inputs(LISTS, rng, difficulty, test_count(difficulty))
        tests = [{"args": [_apply(steps, xs)], "expected": xs} for xs in inputs]
        example = max(inputs[:8], key=len)
        prompt = (
            f"Here is a Python function f that turns a list of integers into another list of integers:\n\n"
            f"```python\n{forward}```\n\n"
            f"For example, f({example!r}) == {_apply(steps, example)!r}.\n\n"
            "Write a Python function\n\n    def undo(xs: list[int]) -> list[int]:\n\n"
            "that reverses f: for every list of integers xs (of any length, including the empty list), "
            f"undo(f(xs)) must return a list equal to xs. {hidden_tests('f of empty and one-element lists included')}"
        )
        data = {"entry": "undo", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=answer, data=data, size=count)
