"""Zebra (Einstein) puzzles: the clue relations, a bitmask solver, and the generator.

A puzzle has ``k`` houses in a row and ``m`` attributes, each with ``k`` values; every house has exactly
one value of each attribute. Variable ``a * k + i`` is value ``i`` of attribute ``a``; its domain is a
bitmask of the houses (bit ``p`` = house ``p``, 0-based) it may be in.

Clues are lists ``[kind, x, y, gap]`` (``gap`` only for ``"gap"``): ``same`` (x and y are in one house),
``not_same``, ``left`` (x directly left of y), ``before`` (x somewhere left of y), ``next`` (neighbours),
``gap`` (exactly ``gap`` houses between them). Facts ``[x, house]`` fix a value's house.

The solver propagates every clue on bitmasks (shifts and masks), and each attribute as a permutation
(a decided value leaves its house to the others; a house that only one value can take gets it), then
branches on the variable with the fewest houses left. The generator adds a clue against every other
solution it meets (first the truth with two values trading houses, then those of one search), then drops
every clue it can spare.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

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


#: Clue kinds as the solver's codes; ``next`` and ``gap`` are one relation, a house distance in either direction.
#: ``_TABLE`` is any relation given as, per house of one side, the houses the other side may take.
_SAME, _NOT_SAME, _LEFT, _BEFORE, _APART, _TABLE = range(6)
_CODES = {"same": _SAME, "not_same": _NOT_SAME, "left": _LEFT, "before": _BEFORE, "next": _APART, "gap": _APART}


class ZebraSolver:
    """Solutions of ``k`` houses x ``m`` attributes under clues and facts; with ``excluded``, only the
    solutions that break that clue."""

    def __init__(
        self, k: int, m: int, clues: list[Clue], facts: list[list[int]], excluded: Clue | None = None
    ):
        self.k, self.m = k, m
        self.full = (1 << k) - 1
        self.clues: list[Clue] = []
        self.facts = facts
        # per variable, the clues on it as (code, x, y, parameter), so propagation reads no strings
        self.watch: list[list[tuple[int, int, int, Any]]] = [[] for _ in range(k * m)]
        for clue in clues:
            self.add_clue(clue)
        if excluded is not None:
            kind, x, y = excluded[0], excluded[1], excluded[2]
            gap = excluded[3] if kind == "gap" else 0
            ahead = tuple(sum(1 << q for q in range(k) if not relation_holds(kind, p, q, gap)) for p in range(k))
            behind = tuple(sum(1 << p for p in range(k) if ahead[p] >> q & 1) for q in range(k))
            self._watch((_TABLE, x, y, (ahead, behind)))
        self.nodes = 0

    def add_clue(self, clue: Clue) -> None:
        """One more clue; domains already at a fixed point must be propagated from its two variables."""
        self.clues.append(clue)
        kind = clue[0]
        self._watch((_CODES[kind], clue[1], clue[2], clue[3] + 1 if kind == "gap" else 1))

    def _watch(self, compiled: tuple[int, int, int, Any]) -> None:
        self.watch[compiled[1]].append(compiled)
        self.watch[compiled[2]].append(compiled)

    def start(self) -> list[int]:
        """The domains the facts leave, before propagation."""
        dom = [self.full] * (self.k * self.m)
        for var, house in self.facts:
            dom[var] &= 1 << house
        return dom

    def propagate(self, dom: list[int], queue: list[int]) -> bool:
        """Trim ``dom`` to a fixed point; ``queue`` holds the variables whose domains changed.

        Every step only removes houses that cannot fit, so the fixed point (and a contradiction) does not
        depend on the order of the steps: a stack of variables (``queued`` marks its members as bits) feeds
        the clues, and each attribute whose variables changed (bits of ``dirty``) runs the permutation rule.
        """
        k, full, watch = self.k, self.full, self.watch
        stack = list(queue)
        queued = dirty = 0
        for v in stack:
            queued |= 1 << v
            dirty |= 1 << (v // k)
        while True:
            while stack:
                v = stack.pop()
                queued ^= 1 << v
                for code, x, y, parameter in watch[v]:
                    dx, dy = dom[x], dom[y]
                    if code == _SAME:
                        nx = ny = dx & dy
                    elif code == _APART:
                        nx = dx & ((dy << parameter) | (dy >> parameter))
                        ny = dy & ((dx << parameter) | (dx >> parameter))
                    elif code == _LEFT:
                        nx, ny = dx & (dy >> 1), dy & (dx << 1)
                    elif code == _BEFORE:
                        nx = dx & ((1 << (dy.bit_length() - 1)) - 1)  # below y's rightmost house
                        ny = dy & ~((1 << (dx & -dx).bit_length()) - 1)  # above x's leftmost house
                    elif code == _NOT_SAME:  # a decided value leaves the other
                        nx = dx & ~dy if dy & (dy - 1) == 0 else dx
                        ny = dy & ~dx if dx & (dx - 1) == 0 else dy
                    else:  # _TABLE: keep the houses with a partner on the other side
                        ahead, behind = parameter
                        nx = ny = 0
                        rest = dx
                        while rest:
                            low = rest & -rest
                            rest ^= low
                            if ahead[low.bit_length() - 1] & dy:
                                nx |= low
                        rest = dy
                        while rest:
                            low = rest & -rest
                            rest ^= low
                            if behind[low.bit_length() - 1] & nx:
                                ny |= low
                    if nx != dx:
                        if not nx:
                            return False
                        dom[x] = nx
                        dirty |= 1 << (x // k)
                        if not queued >> x & 1:
                            queued |= 1 << x
                            stack.append(x)
                    if ny != dy:
                        if not ny:
                            return False
                        dom[y] = ny
                        dirty |= 1 << (y // k)
                        if not queued >> y & 1:
                            queued |= 1 << y
                            stack.append(y)
            if not dirty:
                return True
            low = dirty & -dirty
            dirty ^= low
            first = (low.bit_length() - 1) * k
            # The permutation rule on one attribute (narrow_all_different of solvers.latin, in one pass when
            # nothing changes): a decided house leaves the others, a house only one value can take goes to it.
            # Removing decided houses leaves the counts of the other houses as they are, so one count serves.
            decided = once = twice = 0
            for d in dom[first : first + k]:
                if d & (d - 1) == 0:
                    if decided & d:
                        return False
                    decided |= d
                twice |= once & d
                once |= d
            if once != full:
                return False
            hidden = once & ~twice & ~decided
            if hidden or twice & decided:
                for v in range(first, first + k):
                    d = dom[v]
                    if d & (d - 1):
                        narrowed = d & ~decided
                        single = narrowed & hidden
                        if single:
                            if single & (single - 1):
                                return False
                            narrowed = single
                        if narrowed != d:
                            if not narrowed:
                                return False
                            dom[v] = narrowed
                            if not queued >> v & 1:
                                queued |= 1 << v
                                stack.append(v)
                dirty |= low

    def branch_variable(self, dom: list[int]) -> int:
        """The first variable with the fewest houses left (more than one), or -1 when all are decided."""
        best, best_count = -1, self.k + 1
        for v, d in enumerate(dom):
            if d & (d - 1):
                count = d.bit_count()
                if count < best_count:
                    best, best_count = v, count
                    if count == 2:
                        break
        return best

    def solve(self, limit: int = 2, node_limit: int | None = None) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (the house of each variable) and whether the search finished."""
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
            best = self.branch_variable(dom)
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

        search(self.start(), list(range(self.k * self.m)))
        return solutions, not aborted

    def rule_out_others(self, truth: list[int], add_clue_against: Callable[[list[int]], None]) -> None:
        """Search once, depth first, for every solution but ``truth``; ``add_clue_against(other)`` must add
        a clue (``add_clue``) that ``other`` breaks and ``truth`` obeys. At the end ``truth`` is the only
        solution of the clues.

        A clue added deep in the search only removes solutions, so the subtrees already searched stay free
        of other solutions; every node on the way back propagates the new clues before its next branch.
        """

        def search(dom: list[int], queue: list[int]) -> None:
            if not self.propagate(dom, queue):
                return
            best = self.branch_variable(dom)
            if best < 0:
                found = [d.bit_length() - 1 for d in dom]
                if found != truth:
                    add_clue_against(found)
                return
            known = len(self.clues)
            untried = dom[best]
            while untried:
                if len(self.clues) > known:
                    added, known = self.clues[known:], len(self.clues)
                    if any(_breaks_decided(clue, dom) for clue in added):
                        return  # most often: this node already decided what the new clue forbids
                    if not self.propagate(dom, [v for clue in added for v in (clue[1], clue[2])]):
                        return
                    untried &= dom[best]
                    if not untried:
                        return
                bit = untried & -untried
                untried ^= bit
                child = list(dom)
                child[best] = bit
                search(child, [best])

        search(self.start(), list(range(self.k * self.m)))


