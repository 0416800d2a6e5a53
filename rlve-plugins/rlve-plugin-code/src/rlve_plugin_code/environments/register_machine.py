"""code/register_machine: the registers of a tiny assembly machine when its program halts.

Programs are drawn as structured pieces (arithmetic, counted loops built from DEC and JNZ, skips and
if/else built from JNZ and JMP) and written out with numbered instructions; our own interpreter runs
them with a step budget, and only programs that halt within it are kept. Nothing is executed but the
generated program, and the answer is only parsed.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import ParseError, parse_int_list
from rlve.scaling import taper
from rlve_plugin_code.registers import INSTRUCTION_SET, REGISTERS, OutOfSteps, listing, run

#: Tries at drawing one top-level piece that halts within the steps left, before a plain MOV is used.
PIECE_ATTEMPTS = 12


class _Builder:
    """Writes structured pieces as instructions and runs each top-level piece as soon as it is written, from the
    registers the pieces before it left: a piece that runs too long or too large is drawn again, so a program
    of any length is built in time proportional to its length.

    Loop counters are never written inside their loop except by the loop's own DEC, so a counted loop ends
    when its counter starts positive; a loop count read from a register is only used at the top level,
    where the register's value is known to be a small positive number."""

    def __init__(self, rng: random.Random, difficulty: int):
        self.rng = rng
        self.difficulty = difficulty
        self.max_count = 3 + min(taper(difficulty), 30) // 6
        self.max_loops = 1 if difficulty < 6 else 2
        self.code: list[list] = []
        self.loops = 0

    def program(self, budget: int, steps: int) -> list[tuple]:
        """``budget`` arithmetic instructions in pieces, run in at most ``steps`` steps, then HALT."""
        registers = [0, 0, 0, 0]
        while budget > 0:
            start, loops = len(self.code), self.loops
            for _ in range(PIECE_ATTEMPTS):
                cost = self.piece(budget, registers)
                # Leave one step for each arithmetic instruction still to come and one for HALT.
                allowed = steps - (budget - cost) - 1
                try:
                    after, taken = run([tuple(i) for i in self.code], allowed, registers, start)
                    break
                except OutOfSteps:
                    del self.code[start:]
                    self.loops = loops
            else:
                cost = 1
                self.emit("MOV", self.rng.choice(REGISTERS), self.rng.randint(0, 12))
                after, taken = run([tuple(i) for i in self.code], 1, registers, start)
            registers, steps, budget = after, steps - taken, budget - cost
        self.emit("HALT")
        return [tuple(instruction) for instruction in self.code]

    def piece(self, budget: int, registers: list[int]) -> int:
        """One top-level piece: a loop, a skip or one operation; returns the arithmetic instructions it used."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            inner = rng.randint(1, min(budget, 3))
            known = [name for name, value in zip(REGISTERS, registers) if 1 <= value <= self.max_count + 3]
            self.loop(inner, [], 0, known)
            return inner
        if roll < 0.6 and self.difficulty >= 2:
            inner = rng.randint(1, min(budget, 2))
            self.skip(inner, [])
            return inner
        self.operation(list(REGISTERS), in_loop=False)
        return 1

    def emit(self, op: str, *args) -> int:
        self.code.append([op, *args])
        return len(self.code) - 1

    def source(self, target: str) -> str | int:
        if self.rng.random() < 0.5:
            return self.rng.choice([name for name in REGISTERS if name != target])
        return self.rng.randint(1, 9)

    def operation(self, free: list[str], in_loop: bool) -> None:
        rng = self.rng
        target = rng.choice(free)
        op = rng.choice(["ADD", "ADD", "SUB", "MOV", "DEC"] + ([] if in_loop else ["MUL"]))
        if op == "DEC":
            self.emit("DEC", target)
        elif op == "MUL":
            self.emit("MUL", target, rng.choice([2, 3, rng.choice([name for name in REGISTERS if name != target])]))
        elif op == "MOV" and rng.random() < 0.5:
            self.emit("MOV", target, rng.randint(0, 12))
        else:
            self.emit(op, target, self.source(target))

    def block(self, budget: int, counters: list[str], depth: int) -> None:
        """``budget`` arithmetic instructions inside a loop, with inner loops and skips around some of them."""
        rng = self.rng
        free = [name for name in REGISTERS if name not in counters]
        while budget > 0:
            roll = rng.random()
            if roll < 0.3 and depth < self.max_loops and len(free) >= 2:
                inner = rng.randint(1, min(budget, 3))
                self.loop(inner, counters, depth, [])
                budget -= inner
            elif roll < 0.45 and self.difficulty >= 2:
                inner = rng.randint(1, min(budget, 2))
                self.skip(inner, counters)
                budget -= inner
            else:
                self.operation(free, in_loop=True)
                budget -= 1

    def loop(self, inner: int, counters: list[str], depth: int, known: list[str]) -> None:
        """``MOV c, n`` then the body, ``DEC c``, ``JNZ c, <body>``: the body runs n times (n >= 1)."""
        rng = self.rng
        free = [name for name in REGISTERS if name not in counters]
        counter = rng.choice(free)
        sources = [name for name in known if name != counter]
        if self.difficulty >= 4 and sources and rng.random() < 0.4:
            self.emit("MOV", counter, rng.choice(sources))  # as many passes as that register says
        else:
            self.emit("MOV", counter, rng.randint(2, self.max_count))
        top = len(self.code)
        self.block(inner, counters + [counter], depth + 1)
        self.emit("DEC", counter)
        self.emit("JNZ", counter, top)
        self.loops += 1

    def skip(self, inner: int, counters: list[str]) -> None:
        """``JNZ x, <after>`` around operations: they run only when x is 0; with an else part from d=5."""
        rng = self.rng
        free = [name for name in REGISTERS if name not in counters]
        jump = self.emit("JNZ", rng.choice(REGISTERS), None)
        if self.difficulty >= 5 and inner >= 2 and rng.random() < 0.5:
            self.operation(free, in_loop=bool(counters))
            to_end = self.emit("JMP", None)
            self.code[jump][2] = len(self.code)
            self.operation(free, in_loop=bool(counters))
            self.code[to_end][1] = len(self.code)
        else:
            for _ in range(inner):
                self.operation(free, in_loop=bool(counters))
            self.code[jump][2] = len(self.code)


def operation_count(difficulty: int) -> int:
    return 3 + taper(difficulty)


def step_budget(difficulty: int) -> int:
    return 150 + 25 * taper(difficulty)


_LABELLED = re.compile(r"r\s*([0-3])\s*[:=]\s*([+-]?[0-9]+)", re.IGNORECASE)


def parse_registers(text: str) -> list[int]:
    """``3 0 -2 7``, ``[3, 0, -2, 7]`` or ``r0=3, r1=0, r2=-2, r3=7`` (labelled: any order, each register once)."""
    if len(text) > 400:
        raise ParseError("the answer is too long for four numbers")
    if re.search(r"r\s*[0-9]", text, re.IGNORECASE):
        pairs = _LABELLED.findall(text)
        if _LABELLED.sub("", text).strip(" \t\n,;[](){}"):
            raise ParseError("expected r0=..., r1=..., r2=..., r3=... and nothing else")
        named = {}
        for register, value in pairs:
            if register in named:
                raise ParseError(f"r{register} is given twice")
            named[register] = parse_int_list(value, max_items=1, max_digits=9)[0]
        if len(named) != 4:
            raise ParseError("give all four registers r0, r1, r2, r3")
        return [named[str(index)] for index in range(4)]
    values = parse_int_list(text, max_items=8, max_digits=9)
    if len(values) != 4:
        raise ParseError(f"expected the four values of r0, r1, r2, r3, got {len(values)} numbers")
    return values


class RegisterMachine(Environment):
    id = "code/register_machine"
    version = 1
    description = "Give the registers of a tiny assembly machine (MOV/ADD/SUB/MUL/DEC/JNZ/JMP/HALT) when it halts."
    difficulty_scales = (
        "arithmetic instructions: 3 + d (slower past d=30); loop counts: 2 to 3 + d // 6; skips from d=2, "
        "loop counts taken from registers from d=4, if/else from d=5, nested loops from d=6; "
        "at most 150 + 25d steps"
    )
    size_name = "arithmetic instructions"
    answer_format = "the four final values of r0, r1, r2, r3 in that order, for example 5 0 -3 12"
    tags = ("code", "tracing", "machines")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        budget = operation_count(difficulty)
        while True:
            builder = _Builder(rng, difficulty)
            code = builder.program(budget, step_budget(difficulty))
            registers, _ = run(code, step_budget(difficulty))
            # A loop somewhere, and an end state that says something.
            if builder.loops and sum(value != 0 for value in registers) >= 2:
                break
        prompt = (
            f"{INSTRUCTION_SET}\n\nWhat are the values of r0, r1, r2 and r3 when this program halts?\n\n{listing(code)}"
        )
        return Instance(
            prompt=prompt, answer=" ".join(map(str, registers)), data={"registers": registers}, size=budget
        )

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        got = parse_registers(answer)
        for name, value, expected in zip(REGISTERS, got, data["registers"]):
            if value != expected:
                return Verdict.wrong(f"{name} is not {value} when the program halts")
        return Verdict.right()
