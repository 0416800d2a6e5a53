"""code/fill_missing_line: a function that follows a step-by-step spec has lines blanked out; supply them."""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance, ParseError
from rlve.scaling import taper
from rlve_plugin_code.code_answer import strip_code_fence
from rlve_plugin_code.function_tasks import HIDDEN_TESTS, draw_task
from rlve_plugin_code.sandboxed import FunctionEnvironment
from rlve_plugin_code.steps import LISTS, STRINGS
from rlve_plugin_code.steps.base import Step

MAX_LINE_CHARS = 400


def _placeholder(number: int) -> str:
    return f"# missing line {number}"


def essential_steps(steps: tuple[Step, ...], inputs: list[Any], expected: list[Any]) -> list[int]:
    """The indices of the steps without which some input gets another result than ``expected``.

    Each input's trajectory (its value after every prefix of the steps) is computed once; leaving out
    step i then starts from the value before step i and runs the later steps only until the value is
    again the original one after the same step, where the rest of the run cannot differ any more.
    """
    trajectories = []
    for value in inputs:
        trajectory = [value]
        for step in steps:
            value = step.apply(value)
            trajectory.append(value)
        trajectories.append(trajectory)
    return [
        index
        for index in range(len(steps))
        if any(_differs_without(steps, index, trajectory, want) for trajectory, want in zip(trajectories, expected))
    ]


def _differs_without(steps: tuple[Step, ...], index: int, trajectory: list[Any], want: Any) -> bool:
    """Whether running ``steps`` without step ``index`` ends elsewhere than ``want`` for this trajectory."""
    value = trajectory[index]
    for later in range(index + 1, len(steps)):
        if _same(value, trajectory[later]):
            return False  # back on the original run: the remaining steps give the original result
        value = steps[later].apply(value)
    return value != want


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same types all through (True is not 1 here: a later step may tell them apart)."""
    return a == b and repr(a) == repr(b)


class FillMissingLine(FunctionEnvironment):
    id = "code/fill_missing_line"
    version = 1
    description = "Supply the blanked-out lines of a function that follows a step-by-step specification."
    difficulty_scales = "lines of code: 2 + d (slower past d=30); missing lines: 1 + d // 10; harder steps from d=2..10"
    size_name = "lines"
    answer_format = "only the missing line(s) of Python, one per line and in order (indentation optional)"
    tags = ("code", "completion")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        steps = 2 + taper(difficulty)
        domain = rng.choice([LISTS, STRINGS])
        task = draw_task(domain, rng, difficulty, steps)
        pipeline = task.pipeline
        inputs = [test["args"][0] for test in task.tests]
        expected = [test["expected"] for test in task.tests]
        # Only a line whose absence changes some result can be asked for: otherwise "pass" would do.
        essential = essential_steps(pipeline.steps, inputs, expected)
        wanted = min(1 + taper(difficulty) // 10, len(essential))
        missing = sorted(rng.sample(essential, wanted)) if essential else [len(pipeline.steps) - 1]
        lines = pipeline.lines()
        shown = [
            _placeholder(missing.index(index) + 1) if index in missing else line for index, line in enumerate(lines)
        ]
        header = "".join(f"import {module}\n" for module in pipeline.imports())
        header += f"{chr(10) if header else ''}def {task.name}({domain.param}):\n"
        count = "one line is" if len(missing) == 1 else f"{len(missing)} lines are"
        prompt = (
            f"The function {task.name} below takes a {domain.noun} {domain.param} and computes its result in these "
            f"steps, each one applied to the result of the step before:\n\n{pipeline.spec()}\n\n"
            f"In its code {count} missing, marked with comments:\n\n"
            f"```python\n{pipeline.render(task.name, shown)}```\n\n"
            f"Examples:\n"
            + "\n".join(f"    {task.name}({test['args'][0]!r}) == {test['expected']!r}" for test in task.examples)
            + f"\n\nWrite the missing line{'s' if len(missing) > 1 else ''}, so that the completed function does "
            f"what the steps say. {HIDDEN_TESTS}"
        )
        data: dict[str, Any] = task.data()
        data["header"] = header
        data["lines"] = [None if index in missing else line for index, line in enumerate(lines)]
        answer = "\n".join(lines[index] for index in missing)
        return Instance(prompt=prompt, answer=answer, data=data, size=steps)

    def source_from_answer(self, data: dict[str, Any], answer: str) -> str:
        text = strip_code_fence(answer)
        given = [line.strip() for line in text.splitlines() if line.strip()]
        wanted = sum(line is None for line in data["lines"])
        if any(line.startswith(("def ", "import ", "from ")) for line in given):
            raise ParseError("give only the missing line(s), not the whole function or imports")
        if len(given) != wanted:
            raise ParseError(f"expected exactly {wanted} missing line{'s' if wanted > 1 else ''}, got {len(given)}")
        if any(len(line) > MAX_LINE_CHARS for line in given):
            raise ParseError(f"a line is longer than {MAX_LINE_CHARS} characters")
        filled = iter(given)
        body = [next(filled) if line is None else line for line in data["lines"]]
        return data["header"] + "".join(f"    {line}\n" for line in body)