def _breaks_decided(clue: Clue, dom: list[int]) -> bool:
    """Whether both variables of ``clue`` have one house left in ``dom`` and the clue fails there."""
    dx, dy = dom[clue[1]], dom[clue[2]]
    if dx & (dx - 1) or dy & (dy - 1):
        return False
    return not relation_holds(clue[0], dx.bit_length() - 1, dy.bit_length() - 1, clue[3] if clue[0] == "gap" else 0)


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

    For every other solution met, a clue that it violates (and the truth obeys) is added: one always exists,
    because two different solutions disagree on the house distance of some pair of values, and same / left /
    before / next / gap clues tell every distance and direction apart. The nearest other solutions, the
    truth with two values of one attribute trading houses, are met first, at the cost of checking the clues
    on those two values; then one search meets the others in turn. Last, every clue whose removal keeps the
    solution unique is dropped, in random order, so no clue is redundant.
    """
    truth: list[int] = []
    for _a in range(m):
        houses = list(range(k))
        rng.shuffle(houses)
        truth += houses
    facts = sorted([v, truth[v]] for v in rng.sample(range(k * m), fact_count))
    solver = ZebraSolver(k, m, [], facts)
    trades = Trades(k, truth, facts)
    seen: set[tuple[Any, ...]] = set()
    variables = k * m

    def add_clue_against(other: list[int]) -> None:
        options: list[Clue] = []
        while not options:
            x, y = rng.sample(range(variables), 2)
            if x // k == y // k and rng.random() < 0.8:
                continue  # two values of one attribute are never in one house: clues about them say little
            options = [c for c in distinguishing_clues(x, y, truth, other, k) if tuple(c) not in seen]
        clue = rng.choices(options, [KIND_WEIGHTS[c[0]] for c in options])[0]
        seen.add(tuple(clue))
        solver.add_clue(clue)
        trades.watch(len(solver.clues) - 1, clue)

    pairs = trades.pairs()
    rng.shuffle(pairs)
    for u, w in pairs:
        if trades.allowed(u, w, solver.clues):
            add_clue_against(trades.arrangement(u, w))
    solver.rule_out_others(truth, add_clue_against)
    clues = solver.clues
    order = list(range(len(clues)))
    rng.shuffle(order)
    keep = [True] * len(clues)
    for index in order:
        keep[index] = False
        # Without this clue the kept ones pin the truth down no longer exactly when a solution breaks it:
        # most often a trade does, which costs no search.
        if trades.break_only(index, clues, keep) or ZebraSolver(
            k, m, [c for c, kept in zip(clues, keep) if kept], facts, excluded=clues[index]
        ).solve(1)[0]:
            keep[index] = True
    return truth, [c for c, kept in zip(clues, keep) if kept], facts


class Trades:
    """The truth with two values of one attribute (neither fixed by a fact) trading houses: the nearest
    other arrangements, which most clues are there to rule out. A trade moves two variables, so only the
    clues on them can tell it apart from the truth, and that is checked in a few steps."""

    def __init__(self, k: int, truth: list[int], facts: list[list[int]]):
        self.k, self.truth = k, truth
        self.fixed = {var for var, _ in facts}
        self.on: list[list[int]] = [[] for _ in truth]  # variable -> indices of the clues on it

    def watch(self, index: int, clue: Clue) -> None:
        """Clue number ``index`` of the list the checks are given."""
        self.on[clue[1]].append(index)
        self.on[clue[2]].append(index)

    def pairs(self) -> list[tuple[int, int]]:
        k, fixed = self.k, self.fixed
        return [
            (u, w)
            for u in range(len(self.truth))
            for w in range(u + 1, u // k * k + k)
            if u not in fixed and w not in fixed
        ]

    def arrangement(self, u: int, w: int) -> list[int]:
        houses = list(self.truth)
        houses[u], houses[w] = houses[w], houses[u]
        return houses

    def allowed(self, u: int, w: int, clues: list[Clue]) -> bool:
        """Whether the trade of ``u`` and ``w`` obeys every clue."""
        houses = self.arrangement(u, w)
        return all(clue_holds(clues[i], houses) for i in self.on[u] + self.on[w])

    def break_only(self, index: int, clues: list[Clue], keep: list[bool]) -> bool:
        """Whether a trade breaks clue ``index`` and obeys every clue marked in ``keep``."""
        clue = clues[index]
        k, fixed = self.k, self.fixed
        for var in (clue[1], clue[2]):
            if var in fixed:
                continue
            first = var // k * k
            for partner in range(first, first + k):
                if partner == var or partner in fixed:
                    continue
                houses = self.arrangement(var, partner)
                if not clue_holds(clue, houses) and all(
                    clue_holds(clues[i], houses) for i in self.on[var] + self.on[partner] if keep[i]
                ):
                    return True
        return False
