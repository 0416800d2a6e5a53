"""graph/tree_diameter: a longest path (by total weight) in a weighted tree, any longest one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import adjacency, describe_graph, normalise, random_tree_edges, weight_map
from rlve_plugin_graph.reading import parse_nodes


def farthest(adj: list[list[tuple[int, int]]], start: int) -> tuple[int, list[int]]:
    """The node farthest from ``start`` in a tree and the parent pointers of the search."""
    dist = [-1] * len(adj)
    parent = [-1] * len(adj)
    dist[start] = 0
    stack = [start]
    while stack:
        u = stack.pop()
        for v, w in adj[u]:
            if dist[v] < 0:
                dist[v], parent[v] = dist[u] + w, u
                stack.append(v)
    best = max(range(len(adj)), key=lambda x: (dist[x], -x))
    return best, parent


def diameter_path(n: int, edges: list[list[int]]) -> list[int]:
    """Two searches: the farthest node from any node is one end of a longest path (weights are positive)."""
    adj = adjacency(n, edges)
    a, _ = farthest(adj, 0)
    b, parent = farthest(adj, a)
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return path


class TreeDiameter(Environment):
    id = "graph/tree_diameter"
    version = 1
    description = "Find a longest path, by total edge weight, in a weighted tree."
    difficulty_scales = "nodes: 5 + L (L = d to 100, then +20 per doubling); weights: 1 to 5 + d / 2; deeper trees"
    size_name = "nodes"
    answer_format = "the nodes of the path from one end to the other separated by spaces, for example 4 0 2 7"
    tags = ("graph", "tree", "path", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 5 + lev
        max_weight = 5 + difficulty // 2
        # A limited attachment reach makes long branches, so several candidate paths compete.
        edges = [[u, v, rng.randint(1, max_weight)] for u, v in random_tree_edges(n, rng, reach=3 + lev // 4)]
        path = diameter_path(n, edges)
        weight = weight_map(edges)
        best = sum(weight[normalise(u, v)] for u, v in zip(path, path[1:]))
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            "The graph is a tree. Find a path (no node twice) whose total weight, the sum of the weights of its "
            "edges, is as large as possible. Any path of maximum total weight is accepted."
        )
        data = {"n": n, "edges": edges, "best": best}
        return Instance(prompt=prompt, answer=" ".join(map(str, path)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        path = parse_nodes(answer, data["n"])
        if len(set(path)) != len(path):
            return Verdict.wrong("a node appears twice in the path")
        weight = weight_map(data["edges"])
        total = 0
        for u, v in zip(path, path[1:]):
            key = normalise(u, v)
            if key not in weight:
                return Verdict.wrong(f"{u}-{v} is not an edge")
            total += weight[key]
        if total != data["best"]:
            return Verdict.wrong(f"the path weighs {total}, but a path of weight {data['best']} exists")
        return Verdict.right()
