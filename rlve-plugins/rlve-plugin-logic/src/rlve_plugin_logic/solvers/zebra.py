"""Zebra (Einstein) puzzles: the clue relations, a bitmask solver, and the generator.

A puzzle has ``k`` houses in a row and ``m`` attributes, each with ``k`` values; every house has exactly
one value of each attribute. Variable ``a * k + i`` is value ``i`` of attribute ``a``; its domain is a
bitmask of the houses (bit ``p`` = house ``p``, 0-based) it may be in.

Clues are lists ``[kind, x, y, gap]`` (``gap`` only for ``"gap"``): ``same`` (x and y are in one house),
``not_same``, ``left`` (x directly left of y), ``before`` (x somewhere left of y), ``next`` (neighbours),
``gap`` (exactly ``gap`` houses between them). Facts ``[x, house]`` fix a value's house.

The solver propagates every clue on bitmasks (shifts and masks), and each attribute as a permutation
(a decided value leaves its house to the others; a house that only one value can take gets it), then
branches on the variable with the fewest houses left. The generator grows clues that a second solution
violates until the solution is unique, then drops every clue it can spare.
"""

from __future__ import annotations

import random
from typing import Any

from rlve_plugin_logic.solvers.latin import narrow_all_different

Clue = list[Any]

KIND_WEIGHTS = {"same": 3, "not_same": 1, "left": 2, "before": 2, "next": 2, "gap": 1}


def relation_holds(kind: str, px: int, py: int, gap: int = 0) -> bool:
    """Whether a clue of ``kind`` holds for values in houses ``px`` and ``py``."""
    if kind == "same":
        return px == py
    if kind == "not_same":
        return px != py
    if kind == "left":
        return px + 1 == py
    if kind == "before":
        return px < py
    if kind == "next":
        return abs(px - py) == 1
    if kind == "gap":
        return abs(px - py) == gap + 1
    raise ValueError(f"unknown clue kind {kind!r}")


def clue_holds(clue: Clue, houses: list[int]) -> bool:
    """Whether ``clue`` holds when variable ``v`` is in house ``houses[v]``."""
    kind, x, y = clue[0], clue[1], clue[2]
    return relation_holds(kind, houses[x], houses[y], clue[3] if kind == "gap" else 0)


def _revise(kind: str, dx: int, dy: int, gap: int, full: int) -> tuple[int, int]:
    """Both domains trimmed to the houses with support on the other side."""
    if kind == "same":
        both = dx & dy
        return both, both
    if kind == "not_same":
        if dy & (dy - 1) == 0:
            dx &= ~dy
        if dx & (dx - 1) == 0:
            dy &= ~dx
        return dx, dy
    if kind == "left":
        return dx & (dy >> 1), dy & (dx << 1) & full
    if kind == "before":
        if not dx or not dy:
            return 0, 0
        dx &= (1 << (dy.bit_length() - 1)) - 1  # below y's rightmost house
        if not dx:
            return 0, 0
        dy &= full & ~((1 << (dx & -dx).bit_length()) - 1)  # above x's leftmost house
        return dx, dy
    shift = 1 if kind == "next" else gap + 1
    return dx & ((dy << shift) | (dy >> shift)) & full, dy & ((dx << shift) | (dx >> shift)) & full


