"""code/exception_flow: what a generated Python program with try/except/else/finally, raise and nested calls
prints.

Every print shows a distinct constant, so the answer is the path the program takes: which statements a raise
skips, which handler (if any) catches it, that finally runs on every way out (a return included), that else
runs only when nothing was raised, how a bare raise re-raises. Our own interpreter of the program tree is the
reference (it mirrors Python's semantics; the tests run the rendered program with Python and compare). Nothing
the model writes is executed.
"""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.exception_programs import (
    OutOfSteps,
    Raised,
    all_called,
    draw_program,
    function_count,
    render,
    run,
    statement_count,
)
from rlve_plugin_code.printed_output import PrintedIntegers


class ExceptionFlow(PrintedIntegers):
    id = "code/exception_flow"
    version = 1
    description = "Say what a generated Python program with try/except/else/finally, raise and nested calls prints."
    difficulty_scales = (
        "statements: 4 + d (slower past d=30); functions: 1 + d // 5 up to 6; more exception classes from d=3, "
        "else from d=3, LookupError/Exception/tuple handlers from d=4, bare raise from d=5, return from d=6, "
        "nested try from d=8"
    )
    size_name = "statements"
    tags = ("code", "tracing", "exceptions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        statements, most_prints = statement_count(difficulty), 8 + t
        budget = 200 + 20 * t
        while True:
            functions, main = draw_program(rng, difficulty, statements, function_count(difficulty))
            if not all_called(functions, main):
                continue
            try:
                machine = run(functions, main, budget)
            except (Raised, OutOfSteps):
                continue  # an exception escaped the top level, or the calls multiplied too much
            # Something was caught, and (past d=2) an exception left a function on its way to a handler.
            if 2 <= len(machine.output) <= most_prints and machine.caught and (difficulty < 2 or machine.crossed):
                break
        prompt = (
            f"What does this Python program print?\n\n```python\n{render(functions, main)}```\n\n"
            "Each print shows one integer on its own line. The exceptions are Python's built-in ones: KeyError and "
            "IndexError are kinds of LookupError, and every exception here is a kind of Exception."
        )
        output = machine.output
        return Instance(prompt=prompt, answer=" ".join(map(str, output)), data={"output": output}, size=statements)

