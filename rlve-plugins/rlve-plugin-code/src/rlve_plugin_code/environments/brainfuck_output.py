"""code/brainfuck_output: the output of a generated Brainfuck program, as byte values."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import taper
from rlve_plugin_code.brainfuck import OutOfSteps, draw, run

RULES = """Brainfuck works on a row of cells, each holding a number from 0 to 255, all 0 at the start, with a
pointer at the leftmost cell (the program never moves it further left). The commands are:

  >  move the pointer one cell to the right        <  move it one cell to the left
  +  add 1 to the current cell (255 becomes 0)     -  subtract 1 from it (0 becomes 255)
  .  output the current cell's value
  [  if the current cell is 0, jump to just after the matching ]
  ]  if the current cell is not 0, jump back to just after the matching ["""


def segments(difficulty: int) -> int:
    return 4 + taper(difficulty)


def depth(difficulty: int) -> int:
    """Loop nesting: 1 + d // 8, at most 4 (deeper nests multiply the run time, not the insight)."""
    return min(4, 1 + taper(difficulty) // 8)


class BrainfuckOutput(Environment):
    id = "code/brainfuck_output"
    version = 1
    description = "Give the output (as byte values) of a generated Brainfuck program."
    difficulty_scales = (
        "program segments: 4 + d (slower past d=30); loop nesting: 1 + d // 8 up to 4; cells: 2 + d // 5"
    )
    size_name = "segments"
    answer_format = "the output values in order as decimal numbers separated by spaces, for example 12 0 255"
    tags = ("code", "tracing", "esoteric")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        budget = 3_000 + 300 * t
        most = 4 + t
        while True:
            code = draw(
                rng, segments(difficulty), cells=2 + t // 5, max_depth=depth(difficulty), max_add=4 + min(t, 30) // 3
            )
            try:
                output = run(code, budget)
            except OutOfSteps:
                continue
            # Some output, and not mostly zeros (printing an untouched cell says little).
            if 1 <= len(output) <= most and 2 * sum(value != 0 for value in output) >= len(output):
                break
        prompt = f"{RULES}\n\nWhat does this program output?\n\n    {code}"
        return Instance(
            prompt=prompt, answer=" ".join(map(str, output)), data={"output": output}, size=segments(difficulty)
        )

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        got = parse_int_list(answer, max_items=2 * len(expected) + 8, max_digits=4)
        if len(got) != len(expected):
            return Verdict.wrong(f"the program outputs {len(expected)} values, the answer has {len(got)}")
        for number, (a, b) in enumerate(zip(got, expected), start=1):
            if a != b:
                return Verdict.wrong(f"output value {number} is wrong")
        return Verdict.right()
