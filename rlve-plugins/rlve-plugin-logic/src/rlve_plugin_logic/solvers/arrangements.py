"""Arrangements: ``n`` items in ``n`` places, one item per place, in a row or round a table.

The places of an item are a bitmask (bit ``p`` = place ``p``, 0-based); in a round arrangement place
``n - 1`` is followed by place 0 again. Relations between places, the vocabulary the seating and ordering
puzzles compile their clues to:

- ``("offset", x, y, deltas)``: place of ``y`` minus place of ``x`` is one of ``deltas`` (modulo ``n`` round a
  table). "Directly after" is ``{1}``, "next to" ``{1, -1}``, "not next to" every other distance;
- ``("before", x, y)``: ``x`` somewhere before ``y`` (rows only);
- ``("between", x, y, z)``: ``x`` somewhere strictly between ``y`` and ``z``, in either order (rows only);
- ``("places", x, mask)``: ``x`` is in one of the places of ``mask`` (not first, seat 1, ...).

The solver propagates every relation on bitmasks with exact support (shifts, or the lowest and highest
place for the order relations; an offset relation with many allowed distances is checked against its
few forbidden ones once one side is decided), and the places as a permutation (a decided item leaves
its place to the others; a place only one item can take gets it), then branches on the item with the
fewest places left (items no relation mentions last). ``clues_until_unique`` grows clues that a second
solution breaks until none is left, then drops the redundant ones; ``read_order`` reads an answer that lists
every name once, in order.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rlve import ParseError, Verdict
from rlve_plugin_logic.solvers.latin import narrow_all_different

Relation = tuple[Any, ...]
#: Search nodes one uniqueness check of ``clues_until_unique`` may visit before it pins an item down instead.
NODE_LIMIT = 400


@lru_cache(maxsize=256)
def _distances(n: int, cyclic: bool, deltas: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """(allowed, forbidden) distances of an offset relation, normalised (a puzzle compiles the same ones often)."""
    if cyclic:
        wanted = {d % n for d in deltas} - {0}
        forbidden = [d for d in range(1, n) if d not in wanted]
    else:
        wanted = {d for d in deltas if 0 < abs(d) < n}
        forbidden = [d for d in range(1 - n, n) if d and d not in wanted]
    return sorted(wanted), forbidden


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class ArrangementSolver:
    """Solutions (the place of every item) of ``n`` items in ``n`` places under relations."""

    def __init__(self, n: int, cyclic: bool, relations: list[Relation]):
        self.n, self.cyclic = n, cyclic
        self.full = (1 << n) - 1
        self.relations: list[Relation] = []
        self.unary: list[tuple[int, int]] = []
        self.watch: list[list[int]] = [[] for _ in range(n)]
        self.added: list[Relation] = []  # every relation, as given, in order
        for relation in relations:
            self.add_relation(relation)
        self.nodes = 0

    def add_relation(self, relation: Relation) -> None:
        """One more relation (``rule_out_others`` propagates one added during its search)."""
        self.added.append(relation)
        if relation[0] == "places":
            self.unary.append((relation[1], relation[2]))
            return
        if relation[0] == "offset":
            relation = self._offset(relation)
        for item in relation[1:4] if relation[0] == "between" else relation[1:3]:
            self.watch[item].append(len(self.relations))
        self.relations.append(relation)

    def _offset(self, relation: Relation) -> Relation:
        """("offset", x, y, allowed, forbidden): both lists of distances, normalised, whichever is shorter used."""
        _, x, y, deltas = relation
        return ("offset", x, y, *_distances(self.n, self.cyclic, tuple(deltas)))

    def shift(self, mask: int, delta: int) -> int:
        """The places ``delta`` after those of ``mask`` (round the table, or dropping those off the row)."""
        if self.cyclic:
            delta %= self.n
            return ((mask << delta) | (mask >> (self.n - delta))) & self.full
        return (mask << delta) & self.full if delta >= 0 else mask >> -delta

    def _towards(self, mask: int, deltas: list[int], sign: int) -> int:
        out = 0
        for delta in deltas:
            out |= self.shift(mask, sign * delta)
        return out

    def _revise(self, relation: Relation, dom: list[int]) -> list[tuple[int, int]] | None:
        """The narrowed domains [(item, places)] of one relation, or None when it cannot hold."""
        kind, x, y = relation[0], relation[1], relation[2]
        dx, dy = dom[x], dom[y]
        if kind == "offset":
            allowed, forbidden = relation[3], relation[4]
            if len(allowed) <= len(forbidden):
                dy &= self._towards(dx, allowed, 1)
                dx &= self._towards(dy, allowed, -1)
            else:  # many distances allowed: only a decided side rules places out on the other
                if dx & (dx - 1) == 0:
                    dy &= ~self._towards(dx, forbidden, 1) & ~dx
                if dy & (dy - 1) == 0:
                    dx &= ~self._towards(dy, forbidden, -1) & ~dy
            return [(x, dx), (y, dy)] if dx and dy else None
        if kind == "before":
            dx &= (1 << (dy.bit_length() - 1)) - 1 if dy else 0  # below y's last place
            if not dx:
                return None
            dy &= self.full & ~((1 << (_lowest(dx) + 1)) - 1)  # above x's first place
            return [(x, dx), (y, dy)] if dy else None
        # between: x strictly between y and z, in either order
        z = relation[3]
        dz = dom[z]
        if not dy or not dz:
            return None
        full = self.full

        def above(place: int) -> int:  # the places after ``place``
            return full & ~((1 << (place + 1)) - 1)

        def below(place: int) -> int:  # the places before ``place``
            return (1 << place) - 1 if place > 0 else 0

        hi_y, hi_z = dy.bit_length() - 1, dz.bit_length() - 1
        lo_y, lo_z = _lowest(dy), _lowest(dz)
        dx &= (above(lo_y) & below(hi_z)) | (above(lo_z) & below(hi_y))
        if not dx:
            return None
        # y < x < z needs y below some x that is below some z; y > x > z the mirror image
        x_below_z, x_above_z = dx & below(hi_z), dx & above(lo_z)
        x_below_y, x_above_y = dx & below(hi_y), dx & above(lo_y)
        new_y = (below(x_below_z.bit_length() - 1) if x_below_z else 0) | (
            above(_lowest(x_above_z)) if x_above_z else 0
        )
        new_z = (below(x_below_y.bit_length() - 1) if x_below_y else 0) | (
            above(_lowest(x_above_y)) if x_above_y else 0
        )
        dy &= new_y
        dz &= new_z
        return [(x, dx), (y, dy), (z, dz)] if dy and dz else None

    def propagate(self, dom: list[int], queue: list[int], open_items: list[int]) -> bool:
        """Narrow ``dom`` to a fixed point; ``queue`` holds the items whose places changed, ``open_items`` every
        item that had more than one place left when this node began (the others stay decided)."""
        full, relations, watch = self.full, self.relations, self.watch
        settled = 0
        for item in open_items:
            settled |= dom[item]
        settled = full & ~settled  # the places of the items decided before this node
        pending = set(queue)
        while pending:
            while pending:
                item = pending.pop()
                for index in watch[item]:
                    narrowed = self._revise(relations[index], dom)
                    if narrowed is None:
                        return False
                    for other, places in narrowed:
                        if places != dom[other]:
                            dom[other] = places
                            pending.add(other)
            # the places as a permutation: decided places leave the others, a place only one item can take
            # gets it (items decided before this node keep their places and are not looked at again)
            if not narrow_all_different(dom, open_items, full, pending.add, settled):
                return False
        return True

    def solve(self, limit: int = 2, node_limit: int | None = None) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (the place of every item) and whether the search finished."""
        dom = [self.full] * self.n
        for item, mask in self.unary:
            dom[item] &= mask
        solutions: list[list[int]] = []
        aborted = False
        self.nodes = 0
        watch = self.watch

        def search(dom: list[int], queue: list[int], open_items: list[int]) -> None:
            nonlocal aborted
            self.nodes += 1
            if node_limit is not None and self.nodes > node_limit:
                aborted = True
                return
            if not self.propagate(dom, queue, open_items):
                return
            open_items = [item for item in open_items if dom[item] & (dom[item] - 1)]
            # fewest places first, items no relation mentions last: they fit anywhere once the others are placed,
            # and branching on them early would repeat every later failure once per place they try
            best, best_key = -1, (2, 0)
            for item in open_items:
                key = (0 if watch[item] else 1, dom[item].bit_count())
                if key < best_key:
                    best, best_key = item, key
                    if key == (0, 2):
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
                search(child, [best], open_items)

        search(dom, list(range(self.n)), list(range(self.n)))
        return solutions, not aborted

    def rule_out_others(self, truth: list[int], add_against: Callable[[list[int]], None], node_limit: int) -> bool:
        """Search once, depth first, for every solution but ``truth``; ``add_against(other)`` must add a
        relation (``add_relation``) that ``other`` breaks and ``truth`` obeys. False when the search takes more
        than ``node_limit`` nodes; else ``truth`` is now the only solution.

        A relation added deep in the search only removes solutions, so the subtrees already searched stay
        free of other solutions; every node on the way back propagates the new relations before its next
        branch. Branching is that of ``solve``.
        """
        dom = [self.full] * self.n
        for item, mask in self.unary:
            dom[item] &= mask
        nodes = 0
        watch = self.watch

        def search(dom: list[int], queue: list[int], open_items: list[int]) -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > node_limit:
                return False
            if not self.propagate(dom, queue, open_items):
                return True
            open_items = [item for item in open_items if dom[item] & (dom[item] - 1)]
            best, best_key = -1, (2, 0)
            for item in open_items:
                key = (0 if watch[item] else 1, dom[item].bit_count())
                if key < best_key:
                    best, best_key = item, key
                    if key == (0, 2):
                        break
            if best < 0:
                found = [d.bit_length() - 1 for d in dom]
                if found != truth:
                    add_against(found)
                return True
            known = len(self.added)
            untried = dom[best]
            while untried:
                if len(self.added) > known:
                    queue = []
                    for relation in self.added[known:]:
                        if relation[0] == "places":
                            dom[relation[1]] &= relation[2]
                            if not dom[relation[1]]:
                                return True
                            queue.append(relation[1])
                        else:
                            queue.extend(relation[1:4] if relation[0] == "between" else relation[1:3])
                    known = len(self.added)
                    if not self.propagate(dom, queue, open_items):
                        return True
                    untried &= dom[best]
                    if not untried:
                        return True
                bit = untried & -untried
                untried ^= bit
                child = list(dom)
                child[best] = bit
                if not search(child, [best], open_items):
                    return False
            return True

        return search(dom, list(range(self.n)), list(range(self.n)))


