"""code/line_execution_count: how many times one marked line of a generated program runs.

The program is built around the marked line (``reading_tasks.draw_spine_program``): loops around it and
conditions that let it through on some passes only, so the count depends on the values, not only on the
loop lengths. The count comes from the pack's own interpreter running the program with hidden counters;
nothing is executed as Python and the answer is only parsed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import taper
from rlve_plugin_code.program_tasks import MAX_VALUE, step_budget
from rlve_plugin_code.programs import OutOfSteps
from rlve_plugin_code.reading_tasks import MARK, Shape, draw_spine_program, hit_counts, render_marked


def shape(difficulty: int) -> Shape:
    t = taper(difficulty)
    max_range = 5 + min(t, 30) // 10
    loops = ("for", "while") if difficulty >= 6 else ("for",)
    return Shape(
        statements=3 + t,
        spine=2 + min(t, 24) // 8,  # deeper nests multiply the run time, not the insight
        first=loops,
        kinds=loops + ("if",),
        variables=min(6, 2 + t // 6),
        max_range=max_range,
        scale=0,  # no inputs
        combined_conditions=difficulty >= 10,
    )


class LineExecutionCount(Environment):
    id = "code/line_execution_count"
    version = 1
    description = "Count how many times a marked line of a generated Python program (loops, branches) runs."
    difficulty_scales = (
        "statements: 3 + d (slower past d=30); loops and ifs around the marked line: 2 + d // 8 up to 5; "
        "loop lengths: 3 to 5 + d // 10; variables: 2 + d // 6; while loops from d=6, and/or/not from d=10"
    )
    size_name = "statements"
    answer_format = "a single integer: how many times the marked line runs"
    tags = ("code", "tracing", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        wanted = shape(difficulty)
        budget = 2 * step_budget(difficulty)  # the hidden counters add up to one statement per statement
        while True:
            drawn = draw_spine_program(rng, wanted)
            paths = [drawn.marked] + [path for gate in drawn.gates for path in gate]
            try:
                counts, run = hit_counts(drawn.program, paths, (), budget)
            except OutOfSteps:
                continue
            gates = counts[1:]
            # Every condition of the spine lets the line through on some passes and stops it on others.
            if run.largest <= MAX_VALUE and all(0 < gates[i + 1] < gates[i] for i in range(0, len(gates), 2)):
                break
        count = counts[0]
        prompt = (
            f"Consider this Python program:\n\n```python\n{render_marked(drawn.program, drawn.marked)}```\n\n"
            f"How many times is the line marked `{MARK}` executed while the program runs from start to finish? "
            "Count every execution, in every pass of the loops around it."
        )
        return Instance(prompt=prompt, answer=str(count), data={"count": count}, size=wanted.statements)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        count = parse_int(answer, max_digits=len(str(data["count"])) + 2)
        if count != data["count"]:
            return Verdict.wrong(f"the marked line does not run {count} times")
        return Verdict.right()
