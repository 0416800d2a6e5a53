"""Suguru (tectonic): a board split into regions; a region of k cells holds 1 to k once each, and no two
touching cells (diagonal neighbours included) hold the same number.

Every cell has a bitmask of candidates (bit ``v - 1`` for ``v``). Propagation, to a fixed point: a decided
cell's number leaves the cells touching it, and each region is an all-different group over exactly its numbers
(``narrow_all_different``: a decided number leaves the region, a number only one cell can take goes there).
The search branches on the cell with the fewest candidates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rlve_plugin_logic.solvers.boards import touching
from rlve_plugin_logic.solvers.latin import narrow_all_different


class SuguruProblem:
    """An n x n board; ``region[i]`` is the region of cell ``i``."""

    def __init__(self, n: int, region: Sequence[int]):
        self.n = n
        self.region = list(region)
        self.members: dict[int, list[int]] = {}
        for i, g in enumerate(region):
            self.members.setdefault(g, []).append(i)
        self.touching = [touching(n, i) for i in range(n * n)]
        self.nodes = 0

    def propagate(self, dom: list[int], touched: Sequence[int]) -> bool:
        pending = list(touched)
        queued = set(pending)
        region, members, around = self.region, self.members, self.touching

        def changed(i: int) -> None:
            if i not in queued:
                queued.add(i)
                pending.append(i)

        while pending:
            i = pending.pop()
            queued.discard(i)
            d = dom[i]
            if d == 0:
                return False
            if d & (d - 1) == 0:
                for m in around[i]:
                    if dom[m] & d:
                        dom[m] &= ~d
                        if not dom[m]:
                            return False
                        changed(m)
            cells = members[region[i]]
            if not narrow_all_different(dom, cells, (1 << len(cells)) - 1, changed):
                return False
        return True

    def solve(
        self,
        givens: dict[int, int] | None = None,
        *,
        limit: int = 2,
        node_limit: int | None = None,
        rng: random.Random | None = None,
    ) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (the number in every cell) and whether the search finished; ``rng`` shuffles
        the order numbers are tried in (for drawing a random filling)."""
        dom = [(1 << len(self.members[g])) - 1 for g in self.region]
        for i, v in (givens or {}).items():
            dom[i] &= 1 << (v - 1)
        self.nodes = 0
        solutions: list[list[int]] = []
        aborted = False

        def search(dom: list[int], touched: Sequence[int]) -> None:
            nonlocal aborted
            self.nodes += 1
            if node_limit is not None and self.nodes > node_limit:
                aborted = True
                return
            if not self.propagate(dom, touched):
                return
            best, count = -1, 0
            for i, d in enumerate(dom):
                if d & (d - 1):
                    c = d.bit_count()
                    if best < 0 or c < count:
                        best, count = i, c
                        if c == 2:
                            break
            if best < 0:
                solutions.append([d.bit_length() for d in dom])
                return
            options = [v for v in range(1, dom[best].bit_length() + 1) if dom[best] >> (v - 1) & 1]
            if rng is not None:
                rng.shuffle(options)
            for v in options:
                child = list(dom)
                child[best] = 1 << (v - 1)
                search(child, (best,))
                if aborted or len(solutions) >= limit:
                    return

        search(dom, range(self.n * self.n))
        return solutions, not aborted
