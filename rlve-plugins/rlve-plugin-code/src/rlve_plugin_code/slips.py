"""One-slip mutants of the pack's generated functions, and covering them with few inputs.

A *slip* is one comparison of an ``if`` swapped for its neighbour (``<`` for ``<=``) or one constant off by
one; ``candidate_slips`` keeps those that change the function's result on only a few inputs (found by
running probed lanes). ``code/distinguishing_input`` asks for an input telling a slip apart,
``code/mutant_killing_tests`` and ``code/branch_coverage_inputs`` for a few inputs covering several.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rlve_plugin_code.input_search import (
    PROBE,
    LaneRun,
    Snapshot,
    lane_tests,
    probe,
    statement_at,
    statement_paths,
)
from rlve_plugin_code.programs import (
    Assign,
    AugAssign,
    Bin,
    BoolOp,
    Call,
    Compare,
    Cond,
    Const,
    For,
    If,
    Not,
    Program,
    Stmt,
    Var,
    While,
)
from rlve_plugin_code.reading_tasks import insert_before

#: Slips of a comparison that move its boundary by one.
NEIGHBOURS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}


def comparison_slips(cond: Cond, path: tuple) -> list[tuple[tuple, Compare]]:
    """Every slip of one comparison in ``cond``: its operator swapped for the neighbour, or its constant off by one."""
    if isinstance(cond, BoolOp):
        return comparison_slips(cond.left, path + ("left",)) + comparison_slips(cond.right, path + ("right",))
    if isinstance(cond, Not):
        return comparison_slips(cond.operand, path + ("operand",))
    found = []
    if cond.op in NEIGHBOURS:
        found.append((path, replace(cond, op=NEIGHBOURS[cond.op])))
    if isinstance(cond.right, Const):
        found += [(path, replace(cond, right=Const(cond.right.value + delta))) for delta in (-1, 1)]
    return found


def probed(program: Program) -> Program:
    """``program`` with a probe just before every if statement, named after the if's position."""
    inserts = {
        path: (probe(f"{PROBE}{number}"),)
        for number, path in enumerate(statement_paths(program.body))
        if isinstance(statement_at(program.body, path), If)
    }
    return replace(program, body=insert_before(program.body, inserts))


def names_in(node: Any) -> set[str]:
    """The variables an expression or a condition reads."""
    if isinstance(node, Var):
        return {node.name}
    if isinstance(node, (Bin, Compare, BoolOp)):
        return names_in(node.left) | names_in(node.right)
    if isinstance(node, Call):
        return set().union(*(names_in(arg) for arg in node.args))
    if isinstance(node, Not):
        return names_in(node.operand)
    return set()


def live_ifs(body: tuple[Stmt, ...], live: set[str], found: set[int]) -> set[str]:
    """Liveness, backwards from ``live`` (the variables read after ``body``): adds to ``found`` the id of
    every if with a statement in a branch whose value can reach the result, and returns the variables live
    before ``body``. A slip in any other if changes nothing the function returns."""
    live = set(live)
    for stmt in reversed(body):
        if isinstance(stmt, Assign):
            if stmt.name in live:
                live = (live - {stmt.name}) | names_in(stmt.value)
        elif isinstance(stmt, AugAssign):
            if stmt.name in live:
                live |= names_in(stmt.value)
        elif isinstance(stmt, If):
            after = set(live)
            branches = live_ifs(stmt.body, after, found) | live_ifs(stmt.orelse, after, found)
            if _writes_live(stmt, after):
                found.add(id(stmt))
            live = branches | after | names_in(stmt.test)
        elif isinstance(stmt, (For, While)):
            # Twice round the loop: what the body reads on a later pass may be written by an earlier one.
            around = set(live)
            for _ in range(2):
                around |= live_ifs(stmt.body, around, found)
            live = around | (names_in(stmt.test) if isinstance(stmt, While) else set())
            if isinstance(stmt, For):
                live.discard(stmt.var)
    return live


def _writes_live(stmt: If, live: set[str]) -> bool:
    """Whether a branch of ``stmt`` writes a variable that is live after it (at any depth)."""
    written = set()
    for inner in _flatten(stmt.body + stmt.orelse):
        if isinstance(inner, (Assign, AugAssign)):
            written.add(inner.name)
    return bool(written & live)


