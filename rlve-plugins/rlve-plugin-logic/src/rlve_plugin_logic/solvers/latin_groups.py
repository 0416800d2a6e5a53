"""Latin squares whose groups of cells must take one of a list of allowed value tuples: the lines of a
skyscrapers puzzle (the orders its clues allow), the cages of a kenken (the tuples that make the target).

A tuple of values for the cells of a group is packed into one int, value ``v`` of the group's ``i``-th cell
at bit ``i * n + v - 1``; the candidate masks of those cells (``solvers.latin``: bit ``v - 1`` for ``v``)
pack the same way, and a tuple fits them exactly when ``tuple & masks == tuple`` (each field of a packed
tuple has one bit). A group's propagator keeps the fitting tuples and hands back their union, unpacked:
the values each cell can still take. The groups plug into ``LatinProblem`` as its line rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rlve_plugin_logic.solvers.latin import LatinProblem, LinePropagator

#: A group: its cells (row-major indices) and its allowed tuples, packed.
Group = tuple[tuple[int, ...], list[int]]


def pack(values: Sequence[int], n: int) -> int:
    """The values of a group's cells (each 1..n), packed."""
    packed = 0
    for i, v in enumerate(values):
        packed |= 1 << (i * n + v - 1)
    return packed


def group_rule(n: int, allowed: list[int]) -> LinePropagator:
    """The propagator of one group: candidate masks in, masks trimmed to the fitting tuples out (or None).

    The same masks come back many times in one solve (every propagation round asks every group), so the
    answers are kept for the life of the rule, that is of one puzzle.
    """
    field = (1 << n) - 1
    seen: dict[tuple[int, ...], list[int] | None] = {}

    def rule(masks: list[int]) -> list[int] | None:
        key = tuple(masks)
        if key in seen:
            return seen[key]
        packed = 0
        for i, mask in enumerate(masks):
            packed |= mask << (i * n)
        union = 0
        for p in allowed:
            if p & packed == p:
                union |= p
        trimmed = [(union >> (i * n)) & field for i in range(len(masks))] if union else None
        seen[key] = trimmed
        return trimmed

    return rule


def place_givens(
    n: int, solution: list[int], count: int, groups: Sequence[Group], rng: random.Random, node_limit: int
) -> dict[int, int] | None:
    """Exactly ``count`` given cells that, with the groups, leave ``solution`` the only solution; None when
    this solution needs more (the caller draws another).

    Half of them go at random; then, while a second solution exists, one goes where it differs from
    ``solution`` (or at random while the search runs over its node budget); the rest at random.
    """
    n2 = n * n
    rules = [(cells, group_rule(n, allowed)) for cells, allowed in groups]  # one memo for every solve below
    givens = {cell: solution[cell] for cell in rng.sample(range(n2), count // 2)}
    while True:
        found, complete = LatinProblem(n, givens, (), rules).solve(2, node_limit)
        if complete and len(found) == 1:
            break
        if len(givens) >= count or (complete and not found):
            return None
        if complete:
            other = found[0] if found[0] != solution else found[1]
            cell = rng.choice([i for i in range(n2) if other[i] != solution[i]])
        else:
            cell = rng.choice([i for i in range(n2) if i not in givens])
        givens[cell] = solution[cell]
    free = [i for i in range(n2) if i not in givens]
    for cell in rng.sample(free, count - len(givens)):
        givens[cell] = solution[cell]
    return givens
