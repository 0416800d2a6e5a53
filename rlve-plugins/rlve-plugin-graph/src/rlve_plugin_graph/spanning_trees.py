"""Spanning trees and forests: Kruskal's minimum tree, and reading a chosen set of edges as a forest.

Shared by minimum_spanning_tree, second_best_mst and steiner_tree, which all judge "these edges of the
graph, without a cycle, weigh W".
"""

from __future__ import annotations

from rlve import Verdict
from rlve_plugin_graph.connectivity import UnionFind
from rlve_plugin_graph.graphs import normalise, weight_map


def kruskal(n: int, edges: list[list[int]]) -> list[list[int]]:
    """A minimum spanning tree (ties broken by the edge's endpoints, so the reference is canonical)."""
    uf = UnionFind(n)
    return [[u, v, w] for u, v, w in sorted(edges, key=lambda e: (e[2], e[0], e[1])) if uf.union(u, v)]


def forest_weight(chosen: list[tuple[int, int]], n: int, edges: list[list[int]]) -> tuple[UnionFind, int] | Verdict:
    """The union-find of ``chosen`` and its total weight, or a wrong Verdict naming the first edge that is not
    an edge of the graph or closes a cycle (a repeated edge closes one)."""
    weight = weight_map(edges)
    uf = UnionFind(n)
    total = 0
    for u, v in chosen:
        key = normalise(u, v)
        if key not in weight:
            return Verdict.wrong(f"{u}-{v} is not an edge of the graph")
        if not uf.union(u, v):
            return Verdict.wrong(f"edge {u}-{v} closes a cycle (or is listed twice)")
        total += weight[key]
    return uf, total
