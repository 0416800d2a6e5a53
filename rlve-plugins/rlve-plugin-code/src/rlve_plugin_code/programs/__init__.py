"""Small integer programs: a tree, a random generator, our own interpreter, and a Python rendering.

Environments that ask what a program prints or computes never execute model text, and do not execute the
program as Python either: the interpreter here is the reference. Its semantics are Python's (floor division
and modulo by positive constants, min, max, abs), and the package tests check that running the rendered
Python gives the same results.

- ``tree.py``: the nodes (``Const``, ``Var``, ``Bin``, ... ``Program``);
- ``interpreter.py``: ``execute`` and ``result_of``, with a step budget (``OutOfSteps``);
- ``render.py``: the program as Python source;
- ``generator.py``: ``draw_program`` within ``Settings``.
"""

from rlve_plugin_code.programs.generator import (
    COUNTERS,
    LOOP_VARIABLES,
    VARIABLES,
    Settings,
    draw_program,
    has_variable,
)
from rlve_plugin_code.programs.interpreter import OutOfSteps, Run, evaluate, execute, result_of, test
from rlve_plugin_code.programs.render import render, render_block, render_cond, render_expr
from rlve_plugin_code.programs.tree import (
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
    count_statements,
)

__all__ = [
    "COUNTERS",
    "LOOP_VARIABLES",
    "VARIABLES",
    "Assign",
    "AugAssign",
    "Bin",
    "BoolOp",
    "Call",
    "Compare",
    "Cond",
    "Const",
    "Expr",
    "For",
    "If",
    "Not",
    "OutOfSteps",
    "Print",
    "Program",
    "Run",
    "Settings",
    "Stmt",
    "Var",
    "While",
    "count_statements",
    "draw_program",
    "evaluate",
    "execute",
    "has_variable",
    "render",
    "render_block",
    "render_cond",
    "render_expr",
    "result_of",
    "test",
]
