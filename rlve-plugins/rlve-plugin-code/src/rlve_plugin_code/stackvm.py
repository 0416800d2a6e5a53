"""A stack machine, its instruction set as the prompt explains it, and a compiler from programs.py."""

from __future__ import annotations

from dataclasses import dataclass

from rlve_plugin_code.programs import (
    Assign,
    AugAssign,
    Bin,
    BoolOp,
    Call,
    Compare,
    Cond,
    Const,
    Expr,
    For,
    If,
    Not,
    Print,
    Program,
    Stmt,
    Var,
    While,
)

INSTRUCTION_SET = """The machine has a stack of integers, named integer variables, and a program counter starting at
instruction 0. It executes one instruction at a time and stops after the last one.

  PUSH n      push the number n
  LOAD x      push the value of variable x
  STORE x     pop a value and store it in variable x
  ADD SUB MUL DIV MOD MIN MAX
              pop b, then pop a, and push a + b, a - b, a * b, a // b (division rounded down, towards
              minus infinity), a % b (remainder with the sign of b, as in Python), min(a, b) or max(a, b)
  ABS         pop a and push its absolute value
  LT LE GT GE EQ NE
              pop b, then pop a, and push 1 if a < b (a <= b, a > b, a >= b, a == b, a != b), else 0
  AND OR      pop b, then pop a, and push 1 if both (at least one) of them are not 0, else 0
  NOT         pop a and push 1 if a is 0, else 0
  JMP k       continue at instruction k
  JZ k        pop a; if a is 0, continue at instruction k, otherwise with the next instruction
  PRINT       pop a value and print it"""

_BINARY = {"+": "ADD", "-": "SUB", "*": "MUL", "//": "DIV", "%": "MOD"}
_COMPARE = {"<": "LT", "<=": "LE", ">": "GT", ">=": "GE", "==": "EQ", "!=": "NE"}


@dataclass(frozen=True)
class Instruction:
    op: str
    arg: int | str | None = None

    def text(self) -> str:
        return self.op if self.arg is None else f"{self.op} {self.arg}"


class _Compiler:
    def __init__(self) -> None:
        self.code: list[list] = []  # [op, arg]; jump targets patched once known

    def emit(self, op: str, arg: int | str | None = None) -> int:
        self.code.append([op, arg])
        return len(self.code) - 1

    def expr(self, expr: Expr) -> None:
        if isinstance(expr, Const):
            self.emit("PUSH", expr.value)
        elif isinstance(expr, Var):
            self.emit("LOAD", expr.name)
        elif isinstance(expr, Bin):
            self.expr(expr.left)
            self.expr(expr.right)
            self.emit(_BINARY[expr.op])
        else:
            assert isinstance(expr, Call)
            for arg in expr.args:
                self.expr(arg)
            self.emit(expr.name.upper())

    def cond(self, cond: Cond) -> None:
        if isinstance(cond, Compare):
            self.expr(cond.left)
            self.expr(cond.right)
            self.emit(_COMPARE[cond.op])
        elif isinstance(cond, BoolOp):
            self.cond(cond.left)
            self.cond(cond.right)
            self.emit(cond.op.upper())
        else:
            assert isinstance(cond, Not)
            self.cond(cond.operand)
            self.emit("NOT")

    def block(self, body: tuple[Stmt, ...]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, stmt: Stmt) -> None:
        if isinstance(stmt, Assign):
            self.expr(stmt.value)
            self.emit("STORE", stmt.name)
        elif isinstance(stmt, AugAssign):
            self.emit("LOAD", stmt.name)
            self.expr(stmt.value)
            self.emit(_BINARY[stmt.op])
            self.emit("STORE", stmt.name)
        elif isinstance(stmt, Print):
            self.expr(stmt.value)
            self.emit("PRINT")
        elif isinstance(stmt, If):
            self.cond(stmt.test)
            to_else = self.emit("JZ")
            self.block(stmt.body)
            if stmt.orelse:
                to_end = self.emit("JMP")
                self.code[to_else][1] = len(self.code)
                self.block(stmt.orelse)
                self.code[to_end][1] = len(self.code)
            else:
                self.code[to_else][1] = len(self.code)
        elif isinstance(stmt, For):
            self.emit("PUSH", stmt.start)
            self.emit("STORE", stmt.var)
            top = len(self.code)
            self.emit("LOAD", stmt.var)
            self.emit("PUSH", stmt.stop)
            self.emit("LT")
            exit_jump = self.emit("JZ")
            self.block(stmt.body)
            for op, arg in (("LOAD", stmt.var), ("PUSH", 1), ("ADD", None), ("STORE", stmt.var), ("JMP", top)):
                self.emit(op, arg)
            self.code[exit_jump][1] = len(self.code)
        else:
            assert isinstance(stmt, While)
            top = len(self.code)
            self.cond(stmt.test)
            exit_jump = self.emit("JZ")
            self.block(stmt.body)
            self.emit("JMP", top)
            self.code[exit_jump][1] = len(self.code)


def compile_program(program: Program) -> list[Instruction]:
    compiler = _Compiler()
    compiler.block(program.body)
    return [Instruction(op, arg) for op, arg in compiler.code]


#: The two-operand instructions: pop b, pop a, push op(a, b) (comparisons and logic push 1 or 0).
BINARY_OPERATIONS = {
    "ADD": lambda a, b: a + b,
    "SUB": lambda a, b: a - b,
    "MUL": lambda a, b: a * b,
    "DIV": lambda a, b: a // b,
    "MOD": lambda a, b: a % b,
    "MIN": min,
    "MAX": max,
    "LT": lambda a, b: int(a < b),
    "LE": lambda a, b: int(a <= b),
    "GT": lambda a, b: int(a > b),
    "GE": lambda a, b: int(a >= b),
    "EQ": lambda a, b: int(a == b),
    "NE": lambda a, b: int(a != b),
    "AND": lambda a, b: int(a != 0 and b != 0),
    "OR": lambda a, b: int(a != 0 or b != 0),
}


class OutOfSteps(Exception):
    pass


def run(code: list[Instruction], max_steps: int = 1_000_000) -> list[int]:
    """Execute ``code`` and return what it printed."""
    stack: list[int] = []
    variables: dict[str, int] = {}
    output: list[int] = []
    pc = steps = 0
    while pc < len(code):
        steps += 1
        if steps > max_steps:
            raise OutOfSteps
        instruction = code[pc]
        op, arg = instruction.op, instruction.arg
        pc += 1
        if op == "PUSH":
            stack.append(arg)
        elif op == "LOAD":
            stack.append(variables[arg])
        elif op == "STORE":
            variables[arg] = stack.pop()
        elif op in BINARY_OPERATIONS:
            b, a = stack.pop(), stack.pop()
            stack.append(BINARY_OPERATIONS[op](a, b))
        elif op == "ABS":
            stack.append(abs(stack.pop()))
        elif op == "NOT":
            stack.append(int(stack.pop() == 0))
        elif op == "JMP":
            pc = arg
        elif op == "JZ":
            if stack.pop() == 0:
                pc = arg
        elif op == "PRINT":
            output.append(stack.pop())
        else:  # pragma: no cover - the compiler emits nothing else
            raise ValueError(f"unknown instruction {op}")
    return output


def listing(code: list[Instruction]) -> str:
    width = len(str(len(code) - 1))
    return "\n".join(f"{index:>{width}}: {instruction.text()}" for index, instruction in enumerate(code))
