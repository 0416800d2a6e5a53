"""Brainfuck: an interpreter with a step budget, and a generator of programs that always terminate.

Every loop the generator writes runs a fixed, small number of times (see _Generator), so every
program halts and its run time is bounded by its length times the product of its loop counts.
"""

from __future__ import annotations

import random

TAPE = 30_000


class OutOfSteps(Exception):
    pass


def run(code: str, max_steps: int) -> list[int]:
    """Output bytes of ``code`` (8-bit wrapping cells, no input); OutOfSteps past ``max_steps``."""
    jumps: dict[int, int] = {}
    stack = []
    for index, ch in enumerate(code):
        if ch == "[":
            stack.append(index)
        elif ch == "]":
            start = stack.pop()
            jumps[start], jumps[index] = index, start
    tape = [0] * TAPE
    pointer = pc = steps = 0
    output: list[int] = []
    while pc < len(code):
        steps += 1
        if steps > max_steps:
            raise OutOfSteps
        ch = code[pc]
        if ch == "+":
            tape[pointer] = (tape[pointer] + 1) % 256
        elif ch == "-":
            tape[pointer] = (tape[pointer] - 1) % 256
        elif ch == ">":
            pointer += 1
        elif ch == "<":
            pointer -= 1
        elif ch == ".":
            output.append(tape[pointer])
        elif ch == "[" and tape[pointer] == 0:
            pc = jumps[pc]
        elif ch == "]" and tape[pointer] != 0:
            pc = jumps[pc]
        pc += 1
    return output


class _Generator:
    """Cells 0..cells-1 hold data; cell ``cells + level`` is the counter of loops nested ``level`` deep.

    A counter is 0 whenever a loop on it starts (the loop before ran it down to 0), so ``+`` * k
    then ``[-`` body ``]`` runs the body exactly k times, and nested loops multiply small numbers.
    """

    def __init__(self, rng: random.Random, cells: int, max_depth: int, max_add: int):
        self.rng = rng
        self.cells = cells
        self.max_depth = max_depth
        self.max_add = max_add
        self.position = 0

    def move(self, target: int) -> str:
        step = target - self.position
        self.position = target
        return ">" * step if step > 0 else "<" * -step

    def segment(self, depth: int) -> str:
        kinds = ["add", "add", "move_add", "print" if depth < 2 or self.rng.random() < 0.3 else "add"]
        if depth < self.max_depth:
            kinds += ["loop", "loop"]
        kind = self.rng.choice(kinds)
        if kind == "print":
            if self.position >= self.cells:  # print data, not a counter (always 0 outside its loop)
                return self.move(self.rng.randrange(self.cells)) + "."
            return "."
        if kind in ("add", "move_add"):
            target = self.position if kind == "add" and self.position < self.cells else self.rng.randrange(self.cells)
            amount = self.rng.randint(1, self.max_add)
            return self.move(target) + ("+" if self.rng.random() < 0.75 else "-") * amount
        counter = self.cells + depth
        times = self.rng.randint(2, max(2, 5 - depth))
        code = self.move(counter) + "+" * times + "[-"
        body = "".join(self.segment(depth + 1) for _ in range(self.rng.randint(1, 3 if depth == 0 else 2)))
        return code + body + self.move(counter) + "]"


def draw(rng: random.Random, segments: int, cells: int, max_depth: int, max_add: int) -> str:
    generator = _Generator(rng, cells, max_depth, max_add)
    return "".join(generator.segment(0) for _ in range(segments))
