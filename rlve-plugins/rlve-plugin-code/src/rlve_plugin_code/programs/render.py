"""Rendering a program tree as Python source."""

from __future__ import annotations

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
    Program,
    Stmt,
    Var,
    While,
)

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2}


def render_expr(expr: Expr) -> str:
    if isinstance(expr, Const):
        return str(expr.value) if expr.value >= 0 else f"({expr.value})"
    if isinstance(expr, Var):
        return expr.name
    if isinstance(expr, Call):
        return f"{expr.name}({', '.join(render_expr(arg) for arg in expr.args)})"
    own = _PRECEDENCE[expr.op]
    left = render_expr(expr.left)
    if isinstance(expr.left, Bin) and _PRECEDENCE[expr.left.op] < own:
        left = f"({left})"
    right = render_expr(expr.right)
    if isinstance(expr.right, Bin) and _PRECEDENCE[expr.right.op] <= own:
        right = f"({right})"
    return f"{left} {expr.op} {right}"


def render_cond(cond: Cond) -> str:
    if isinstance(cond, Compare):
        return f"{render_expr(cond.left)} {cond.op} {render_expr(cond.right)}"
    if isinstance(cond, BoolOp):
        parts = [render_cond(side) for side in (cond.left, cond.right)]
        parts = [
            f"({part})" if isinstance(side, BoolOp) else part for part, side in zip(parts, (cond.left, cond.right))
        ]
        return f" {cond.op} ".join(parts)
    inner = render_cond(cond.operand)
    return f"not ({inner})" if not isinstance(cond.operand, Not) else f"not {inner}"


def render_block(body: tuple[Stmt, ...], indent: int) -> list[str]:
    pad = "    " * indent
    lines: list[str] = []
    for stmt in body:
        if isinstance(stmt, Assign):
            lines.append(f"{pad}{stmt.name} = {render_expr(stmt.value)}")
        elif isinstance(stmt, AugAssign):
            lines.append(f"{pad}{stmt.name} {stmt.op}= {render_expr(stmt.value)}")
        elif isinstance(stmt, If):
            lines.append(f"{pad}if {render_cond(stmt.test)}:")
            lines += render_block(stmt.body, indent + 1)
            if stmt.orelse:
                lines.append(f"{pad}else:")
                lines += render_block(stmt.orelse, indent + 1)
        elif isinstance(stmt, For):
            bounds = str(stmt.stop) if stmt.start == 0 else f"{stmt.start}, {stmt.stop}"
            lines.append(f"{pad}for {stmt.var} in range({bounds}):")
            lines += render_block(stmt.body, indent + 1)
        elif isinstance(stmt, While):
            lines.append(f"{pad}while {render_cond(stmt.test)}:")
            lines += render_block(stmt.body, indent + 1)
        else:
            lines.append(f"{pad}print({render_expr(stmt.value)})")
    return lines


def render(program: Program, name: str = "f") -> str:
    if not program.params:
        return "\n".join(render_block(program.body, 0)) + "\n"
    lines = [f"def {name}({', '.join(program.params)}):"] + render_block(program.body, 1)
    if program.result is not None:
        lines.append(f"    return {render_expr(program.result)}")
    return "\n".join(lines) + "\n"
