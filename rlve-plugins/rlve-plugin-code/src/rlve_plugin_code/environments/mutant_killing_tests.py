"""code/mutant_killing_tests: write a few tests that a function passes and that each of its mutants fails.

The function of n is drawn as for ``code/distinguishing_input``, and so are the mutants: one comparison or one
constant slipped by one, each changing the result for a few inputs of the range only. A test is an input with
the value the function returns for it; a mutant is killed by a test it returns something else for. The tests
allowed are as few as a greedy cover needs, so inputs that kill several mutants at once pay. The check runs the
function and the mutants on the model's inputs with the pack's interpreter; nothing the model writes is run.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
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
from rlve_plugin_code.program_tasks import MAX_VALUE
from rlve_plugin_code.programs import OutOfSteps, Program, render, result_of
from rlve_plugin_code.slips import candidate_slips, greedy_cover, probed, rebuilt

#: Slips run on each drawn function before drawing another.
TRIES = 24
#: At most this share of the inputs of the range kill any one mutant, so that a random test rarely does.
RARE = 6
#: One test: ``n -> value`` (also ``f(n) == value``, ``n: value``, ``(n, value)``).
TEST = re.compile(r"\(?\s*(?:f\s*\(\s*)?([+-]?\d+)\s*\)?\s*(?:->|=>|==|:|,)\s*([+-]?\d+)\s*\)?")
#: Longest answer read (a test is at most a few dozen characters).
MAX_ANSWER = 4000


def largest_input(difficulty: int) -> int:
    return 12 + 4 * function_level(difficulty)


def mutant_count(difficulty: int) -> int:
    return 2 + min(function_level(difficulty), 12) // 12


def parse_tests(answer: str, top: int, most: int) -> list[tuple[int, int]]:
    """The tests of an answer, ``n -> value`` each, separated by new lines, semicolons or commas (also
    ``f(n) == value`` or ``(n, value)``, the whole list in brackets or not); nothing else may be written."""
    if len(answer) > MAX_ANSWER:
        raise ParseError("the answer is too long")
    text = answer.strip()
    if text[:1] == "[" and text[-1:] == "]":  # one pair of enclosing brackets
        text = text[1:-1]
    found = list(TEST.finditer(text))
    leftover = TEST.sub(" ", text).strip(" \t\n,;")
    if leftover:
        raise ParseError(f"write each test as n -> value, could not read {leftover[:30]!r}")
    if not found:
        raise ParseError("no tests given")
    if len(found) > most:
        raise ParseError(f"at most {most} tests are allowed, got {len(found)}")
    return [
        (parse_input(match.group(1), top), parse_int(match.group(2), max_digits=len(str(MAX_VALUE)) + 2))
        for match in found
    ]


def shown(program: Program) -> Program:
    return replace(program, body=without_probes(program.body))


class MutantKillingTests(Environment):
    id = "code/mutant_killing_tests"
    version = 1
    description = (
        "Write a few tests (input -> expected value) that a generated Python function passes and that each of "
        "several near-copies of it (mutants) fails."
    )
    difficulty_scales = (
        f"statements: 3 + d (slower past d=30; no more past d={CAPPED_AT}); inputs allowed: 0 to 12 + 4d; mutants: "
        "2, and 3 from d=12, each told apart by at most a sixth of the inputs; tests allowed: as many as a greedy "
        "cover needs; nesting, loops and and/or as in code/distinguishing_input"
    )
    size_name = "statements"
    answer_format = "tests n -> value, one per line (or separated by semicolons or commas)"
    tags = ("code", "tracing", "search", "testing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = largest_input(difficulty)
        inputs = list(range(top + 1))
        budget = function_steps(difficulty)
        most = max(1, len(inputs) // RARE)
        wanted = mutant_count(difficulty)
        while True:
            program = probed(draw_function(rng, difficulty, inputs))
            run = run_lanes(program, inputs, budget)
            candidates = candidate_slips(program, run, 3 * most)
            rng.shuffle(candidates)
            mutants, slips, kills, seen = [], [], [], set()
            for path, new, lanes in candidates[:TRIES]:
                other = rebuilt(program, ("body",) + path, new)
                results = run_lanes(other, [inputs[lane] for lane in lanes], budget).results
                killing = frozenset(inputs[lane] for lane, b in zip(lanes, results) if run.results[lane] != b)
                slip = (path, new)
                if 1 <= len(killing) <= most and slip not in seen:
                    seen.add(slip)
                    mutants.append(other)
                    slips.append(slip)
                    kills.append(set(killing))
                    if len(mutants) == wanted:
                        break
            if len(mutants) == wanted:
                break
        cover = greedy_cover(kills)
        listing = "\n\n".join(
            [render(shown(program), "f")] + [render(shown(mutant), f"m{j + 1}") for j, mutant in enumerate(mutants)]
        )
        names = ", ".join(f"m{j + 1}" for j in range(wanted))
        prompt = (
            f"Here is a Python function f and {wanted} mutants of it ({names}), each a copy of f with one small "
            f"change:\n\n```python\n{listing}```\n\n"
            f"Write at most {len(cover)} tests for f. A test is an integer n with 0 <= n <= {top} and the exact "
            "value f(n) returns; it kills a mutant if the mutant returns a different value for that n. Every test "
            "must be right for f, and every mutant must be killed by at least one of your tests.\n"
            "Write one test per line (or separate them with semicolons) as n -> value, for example 5 -> -12."
        )
        reference = [(n, run.results[n]) for n in sorted(cover)]
        data = {
            "top": top,
            "tests": len(cover),
            "steps": 4 * budget,
            "f": pack(program),  # with its probes, which change nothing: the paths of the slips lead through them
            # A mutant as its one change (the path to the part changed, and the new part): the function is
            # unpacked once to be checked, not once per mutant.
            "slips": [[list(path), pack(new)] for path, new in slips],
        }
        answer = "\n".join(f"{n} -> {value}" for n, value in reference)
        return Instance(prompt=prompt, answer=answer, data=data, size=3 + function_level(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        tests = parse_tests(answer, data["top"], data["tests"])
        for n, _ in tests:
            if not 0 <= n <= data["top"]:
                return Verdict.wrong(f"n must be between 0 and {data['top']}")
        steps = data["steps"]
        try:
            program = unpack(data["f"])
            for n, value in tests:
                got = result_of(program, (n,), steps)
                if got != value:
                    return Verdict.wrong(f"f({n}) returns {got}, not {value}: f fails this test")
            for j, (path, new) in enumerate(data["slips"]):
                mutant = rebuilt(program, ("body",) + tuple(path), unpack(new))
                if all(result_of(mutant, (n,), steps) == value for n, value in tests):
                    return Verdict.wrong(f"mutant m{j + 1} passes every test")
        except OutOfSteps:  # pragma: no cover - every input of the range was run when the problem was drawn
            return Verdict.wrong("a function does not finish for one of these inputs")
        return Verdict.right()
