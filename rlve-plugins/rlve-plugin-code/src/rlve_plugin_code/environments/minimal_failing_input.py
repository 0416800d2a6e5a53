"""code/minimal_failing_input: the smallest input of a range for which a generated predicate returns False.

The predicate ends with ``return <comparison>`` on what the function computed. Its constant is chosen so that
the first rejected input lies well inside the range and more inputs after it are rejected too: finding *some*
rejected input is not enough, the answer is the smallest one (unique, so the check is exact). The reference
comes from the pack's own interpreter run on every input; nothing the model writes is executed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_code.input_search import (
    CAPPED_AT,
    Snapshot,
    draw_function,
    function_level,
    function_shape,
    function_steps,
    lane_tests,
    lane_values,
    observed_expression,
    pack,
    parse_input,
    run_lanes,
    unpack,
)
from rlve_plugin_code.programs import (
    VARIABLES,
    Bin,
    Compare,
    Const,
    Expr,
    OutOfSteps,
    execute,
    render,
    render_cond,
    test,
)

#: Comparisons tried on one drawn function before drawing another.
TRIES = 8


def width(difficulty: int) -> int:
    return 10 + 5 * function_level(difficulty)


def predicate(rng: random.Random, expr: Expr, final: Snapshot) -> tuple[Compare, int] | None:
    """A comparison of ``expr`` (``final``: the variables at the end, one lane per input of the range) that holds
    for the first inputs, is False for the one at a chosen position at least 2 (and at least a quarter of the
    range when it can be) and for at least one later input; returns it and that position, or None."""
    values = lane_values(expr, final)
    kind = rng.choice(["<", ">", "!=", "%"])
    if kind == "<":  # False from the first value at or above c: where the running maximum rises
        firsts = [i for i in range(2, len(values)) if values[i] > max(values[:i])]
        make = lambda i: Compare("<", expr, Const(rng.randint(max(values[:i]) + 1, values[i])))  # noqa: E731
    elif kind == ">":  # False from the first value at or below c: where the running minimum falls
        firsts = [i for i in range(2, len(values)) if values[i] < min(values[:i])]
        make = lambda i: Compare(">", expr, Const(rng.randint(values[i], min(values[:i]) - 1)))  # noqa: E731
    elif kind == "!=":  # False where the value is c, first at a value not seen before
        firsts = [i for i in range(2, len(values)) if values[i] not in values[:i]]
        make = lambda i: Compare("!=", expr, Const(values[i]))  # noqa: E731
    else:  # expr % m != r, False first where the residue r first appears
        modulus = rng.randint(3, 7)
        residues = [value % modulus for value in values]
        firsts = [i for i in range(2, len(values)) if residues[i] not in residues[:i]]
        make = lambda i: Compare("!=", Bin("%", expr, Const(modulus)), Const(residues[i]))  # noqa: E731
    deep = [i for i in firsts if i >= len(values) // 4] or firsts
    rng.shuffle(deep)
    for first in deep:
        cond = make(first)
        outcomes = lane_tests(cond, final)
        if outcomes.index(False) == first and outcomes.count(False) >= 2:
            return cond, first
    return None


class MinimalFailingInput(Environment):
    id = "code/minimal_failing_input"
    version = 1
    description = "Find the smallest input in a range for which a generated Python predicate returns False."
    difficulty_scales = (
        f"statements: 3 + d (slower past d=30; no more past d={CAPPED_AT}); inputs: a range of 11 + 5d from a "
        "start of 0 to 5 + d; variables: 2 + d // 6 up to 6; nesting: 2 levels from d=6, 3 from d=14; "
        "for loops from d=4, and/or from d=10"
    )
    size_name = "statements"
    answer_format = "a single integer n"
    tags = ("code", "tracing", "search", "testing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        low = rng.randint(0, 5 + function_level(difficulty))
        high = low + width(difficulty)
        inputs = list(range(low, high + 1))
        names = list(VARIABLES[: function_shape(difficulty).variables])
        found = None
        while found is None:
            program = draw_function(rng, difficulty, inputs)
            program = replace(program, result=None)
            run = run_lanes(program, inputs, function_steps(difficulty))
            final = Snapshot("end", list(range(len(inputs))), run.env)
            for _ in range(TRIES):
                expr = observed_expression(rng, names)
                found = predicate(rng, expr, final)
                if found is not None:
                    break
        cond, first = found
        source = render(program, "ok") + f"    return {render_cond(cond)}\n"
        prompt = (
            f"Here is a Python function:\n\n```python\n{source}```\n\n"
            f"What is the smallest integer n with {low} <= n <= {high} for which ok(n) returns False? "
            "At least one n in that range does."
        )
        data = {
            "low": low,
            "high": high,
            "first": inputs[first],
            "steps": 4 * function_steps(difficulty),
            "program": pack(program),
            "condition": pack(cond),
        }
        return Instance(prompt=prompt, answer=str(inputs[first]), data=data, size=3 + function_level(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = parse_input(answer, data["high"])
        if n == data["first"]:
            return Verdict.right()
        if not data["low"] <= n <= data["high"]:
            return Verdict.wrong(f"n must be between {data['low']} and {data['high']}")
        try:
            run = execute(unpack(data["program"]), (n,), data["steps"])
        except OutOfSteps:  # pragma: no cover - every input of the range was run when the problem was drawn
            return Verdict.wrong("the function does not finish for this n")
        if test(unpack(data["condition"]), run.env):
            return Verdict.wrong(f"ok({n}) returns True")
        return Verdict.wrong(f"ok({n}) returns False, but so does a smaller n")