def _flatten(body: tuple[Stmt, ...]) -> list[Stmt]:
    every: list[Stmt] = []
    for stmt in body:
        every.append(stmt)
        if isinstance(stmt, If):
            every += _flatten(stmt.body + stmt.orelse)
        elif isinstance(stmt, (For, While)):
            every += _flatten(stmt.body)
    return every


def constant_slips(expr: Any, path: tuple, role: str = "") -> list[tuple[tuple, Const]]:
    """Every constant of an expression off by one (a divisor stays at least 2, and no "x + 0" or "x * 0")."""
    if isinstance(expr, Const):
        values = (expr.value - 1, expr.value + 1)
        return [(path, Const(v)) for v in values if not (role == "divisor" and v < 2) and not (role and v == 0)]
    if isinstance(expr, Bin):
        right = "divisor" if expr.op in ("//", "%") else "operand"
        return constant_slips(expr.left, path + ("left",), "operand") + constant_slips(
            expr.right, path + ("right",), right
        )
    if isinstance(expr, Call):
        return [slip for index, arg in enumerate(expr.args) for slip in constant_slips(arg, path + ("args", index))]
    return []


def candidate_slips(program: Program, run: LaneRun, most: int) -> list[tuple[tuple, Any, list[int]]]:
    """Slips of ``program`` (a ``probed`` one) that can change the result in 1 to ``most`` lanes, as (path, new
    part, the lanes it can change), only in ifs whose branches write something the result may read:

    - a comparison of an if slipped, where that flips the if's outcome in 1 to ``most`` lanes;
    - a constant off by one in an assignment of a branch that 1 to ``most`` lanes take.

    Only those lanes can return something else, so these are the slips worth running, and only on them."""
    snapshots: dict[str, list[Snapshot]] = {}
    for snapshot in run.snapshots:
        snapshots.setdefault(snapshot.probe, []).append(snapshot)
    live: set[int] = set()
    live_ifs(program.body, names_in(program.result), live)
    found: list[tuple[tuple, Any, list[int]]] = []
    for path in statement_paths(program.body):
        stmt = statement_at(program.body, path)
        if not isinstance(stmt, If) or id(stmt) not in live:
            continue
        seen = snapshots.get(statement_at(program.body, path[:-1] + (path[-1] - 1,)).name, [])
        outcomes = [(snapshot, lane_tests(stmt.test, snapshot)) for snapshot in seen]
        for where, new in comparison_slips(stmt.test, ()):
            test = rebuilt(stmt.test, where, new)
            flipped: set[int] = set()
            for snapshot, old in outcomes:
                changed = lane_tests(test, snapshot)
                flipped.update(lane for lane, a, b in zip(snapshot.lanes, old, changed) if a != b)
            if 1 <= len(flipped) <= most:
                found.append((path + ("test",) + where, new, sorted(flipped)))
        for branch, taken in (("body", True), ("orelse", False)):
            lanes = sorted({lane for snapshot, old in outcomes for lane, a in zip(snapshot.lanes, old) if a == taken})
            if not 1 <= len(lanes) <= most:
                continue
            for index, inner in enumerate(getattr(stmt, branch)):
                if isinstance(inner, (Assign, AugAssign)) and not inner.name.startswith(PROBE):
                    where = path + (branch, index, "value")
                    found += [(where + part, new, lanes) for part, new in constant_slips(inner.value, ())]
    return found


def rebuilt(node: Any, path: tuple, new: Any) -> Any:
    """``node`` with the part at ``path`` replaced by ``new``."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(node, tuple):
        return node[:head] + (rebuilt(node[head], rest, new),) + node[head + 1 :]
    return replace(node, **{head: rebuilt(getattr(node, head), rest, new)})


def greedy_cover(kills: list[set[int]]) -> list[int]:
    """Inputs that together kill every mutant (``kills[j]``: the inputs that kill mutant j), picked greedily:
    each time the input that kills most of the mutants still alive, the smallest on a tie."""
    alive = set(range(len(kills)))
    chosen: list[int] = []
    while alive:
        counts: dict[int, int] = {}
        for j in alive:
            for n in kills[j]:
                counts[n] = counts.get(n, 0) + 1
        best = min(counts, key=lambda n: (-counts[n], n))
        chosen.append(best)
        alive = {j for j in alive if best not in kills[j]}
    return chosen
