"""code/distinguishing_input: two functions that agree on most inputs; find one on which they differ.

The second function is the first with one slip (a comparison of an if swapped for its neighbour or its
constant off by one, or a constant off by one in a branch that few inputs take), kept only if the two return
different values on a few inputs of the range (at most an eighth) and agree on the rest, so a guess rarely
works: the answer comes from seeing which inputs reach the slip and make it matter. Any input on which they
differ is accepted; the check runs both functions on it with the pack's interpreter. Nothing the model writes
is executed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_code.input_search import (
    CAPPED_AT,
    draw_function,
    function_level,
    function_steps,
    pack,
    parse_input,
    run_lanes,
    unpack,
    without_probes,
)
from rlve_plugin_code.programs import (
    OutOfSteps,
    render,
    result_of,
)
from rlve_plugin_code.slips import candidate_slips, probed, rebuilt

#: Slips run (on the lanes they flip) on each drawn function before drawing another.
TRIES = 12
#: At most this share of the inputs of the range tell the functions apart (at least one always does), so
#: that guessing does not pay.
RARE = 8


def largest_input(difficulty: int) -> int:
    return 10 + 5 * function_level(difficulty)


class DistinguishingInput(Environment):
    id = "code/distinguishing_input"
    version = 1
    description = (
        "Find an input on which two nearly identical Python functions of n return different values (any such "
        "input counts)."
    )
    difficulty_scales = (
        f"statements: 3 + d (slower past d=30; no more past d={CAPPED_AT}); inputs allowed: 0 to 10 + 5d; "
        "at most an eighth of them tell the functions apart; variables: 2 + d // 6 up to 6; nesting: 2 levels "
        "from d=6, 3 from d=14; for loops from d=4, and/or from d=10"
    )
    size_name = "statements"
    answer_format = "a single integer n"
    tags = ("code", "tracing", "search", "testing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = largest_input(difficulty)
        inputs = list(range(top + 1))
        budget = function_steps(difficulty)
        most = max(1, len(inputs) // RARE)

        while True:
            program = probed(draw_function(rng, difficulty, inputs))
            run = run_lanes(program, inputs, budget)
            candidates = candidate_slips(program, run, 3 * most)
            rng.shuffle(candidates)
            for path, new, lanes in candidates[:TRIES]:
                other = rebuilt(program, ("body",) + path, new)
                results = run_lanes(other, [inputs[lane] for lane in lanes], budget).results  # the rest run as before
                differing = [inputs[lane] for lane, b in zip(lanes, results) if run.results[lane] != b]
                if 1 <= len(differing) <= most:
                    break
            else:
                continue
            break
        program = replace(program, body=without_probes(program.body))
        other = replace(other, body=without_probes(other.body))
        prompt = (
            f"Here are two Python functions:\n\n```python\n{render(program, 'p')}\n\n{render(other, 'q')}```\n\n"
            f"For most integers n from 0 to {top} they return the same value, but not for all of them. Find an "
            f"integer n with 0 <= n <= {top} for which p(n) and q(n) return different values. Any such n is accepted."
        )
        data = {"top": top, "steps": 4 * budget, "p": pack(program), "q": pack(other)}
        size = 3 + function_level(difficulty)
        return Instance(prompt=prompt, answer=str(rng.choice(differing)), data=data, size=size)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = parse_input(answer, data["top"])
        if not 0 <= n <= data["top"]:
            return Verdict.wrong(f"n must be between 0 and {data['top']}")
        try:
            first = result_of(unpack(data["p"]), (n,), data["steps"])
            second = result_of(unpack(data["q"]), (n,), data["steps"])
        except OutOfSteps:  # pragma: no cover - every input of the range was run when the problem was drawn
            return Verdict.wrong("the functions do not finish for this n")
        if first == second:
            return Verdict.wrong(f"p({n}) and q({n}) both return {first}")
        return Verdict.right()