Clue = list[Any]


def clues_until_unique(
    n: int,
    cyclic: bool,
    truth: list[int],
    clues: list[Clue],
    relation_of: Callable[[Clue], Relation],
    separating: Callable[[list[int], random.Random], Clue],
    pin: Callable[[random.Random], Clue],
    rng: random.Random,
    *,
    negation_of: Callable[[Clue], Relation | None] = lambda clue: None,
    fixed: tuple[Relation, ...] = (),
    node_limit: int | None = None,
    one_search: bool = False,
) -> list[Clue]:
    """``clues`` and more, until ``truth`` is the only solution of ``fixed`` and the clues.

    While a second solution exists, ``separating(other, rng)`` gives a clue that holds in ``truth`` and fails
    in ``other``, which is added; when a search runs past ``node_limit`` nodes (default ``NODE_LIMIT``)
    without deciding, ``pin(rng)`` adds a strong clue (the place of an item, say) instead, so generation time
    stays bounded. Then every clue whose removal keeps the solution provably unique is dropped, in a random
    order: none is redundant. With ``one_search`` the second solutions come from one search that goes on after
    each clue (``ArrangementSolver.rule_out_others``) instead of a search per clue; a search past the node limit
    then pins an item and starts again.
    A clue is redundant when no arrangement fits the others and breaks it: with ``negation_of(clue)`` (a
    relation that holds exactly when the clue fails, or None) that is one search for a single solution,
    which the negated clue itself prunes hard.
    """
    clues = list(clues)
    compiled: dict[str, Relation] = {}
    node_limit = NODE_LIMIT if node_limit is None else node_limit

    def relations(trial: list[Clue]) -> list[Relation]:
        out = list(fixed)
        for clue in trial:
            key = repr(clue)
            if key not in compiled:
                compiled[key] = relation_of(clue)
            out.append(compiled[key])
        return out

    def solve(trial: list[Clue]) -> tuple[list[list[int]], bool]:
        return ArrangementSolver(n, cyclic, relations(trial)).solve(2, node_limit)

    def redundant(clue: Clue, others: list[Clue]) -> bool:
        negated = negation_of(clue)
        if negated is None:
            found, finished = solve(others)
            return finished and len(found) == 1
        found, finished = ArrangementSolver(n, cyclic, [*relations(others), negated]).solve(1, node_limit)
        return finished and not found

    while one_search:
        solver = ArrangementSolver(n, cyclic, relations(clues))

        def add_against(other: list[int], solver: ArrangementSolver = solver) -> None:
            clues.append(separating(other, rng))
            solver.add_relation(relations(clues[-1:])[-1])

        if solver.rule_out_others(truth, add_against, node_limit):
            break
        clues.append(pin(rng))
    while not one_search:
        found, finished = solve(clues)
        if not finished:
            clues.append(pin(rng))
            continue
        if len(found) == 1:
            break
        other = found[0] if found[0] != truth else found[1]
        clues.append(separating(other, rng))
    order = list(range(len(clues)))
    rng.shuffle(order)
    keep = [True] * len(clues)
    for index in order:
        keep[index] = False
        if not redundant(clues[index], [c for c, kept in zip(clues, keep) if kept]):
            keep[index] = True
    return [c for c, kept in zip(clues, keep) if kept]


