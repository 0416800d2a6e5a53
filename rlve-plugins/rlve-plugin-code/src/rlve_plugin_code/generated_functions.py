"""Generated integer functions used as reference code: compiled here (our code, never model text), run on
every input of a range, and bounded in the statements one run can execute. ``code/refactor_constrained``
and ``code/translate_stack_program`` test a model's rewrite against them.
"""

from __future__ import annotations

import random
from typing import Any

from rlve_plugin_code.programs import For, If, Program, Stmt, While, render

#: The longest generated function (statements), and the inputs tested: every value in [-INPUT_RANGE,
#: INPUT_RANGE] for one parameter; for two, every value of each (the other drawn) and RANDOM_PAIRS more.
MAX_STATEMENTS = 33
INPUT_RANGE = 40
RANDOM_PAIRS = 30


def worst_steps(body: tuple[Stmt, ...]) -> int:
    """An upper bound on the statements one run executes, whatever the input (loops have fixed bounds)."""
    total = 0
    for stmt in body:
        if isinstance(stmt, If):
            total += 1 + max(worst_steps(stmt.body), worst_steps(stmt.orelse))
        elif isinstance(stmt, For):
            total += 1 + max(0, stmt.stop - stmt.start) * (1 + worst_steps(stmt.body))
        elif isinstance(stmt, While):
            total += 1  # the counter starts at rounds * stride and the body's last statement takes stride off
        else:
            total += 1
    return total + sum(_while_rounds(body))


def _while_rounds(body: tuple[Stmt, ...]) -> list[int]:
    found = []
    for index, stmt in enumerate(body):
        if isinstance(stmt, While):
            rounds = body[index - 1].value.value // stmt.body[-1].value.value
            found.append(rounds * (1 + worst_steps(stmt.body)))
    return found


def compiled(program: Program) -> Any:
    """Our own generated program as a Python function (it always ends: every loop has a fixed bound)."""
    namespace: dict[str, Any] = {}
    exec(render(program, "_program"), namespace)  # noqa: S102 - generated here, never model text
    return namespace["_program"]


def results(function: Any, inputs: list[tuple[int, ...]]) -> list[int | None]:
    found: list[int | None] = []
    for args in inputs:
        try:
            found.append(function(*args))
        except ZeroDivisionError:  # pragma: no cover - generated divisors are positive constants
            found.append(None)
    return found


def test_inputs(rng: random.Random, arity: int) -> list[tuple[int, ...]]:
    """Every value in range for one parameter; for two, every value of each (the other drawn) and random pairs.

    A slip in the code (a bound off by one, < for <=) shows on some value of a parameter, so it is caught.
    """
    values = range(-INPUT_RANGE, INPUT_RANGE + 1)
    if arity == 1:
        return [(n,) for n in values]
    def draw() -> int:
        return rng.randint(-INPUT_RANGE, INPUT_RANGE)

    found = [(n, draw()) for n in values] + [(draw(), m) for m in values]
    found += [(draw(), draw()) for _ in range(RANDOM_PAIRS)]
    return [(0, 0), (1, 1)] + found
