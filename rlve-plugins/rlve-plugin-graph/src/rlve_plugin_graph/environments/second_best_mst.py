"""graph/second_best_mst: a lightest spanning tree that is strictly heavier than a minimum spanning tree."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, normalise, random_connected_edges
from rlve_plugin_graph.reading import parse_edges
from rlve_plugin_graph.spanning_trees import forest_weight, kruskal

#: Nodes stop growing here (reached near d = 3200); the swap search is quadratic in the nodes.
MAX_LEVEL = 200


def second_best_tree(n: int, edges: list[list[int]]) -> tuple[int, list[list[int]]] | None:
    """The least weight above the minimum that a spanning tree has, and such a tree; None if all weigh the same.

    Take one minimum tree T. A lightest strictly heavier tree is T with one swap: a non-tree edge e in, and
    out the heaviest edge f on T's path between e's ends among those lighter than e (a lighter f gives a
    heavier tree, an f as heavy as e gives another minimum tree). The tests check this against networkx's
    enumeration of spanning trees in order of weight.
    """
    tree = kruskal(n, edges)
    weight = sum(w for _, _, w in tree)
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in tree:
        adj[u].append((v, w))
        adj[v].append((u, w))
    parent, up_weight, depth = [-1] * n, [0] * n, [0] * n
    stack, seen = [0], [False] * n
    seen[0] = True
    while stack:
        u = stack.pop()
        for v, w in adj[u]:
            if not seen[v]:
                seen[v] = True
                parent[v], up_weight[v], depth[v] = u, w, depth[u] + 1
                stack.append(v)
    in_tree = {normalise(u, v) for u, v, _ in tree}
    best: tuple[int, list[int], tuple[int, int]] | None = None  # (extra weight, edge in, edge out)
    for u, v, w in edges:
        if normalise(u, v) in in_tree:
            continue
        out, a, b = None, u, v  # walk a and b up to their common ancestor, keeping the best edge to drop
        while a != b:
            if depth[a] < depth[b]:
                a, b = b, a
            if up_weight[a] < w and (out is None or up_weight[a] > out[0]):
                out = (up_weight[a], a, parent[a])
            a = parent[a]
        if out is not None and (best is None or w - out[0] < best[0]):
            best = (w - out[0], [u, v, w], normalise(out[1], out[2]))
    if best is None:
        return None
    extra, edge_in, edge_out = best
    swapped = sorted([e for e in tree if normalise(e[0], e[1]) != edge_out] + [edge_in])
    return weight + extra, swapped


class SecondBestMst(Environment):
    id = "graph/second_best_mst"
    version = 1
    description = "Find a spanning tree of least weight among those strictly heavier than a minimum spanning tree."
    difficulty_scales = (
        f"nodes: 4 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); edges: about 1.5 per node; "
        "weights: 1 to 4 + L / 3 (small ranges give ties, hence several minimum trees)"
    )
    size_name = "nodes"
    answer_format = "the edges of the tree as u-v separated by commas, for example 0-3, 3-1, 1-2"
    tags = ("graph", "tree", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        pairs = random_connected_edges(n, 1 + n // 2, rng)  # at least one cycle, so two trees exist
        while True:  # weights such that not every spanning tree weighs the same (almost always the first try)
            edges = [[u, v, rng.randint(1, 4 + lev // 3)] for u, v in pairs]
            found = second_best_tree(n, edges)
            if found is not None:
                break
        best, tree = found
        minimum = sum(w for _, _, w in kruskal(n, edges))
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"A spanning tree is a set of {n - 1} of these edges that connects all {n} nodes; its weight is the sum "
            f"of the weights of its edges. Let W be the smallest weight of any spanning tree. Find a spanning tree "
            "whose weight is strictly greater than W and, among all such trees, as small as possible (the second "
            "smallest weight a spanning tree can have). A tree of weight W, even one different from another of "
            "weight W, is not accepted. Any tree of the required weight is accepted; the order of the edges and "
            "of the two ends of an edge does not matter."
        )
        answer = ", ".join(f"{u}-{v}" for u, v, _ in tree)
        data = {"n": n, "edges": edges, "minimum": minimum, "best": best}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        chosen = parse_edges(answer, n, max_items=n)
        if len(chosen) != n - 1:
            return Verdict.wrong(f"a spanning tree of {n} nodes has {n - 1} edges, not {len(chosen)}")
        forest = forest_weight(chosen, n, data["edges"])
        if isinstance(forest, Verdict):
            return forest
        _, total = forest
        # n - 1 edges without a cycle connect all n nodes.
        if total == data["minimum"]:
            return Verdict.wrong(f"the tree weighs {total}, the minimum; it must be strictly heavier")
        if total != data["best"]:
            minimum, best = data["minimum"], data["best"]
            return Verdict.wrong(f"the tree weighs {total}, but {best} is the least weight above the minimum {minimum}")
        return Verdict.right()
