"""code/find_input: find an input for which a generated function returns a given value.

Any input in the allowed range that gives the value is accepted; the check runs the function on it
with our own interpreter (bounded steps), never as Python.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import taper
from rlve_plugin_code.program_tasks import draw_running_program, step_budget
from rlve_plugin_code.programs import OutOfSteps, Program, render, result_of
from rlve_plugin_code.programs.compiled import compile_function
from rlve_plugin_code.programs.serialise import from_data, to_data

PROBES = 48


def largest_input(difficulty: int) -> int:
    return 20 * (1 + taper(difficulty))


class FindInput(Environment):
    id = "code/find_input"
    version = 1
    description = (
        "Find an integer input for which a generated Python function returns a given value (any such input counts)."
    )
    difficulty_scales = (
        "inputs allowed: 0 to 20 * (1 + d) (slower past d=30); statements: 3 + d; nesting depth: 1 + d // 6; "
        "for loops from d=2, while loops from d=8"
    )
    size_name = "largest input"
    answer_format = "a single integer"
    tags = ("code", "tracing", "search")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = largest_input(difficulty)
        budget = step_budget(difficulty)
        chosen = rng.randint(0, top)
        targets: list[int] = []  # the value at the chosen input of the program accepted

        def informative(program: Program, _run) -> bool:
            # The value must be rare (at most a quarter of the probed inputs give it), and the
            # function must really depend on its input.
            run = compile_function(program)  # the same results as result_of, for the many probes
            try:
                target = run((chosen,), budget)
            except OutOfSteps:
                return False
            # All probes are drawn before any is run, so that stopping early leaves the random stream as it was.
            probes = [rng.randint(0, top) for _ in range(PROBES)]
            results: dict[int, int] = {}  # input -> result: a repeated input is run once
            hits = 0
            try:
                for n in probes:
                    if n not in results:
                        results[n] = run((n,), budget)
                    hits += results[n] == target
                    if hits > PROBES // 4:
                        return False  # too common already, whatever the other probes give
            except OutOfSteps:
                return False
            if len(set(results.values())) < 6:
                return False
            targets.append(target)
            return True

        program, _ = draw_running_program(
            rng, difficulty, prints=False, accept=informative, params=("n",), args=(chosen,)
        )
        target = targets[-1]
        prompt = (
            f"Here is a Python function:\n\n```python\n{render(program)}```\n\n"
            f"Find an integer n with 0 <= n <= {top} for which f(n) returns {target}. "
            "Any such n is accepted."
        )
        data = {"top": top, "target": target, "steps": 4 * budget, "tree": to_data(program)}
        return Instance(prompt=prompt, answer=str(chosen), data=data, size=top)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = parse_int(answer, max_digits=len(str(data["top"])) + 1)
        if not 0 <= n <= data["top"]:
            return Verdict.wrong(f"n must be between 0 and {data['top']}")
        program = from_data(data["tree"])
        try:
            value = result_of(program, (n,), data["steps"])
        except OutOfSteps:  # pragma: no cover - loops have constant bounds
            return Verdict.wrong("the function does not finish for this n")
        if value != data["target"]:
            return Verdict.wrong(f"f({n}) returns {value}, not {data['target']}")
        return Verdict.right()


# A Problem's data must be JSON, so the program travels as nested lists and is rebuilt to be checked.
