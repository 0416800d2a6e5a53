"""The register machine of ``code/register_machine`` and ``code/register_program_synthesis``: four
registers, eight instructions (documented in ``INSTRUCTION_SET``, which both prompts quote), an interpreter
with a step bound and a value bound, and the numbered listing the prompts show.
"""

from __future__ import annotations

REGISTERS = ("r0", "r1", "r2", "r3")
#: Values a register may reach: the task is following the jumps, not multiplying huge numbers.
MAX_VALUE = 10**6

INSTRUCTION_SET = """The machine has four integer registers r0, r1, r2 and r3, all 0 at the start, and runs its program
one instruction at a time, starting at instruction 0. Numbers have no size limit (nothing overflows). Below,
a is a register and b is a register or an integer constant:

  MOV a, b    set a to the value of b
  ADD a, b    a = a + b
  SUB a, b    a = a - b
  MUL a, b    a = a * b
  DEC a       a = a - 1
  JNZ a, k    if a is not 0, continue at instruction k; if a is 0, go on with the next instruction
  JMP k       continue at instruction k
  HALT        stop the machine

Every instruction except JNZ, JMP and HALT goes on with the next instruction."""


class OutOfSteps(Exception):
    pass


def run(code: list[tuple], max_steps: int, registers: list[int] | None = None, start: int = 0) -> tuple[list[int], int]:
    """Run ``code`` from instruction ``start`` until HALT or until it runs past its last instruction; returns the
    registers and the steps taken.

    Raises OutOfSteps past ``max_steps`` instructions, or when a register leaves +-MAX_VALUE (the generator
    then draws another piece of program).
    """
    values = dict(zip(REGISTERS, registers or [0, 0, 0, 0]))
    pc, steps = start, 0
    while pc < len(code):
        steps += 1
        if steps > max_steps:
            raise OutOfSteps
        op, *args = code[pc]
        pc += 1
        if op == "HALT":
            break
        if op == "JMP":
            pc = args[0]
        elif op == "JNZ":
            if values[args[0]] != 0:
                pc = args[1]
        elif op == "DEC":
            values[args[0]] -= 1
        else:
            target, source = args
            value = values[source] if isinstance(source, str) else source
            current = values[target]
            values[target] = {"MOV": value, "ADD": current + value, "SUB": current - value}.get(op, current * value)
            if abs(values[target]) > MAX_VALUE:
                raise OutOfSteps
    return [values[name] for name in REGISTERS], steps


def listing(code: list[tuple]) -> str:
    width = len(str(len(code) - 1))
    lines = []
    for index, (op, *args) in enumerate(code):
        text = op if not args else f"{op} {', '.join(str(arg) for arg in args)}"
        lines.append(f"{index:>{width}}: {text}")
    return "\n".join(lines)
