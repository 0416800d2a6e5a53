"""code/assertion_failing_input: find an input in a range that makes a function's assert fail, or say none does.

The assert sits somewhere in a generated function (at the end, or inside a branch or a loop, where only some
inputs get to it). Its condition is built from what the function computes there, so that it fails for a few
inputs of the range only, or (in about one problem in six) for none of them but for some just past the range:
reading the bound matters. Any failing input is accepted; the check runs the function on it with the pack's
interpreter, the assert counted by a hidden counter instead of raised. Nothing the model writes is executed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_code.input_search import (
    CAPPED_AT,
    draw_function,
    function_level,
    function_shape,
    function_steps,
    lane_values,
    observed_expression,
    pack,
    parse_input,
    probe,
    render_with_line,
    run_lanes,
    statement_at,
    statement_paths,
    unpack,
    with_statement,
    without_probes,
)
from rlve_plugin_code.programs import (
    VARIABLES,
    Assign,
    AugAssign,
    Compare,
    Const,
    Expr,
    If,
    Not,
    OutOfSteps,
    Program,
    execute,
    render_cond,
)
from rlve_plugin_code.reading_tasks import insert_before

#: Share of problems where no input of the range makes the assert fail.
NONE_SHARE = 0.15
NONE_WORDS = ("none", "no such n", "no n", "nothing")
#: At most this share of the inputs of the range make the assert fail, so that guessing does not pay.
RARE = 8
#: Conditions tried on one drawn function before drawing another.
TRIES = 6
#: The hidden counter of failed asserts in the checked program.
FAILED = "_failed"


def largest_input(difficulty: int) -> int:
    return 10 + 5 * function_level(difficulty)


def assert_condition(
    rng: random.Random, expr: Expr, seen: dict[int, list[int]], top: int, want_none: bool
) -> Compare | None:
    """``expr <= c``, ``expr >= c`` or ``expr != c`` with c chosen so that, given the values ``seen[n]`` that
    ``expr`` takes at the assert for each input n (over 0..2 * top + 1), it fails for 1 to an eighth of the inputs
    0..top, or (``want_none``) for none of them but for some input past ``top``; None if this one cannot."""
    inside = [n for n in seen if n <= top]
    beyond = [n for n in seen if n > top]
    most = max(1, (top + 1) // RARE)
    kind = rng.choice(["<=", ">=", "!="])
    if kind == "<=":  # fails where the value goes above c
        highs = {n: max(seen[n]) for n in seen}
        if want_none:
            c = max((highs[n] for n in inside), default=min(highs.values()))
            return Compare("<=", expr, Const(c)) if any(highs[n] > c for n in beyond) else None
        ranked = sorted((highs[n] for n in inside), reverse=True)
        c = ranked[min(rng.randint(1, most), len(ranked) - 1)] if len(ranked) > 1 else None
        failing = None if c is None else sum(highs[n] > c for n in inside)
        return Compare("<=", expr, Const(c)) if failing and failing <= most else None
    if kind == ">=":  # fails where the value goes below c
        lows = {n: min(seen[n]) for n in seen}
        if want_none:
            c = min((lows[n] for n in inside), default=max(lows.values()))
            return Compare(">=", expr, Const(c)) if any(lows[n] < c for n in beyond) else None
        ranked = sorted(lows[n] for n in inside)
        c = ranked[min(rng.randint(1, most), len(ranked) - 1)] if len(ranked) > 1 else None
        failing = None if c is None else sum(lows[n] < c for n in inside)
        return Compare(">=", expr, Const(c)) if failing and failing <= most else None
    # fails where the value equals c
    taken_inside = Counter(value for n in inside for value in set(seen[n]))
    if want_none:
        pool = sorted({value for n in beyond for value in seen[n]} - set(taken_inside))
    else:
        pool = sorted(value for value, count in taken_inside.items() if count <= most)
    return Compare("!=", expr, Const(rng.choice(pool))) if pool else None


def checked_program(program: Program, cond: Compare) -> Program:
    """The program with its probe replaced by a hidden counter of failed asserts: ``if not (cond): _failed += 1``."""
    (marked,) = [path for path in statement_paths(program.body) if statement_at(program.body, path) == probe()]
    counted = If(Not(cond), (AugAssign(FAILED, "+", Const(1)),))
    body = without_probes(insert_before(program.body, {marked: (counted,)}))
    return Program((Assign(FAILED, Const(0)),) + body, program.params, program.result)


class AssertionFailingInput(Environment):
    id = "code/assertion_failing_input"
    version = 1
    description = (
        "Find an input in a range for which a generated Python function's assert fails (any such input counts), "
        "or say that none does."
    )
    difficulty_scales = (
        f"statements: 3 + d (slower past d=30; no more past d={CAPPED_AT}); inputs allowed: 0 to 10 + 5d; at most "
        "an eighth of them make the assert fail, none in about one problem in six; variables: 2 + d // 6 up to 6; "
        "nesting: 2 levels from d=6, 3 from d=14; for loops from d=4, and/or from d=10"
    )
    size_name = "statements"
    answer_format = "a single integer n, or none"
    tags = ("code", "tracing", "search", "testing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = largest_input(difficulty)
        inputs = list(range(2 * top + 2))  # past the range too: a "none" problem fails just beyond it
        budget = function_steps(difficulty)
        names = list(VARIABLES[: function_shape(difficulty).variables])
        want_none = rng.random() < NONE_SHARE
        cond = None
        while cond is None:
            drawn = draw_function(rng, difficulty, inputs)
            places = statement_paths(drawn.body, first=len(names)) + [None]
            program = with_statement(drawn, rng.choice(places), probe())
            run = run_lanes(program, inputs, budget)
            seen: dict[int, list[int]] = {}
            for _ in range(TRIES):
                expr = observed_expression(rng, names)
                seen.clear()
                for snapshot in run.snapshots:
                    for lane, value in zip(snapshot.lanes, lane_values(expr, snapshot)):
                        seen.setdefault(inputs[lane], []).append(value)
                if not any(n <= top for n in seen) and not want_none:
                    break  # no input of the range gets to the assert: place it elsewhere
                cond = assert_condition(rng, expr, seen, top, want_none) if seen else None
                if cond is not None:
                    break
        checked = checked_program(program, cond)
        failing = []
        for n in range(top + 1):
            values = seen.get(n, [])
            if values and not all(_holds(cond, value) for value in values):
                failing.append(n)
        source = render_with_line(program, "check", f"assert {render_cond(cond)}")
        prompt = (
            f"Here is a Python function:\n\n```python\n{source}```\n\n"
            f"Find an integer n with 0 <= n <= {top} for which calling check(n) makes its assert statement fail "
            "(raise AssertionError). Any such n is accepted. If the assert holds for every n from 0 to "
            f"{top}, answer none."
        )
        data = {"top": top, "steps": 4 * budget, "none": not failing, "program": pack(checked)}
        answer = str(rng.choice(failing)) if failing else "none"
        return Instance(prompt=prompt, answer=answer, data=data, size=3 + function_level(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().removesuffix(".").strip()
        if text.lower() in NONE_WORDS:
            if data["none"]:
                return Verdict.right()
            return Verdict.wrong(f"the assert fails for some n from 0 to {data['top']}")
        n = parse_input(text, data["top"])
        if not 0 <= n <= data["top"]:
            return Verdict.wrong(f"n must be between 0 and {data['top']}")
        try:
            run = execute(unpack(data["program"]), (n,), data["steps"])
        except OutOfSteps:  # pragma: no cover - every input of the range was run when the problem was drawn
            return Verdict.wrong("the function does not finish for this n")
        if run.env[FAILED] == 0:
            return Verdict.wrong(f"the assert holds when check({n}) runs")
        return Verdict.right()


def _holds(cond: Compare, value: int) -> bool:
    c = cond.right.value
    return value <= c if cond.op == "<=" else value >= c if cond.op == ">=" else value != c
