"""Breadth-first search over explicit state spaces, for the planning puzzles that pose a shortest plan.

Every state that a breadth-first search finds carries its exact distance from the sources, even when the
search stops part-way through a layer. The generators use that twice: a search from the goal side (or from
the start) capped at a number of states still yields exact optima, and a state among the deepest ones found
is a start (or goal) whose shortest plan is as long as that search can certify.

States must be hashable; ``successors(state)`` yields ``(move, next_state)`` pairs in a fixed order, so that a
search, and the plan it reads back, is a function of the instance alone.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Any

#: state -> (distance from the nearest source, the state it was reached from, the move between them)
Found = dict[Any, tuple[int, Any, Any]]


def explore(
    sources: Iterable[Hashable],
    successors: Callable[[Any], Iterable[tuple[Any, Any]]],
    *,
    limit: int | None = None,
    stop: Callable[[Any], bool] | None = None,
) -> tuple[Found, Any]:
    """Breadth-first search from every source at distance 0.

    Stops once ``limit`` states are found or as soon as a state satisfying ``stop`` is found; returns what was
    found and that state (None when none was). A source satisfying ``stop`` is returned at once.
    """
    found: Found = {}
    queue: deque[Any] = deque()
    for source in sources:
        if source not in found:
            found[source] = (0, None, None)
            if stop is not None and stop(source):
                return found, source
            queue.append(source)
    while queue:
        state = queue.popleft()
        steps = found[state][0] + 1
        for move, nxt in successors(state):
            if nxt in found:
                continue
            found[nxt] = (steps, state, move)
            if stop is not None and stop(nxt):
                return found, nxt
            if limit is not None and len(found) >= limit:
                return found, None
            queue.append(nxt)
    return found, None


def moves_back(found: Found, state: Any) -> list[Any]:
    """The moves on the way from ``state`` back to its source, in the order the parents are followed.

    For a forward search that is the plan reversed; for a search from the goal side whose recorded moves are
    the forward moves (from the found state to its parent), it is the plan itself.
    """
    moves = []
    while True:
        _, parent, move = found[state]
        if parent is None:
            return moves
        moves.append(move)
        state = parent


def deepest(found: Found) -> list[Any]:
    """The states at the greatest distance found, in the order the search found them."""
    far = max(steps for steps, _, _ in found.values())
    return [state for state, (steps, _, _) in found.items() if steps == far]
