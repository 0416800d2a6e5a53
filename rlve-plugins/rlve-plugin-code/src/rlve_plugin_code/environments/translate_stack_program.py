"""code/translate_stack_program: turn a stack-machine program with input variables into a Python function."""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.generated_functions import (
    INPUT_RANGE,
    MAX_STATEMENTS,
    compiled,
    results,
    test_inputs,
    worst_steps,
)
from rlve_plugin_code.program_tasks import MAX_VALUE, settings, step_budget
from rlve_plugin_code.programs import Print, draw_program, render
from rlve_plugin_code.sandboxed import FunctionEnvironment
from rlve_plugin_code.stackvm import INSTRUCTION_SET, compile_program, listing

ATTEMPTS = 40


class TranslateStackProgram(FunctionEnvironment):
    id = "code/translate_stack_program"
    version = 1
    description = (
        "Translate a stack-machine program whose input variables hold a function's arguments into a Python "
        "function returning the number it prints."
    )
    difficulty_scales = (
        "source statements compiled: 3 + d (up to 33); nesting, loops from d=2 and while-style loops from d=8 as in "
        "stack_machine; a second input from d=10"
    )
    size_name = "statements"
    answer_format = CODE_ANSWER
    tags = ("code", "translation", "machines")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        config = settings(difficulty, prints=False)
        size = 3 + min(t, MAX_STATEMENTS - 3)
        config.statements = size
        # Loops stay short: every test input runs the whole program, here and in the sandbox.
        config.max_depth = min(config.max_depth, 2)
        config.max_range = min(config.max_range, 6)
        params = ("x",) if t < 10 else ("x", "y")
        inputs = test_inputs(rng, len(params))
        budget = step_budget(difficulty)
        for attempt in range(ATTEMPTS):
            program = draw_program(rng, config, params)
            if worst_steps(program.body) > budget:
                if attempt % 8 == 7:
                    config.statements = max(3, config.statements - 1)
                continue
            expected = results(compiled(program), inputs)
            if all(value is not None and abs(value) <= MAX_VALUE for value in expected):
                break
        else:  # pragma: no cover - nearly every draw qualifies
            raise RuntimeError("could not draw a program to translate")
        assert program.result is not None
        machine = compile_program(type(program)(program.body + (Print(program.result),)))
        tests = [{"args": list(args), "expected": value} for args, value in zip(inputs, expected)]
        names = " and ".join(params)
        signature = f"def run({', '.join(f'{name}: int' for name in params)}) -> int:"
        prompt = (
            f"{INSTRUCTION_SET}\n\nHere is a program for this machine. When it starts, the variable"
            f"{'s' if len(params) > 1 else ''} {names} already hold{'s' if len(params) == 1 else ''} the "
            f"function's argument{'s' if len(params) > 1 else ''}, every other variable is stored before it is "
            "loaded, and the program prints exactly one number:\n\n"
            f"{listing(machine)}\n\n"
            f"Write a Python function\n\n    {signature}\n\n"
            f"that returns the number the program prints for those inputs, for every integer {names} from "
            f"{-INPUT_RANGE} to {INPUT_RANGE}. {hidden_tests('every value in range of each input')}"
        )
        data = {"entry": "run", "arity": len(params), "tests": tests}
        return Instance(prompt=prompt, answer=render(program, "run"), data=data, size=size)
