"""A Latin-square solver with extra constraints: given cells, `a < b` pairs (futoshiki) and line rules.

Every cell has a bitmask of candidate values (bit ``v - 1`` for value ``v``). Propagation, to a fixed
point: a decided cell removes its value from its row and column; a value that fits only one cell of a
row or column goes there; every ``a < b`` constraint trims the top of ``a`` and the bottom of ``b``;
optional line propagators (``LinePropagator``) trim a whole row or column at once. Search branches on
the undecided cell with the fewest candidates (MRV), copying the domains, and stops after ``limit``
solutions, so ``limit=2`` decides uniqueness.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: A line propagator gets the candidate masks of one line (in order) and returns trimmed masks, or None
#: when no completion of the line satisfies its constraint.
LinePropagator = Callable[[list[int]], "list[int] | None"]


def narrow_all_different(
    dom: list[int], items: Sequence[int], full: int, changed: Callable[[int], None], settled: int = 0
) -> bool:
    """One pass of the all-different rule over ``items``, whose values must be exactly the bits of ``full``
    (a row of a Latin square, one attribute of a zebra puzzle, the seats of a table).

    A decided item's value leaves the others; a value only one item can take goes to it. ``settled`` holds
    values already taken by items left out of ``items``. Every narrowed item is passed to ``changed``.
    False when the items can no longer take every value once.
    """
    decided = once = settled
    for i in items:
        d = dom[i]
        if d & (d - 1) == 0:
            if d == 0 or decided & d:
                return False
            decided |= d
    twice = 0
    for i in items:
        d = dom[i]
        if d & (d - 1) and d & decided:
            d &= ~decided
            if d == 0:
                return False
            dom[i] = d
            changed(i)
        twice |= once & d
        once |= d
    if once != full:
        return False
    hidden = once & ~twice & ~decided
    if hidden:
        for i in items:
            single = dom[i] & hidden
            if single and dom[i] != single:
                if single & (single - 1):
                    return False
                dom[i] = single
                changed(i)
    return True


class LatinProblem:
    """An n x n Latin square with given cells, ``a < b`` cell pairs and line propagators."""

    def __init__(
        self,
        n: int,
        givens: dict[int, int] | None = None,
        less_than: Sequence[tuple[int, int]] = (),
        line_rules: Sequence[tuple[tuple[int, ...], LinePropagator]] = (),
    ):
        self.n = n
        self.full = (1 << n) - 1
        self.givens = dict(givens or {})
        self.less_than = list(less_than)
        self.line_rules = list(line_rules)
        self.lines = [tuple(r * n + c for c in range(n)) for r in range(n)]
        self.lines += [tuple(r * n + c for r in range(n)) for c in range(n)]
        self.nodes = 0

    def initial(self) -> list[int] | None:
        domains = [self.full] * (self.n * self.n)
        for cell, value in self.givens.items():
            domains[cell] = 1 << (value - 1)
        return domains if self.propagate(domains, range(self.n * self.n)) else None

    def _prepare(self) -> None:
        n = self.n
        self.cell_lines = [(i // n, n + i % n) for i in range(n * n)]
        self.cell_pairs: list[list[int]] = [[] for _ in range(n * n)]
        for k, (a, b) in enumerate(self.less_than):
            self.cell_pairs[a].append(k)
            self.cell_pairs[b].append(k)
        self.prepared = True

    def propagate(self, dom: list[int], touched) -> bool:
        """Trim ``dom`` in place to a fixed point, starting from the ``touched`` cells; False on a contradiction.

        A worklist of lines and ``<`` pairs whose cells changed, so each step looks only at what it can trim.
        """
        if not getattr(self, "prepared", False):
            self._prepare()
        full, lines, pairs = self.full, self.lines, self.less_than
        cell_lines, cell_pairs = self.cell_lines, self.cell_pairs
        line_queued = [False] * len(lines)
        pair_queued = [False] * len(pairs)
        line_stack: list[int] = []
        pair_stack: list[int] = []

        def touch(i: int) -> None:
            for k in cell_lines[i]:
                if not line_queued[k]:
                    line_queued[k] = True
                    line_stack.append(k)
            for k in cell_pairs[i]:
                if not pair_queued[k]:
                    pair_queued[k] = True
                    pair_stack.append(k)

        for i in touched:
            touch(i)
        while True:
            while line_stack or pair_stack:
                while pair_stack:
                    k = pair_stack.pop()
                    pair_queued[k] = False
                    a, b = pairs[k]
                    da, db = dom[a], dom[b]
                    na = da & ((1 << (db.bit_length() - 1)) - 1)
                    nb = db & ~((1 << (da & -da).bit_length()) - 1) & full
                    if not na or not nb:
                        return False
                    if na != da:
                        dom[a] = na
                        touch(a)
                    if nb != db:
                        dom[b] = nb
                        touch(b)
                if not line_stack:
                    break
                k = line_stack.pop()
                line_queued[k] = False
                if not narrow_all_different(dom, lines[k], full, touch):
                    return False
            changed = False
            for line, rule in self.line_rules:
                trimmed = rule([dom[i] for i in line])
                if trimmed is None:
                    return False
                for i, d in zip(line, trimmed):
                    if d != dom[i]:
                        if not d:
                            return False
                        dom[i] = d
                        touch(i)
                        changed = True
            if not changed:
                return True

    def solve(self, limit: int = 2, node_limit: int | None = None) -> tuple[list[list[int]], bool]:
        """Up to ``limit`` solutions (values per cell, row-major) and whether the search finished."""
        self.nodes = 0
        start = self.initial()
        if start is None:
            return [], True
        solutions: list[list[int]] = []
        aborted = False

        def search(dom: list[int]) -> None:
            nonlocal aborted
            self.nodes += 1
            if node_limit is not None and self.nodes > node_limit:
                aborted = True
                return
            best, best_count = -1, self.n + 1
            for i, d in enumerate(dom):
                if d & (d - 1):
                    count = d.bit_count()
                    if count < best_count:
                        best, best_count = i, count
                        if count == 2:
                            break
            if best < 0:
                solutions.append([d.bit_length() for d in dom])
                return
            d = dom[best]
            while d and not aborted and len(solutions) < limit:
                bit = d & -d
                d ^= bit
                child = list(dom)
                child[best] = bit
                if self.propagate(child, (best,)):
                    search(child)

        search(start)
        return solutions, not aborted
