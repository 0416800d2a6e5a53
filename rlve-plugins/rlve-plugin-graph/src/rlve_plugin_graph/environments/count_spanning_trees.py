"""graph/count_spanning_trees: the exact number of spanning trees of a graph (Kirchhoff's theorem)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_connected_edges


def bareiss_determinant(matrix: list[list[int]]) -> int:
    """The determinant of an integer matrix by fraction-free (Bareiss) elimination: every division is exact."""
    a = [row[:] for row in matrix]
    size = len(a)
    if size == 0:
        return 1
    sign, previous = 1, 1
    for k in range(size - 1):
        if a[k][k] == 0:
            swap = next((i for i in range(k + 1, size) if a[i][k] != 0), None)
            if swap is None:
                return 0
            a[k], a[swap] = a[swap], a[k]
            sign = -sign
        pivot, row_k = a[k][k], a[k]
        for i in range(k + 1, size):
            row_i, factor = a[i], a[i][k]
            for j in range(k + 1, size):
                row_i[j] = (row_i[j] * pivot - factor * row_k[j]) // previous
        previous = pivot
    return sign * a[-1][-1]


def spanning_tree_count(n: int, edges: list[list[int]]) -> int:
    """Kirchhoff: any cofactor of the Laplacian. Leaves are stripped first (each lies on every spanning tree
    through its one edge, so removing it keeps the count) to keep the matrix small."""
    adj: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    alive = [True] * n
    leaves = [x for x in range(n) if len(adj[x]) == 1]
    remaining = n
    while leaves and remaining > 1:
        x = leaves.pop()
        if not alive[x] or len(adj[x]) != 1:
            continue
        (y,) = adj[x]
        adj[y].discard(x)
        adj[x].clear()
        alive[x] = False
        remaining -= 1
        if len(adj[y]) == 1:
            leaves.append(y)
    nodes = [x for x in range(n) if alive[x]]
    index = {x: i for i, x in enumerate(nodes)}
    size = len(nodes) - 1  # drop the last node's row and column
    laplacian = [[0] * size for _ in range(size)]
    for x in nodes[:-1]:
        i = index[x]
        laplacian[i][i] = len(adj[x])
        for y in adj[x]:
            if index[y] < size:
                laplacian[i][index[y]] = -1
    return bareiss_determinant(laplacian)


class CountSpanningTrees(Environment):
    id = "graph/count_spanning_trees"
    version = 1
    description = "Count exactly how many spanning trees a connected graph has."
    difficulty_scales = (
        "nodes: 4 + L (L = d to 100, then +20 per doubling); edges: a spanning tree plus 1 + L / 2 more, so the "
        "number of independent cycles grows"
    )
    size_name = "nodes"
    answer_format = "a single integer written with digits only, for example 75"
    tags = ("graph", "tree", "counting", "linear-algebra")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 4 + lev
        edges = [list(e) for e in random_connected_edges(n, 1 + lev // 2, rng)]
        count = spanning_tree_count(n, edges)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            f"A spanning tree is a set of {n - 1} edges of the graph that connects all {n} nodes (so it has no "
            "cycle). Two spanning trees are different when their edge sets differ. How many different spanning "
            "trees does this graph have? Give the exact number."
        )
        return Instance(prompt=prompt, answer=str(count), data={"n": n, "edges": edges, "count": str(count)}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["count"]  # a string: the count can exceed what JSON readers keep exact
        given = parse_int(answer, max_digits=len(expected) + 2, allow_thousands=True)
        if str(given) != expected:
            return Verdict.wrong(f"{given} is not the number of spanning trees")
        return Verdict.right()
