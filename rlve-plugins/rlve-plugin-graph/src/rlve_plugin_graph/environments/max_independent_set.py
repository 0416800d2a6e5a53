"""graph/max_independent_set: nodes of a weighted graph, no two joined by an edge, of the largest total weight."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import add_random_edges, describe_graph, edge_set, normalise
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (45 nodes, at d = 40): the exact search is exponential.
MAX_LEVEL = 40


def clique_cover_bound(candidates: int, adj: list[int], weight: list[int]) -> int:
    """An upper bound on the weight of an independent set inside ``candidates``: split them greedily into
    cliques; an independent set holds at most one node of each clique, at best its heaviest."""
    bound = 0
    while candidates:
        u = (candidates & -candidates).bit_length() - 1
        clique_weight = weight[u]
        room = candidates & adj[u]
        candidates &= ~(1 << u)
        while room:
            v = (room & -room).bit_length() - 1
            clique_weight = max(clique_weight, weight[v])
            candidates &= ~(1 << v)
            room &= adj[v]
        bound += clique_weight
    return bound


def mask_weight(mask: int, weight: list[int]) -> int:
    """The total weight of the nodes in a bit mask."""
    total = 0
    while mask:
        total += weight[(mask & -mask).bit_length() - 1]
        mask &= mask - 1
    return total


def max_weight_independent_set(n: int, edges: list[list[int]], weight: list[int]) -> list[int]:
    """An exact maximum-weight independent set, by branch and bound over bit masks.

    Reductions: a candidate with no candidate neighbour is always taken, and so is one with one or two that
    is at least as heavy as they are together (swapping them for it never loses). Otherwise branch on the
    candidate with the most candidate neighbours: take it (dropping its neighbours) or drop it.
    """
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    best_weight, best = -1, []

    def search(candidates: int, total: int, chosen: list[int]) -> None:
        nonlocal best_weight, best
        changed = True
        while changed and candidates:
            changed = False
            rest = candidates
            while rest:
                u = (rest & -rest).bit_length() - 1
                rest &= rest - 1
                if not candidates >> u & 1:
                    continue
                around = adj[u] & candidates
                if not around or (around.bit_count() <= 2 and weight[u] >= mask_weight(around, weight)):
                    chosen = [*chosen, u]
                    total += weight[u]
                    candidates &= ~(around | 1 << u)
                    changed = True
        if not candidates:
            if total > best_weight:
                best_weight, best = total, sorted(chosen)
            return
        if total + clique_cover_bound(candidates, adj, weight) <= best_weight:
            return
        rest, pivot, most = candidates, -1, -1
        while rest:
            u = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            degree = (adj[u] & candidates).bit_count()
            if degree > most:
                pivot, most = u, degree
        search(candidates & ~(adj[pivot] | 1 << pivot), total + weight[pivot], [*chosen, pivot])
        search(candidates & ~(1 << pivot), total, chosen)

    search((1 << n) - 1, 0, [])
    return best


class MaxIndependentSet(Environment):
    id = "graph/max_independent_set"
    version = 1
    description = "Choose nodes of a weighted graph, no two joined by an edge, of the largest total weight."
    difficulty_scales = (
        f"nodes: 5 + L (L = d, at most {MAX_LEVEL}); edges: about (30 + L) / 20 per node (average degree 3 to "
        "7), random, with cycles; node weights: 1 to 5 + L / 3"
    )
    size_name = "nodes"
    answer_format = "the chosen nodes separated by spaces, in any order, for example 0 3 5"
    tags = ("graph", "independent-set", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        edges = [list(e) for e in add_random_edges(n, [], n * (30 + lev) // 20, rng)]
        weight = [rng.randint(1, 5 + lev // 3) for _ in range(n)]
        best = max_weight_independent_set(n, edges, weight)
        weights_text = ", ".join(f"{u}:{w}" for u, w in enumerate(weight))
        prompt = (
            f"{describe_graph(n, edges)}\n"
            f"Node weights, written node:weight: {weights_text}\n\n"
            "An independent set is a set of nodes no two of which are joined by an edge. Find an independent set "
            "whose total node weight is as large as possible. Any independent set of the largest total weight is "
            "accepted; the order of the nodes does not matter."
        )
        data = {"n": n, "edges": edges, "weight": weight, "best": sum(weight[u] for u in best)}
        return Instance(prompt=prompt, answer=" ".join(map(str, best)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        nodes = parse_nodes(strip_label(answer), data["n"])
        if len(set(nodes)) != len(nodes):
            return Verdict.wrong("a node is listed twice")
        edges = edge_set(data["edges"])
        chosen = sorted(nodes)
        for i, u in enumerate(chosen):
            for v in chosen[i + 1 :]:
                if normalise(u, v) in edges:
                    return Verdict.wrong(f"{u} and {v} are joined by an edge")
        total = sum(data["weight"][u] for u in nodes)
        if total != data["best"]:
            return Verdict.wrong(f"the set weighs {total}, but {data['best']} is possible")
        return Verdict.right()