_ORDER_SEPARATORS = re.compile(r"[\s,;]+|->|=>|>")
_NUMBERING = re.compile(r"(?:#?[0-9]{1,4}[.:)]|[0-9]{1,4}(?:st|nd|rd|th)[.:]?)", re.IGNORECASE)


def read_order(answer: str, names: list[str]) -> list[int]:
    """The items of an answer listing every name once, in order: ``Alice, Bob, Carol`` (commas, spaces, new
    lines or arrows between names; a ``1.`` or ``1:`` before a name is allowed). Names in any case."""
    n = len(names)
    if len(answer) > 24 * n + 40:
        raise ParseError(f"the answer is too long for {n} names")
    lookup = {name.lower(): i for i, name in enumerate(names)}
    tokens = [t for t in _ORDER_SEPARATORS.split(answer.strip().rstrip(".")) if t and not _NUMBERING.fullmatch(t)]
    if len(tokens) != n:
        raise ParseError(f"expected {n} names, one per place, got {len(tokens)}")
    order: list[int] = []
    seen: set[int] = set()
    for token in tokens:
        item = lookup.get(token.lower())
        if item is None:
            raise ParseError(f"{token[:30]!r} is not one of the names")
        if item in seen:
            raise ParseError(f"{names[item]} is listed twice")
        seen.add(item)
        order.append(item)
    return order


def check_arrangement(answer: str, names: list[str], clues: list, holds, describe) -> Verdict:
    """Right when ``answer`` lists every name once (``read_order``) and every clue holds for that order:
    ``holds(clue, position, n)`` with ``position[person]`` from 0, ``describe(clue, names)`` for the reason."""
    order = read_order(answer, names)
    position = [0] * len(names)
    for index, person in enumerate(order):
        position[person] = index
    for clue in clues:
        if not holds(clue, position, len(names)):
            return Verdict.wrong(f"this does not hold: {describe(clue, names)}")
    return Verdict.right()
