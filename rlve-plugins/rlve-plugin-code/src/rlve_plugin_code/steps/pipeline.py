"""A generated function: a sequence of steps over a domain, with its code, its spec and its tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve_plugin_code.steps.base import Domain, Step, result_kind

#: Tries at drawing a pipeline whose results actually vary across the tests.
ATTEMPTS = 40


@dataclass(frozen=True)
class Pipeline:
    domain: Domain
    steps: tuple[Step, ...]

    @property
    def has_final(self) -> bool:
        return bool(self.steps) and self.steps[-1].final

    def apply(self, value: Any, steps: tuple[Step, ...] | None = None) -> Any:
        for step in self.steps if steps is None else steps:
            value = step.apply(value)
        return value

    def lines(self) -> list[str]:
        """The body of the function, one line per step, then ``return`` unless a final step returns."""
        lines = [step.code for step in self.steps]
        if not self.has_final:
            lines.append(f"return {self.domain.param}")
        return lines

    def imports(self) -> list[str]:
        return sorted({module for step in self.steps for module in step.imports})

    def render(self, name: str, lines: list[str] | None = None) -> str:
        head = "".join(f"import {module}\n" for module in self.imports())
        body = "\n".join(f"    {line}" for line in (self.lines() if lines is None else lines))
        return f"{head}{chr(10) if head else ''}def {name}({self.domain.param}):\n{body}\n"

    def signature(self, name: str, result: Any) -> str:
        returns = self.domain.result_annotations[result_kind(result)]
        return f"def {name}({self.domain.param}: {self.domain.annotation}) -> {returns}:"

    def spec(self) -> str:
        lines = [f"{number}. {step.text[0].upper()}{step.text[1:]}." for number, step in enumerate(self.steps, 1)]
        if not self.has_final:
            lines.append(f"{len(self.steps) + 1}. Return the resulting {self.domain.noun}.")
        return "\n".join(lines)


def available(pairs: tuple[tuple[int, Any], ...], difficulty: int) -> list[Any]:
    return [factory for lowest, factory in pairs if lowest <= difficulty]


def _mean_length(values: list[Any]) -> float:
    return sum(len(value) for value in values) / max(len(values), 1)


def _acceptable(before: list[Any], after: list[Any], needed: int, min_length: float) -> bool:
    """The step changes enough values and keeps them informative (varied, not emptied out)."""
    changed = sum(a != b for a, b in zip(before, after))
    return changed >= needed and varied(after) and _mean_length(after) >= min_length


def draw_pipeline(
    domain: Domain, rng: random.Random, difficulty: int, count: int, inputs: list[Any], final: bool | None = None
) -> Pipeline:
    """``count`` steps (the last one final when ``final``, or by a coin flip when None).

    Each step is drawn until one changes a fair share of the values it receives from ``inputs`` while
    keeping them varied and not much shorter: no dead steps (upper-casing twice, removing a letter an
    earlier step removed) and no long pipeline that empties every input and returns a constant.
    """
    if final is None:
        final = rng.random() < 0.5
    factories = available(domain.steps, difficulty)
    shape = domain.start_shape(difficulty)
    steps: list[Step] = []
    current = list(inputs)
    needed = max(1, len(current) // 4)
    min_length = min(3.0, _mean_length(current) / 2)
    for _ in range(count - 1 if final else count):
        chosen = None
        for _attempt in range(40):
            proposal = rng.choice(factories)(rng, shape)
            if proposal is None:
                continue
            after = [proposal[0].apply(value) for value in current]
            if _acceptable(current, after, needed, min_length):
                chosen = (*proposal, after)
                break
        if chosen is None:
            continue  # nothing fits this position: the pipeline is a step shorter, never degenerate
        step, shape, current = chosen
        steps.append(step)
    if final:
        finals = available(domain.finals, difficulty)
        step = None
        for _attempt in range(20):
            step, _ = rng.choice(finals)(rng, shape)
            if varied([step.apply(value) for value in current]):
                break
        steps.append(step)
    return Pipeline(domain, tuple(steps))


def draw_inputs(domain: Domain, rng: random.Random, difficulty: int, count: int) -> list[Any]:
    """Edge cases first, then random inputs, without repeats."""
    inputs: list[Any] = []
    for value in domain.edge_inputs(difficulty) + [domain.random_input(rng, difficulty) for _ in range(4 * count)]:
        if value not in inputs:
            inputs.append(value)
        if len(inputs) == count:
            break
    return inputs


def varied(results: list[Any]) -> bool:
    """True when the results are not (nearly) all the same: a constant function is not a real task."""
    distinct = []
    for value in results:
        if value not in distinct:
            distinct.append(value)
    return len(distinct) >= min(4, len(results))


def draw_varied_pipeline(
    domain: Domain, rng: random.Random, difficulty: int, count: int, inputs: list[Any], final: bool | None = None
) -> Pipeline:
    """A pipeline whose results vary across ``inputs`` (the last draw if none in ATTEMPTS does)."""
    pipeline = draw_pipeline(domain, rng, difficulty, count, inputs, final)
    for _ in range(ATTEMPTS):
        if varied([pipeline.apply(value) for value in inputs]):
            break
        pipeline = draw_pipeline(domain, rng, difficulty, count, inputs, final)
    return pipeline


def make_tests(pipeline: Pipeline, inputs: list[Any]) -> list[dict[str, Any]]:
    return [{"args": [value], "expected": pipeline.apply(value)} for value in inputs]


def pick_examples(tests: list[dict[str, Any]], rng: random.Random, count: int = 3) -> list[dict[str, Any]]:
    """A few tests to show, preferring ones with non-empty inputs and different results."""
    candidates = [test for test in tests if test["args"][0] not in ([], "")]
    rng.shuffle(candidates)
    chosen: list[dict[str, Any]] = []
    for test in candidates:
        if all(test["expected"] != other["expected"] for other in chosen):
            chosen.append(test)
        if len(chosen) == count:
            break
    return chosen or tests[:count]


def example_lines(name: str, tests: list[dict[str, Any]]) -> str:
    return "\n".join(f"    {name}({test['args'][0]!r}) == {test['expected']!r}" for test in tests)
