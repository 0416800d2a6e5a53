"""A written register-machine program compiled once into basic blocks of Python closures, to run it on many inputs
quickly (``RegisterBlocks``): code/register_program_synthesis runs each answer on 24 inputs.

``registers.run`` decodes every instruction on every step (and builds a small dict for each arithmetic one).
Here each instruction becomes a closure on a list of the four registers, each basic block (a straight run
between jumps and jump targets) runs its closures in a row, and the counting loop ``JNZ r, body`` / ``JMP out``
/ body ``JMP back`` runs as one Python while loop. Nothing here executes model text: the closures are built from
a fixed set of Python functions, with the parsed registers and numbers as data.

It is a fast path only. ``run`` returns the registers ``registers.run`` ends with where it can tell that
``registers.run`` stops without failing, and None wherever it cannot (``registers.run`` then gives the verdict):
the same step bound, counted per block (per loop pass), where a block (a pass) that would go past it is not
run, and the same value bound, checked after each MOV, ADD, SUB and MUL, as ``registers.run`` checks it (DEC is
not checked there, and not here).
"""

from __future__ import annotations

from collections.abc import Callable

from rlve_plugin_code.registers import MAX_VALUE, REGISTERS

INDEX = {name: number for number, name in enumerate(REGISTERS)}

Statement = Callable[[list[int]], None]


class Unsure(Exception):
    """The fast path cannot vouch for the outcome: ``registers.run`` decides."""


def statement(op: str, args: tuple) -> Statement:
    """One MOV, ADD, SUB, MUL (with the value bound) or DEC, on the list of registers."""
    target = INDEX[args[0]]
    if op == "DEC":

        def dec(registers):
            registers[target] -= 1

        return dec
    low, high = -MAX_VALUE, MAX_VALUE
    source = args[1]
    if isinstance(source, str):
        index = INDEX[source]
        if op == "MOV":

            def mov_register(registers):
                value = registers[index]
                if not low <= value <= high:
                    raise Unsure
                registers[target] = value

            return mov_register
        if op == "ADD":

            def add_register(registers):
                value = registers[target] + registers[index]
                if not low <= value <= high:
                    raise Unsure
                registers[target] = value

            return add_register
        if op == "SUB":

            def sub_register(registers):
                value = registers[target] - registers[index]
                if not low <= value <= high:
                    raise Unsure
                registers[target] = value

            return sub_register

        def mul_register(registers):
            value = registers[target] * registers[index]
            if not low <= value <= high:
                raise Unsure
            registers[target] = value

        return mul_register
    constant = source
    if op == "MOV":
        if not low <= constant <= high:
            raise Unsure  # registers.run fails on reaching it: leave the whole program to it

        def mov_constant(registers):
            registers[target] = constant

        return mov_constant
    if op == "ADD":

        def add_constant(registers):
            value = registers[target] + constant
            if not low <= value <= high:
                raise Unsure
            registers[target] = value

        return add_constant
    if op == "SUB":

        def sub_constant(registers):
            value = registers[target] - constant
            if not low <= value <= high:
                raise Unsure
            registers[target] = value

        return sub_constant

    def mul_constant(registers):
        value = registers[target] * constant
        if not low <= value <= high:
            raise Unsure
        registers[target] = value

    return mul_constant


class Block:
    """A straight run of instructions ``start .. end - 1`` and how it ends: ``jump`` is "JMP", "JNZ" (on
    register ``test``), "HALT", or None (it runs on into ``end``)."""

    def __init__(self, code: list[tuple], start: int, stop: int):
        self.start = start
        self.statements: list[Statement] = []
        self.jump: str | None = None
        self.to = stop
        self.test = 0
        self.end = stop
        for index in range(start, stop):
            op, *args = code[index]
            if op in ("JMP", "JNZ", "HALT"):
                self.jump, self.end = op, index + 1
                if op == "JMP":
                    self.to = args[0]
                elif op == "JNZ":
                    self.test, self.to = INDEX[args[0]], args[1]
                else:
                    self.to = len(code)  # HALT stops the machine as running past the end does
                break
            self.statements.append(statement(op, tuple(args)))
        self.size = self.end - self.start
        if self.jump is None:
            self.to = self.end

    def runner(self) -> Callable[[list[int]], int]:
        """Run the statements; return the next instruction."""
        statements, to, end, test = tuple(self.statements), self.to, self.end, self.test
        if self.jump == "JNZ":

            def run_test(registers):
                for each in statements:
                    each(registers)
                return to if registers[test] else end

            return run_test

        def run(registers):
            for each in statements:
                each(registers)
            return to

        return run


def leaders(code: list[tuple]) -> list[int]:
    starts = {0}
    for index, instruction in enumerate(code):
        if instruction[0] in ("JMP", "JNZ", "HALT"):
            starts.add(index + 1)
            if instruction[0] != "HALT":
                starts.add(instruction[-1])
    return sorted(start for start in starts if start < len(code))


def counting_loop(blocks: dict[int, Block], head: Block) -> Callable[[list[int], int], tuple[int, int]] | None:
    """``head: JNZ r, body`` then ``JMP out``, with ``body`` a straight block ending with ``JMP head``: the loop
    ``while r: body`` as one closure, (registers, steps left) -> (next instruction, steps taken); None for other
    shapes."""
    if head.jump != "JNZ" or head.statements:
        return None
    leave, body = blocks.get(head.end), blocks.get(head.to)
    if leave is None or body is None or leave.jump != "JMP" or leave.statements:
        return None
    if body.jump != "JMP" or body.to != head.start or body is head or body is leave:
        return None
    test, out, statements = head.test, leave.to, tuple(body.statements)
    per_pass, final = head.size + body.size, head.size + leave.size

    def loop(registers, budget):
        passes = (budget - final) // per_pass  # the passes that fit with the test and the jump that end the loop
        if passes < 0:
            raise Unsure
        done = 0
        while registers[test]:
            if done == passes:
                raise Unsure
            done += 1
            for each in statements:
                each(registers)
        return out, done * per_pass + final

    return loop


class RegisterBlocks:
    """A parsed register program (``machine_programs.parse_register_program``) compiled for ``run``; programs with
    a MOV of a constant beyond the value bound are left to ``registers.run`` (``run`` gives None)."""

    def __init__(self, code: list[tuple]):
        self.end = len(code)
        self.entries: dict[int, tuple[int, Callable]] = {}
        try:
            starts = leaders(code)
            blocks = {start: Block(code, start, stop) for start, stop in zip(starts, starts[1:] + [len(code)])}
        except Unsure:
            self.sure = False
            return
        self.sure = True
        for start, block in blocks.items():
            loop = counting_loop(blocks, block)
            self.entries[start] = (0, loop) if loop is not None else (block.size, block.runner())

    def run(self, registers: list[int], max_steps: int) -> list[int] | None:
        """The registers at the end, where ``registers.run`` ends with them without failing; None where it fails
        or may fail."""
        if not self.sure:
            return None
        values = list(registers)
        entries, end = self.entries, self.end
        pc = steps = 0
        try:
            while pc < end:
                size, run = entries[pc]
                if not size:  # a loop
                    pc, used = run(values, max_steps - steps)
                    steps += used
                    continue
                steps += size
                if steps > max_steps:
                    return None
                pc = run(values)
        except Unsure:
            return None
        return values
