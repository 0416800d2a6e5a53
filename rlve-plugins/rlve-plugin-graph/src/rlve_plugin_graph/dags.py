"""Directed acyclic graphs: the generator and the canonical order shared by graph/topological_order and
graph/cycle_detection."""

from __future__ import annotations

import heapq
import random

from rlve_plugin_graph.graphs import neighbours


def random_dag(n: int, arcs: int, rng: random.Random) -> list[list[int]]:
    """A DAG with about ``arcs`` arcs: arcs go forwards in a hidden random order of the nodes.

    Half of the arcs join nodes close in that order, so long chains of constraints appear.
    """
    order = list(range(n))
    rng.shuffle(order)
    chosen: set[tuple[int, int]] = set()
    for k in range(arcs):
        i = rng.randrange(n - 1)
        j = i + 1 + (rng.randrange(min(3, n - 1 - i)) if k % 2 == 0 else rng.randrange(n - 1 - i))
        chosen.add((order[i], order[j]))
    return [list(a) for a in sorted(chosen)]


def smallest_first_order(n: int, arcs: list[list[int]]) -> list[int]:
    """Kahn's algorithm, always taking the smallest ready node, so the reference order is canonical."""
    adj = neighbours(n, arcs, directed=True)
    indegree = [0] * n
    for _, v in arcs:
        indegree[v] += 1
    ready = [x for x in range(n) if indegree[x] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        u = heapq.heappop(ready)
        order.append(u)
        for v in adj[u]:
            indegree[v] -= 1
            if indegree[v] == 0:
                heapq.heappush(ready, v)
    return order


def first_backward_arc(order: list[int], arcs: list[list[int]]) -> list[int] | None:
    position = {node: i for i, node in enumerate(order)}
    for u, v in arcs:
        if position[u] > position[v]:
            return [u, v]
    return None
