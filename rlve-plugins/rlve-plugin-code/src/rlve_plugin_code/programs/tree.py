"""The tree of a small integer program: expressions, conditions, statements and the program."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Const:
    value: int


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Bin:
    op: str  # + - * // %
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Call:
    name: str  # min max abs
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Compare:
    op: str  # < <= > >= == !=
    left: Expr
    right: Expr


@dataclass(frozen=True)
class BoolOp:
    op: str  # and or
    left: Cond
    right: Cond


@dataclass(frozen=True)
class Not:
    operand: Cond


@dataclass(frozen=True)
class Assign:
    name: str
    value: Expr


@dataclass(frozen=True)
class AugAssign:
    name: str
    op: str  # + - *
    value: Expr


@dataclass(frozen=True)
class If:
    test: Cond
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] = ()


@dataclass(frozen=True)
class For:
    var: str
    start: int
    stop: int
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class While:
    test: Cond
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Print:
    value: Expr


Expr = Const | Var | Bin | Call
Cond = Compare | BoolOp | Not
Stmt = Assign | AugAssign | If | For | While | Print


@dataclass(frozen=True)
class Program:
    body: tuple[Stmt, ...]
    params: tuple[str, ...] = ()
    result: Expr | None = None  # a function's return value

    @property
    def statements(self) -> int:
        return count_statements(self.body)


def count_statements(body: tuple[Stmt, ...]) -> int:
    total = 0
    for stmt in body:
        total += 1
        if isinstance(stmt, If):
            total += count_statements(stmt.body) + count_statements(stmt.orelse)
        elif isinstance(stmt, (For, While)):
            total += count_statements(stmt.body)
    return total
