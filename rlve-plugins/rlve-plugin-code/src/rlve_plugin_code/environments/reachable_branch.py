"""code/reachable_branch: which of several calls of a generated function reach a marked line.

The function is built around the marked line (``reading_tasks.draw_spine_program``): nested conditions on
values computed from the input, so each call's path must be traced. Which calls reach it comes from the
pack's own interpreter with a hidden counter; nothing is executed as Python and the answer is only parsed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import ParseError, parse_int_list
from rlve.scaling import taper
from rlve_plugin_code.program_tasks import MAX_VALUE
from rlve_plugin_code.programs import OutOfSteps
from rlve_plugin_code.reading_tasks import MARK, Shape, counts_of, draw_spine_program, instrument, render_marked

#: Share of problems where no call reaches the line (so that "none" is an answer to reckon with).
NONE_SHARE = 0.1
NONE_WORDS = ("none", "no call", "no calls", "nothing")
EMPTY_LISTS = ("[]", "{}", "()")


def shape(difficulty: int) -> Shape:
    t = taper(difficulty)
    # Mostly conditions: a loop in the way makes a call reach the line if any pass gets through.
    loops = (("for",) if difficulty >= 8 else ()) + (("while",) if difficulty >= 14 else ())
    return Shape(
        statements=3 + t,
        spine=2 + min(t, 24) // 12,
        first=("if",) + loops,
        kinds=("if",) * 4 + loops,
        variables=min(6, 2 + t // 6),
        max_range=3 + min(t, 30) // 10,
        scale=largest_input(difficulty) // 2,
        params=("n",),
        combined_conditions=difficulty >= 10,
    )


def largest_input(difficulty: int) -> int:
    return 20 + 5 * taper(difficulty)


def call_count(difficulty: int) -> int:
    return 4 + min(taper(difficulty), 24) // 4


def step_budget(difficulty: int) -> int:
    """Statements one call may run, the hidden counters included: reaching is about conditions, not long runs."""
    return 300 + 20 * taper(difficulty)


class ReachableBranch(Environment):
    id = "code/reachable_branch"
    version = 1
    description = "Say which of several calls of a generated Python function reach a marked line."
    difficulty_scales = (
        "statements: 3 + d (slower past d=30); conditions and loops around the marked line: 2 + d // 12 up to 4; "
        "calls: 4 + d // 4 up to 10; inputs up to 20 + 5d, negative ones from d=12; "
        "for loops from d=8, and/or/not from d=10, while loops from d=14"
    )
    size_name = "statements"
    answer_format = (
        "the numbers of the calls that reach the marked line, separated by spaces (for example 1 4), or none"
    )
    tags = ("code", "tracing", "control-flow")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        wanted, calls, top = shape(difficulty), call_count(difficulty), largest_input(difficulty)
        low = -top if difficulty >= 12 else 0
        want_none = rng.random() < NONE_SHARE
        while True:
            drawn = draw_spine_program(rng, wanted)
            paths = [drawn.marked] + [path for gate in drawn.gates for path in gate]
            pool = rng.sample(range(low, top + 1), calls + 3)
            runs = _runs(drawn.program, paths, pool, step_budget(difficulty))
            if runs is None:
                continue
            reaching = [n for n, counts in zip(pool, runs) if counts[0] > 0]
            missing = [n for n, counts in zip(pool, runs) if counts[0] == 0]
            if not reaching or not missing:
                continue
            if want_none:
                if len(missing) < calls:
                    continue
                inputs = rng.sample(missing, calls)
            else:
                hits = rng.randint(max(1, calls - len(missing)), min(calls - 1, len(reaching)))
                inputs = rng.sample(reaching, hits) + rng.sample(missing, calls - hits)
                rng.shuffle(inputs)
                # Every condition on the way stops at least one of the shown calls that gets to it.
                gates = [runs[pool.index(n)][1:] for n in inputs]
                if not all(any(g[i] > g[i + 1] for g in gates) for i in range(0, len(paths) - 1, 2)):
                    continue
            break
        reached = sorted(number for number, n in enumerate(inputs, start=1) if n in reaching)
        listing = "\n".join(f"  {number}. f({n})" for number, n in enumerate(inputs, start=1))
        prompt = (
            f"Here is a Python function:\n\n```python\n{render_marked(drawn.program, drawn.marked)}```\n\n"
            f"Consider these calls, each made on its own:\n\n{listing}\n\n"
            f"During which of these calls does the line marked `{MARK}` run at least once? Give the numbers of "
            "those calls (the numbers before them in the list above) in any order, or none if no call reaches it."
        )
        answer = " ".join(map(str, reached)) or "none"
        return Instance(prompt=prompt, answer=answer, data={"reached": reached, "calls": calls}, size=wanted.statements)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        calls, expected = data["calls"], set(data["reached"])
        text = answer.strip().removesuffix(".").strip()  # one final full stop is harmless
        if text.lower() in NONE_WORDS or text in EMPTY_LISTS:
            numbers: list[int] = []
        else:
            numbers = parse_int_list(text, max_items=calls + 1, max_digits=len(str(calls)) + 1)
            if not numbers:
                raise ParseError("expected the numbers of calls, or none")
        for number in numbers:
            if not 1 <= number <= calls:
                raise ParseError(f"there is no call number {number}: the calls are numbered 1 to {calls}")
        if len(set(numbers)) != len(numbers):
            return Verdict.wrong("a call is listed twice")
        got = set(numbers)
        if got == expected:
            return Verdict.right()
        extra = sorted(got - expected)
        if extra:
            return Verdict.wrong(f"call {extra[0]} does not reach the marked line")
        return Verdict.wrong(f"call {min(expected - got)} also reaches the marked line")


def _runs(program, paths, inputs, budget) -> list[list[int]] | None:
    """The hidden counters of each call, or None if a call runs too long or its values grow too large."""
    instrumented = instrument(program, paths)
    runs = []
    for n in inputs:
        try:
            counts, run = counts_of(instrumented, len(paths), (n,), budget)
        except OutOfSteps:
            return None
        if run.largest > MAX_VALUE:
            return None
        runs.append(counts)
    return runs
