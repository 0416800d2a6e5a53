"""Reading programs the model writes for the pack's stack machine (``stackvm``) and register machine
(``environments/register_machine``), and running a stack program with bounds.

Model text is only parsed, line by line with bounded patterns, into the same instructions our generators
emit; it is never executed as Python. ``stackvm.run`` bounds steps but not values (a loop squaring a number
would make it slower at every step), so ``run_stack`` runs a written program with the same semantics and a
bound on values and on the stack as well. The register machine's own ``run`` already bounds both.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int
from rlve_plugin_code.stackvm import BINARY_OPERATIONS, Instruction

#: Most instructions a written program may have.
MAX_INSTRUCTIONS = 2_000
#: Values a written stack program may compute, and the deepest stack it may build.
MAX_VALUE = 10**12
MAX_STACK = 10_000

STACK_BINARY = BINARY_OPERATIONS
STACK_PLAIN = set(STACK_BINARY) | {"ABS", "NOT", "PRINT"}
STACK_WITH_NUMBER = {"PUSH"}
STACK_WITH_NAME = {"LOAD", "STORE"}
STACK_JUMPS = {"JMP", "JZ"}

_NUMBERED = re.compile(r"([0-9]{1,5})\s*[:.)]\s*(.*)")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")


class MachineError(Exception):
    """A written program failed on an input (a short reason for the verdict)."""


def program_lines(text: str) -> list[str]:
    """The instruction lines: blank lines dropped, and the optional numbering ``7: ADD`` checked to count
    0, 1, 2, ... (jumps name those numbers). There are no comments: text after an instruction is an error."""
    if text.count("\n") > 2 * MAX_INSTRUCTIONS:
        raise ParseError(f"a program has at most {MAX_INSTRUCTIONS} instructions")
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        # The common numbering, "12: PUSH 3", is split without the pattern (this runs once per line of every
        # answer checked); any other line goes through _NUMBERED, which accepts the same and more.
        number, colon, rest = line.partition(":")
        if colon and 0 < len(number) <= 5 and number.isascii() and number.isdigit():
            if int(number) != len(lines):
                raise ParseError(f"instruction {len(lines)} is numbered {number}")
            line = rest.strip()
        else:
            numbered = _NUMBERED.fullmatch(line)
            if numbered:
                if int(numbered.group(1)) != len(lines):
                    raise ParseError(f"instruction {len(lines)} is numbered {numbered.group(1)}")
                line = numbered.group(2).strip()
        lines.append(line)
        if len(lines) > MAX_INSTRUCTIONS:
            raise ParseError(f"a program has at most {MAX_INSTRUCTIONS} instructions")
    if not lines:
        raise ParseError("the answer holds no instructions")
    return lines


def _target(text: str, count: int, where: int) -> int:
    target = parse_int(text, max_digits=5)
    if not 0 <= target <= count:
        raise ParseError(f"instruction {where} jumps to {target}, outside the program (0 to {count})")
    return target


#: Instruction lines read before, in any program (``LOAD v``, ``PUSH 0``, ``ADD``: answers repeat a few hundred
#: lines), and what they read as; jumps are left out, since whether a target is valid depends on the program.
#: Only valid lines get in, each a few dozen characters, and it is emptied when full.
_READ_BEFORE: dict[str, Instruction] = {}
READ_BEFORE_SIZE = 4096


def parse_stack_program(text: str) -> list[Instruction]:
    """A stack-machine program, one instruction a line (``PUSH 3``, ``LOAD x``, ``JZ 12``, ``ADD``)."""
    lines = program_lines(text)
    code = []
    jumps: dict[str, Instruction] = {}  # a jump line read before in this program reads the same
    for index, line in enumerate(lines):
        known = _READ_BEFORE.get(line) or jumps.get(line)
        if known is not None:
            code.append(known)
            continue
        op, _, arg = line.partition(" ")
        op, arg = op.upper(), arg.strip()
        if op in STACK_PLAIN:
            if arg:
                raise ParseError(f"instruction {index}: {op} takes no argument")
            code.append(Instruction(op))
        elif op in STACK_WITH_NUMBER:
            code.append(Instruction(op, parse_int(arg, max_digits=12)))
        elif op in STACK_WITH_NAME:
            if not _NAME.fullmatch(arg):
                raise ParseError(f"instruction {index}: {op} needs a variable name, got {arg[:20]!r}")
            code.append(Instruction(op, arg))
        elif op in STACK_JUMPS:
            code.append(Instruction(op, _target(arg, len(lines), index)))
            jumps[line] = code[-1]
            continue
        else:
            raise ParseError(f"instruction {index}: unknown instruction {op[:20]!r}")
        if len(_READ_BEFORE) >= READ_BEFORE_SIZE:
            _READ_BEFORE.clear()
        _READ_BEFORE[line] = code[-1]
    return code


def run_stack(code: list[Instruction], variables: dict[str, int], max_steps: int) -> tuple[list[int], int]:
    """Run a parsed stack program from the given variables: its printed numbers and the instructions it ran;
    MachineError where it fails."""
    stack: list[int] = []
    values = dict(variables)
    output: list[int] = []
    pc = steps = 0
    ops = [(instruction.op, instruction.arg) for instruction in code]
    end = len(ops)
    while pc < end:
        steps += 1
        if steps > max_steps:
            raise MachineError(f"it runs more than {max_steps} instructions")
        op, arg = ops[pc]
        pc += 1
        if op == "LOAD":
            if arg not in values:
                raise MachineError(f"instruction {pc - 1} loads {arg}, which holds no value yet")
            stack.append(values[arg])
            if len(stack) > MAX_STACK:
                raise MachineError(f"the stack grows past {MAX_STACK} values")
        elif op == "PUSH":
            stack.append(arg)
            if len(stack) > MAX_STACK:
                raise MachineError(f"the stack grows past {MAX_STACK} values")
        elif op == "JMP":
            pc = arg
        elif not stack:
            raise MachineError(f"instruction {pc - 1} ({op}) pops an empty stack")
        elif op == "STORE":
            values[arg] = stack.pop()
        elif op == "JZ":
            if stack.pop() == 0:
                pc = arg
        elif op == "PRINT":
            output.append(stack.pop())
            if len(output) > 100:
                raise MachineError("it prints more than 100 numbers")
        elif op == "ABS":
            stack[-1] = abs(stack[-1])
        elif op == "NOT":
            stack[-1] = int(stack[-1] == 0)
        else:
            if len(stack) < 2:
                raise MachineError(f"instruction {pc - 1} ({op}) pops an empty stack")
            b = stack.pop()
            if b == 0 and (op == "DIV" or op == "MOD"):
                raise MachineError(f"instruction {pc - 1} ({op}) divides by 0")
            value = STACK_BINARY[op](stack[-1], b)
            if value > MAX_VALUE or value < -MAX_VALUE:
                raise MachineError(f"a value passes {MAX_VALUE:.0e} in absolute value")
            stack[-1] = value
    return output, steps


REGISTERS = ("r0", "r1", "r2", "r3")
_REGISTER_ARITY = {"MOV": 2, "ADD": 2, "SUB": 2, "MUL": 2, "DEC": 1, "JNZ": 2, "JMP": 1, "HALT": 0}


def parse_register_program(text: str) -> list[tuple]:
    """A register-machine program (``MOV r1, 5``, ``JNZ r2, 4``, ``HALT``) as the tuples
    ``register_machine.run`` executes."""
    lines = program_lines(text)
    code: list[tuple] = []
    read: dict[str, tuple] = {}  # a line read before reads the same
    for index, line in enumerate(lines):
        known = read.get(line)
        if known is not None:
            code.append(known)
            continue
        op, _, rest = line.partition(" ")
        op = op.upper()
        if op not in _REGISTER_ARITY:
            raise ParseError(f"instruction {index}: unknown instruction {op[:20]!r}")
        args = [arg.strip() for arg in rest.split(",")] if rest.strip() else []
        if len(args) != _REGISTER_ARITY[op]:
            raise ParseError(f"instruction {index}: {op} takes {_REGISTER_ARITY[op]} operands, got {len(args)}")
        if op == "JMP":
            code.append((op, _target(args[0], len(lines), index)))
            read[line] = code[-1]
            continue
        if args and args[0].lower() not in REGISTERS:
            raise ParseError(f"instruction {index}: {args[0][:20]!r} is not a register (r0 to r3)")
        if op == "JNZ":
            code.append((op, args[0].lower(), _target(args[1], len(lines), index)))
        elif op in ("DEC", "HALT"):
            code.append((op, *(arg.lower() for arg in args)))
        else:
            source = args[1].lower()
            value = source if source in REGISTERS else parse_int(source, max_digits=9)
            code.append((op, args[0].lower(), value))
        read[line] = code[-1]
    return code
