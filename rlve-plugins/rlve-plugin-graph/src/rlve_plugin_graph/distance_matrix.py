"""Distances between every pair of nodes, shared by k_center, distance_after_edge_addition and
graph_eccentricity. ``graphs.dijkstra`` rebuilds the adjacency lists on every call; here they are built once
for all n searches, which is most of the cost on the small graphs these environments use."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from rlve_plugin_graph.graphs import adjacency, bfs_hops, neighbours


def weighted_distances(n: int, edges: Sequence[Sequence[int]]) -> list[list[int]]:
    """``dist[u][v]``: the least total weight of a path from u to v (Dijkstra from every node).

    The graph must be connected and its weights non-negative integers.
    """
    adj = adjacency(n, edges)
    table = []
    for source in range(n):
        dist = [-1] * n
        heap = [(0, source)]
        while heap:
            d, u = heapq.heappop(heap)
            if dist[u] >= 0:
                continue
            dist[u] = d
            for v, w in adj[u]:
                if dist[v] < 0:
                    heapq.heappush(heap, (d + w, v))
        table.append(dist)
    return table


def hop_distances(n: int, edges: Sequence[Sequence[int]]) -> list[list[int]]:
    """``hops[u][v]``: the fewest edges on a path from u to v (a breadth-first search from every node; -1 where
    there is no path)."""
    adj = neighbours(n, edges)
    return [bfs_hops(adj, source) for source in range(n)]
