"""code/fix_bug: a function that should follow a step-by-step spec has wrong lines; write it correctly."""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, HIDDEN_TESTS, FunctionTask, draw_task
from rlve_plugin_code.sandboxed import FunctionEnvironment
from rlve_plugin_code.steps import LISTS, STRINGS
from rlve_plugin_code.steps.base import Step

#: Fresh tasks to draw when no step of one can be broken visibly (rare).
ATTEMPTS = 20


def _break(task: FunctionTask, rng: random.Random, bugs: int) -> tuple[Step, ...] | None:
    """The task's steps with ``bugs`` of them replaced by wrong variants, each wrong on some test alone."""
    steps = task.pipeline.steps
    inputs = [test["args"][0] for test in task.tests]
    expected = [test["expected"] for test in task.tests]
    broken = list(steps)
    order = list(range(len(steps)))
    rng.shuffle(order)
    count = 0
    for index in order:
        if count == bugs:
            break
        variants = list(steps[index].bugs)
        rng.shuffle(variants)
        for variant in variants:
            wrong = Step(steps[index].text, variant.code, variant.apply, final=steps[index].final)
            alone = steps[:index] + (wrong,) + steps[index + 1 :]
            if any(task.pipeline.apply(value, alone) != want for value, want in zip(inputs, expected)):
                broken[index] = wrong
                count += 1
                break
    if count < bugs:
        return None
    together = tuple(broken)
    if all(task.pipeline.apply(value, together) == want for value, want in zip(inputs, expected)):
        return None  # two bugs that cancel out
    return together


class FixBug(FunctionEnvironment):
    id = "code/fix_bug"
    version = 1
    description = (
        "Fix the wrong lines of a function that should follow a step-by-step specification, shown with one failing "
        "example; the answer is the whole corrected function."
    )
    difficulty_scales = "lines of code: 2 + d (slower past d=30); wrong lines: 1 + d // 10; harder steps from d=2..10"
    size_name = "lines"
    answer_format = CODE_ANSWER
    tags = ("code", "debugging")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        steps = 2 + taper(difficulty)
        bugs = 1 + taper(difficulty) // 10
        for _ in range(ATTEMPTS):
            domain = rng.choice([LISTS, STRINGS])
            task = draw_task(domain, rng, difficulty, steps)
            broken = _break(task, rng, min(bugs, len(task.pipeline.steps)))
            if broken is not None:
                break
        else:  # pragma: no cover - every step has a variant that some test exposes, in practice
            raise RuntimeError("could not plant a visible bug")
        pipeline = task.pipeline
        wrong_source = pipeline.render(task.name, [step.code for step in broken] + pipeline.lines()[len(broken) :])
        failing = next(
            test
            for test in sorted(task.tests, key=lambda test: test["args"][0] in ([], ""))
            if pipeline.apply(test["args"][0], broken) != test["expected"]
        )
        got = pipeline.apply(failing["args"][0], broken)
        count = sum(a is not b for a, b in zip(broken, pipeline.steps))
        lines = "one line" if count == 1 else f"{count} lines"
        prompt = (
            f"The function {task.name} below should take a {domain.noun} {domain.param} and compute its result in "
            f"these steps, each one applied to the result of the step before:\n\n{pipeline.spec()}\n\n"
            f"But {lines} of the code {'does' if count == 1 else 'do'} not do what the matching step says:\n\n"
            f"```python\n{wrong_source}```\n\n"
            f"For example, {task.name}({failing['args'][0]!r}) should return {failing['expected']!r}, "
            f"but this code returns {got!r}.\n\n"
            f"Write the corrected function, with the same name and parameter. {HIDDEN_TESTS}"
        )
        return Instance(prompt=prompt, answer=pipeline.render(task.name), data=task.data(), size=steps)
