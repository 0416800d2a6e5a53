"""Kenken cages: their arithmetic, the value tuples that reach a cage's target, and random cage layouts.

An operation is ``+``, ``*``, ``-``, ``/`` or ``=`` (a one-cell cage that holds its target); ``-`` and ``/``
only on two cells (the larger value minus, or divided by, the smaller). Cages are lists of row-major cells.
"""

from __future__ import annotations

import random
from math import prod

from rlve_plugin_logic.solvers.latin_groups import pack
from rlve_plugin_logic.solvers.sliding import neighbours_of

#: How the prompt writes each operation.
SYMBOLS = {"+": "+", "*": "×", "-": "-", "/": "÷", "=": ""}


def cage_value(op: str, values: list[int]) -> int | None:
    """What ``values`` make under ``op``; None for a division that is not exact or a wrong cell count."""
    if op == "+":
        return sum(values)
    if op == "*":
        return prod(values)
    if op == "=":
        return values[0] if len(values) == 1 else None
    if len(values) != 2:
        return None
    big, small = max(values), min(values)
    if op == "-":
        return big - small
    return big // small if big % small == 0 else None


def operations(values: list[int]) -> list[tuple[str, int]]:
    """Every (operation, target) the values of a cage satisfy."""
    if len(values) == 1:
        return [("=", values[0])]
    out = [("+", sum(values)), ("*", prod(values))]
    if len(values) == 2:
        out.append(("-", max(values) - min(values)))
        if max(values) % min(values) == 0:
            out.append(("/", max(values) // min(values)))
    return out


def choose_operation(values: list[int], rng: random.Random) -> tuple[str, int]:
    """A random operation for a cage: two cells prefer ÷ (when exact) and -, bigger cages + or ×."""
    if len(values) == 1:
        return "=", values[0]
    if len(values) == 2:
        big, small = max(values), min(values)
        if big % small == 0 and rng.random() < 0.5:
            return "/", big // small
        roll = rng.random()
        if roll < 0.4:
            return "-", big - small
        return ("+", big + small) if roll < 0.7 else ("*", big * small)
    return ("+", sum(values)) if rng.random() < 0.5 else ("*", prod(values))


def cage_tuples(n: int, cells: list[int], op: str, target: int) -> list[int]:
    """Every tuple of values 1..n for ``cells`` that makes ``target`` under ``op``, packed; two cells of the
    cage in one row or column never share a value."""
    if op == "=":
        return [pack([target], n)] if 1 <= target <= n else []
    if op in "-/":
        out = []
        for small in range(1, n + 1):
            big = small + target if op == "-" else small * target
            if big <= n and big != small:
                out += [pack([big, small], n), pack([small, big], n)]
        return out
    k = len(cells)
    clash = [[y for y in range(x) if cells[x] // n == cells[y] // n or cells[x] % n == cells[y] % n] for x in range(k)]
    values = [0] * k
    out = []
    adding = op == "+"

    def extend(pos: int, reached: int, packed: int) -> None:
        if pos == k:
            if reached == target:
                out.append(packed)
            return
        rest = k - pos - 1
        taken = 0
        for y in clash[pos]:
            taken |= 1 << values[y]
        for v in range(1, n + 1):
            if taken >> v & 1:
                continue
            if adding:
                total = reached + v
                if total + rest > target:
                    break
                if total + rest * n < target:
                    continue
            else:
                total = reached * v
                if target % total:
                    continue
            values[pos] = v
            extend(pos + 1, total, packed | 1 << (pos * n + v - 1))

    extend(0, 0 if adding else 1, 0)
    return out


def random_cages(n: int, singles: list[int], max_size: int, rng: random.Random) -> list[list[int]] | None:
    """A random split of the board into connected cages: each cell of ``singles`` alone, every other cage of
    2 to ``max_size`` cells (a cell left alone joins a neighbouring cage, which may then have one more);
    None when a lone cell has no cage to join."""
    neighbours = neighbours_of(n, n)
    cage_of = [-1] * (n * n)
    for cell in singles:
        cage_of[cell] = -2
    order = [i for i in range(n * n) if cage_of[i] == -1]
    rng.shuffle(order)
    cages: list[list[int]] = []
    for cell in order:
        if cage_of[cell] != -1:
            continue
        size = rng.randint(2, max_size)
        members = [cell]
        cage_of[cell] = len(cages)
        while len(members) < size:
            frontier = [m for i in members for m in neighbours[i] if cage_of[m] == -1]
            if not frontier:
                break
            pick = rng.choice(frontier)
            cage_of[pick] = len(cages)
            members.append(pick)
        cages.append(members)
    for members in cages:
        if len(members) == 1:
            cell = members[0]
            joinable = [cage_of[m] for m in neighbours[cell] if cage_of[m] >= 0 and len(cages[cage_of[m]]) > 1]
            joinable = [g for g in joinable if len(cages[g]) <= max_size]
            if not joinable:
                return None
            g = rng.choice(joinable)
            cages[g].append(cell)
            cage_of[cell] = g
            members.clear()
    return [sorted(members) for members in cages if members] + [[cell] for cell in singles]
