"""Random graphs and the one text format every prompt of this pack uses to show them.

Format (documented in the pack README): nodes are the integers 0..n-1; an undirected edge is written
``u-v``, a directed one ``u->v``, and a weight or capacity follows a colon: ``u-v:w``. Edges are listed
comma-separated, sorted, on one line after ``Edges:``.

Generators return sorted lists of lists or tuples built from sorted collections only, so their output
never depends on set iteration order (and so never on PYTHONHASHSEED).
"""

from __future__ import annotations

import heapq
import random
from collections import deque
from collections.abc import Iterable, Sequence

Edge = tuple[int, int]
WeightedEdge = tuple[int, int, int]


def normalise(u: int, v: int) -> Edge:
    """The key of an undirected edge: its endpoints in increasing order."""
    return (u, v) if u < v else (v, u)


def random_tree_edges(n: int, rng: random.Random, reach: int | None = None) -> list[Edge]:
    """A random labelled tree: node ``order[i]`` hangs off one of the ``reach`` nodes placed just before it.

    ``reach=None`` gives a random recursive tree (depth about log n); a small ``reach`` gives long,
    path-like trees, whose diameters and ancestor chains are longer.
    """
    order = list(range(n))
    rng.shuffle(order)
    edges = []
    for i in range(1, n):
        low = 0 if reach is None else max(0, i - reach)
        edges.append(normalise(order[i], order[rng.randrange(low, i)]))
    return sorted(edges)


def add_random_edges(n: int, edges: Iterable[Edge], extra: int, rng: random.Random) -> list[Edge]:
    """``edges`` plus up to ``extra`` new distinct undirected edges chosen uniformly, sorted."""
    present = {normalise(u, v) for u, v in edges}
    target = min(n * (n - 1) // 2, len(present) + extra)
    attempts = 0
    while len(present) < target and attempts < 20 * target + 100:
        attempts += 1
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            present.add(normalise(u, v))
    return sorted(present)


def random_connected_edges(n: int, extra: int, rng: random.Random) -> list[Edge]:
    """A connected simple undirected graph: a random spanning tree plus up to ``extra`` more edges."""
    return add_random_edges(n, random_tree_edges(n, rng), extra, rng)


def random_permutation(n: int, rng: random.Random) -> list[int]:
    order = list(range(n))
    rng.shuffle(order)
    return order


def relabel(edges: Iterable[Sequence[int]], mapping: Sequence[int], directed: bool = False) -> list[list[int]]:
    """Edges with every node ``u`` renamed ``mapping[u]`` (extra fields such as weights kept), sorted."""
    out = []
    for edge in edges:
        u, v = mapping[edge[0]], mapping[edge[1]]
        if not directed and u > v:
            u, v = v, u
        out.append([u, v, *edge[2:]])
    return sorted(out)


def format_edges(edges: Iterable[Sequence[int]], directed: bool = False) -> str:
    arrow = "->" if directed else "-"
    parts = []
    for edge in edges:
        text = f"{edge[0]}{arrow}{edge[1]}"
        if len(edge) > 2:
            text += f":{edge[2]}"
        parts.append(text)
    return ", ".join(parts) if parts else "(none)"


def describe_graph(
    n: int,
    edges: Sequence[Sequence[int]],
    *,
    directed: bool = False,
    weighted: bool = False,
    weight_name: str = "weight",
) -> str:
    """The pack's one description of a graph: node range, edge notation, then the edge list."""
    kind = ("directed" if directed else "undirected") + (" weighted" if weighted else "")
    edge_form = ("u->v" if directed else "u-v") + (f":w (w is the {weight_name})" if weighted else "")
    edge_word = ("arc" if directed else "edge") + ("" if len(edges) == 1 else "s")
    if directed:
        edge_word += " (directed edges)"
    return (
        f"A{'n' if kind[0] in 'aeiou' else ''} {kind} graph has {n} nodes, numbered 0 to {n - 1}, "
        f"and {len(edges)} {edge_word} written {edge_form}.\n"
        f"Edges: {format_edges(edges, directed)}"
    )


def neighbours(n: int, edges: Iterable[Sequence[int]], directed: bool = False) -> list[list[int]]:
    """Adjacency lists (each sorted), ignoring weights."""
    adj: list[list[int]] = [[] for _ in range(n)]
    for edge in edges:
        u, v = edge[0], edge[1]
        adj[u].append(v)
        if not directed:
            adj[v].append(u)
    for row in adj:
        row.sort()
    return adj


def adjacency(n: int, edges: Iterable[Sequence[int]], directed: bool = False) -> list[list[tuple[int, int]]]:
    """Weighted adjacency lists: ``adj[u]`` holds ``(v, w)`` pairs."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in edges:
        adj[u].append((v, w))
        if not directed:
            adj[v].append((u, w))
    return adj


def bfs_hops(adj: Sequence[Sequence[int]], source: int) -> list[int]:
    """Number of edges on a shortest path from ``source`` to every node (-1 where unreachable)."""
    hops = [-1] * len(adj)
    hops[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if hops[v] < 0:
                hops[v] = hops[u] + 1
                queue.append(v)
    return hops


def dijkstra(
    n: int, edges: Iterable[Sequence[int]], source: int, directed: bool = False
) -> tuple[list[float], list[int]]:
    """Distances from ``source`` (inf where unreachable) and a predecessor array."""
    adj = adjacency(n, edges, directed)
    dist: list[float] = [float("inf")] * n
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


def edge_set(edges: Iterable[Sequence[int]], directed: bool = False) -> set[Edge]:
    """Membership set of edges (``(u, v)`` for arcs, normalised pairs for undirected edges)."""
    if directed:
        return {(e[0], e[1]) for e in edges}
    return {normalise(e[0], e[1]) for e in edges}


def weight_map(edges: Iterable[Sequence[int]], directed: bool = False) -> dict[Edge, int]:
    """``(u, v) -> weight``; for undirected graphs keyed by the normalised pair."""
    if directed:
        return {(u, v): w for u, v, w in edges}
    return {normalise(u, v): w for u, v, w in edges}
