"""Random graphs and the one text format every prompt of this pack uses to show them.

Format (documented in the pack README): nodes are the integers 0..n-1; an undirected edge is written
``u-v``, a directed one ``u->v``, and a weight follows a colon: ``u-v:w``. Edges are listed
comma-separated, sorted, on one line after ``Edges:``.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable

Edge = tuple[int, int]
WeightedEdge = tuple[int, int, int]


def random_connected_edges(n: int, extra: int, rng: random.Random) -> list[Edge]:
    """A connected simple undirected graph: a random spanning tree plus up to ``extra`` more edges."""
    order = list(range(n))
    rng.shuffle(order)
    edges: set[Edge] = set()
    for i in range(1, n):
        u, v = order[i], order[rng.randrange(i)]
        edges.add((min(u, v), max(u, v)))
    max_edges = n * (n - 1) // 2
    target = min(max_edges, len(edges) + extra)
    attempts = 0
    while len(edges) < target and attempts < 20 * target:
        attempts += 1
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def format_edges(edges: Iterable[tuple[int, ...]], directed: bool = False) -> str:
    arrow = "->" if directed else "-"
    parts = []
    for edge in edges:
        text = f"{edge[0]}{arrow}{edge[1]}"
        if len(edge) > 2:
            text += f":{edge[2]}"
        parts.append(text)
    return ", ".join(parts)


def describe_graph(n: int, edges: list[tuple[int, ...]], *, directed: bool = False, weighted: bool = False) -> str:
    kind = ("directed" if directed else "undirected") + (" weighted" if weighted else "")
    edge_form = ("u->v" if directed else "u-v") + (":w (w is the weight)" if weighted else "")
    return (
        f"An {kind} graph has {n} nodes, numbered 0 to {n - 1}, and {len(edges)} edges written {edge_form}.\n"
        f"Edges: {format_edges(edges, directed)}"
    )


def adjacency(n: int, edges: Iterable[WeightedEdge], directed: bool = False) -> list[list[tuple[int, int]]]:
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in edges:
        adj[u].append((v, w))
        if not directed:
            adj[v].append((u, w))
    return adj


def dijkstra(
    n: int, edges: Iterable[WeightedEdge], source: int, directed: bool = False
) -> tuple[list[float], list[int]]:
    """Distances from ``source`` (inf where unreachable) and a predecessor array."""
    adj = adjacency(n, edges, directed)
    dist = [float("inf")] * n
    prev = [-1] * n
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                prev[v] = u
                heapq.heappush(heap, (d + w, v))
    return dist, prev
