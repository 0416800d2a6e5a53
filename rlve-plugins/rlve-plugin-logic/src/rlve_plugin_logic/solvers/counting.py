"""A solver for yes/no cell puzzles whose rules count: "between ``lo`` and ``hi`` of these cells are yes".

Star battle (stars per row, column and region; at most one star in every 2x2 block), tents (tents per row
and column, one next to each tree), light up (lamps per lit line of sight, lamps around a numbered block)
and hitori (shaded cells among equal numbers, never two shaded neighbours) are such puzzles. Each cell is
``-1`` (unknown), ``0`` (no) or ``1`` (yes).

Propagation, to a fixed point over a worklist of rules whose cells changed: a rule that already has ``hi``
yes cells makes its unknown cells no, and one that needs all its unknown cells to reach ``lo`` makes them
yes. What counting cannot say (the unshaded cells of hitori stay connected, the tents of a tents puzzle
pair off with the trees) goes into two optional hooks: ``prune(values)`` may reject a partial assignment
and ``accept(values)`` judges a full one.

Search takes the rule that still needs yes cells with the fewest unknown cells and branches on which of
them is its next yes cell (the ones before it become no), so each solution is reached once; it stops after
``limit`` solutions (``limit=2`` decides uniqueness) or ``node_limit`` nodes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

#: One rule: the cells it counts, and the least and most of them that are yes.
Rule = tuple[Sequence[int], int, int]


class CountingProblem:
    """Yes/no cells ``0 .. cells - 1`` under counting rules, with optional ``prune`` and ``accept`` hooks."""

    def __init__(
        self,
        cells: int,
        rules: Sequence[Rule],
        *,
        prune: Callable[[list[int]], bool] | None = None,
        accept: Callable[[list[int]], bool] | None = None,
    ):
        self.cells = cells
        self.rules = [(tuple(members), lo, hi) for members, lo, hi in rules]
        self.rules_of: list[list[int]] = [[] for _ in range(cells)]
        for k, (members, _, _) in enumerate(self.rules):
            for i in members:
                self.rules_of[i].append(k)
        #: the rules with a lower bound: only they can call for a yes cell when the search branches
        self.needy = [rule for rule in self.rules if rule[1] > 0]
        self.prune = prune
        self.accept = accept
        self.nodes = 0

    def propagate(self, values: list[int], touched: Sequence[int]) -> bool:
        """Trim ``values`` in place to a fixed point from the ``touched`` cells; False on a contradiction."""
        rules, rules_of = self.rules, self.rules_of
        queued = [False] * len(rules)
        stack: list[int] = []
        for i in touched:
            for k in rules_of[i]:
                if not queued[k]:
                    queued[k] = True
                    stack.append(k)
        while stack:
            k = stack.pop()
            queued[k] = False
            members, lo, hi = rules[k]
            ones = unknown = 0
            for i in members:
                v = values[i]
                if v > 0:
                    ones += 1
                elif v < 0:
                    unknown += 1
            if ones > hi or ones + unknown < lo:
                return False
            if unknown and (ones == hi or ones + unknown == lo):
                fill = 0 if ones == hi else 1
                for i in members:
                    if values[i] < 0:
                        values[i] = fill
                        for j in rules_of[i]:
                            if not queued[j]:
                                queued[j] = True
                                stack.append(j)
        return True

    def start(self, fixed: dict[int, int] | None = None) -> list[int] | None:
        """The propagated root assignment with the ``fixed`` cells set; None if it is contradictory."""
        values = [-1] * self.cells
        for i, v in (fixed or {}).items():
            values[i] = v
        return values if self.propagate(values, range(self.cells)) else None

    def _branch_cells(self, values: list[int]) -> tuple[list[int], bool]:
        """The unknown cells of the rule that needs yes cells and has the fewest unknown ones, and True;
        else one unknown cell (every rule has its yes cells, but that cell may still go either way) and
        False; no cells when every cell is known."""
        best: list[int] | None = None
        for members, lo, _ in self.needy:
            ones = 0
            unknown = []
            for i in members:
                v = values[i]
                if v > 0:
                    ones += 1
                elif v < 0:
                    unknown.append(i)
            if ones < lo and (best is None or len(unknown) < len(best)):
                best = unknown
                if len(best) <= 2:
                    break
        if best is not None:
            return best, True
        for i, v in enumerate(values):
            if v < 0:
                return [i], False
        return [], False

    def solve(
        self,
        fixed: dict[int, int] | None = None,
        *,
        limit: int = 2,
        node_limit: int | None = None,
        rng: random.Random | None = None,
    ) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (0/1 per cell) and whether the search finished; ``rng`` shuffles the
        branching order (for drawing a random solution)."""
        self.nodes = 0
        solutions: list[list[int]] = []
        aborted = False
        root = self.start(fixed)

        def search(values: list[int]) -> None:
            nonlocal aborted
            self.nodes += 1
            if node_limit is not None and self.nodes > node_limit:
                aborted = True
                return
            if self.prune is not None and not self.prune(values):
                return
            options, needed = self._branch_cells(values)
            if not options:
                if self.accept is None or self.accept(values):
                    solutions.append(values)
                return
            if not needed:
                # a free cell: no, then yes (in random order when drawing a random solution)
                for v in (0, 1) if rng is None or rng.random() < 0.5 else (1, 0):
                    child = list(values)
                    child[options[0]] = v
                    if self.propagate(child, options):
                        search(child)
                    if aborted or len(solutions) >= limit:
                        return
                return
            if rng is not None:
                options = list(options)
                rng.shuffle(options)
            for cell in options:
                if values[cell] == 0:
                    continue
                if values[cell] == 1:  # the earlier cells being no forced it: the rest of the subtree
                    search(values)
                    return
                child = list(values)
                child[cell] = 1
                if self.propagate(child, (cell,)):
                    search(child)
                if aborted or len(solutions) >= limit:
                    return
                values[cell] = 0  # the later branches: this cell is no
                if not self.propagate(values, (cell,)):
                    return

        if root is not None:
            search(root)
        return solutions, not aborted
