"""code/branch_coverage_inputs: a few inputs that together take both outcomes of every if of a function.

The function of n is drawn as for ``code/distinguishing_input`` (ifs whose constants split the inputs that reach
them, from d = 4 short for loops). Every if must see its condition True for at least one of the inputs given and
False for at least one (in any pass of a loop). The inputs allowed are as few as a greedy cover needs, so the
inputs must be chosen for the branches they reach together. The check runs a copy of the function with hidden
counters at the start of each branch through the pack's interpreter (in lanes); nothing the model writes is run.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve_plugin_code.input_search import (
    CAPPED_AT,
    draw_function,
    function_level,
    function_steps,
    pack,
    run_lanes,
    unpack,
)
from rlve_plugin_code.programs import Assign, AugAssign, Const, For, If, OutOfSteps, Program, Stmt, While, render
from rlve_plugin_code.slips import greedy_cover

#: The hidden counters: ``_true3`` counts the times the condition of if number 3 was True.
TRUE, FALSE = "_true", "_false"


def largest_input(difficulty: int) -> int:
    return 10 + 5 * function_level(difficulty)


def counted(body: tuple[Stmt, ...], numbers: list[int]) -> tuple[Stmt, ...]:
    """``body`` with a counter at the start of both branches of every if (an else added where there is none);
    ifs are numbered from ``numbers[0]`` on in source order, as ``render`` writes them."""
    out: list[Stmt] = []
    for stmt in body:
        if isinstance(stmt, If):
            number = numbers[0]
            numbers[0] += 1
            then = (AugAssign(f"{TRUE}{number}", "+", Const(1)),) + counted(stmt.body, numbers)
            orelse = (AugAssign(f"{FALSE}{number}", "+", Const(1)),) + counted(stmt.orelse, numbers)
            stmt = If(stmt.test, then, orelse)
        elif isinstance(stmt, (For, While)):
            stmt = replace(stmt, body=counted(stmt.body, numbers))
        out.append(stmt)
    return tuple(out)


def pruned(body: tuple[Stmt, ...], covers: list[set[int]], numbers: list[int]) -> tuple[Stmt, ...]:
    """``body`` without the ifs that no input gets both ways (``covers`` as ``branch_covers`` gives them, ifs
    numbered as ``counted`` does): one always True is replaced by its body, one never True by its else branch.
    Neither changes what the function does on the inputs run. A loop or an if left with an empty body cannot be
    written in Python: the caller draws again then."""
    out: list[Stmt] = []
    for stmt in body:
        if isinstance(stmt, If):
            number = numbers[0]
            numbers[0] += 1
            yes, no = covers[2 * number - 2], covers[2 * number - 1]
            then, orelse = pruned(stmt.body, covers, numbers), pruned(stmt.orelse, covers, numbers)
            if yes and no:
                out.append(If(stmt.test, then, orelse))
            else:
                out.extend(then if yes else orelse)
            continue
        if isinstance(stmt, (For, While)):
            stmt = replace(stmt, body=pruned(stmt.body, covers, numbers))
        out.append(stmt)
    return tuple(out)


def instrumented(program: Program) -> tuple[Program, int]:
    """The program with its branch counters (all starting at 0), and the number of ifs."""
    numbers = [1]
    body = counted(program.body, numbers)
    ifs = numbers[0] - 1
    starts = tuple(Assign(f"{kind}{j}", Const(0)) for j in range(1, ifs + 1) for kind in (TRUE, FALSE))
    return Program(starts + body, program.params, program.result), ifs


def branch_covers(program: Program, inputs: list[int], steps: int) -> tuple[Program, list[set[int]]]:
    """The program with its branch counters, and for each if in turn, the inputs that make its condition True,
    then those that make it False."""
    counting, ifs = instrumented(program)
    env = run_lanes(counting, inputs, steps).env
    covers = [
        {n for lane, n in enumerate(inputs) if env[f"{kind}{j}"][lane] > 0}
        for j in range(1, ifs + 1)
        for kind in (TRUE, FALSE)
    ]
    return counting, covers


def numbered_source(program: Program) -> str:
    """The function as Python, each if followed by a comment with its number."""
    lines, number = [], 0
    for line in render(program).split("\n"):
        if line.lstrip().startswith("if "):
            number += 1
            line += f"  # if {number}"
        lines.append(line)
    return "\n".join(lines)


class BranchCoverageInputs(Environment):
    id = "code/branch_coverage_inputs"
    version = 1
    description = (
        "Give a few inputs of a generated Python function that together make every if statement's condition "
        "both True and False."
    )
    difficulty_scales = (
        f"statements: 3 + d (slower past d=30; no more past d={CAPPED_AT}); inputs allowed: 0 to 10 + 5d; inputs "
        "to give: as many as a greedy cover needs; variables: 2 + d // 6 up to 6; nesting: 2 levels from d=6, 3 "
        "from d=14; for loops from d=4, and/or from d=10"
    )
    size_name = "statements"
    answer_format = "a list of integers, e.g. 3, 17, 40"
    tags = ("code", "tracing", "search", "testing", "coverage")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = largest_input(difficulty)
        inputs = list(range(top + 1))
        budget = function_steps(difficulty)
        while True:
            program = draw_function(rng, difficulty, inputs)
            counting, covers = branch_covers(program, inputs, 4 * budget)
            if covers and not all(covers):  # some if goes one way only: inline it, and count again
                program = replace(program, body=pruned(program.body, covers, [1]))
                if _has_empty_block(program.body):
                    continue
                counting, covers = branch_covers(program, inputs, 4 * budget)
            if covers and all(covers):  # every outcome of every if is taken by some input of the range
                break
        ifs = len(covers) // 2
        chosen = greedy_cover(covers)
        prompt = (
            f"Here is a Python function (its if statements are numbered in comments):\n\n"
            f"```python\n{numbered_source(program)}```\n\n"
            f"Give at most {len(chosen)} integers n, each with 0 <= n <= {top}, such that over the calls f(n) for "
            f"all of them, the condition of every if statement (1 to {ifs}) is evaluated True at least once and "
            "False at least once (inside a loop, any pass counts). Any such list is accepted.\n"
            "Answer with the integers separated by commas."
        )
        data = {"top": top, "most": len(chosen), "ifs": ifs, "steps": 4 * budget, "program": pack(counting)}
        answer = ", ".join(map(str, sorted(chosen)))
        return Instance(prompt=prompt, answer=answer, data=data, size=3 + function_level(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        top, most = data["top"], data["most"]
        numbers = parse_int_list(answer, max_items=most + 1, max_digits=len(str(top)) + 1)
        if not numbers:
            return Verdict.wrong("no inputs given")
        if len(numbers) > most:
            return Verdict.wrong(f"at most {most} inputs are allowed")
        if not all(0 <= n <= top for n in numbers):
            return Verdict.wrong(f"every n must be between 0 and {top}")
        try:
            env = run_lanes(unpack(data["program"]), numbers, data["steps"]).env
        except OutOfSteps:  # pragma: no cover - every input of the range was run when the problem was drawn
            return Verdict.wrong("the function does not finish for one of these inputs")
        for j in range(1, data["ifs"] + 1):
            for kind, outcome in ((TRUE, "True"), (FALSE, "False")):
                if not any(env[f"{kind}{j}"]):
                    return Verdict.wrong(f"the condition of if {j} is never {outcome} for these inputs")
        return Verdict.right()


def _has_empty_block(body: tuple[Stmt, ...]) -> bool:
    for stmt in body:
        if isinstance(stmt, (For, While)) and (not stmt.body or _has_empty_block(stmt.body)):
            return True
        if isinstance(stmt, If) and (not stmt.body or _has_empty_block(stmt.body) or _has_empty_block(stmt.orelse)):
            return True
    return False
