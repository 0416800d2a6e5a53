"""Hidato: number the cells of a square board 1 .. N so that consecutive numbers sit in touching cells
(diagonal neighbours count), a king's tour; some numbers are given, 1 and N among them.

The solver extends the path from 1 upwards. The next number goes on its given cell when it has one (which
must touch the current cell); else on a touching cell that is neither used nor reserved for a given number.
A branch dies as soon as the next given number is farther (in king steps) than its distance in the
numbering; a free cell beside the path's end is left with too few free or end neighbours to ever be passed
through; or the free cells that must be numbered before the next given number (each cell's deadline is the
largest number the given ones leave it) are too many, or one is too far, for the numbers left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache

from rlve_plugin_logic.solvers.boards import touching


@lru_cache(maxsize=32)
def geometry(n: int) -> tuple[list[list[int]], list[list[int]]]:
    """The touching cells of each cell of an n x n board, and the king-step distance between any two cells;
    cached, as every uniqueness proof on a board size needs them."""
    around = [touching(n, i) for i in range(n * n)]
    dist = [[max(abs(a // n - b // n), abs(a % n - b % n)) for b in range(n * n)] for a in range(n * n)]
    return around, dist


def random_tour(n: int, rng: random.Random) -> list[int]:
    """The cells of an n x n board in the order of a random king's path through all of them: Warnsdorff's
    rule (go to the touching free cell with the fewest free neighbours, ties broken at random), restarted
    on the rare dead end."""
    around = geometry(n)[0]
    while True:
        start = rng.randrange(n * n)
        path, used = [start], {start}
        while len(path) < n * n:
            options = [m for m in around[path[-1]] if m not in used]
            if not options:
                break
            rng.shuffle(options)
            step = min(options, key=lambda m: sum(1 for x in around[m] if x not in used))
            path.append(step)
            used.add(step)
        else:
            return path


def solve(
    n: int, given: Mapping[int, int], *, limit: int = 2, node_limit: int | None = None
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` numberings (the number of each cell) fitting the ``given`` numbers (number -> cell, 1
    and n * n included), and whether the search finished within ``node_limit`` nodes."""
    total = n * n
    around, dist = geometry(n)
    number = [0] * total
    for k, cell in given.items():
        number[cell] = k
    # the next given number from each number on, to check that the path can still reach it in time
    next_given = [total + 1] * (total + 3)
    upcoming = total + 1
    for k in range(total, 0, -1):
        if k in given:
            upcoming = k
        next_given[k] = upcoming
    solutions: list[list[int]] = []
    nodes = 0
    aborted = False

    # the largest number each free cell can hold: it lies between two consecutive given numbers a < b, at
    # least as many king steps from their cells as its distance from a and from b in the numbering
    ordered = sorted(given)
    deadline = [0] * total
    for a, b in zip(ordered, ordered[1:]):
        for c in range(total):
            if not number[c]:
                sa, sb = dist[given[a]][c], dist[c][given[b]]
                if a + sa <= b - sb:
                    deadline[c] = max(deadline[c], b - sb)
    # the free cells that must be numbered before each given number is reached
    due_before = {g: [c for c in range(total) if not number[c] and deadline[c] < g] for g in ordered}

    def late(k: int, cell: int, goal: int) -> bool:
        """Whether, with the path's end at ``cell`` holding ``k``, the free cells due before ``goal`` cannot
        all be numbered in time: too many for the numbers left, or one too far from the end."""
        count = 0
        for c in due_before.get(goal, ()):
            if not number[c]:
                count += 1
                if dist[cell][c] > deadline[c] - k:
                    return True
        return count > goal - k - 1

    def stranded(k: int, cell: int) -> bool:
        """Whether a free cell beside ``cell`` (just left behind by the path, whose end now holds ``k``) has
        fewer than two neighbours it could still be entered from and left to: free cells, the end, or cells
        of given numbers above ``k``. Every free cell gets a number strictly between 1 and N."""
        for f in around[cell]:
            if number[f] == 0:
                ways = 0
                for x in around[f]:
                    v = number[x]
                    if v == 0 or v >= k:
                        ways += 1
                        if ways == 2:
                            break
                else:
                    return True
        return False

    def search(k: int, cell: int) -> None:
        nonlocal nodes, aborted
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            aborted = True
            return
        if k == total:
            solutions.append(list(number))
            return
        if k + 1 in given:
            target = given[k + 1]
            if dist[cell][target] != 1 or stranded(k + 1, cell) or late(k + 1, target, next_given[k + 2]):
                return
            search(k + 1, target)
            return
        goal = next_given[k + 1]
        goal_cell = given[goal]
        for m in around[cell]:
            if number[m] or dist[m][goal_cell] > goal - k - 1:
                continue
            number[m] = k + 1
            if not stranded(k + 1, cell) and not late(k + 1, m, goal):
                search(k + 1, m)
            number[m] = 0
            if aborted or len(solutions) >= limit:
                return

    search(1, given[1])
    return solutions, not aborted
