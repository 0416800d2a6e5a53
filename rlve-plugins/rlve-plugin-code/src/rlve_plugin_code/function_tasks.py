"""What the function-writing environments share: drawing a pipeline with tests, and prompt text."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve_plugin_code.steps.base import Domain
from rlve_plugin_code.steps.pipeline import Pipeline, draw_inputs, draw_varied_pipeline, make_tests, pick_examples


def hidden_tests(edges: str = "empty and one-element inputs included") -> str:
    """The sentence every function-writing prompt ends with, naming the edge cases that are tested."""
    return (
        f"Your code is run on hidden tests ({edges}) and passes only if the function returns exactly the right "
        "value for every one of them, of the right type. It must not read input; anything it prints is ignored. "
        "Only the Python standard library is available."
    )


HIDDEN_TESTS = hidden_tests()

CODE_ANSWER = "Python code defining the function (inside a ```python fence or not)"


def test_count(difficulty: int) -> int:
    return 12 + min(difficulty, 30) // 3


@dataclass(frozen=True)
class FunctionTask:
    pipeline: Pipeline
    name: str
    tests: list[dict[str, Any]]
    examples: list[dict[str, Any]]

    def data(self) -> dict[str, Any]:
        return {"entry": self.name, "arity": 1, "tests": self.tests}

    def signature(self) -> str:
        return self.pipeline.signature(self.name, self.tests[0]["expected"])


def draw_task(
    domain: Domain, rng: random.Random, difficulty: int, steps: int, final: bool | None = None
) -> FunctionTask:
    inputs = draw_inputs(domain, rng, difficulty, test_count(difficulty))
    pipeline = draw_varied_pipeline(domain, rng, difficulty, steps, inputs, final)
    tests = make_tests(pipeline, inputs)
    name = rng.choice(domain.function_names)
    return FunctionTask(pipeline, name, tests, pick_examples(tests, rng))