class ZebraSolver:
    """Solutions of ``k`` houses x ``m`` attributes under clues and facts."""

    def __init__(self, k: int, m: int, clues: list[Clue], facts: list[list[int]]):
        self.k, self.m = k, m
        self.full = (1 << k) - 1
        self.clues = clues
        self.facts = facts
        self.by_var: list[list[int]] = [[] for _ in range(k * m)]
        for index, clue in enumerate(clues):
            self.by_var[clue[1]].append(index)
            self.by_var[clue[2]].append(index)
        self.nodes = 0

    def propagate(self, dom: list[int], queue: list[int]) -> bool:
        """Trim ``dom`` to a fixed point; ``queue`` holds the variables whose domains changed."""
        k, full, clues, by_var = self.k, self.full, self.clues, self.by_var
        pending = set(queue)
        attrs_dirty = {v // k for v in queue}
        while pending or attrs_dirty:
            while pending:
                v = pending.pop()
                for index in by_var[v]:
                    clue = clues[index]
                    kind, x, y = clue[0], clue[1], clue[2]
                    nx, ny = _revise(kind, dom[x], dom[y], clue[3] if kind == "gap" else 0, full)
                    if not nx or not ny:
                        return False
                    if nx != dom[x]:
                        dom[x] = nx
                        pending.add(x)
                        attrs_dirty.add(x // k)
                    if ny != dom[y]:
                        dom[y] = ny
                        pending.add(y)
                        attrs_dirty.add(y // k)
            for a in sorted(attrs_dirty):
                attrs_dirty.discard(a)
                if not narrow_all_different(dom, range(a * k, a * k + k), full, pending.add):
                    return False
                if pending:
                    attrs_dirty.add(a)
                    break
        return True

    def solve(self, limit: int = 2, node_limit: int | None = None) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (the house of each variable) and whether the search finished."""
        dom = [self.full] * (self.k * self.m)
        for var, house in self.facts:
            dom[var] &= 1 << house
        solutions: list[list[int]] = []
        aborted = False
        self.nodes = 0

        def search(dom: list[int], queue: list[int]) -> None:
            nonlocal aborted
            self.nodes += 1
            if node_limit is not None and self.nodes > node_limit:
                aborted = True
                return
            if not self.propagate(dom, queue):
                return
            best, best_count = -1, self.k + 1
            for v, d in enumerate(dom):
                if d & (d - 1):
                    count = d.bit_count()
                    if count < best_count:
                        best, best_count = v, count
                        if count == 2:
                            break
            if best < 0:
                solutions.append([d.bit_length() - 1 for d in dom])
                return
            d = dom[best]
            while d and not aborted and len(solutions) < limit:
                bit = d & -d
                d ^= bit
                child = list(dom)
                child[best] = bit
                search(child, [best])

        search(dom, list(range(self.k * self.m)))
        return solutions, not aborted


def distinguishing_clues(x: int, y: int, truth: list[int], other: list[int], k: int) -> list[Clue]:
    """Every clue about ``x`` and ``y`` (either order) that holds in ``truth`` and fails in ``other``."""
    out: list[Clue] = []
    for a, b in ((x, y), (y, x)):
        for kind in ("same", "not_same", "left", "before", "next"):
            if kind in ("same", "not_same", "next") and a > b:
                continue  # symmetric: one order is enough
            clue = [kind, a, b]
            if clue_holds(clue, truth) and not clue_holds(clue, other):
                out.append(clue)
    if x < y:
        gap = abs(truth[x] - truth[y]) - 1
        if 1 <= gap <= k - 2:
            clue = ["gap", x, y, gap]
            if not clue_holds(clue, other):
                out.append(clue)
    return out


def make_zebra(k: int, m: int, fact_count: int, rng: random.Random) -> tuple[list[int], list[Clue], list[list[int]]]:
    """(house of each variable, clues, facts): exactly ``fact_count`` facts and a unique solution.

    While a second solution exists, a clue that it violates (and the truth obeys) is added: one always
    exists, because two different solutions disagree on the house distance of some pair of values, and
    same / left / before / next / gap clues tell every distance and direction apart. Then every clue whose
    removal keeps the solution unique is dropped, in random order, so no clue is redundant.
    """
    truth: list[int] = []
    for _a in range(m):
        houses = list(range(k))
        rng.shuffle(houses)
        truth += houses
    facts = sorted([v, truth[v]] for v in rng.sample(range(k * m), fact_count))
    clues: list[Clue] = []
    seen: set[tuple[Any, ...]] = set()
    variables = k * m
    while True:
        solutions, _ = ZebraSolver(k, m, clues, facts).solve(2)
        if len(solutions) == 1:
            break
        other = solutions[0] if solutions[0] != truth else solutions[1]
        options: list[Clue] = []
        for _try in range(40):
            x, y = rng.sample(range(variables), 2)
            if x // k == y // k and rng.random() < 0.8:
                continue  # two values of one attribute are never in one house: clues about them say little
            options = [c for c in distinguishing_clues(x, y, truth, other, k) if tuple(c) not in seen]
            if options:
                break
        if not options:
            continue
        weights = [KIND_WEIGHTS[c[0]] for c in options]
        clue = rng.choices(options, weights)[0]
        seen.add(tuple(clue))
        clues.append(clue)
    order = list(range(len(clues)))
    rng.shuffle(order)
    keep = [True] * len(clues)
    for index in order:
        keep[index] = False
        trial = [c for c, kept in zip(clues, keep) if kept]
        if len(ZebraSolver(k, m, trial, facts).solve(2)[0]) != 1:
            keep[index] = True
    return truth, [c for c, kept in zip(clues, keep) if kept], facts
