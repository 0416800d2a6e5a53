"""graph/lowest_common_ancestor: the lowest common ancestor of several pairs of nodes in a rooted tree."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import bfs_hops, describe_graph, neighbours, random_tree_edges
from rlve_plugin_graph.reading import parse_nodes


def parents(adj: list[list[int]], root: int) -> list[int]:
    parent = [-1] * len(adj)
    seen = [False] * len(adj)
    seen[root] = True
    stack = [root]
    while stack:
        u = stack.pop()
        for v in adj[u]:
            if not seen[v]:
                seen[v], parent[v] = True, u
                stack.append(v)
    return parent


def lowest_common_ancestor(parent: list[int], depth: list[int], u: int, v: int) -> int:
    while depth[u] > depth[v]:
        u = parent[u]
    while depth[v] > depth[u]:
        v = parent[v]
    while u != v:
        u, v = parent[u], parent[v]
    return u


class LowestCommonAncestor(Environment):
    id = "graph/lowest_common_ancestor"
    version = 1
    description = "Find the lowest common ancestor of each of several pairs of nodes in a rooted tree."
    difficulty_scales = "nodes: 6 + L (L = d to 100, then +20 per doubling); queries: 3 + L / 6; deeper trees"
    size_name = "nodes"
    answer_format = "the ancestors, one per question in the order asked, separated by spaces, for example 0 4 4"
    tags = ("graph", "tree")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + lev
        edges = [list(e) for e in random_tree_edges(n, rng, reach=2 + lev // 3)]
        root = rng.randrange(n)
        adj = neighbours(n, edges)
        parent, depth = parents(adj, root), bfs_hops(adj, root)
        queries = [rng.sample(range(n), 2) for _ in range(3 + lev // 6)]
        answers = [lowest_common_ancestor(parent, depth, u, v) for u, v in queries]
        asked = "\n".join(f"{i + 1}. nodes {u} and {v}" for i, (u, v) in enumerate(queries))
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            f"The graph is a tree; hang it from node {root}, its root. The ancestors of a node are the nodes on "
            "its path to the root, the node itself and the root included. The lowest common ancestor of two "
            "nodes is their common ancestor farthest from the root. Give the lowest common ancestor of each "
            f"pair:\n{asked}"
        )
        data = {"n": n, "edges": edges, "root": root, "queries": queries, "answers": answers}
        return Instance(prompt=prompt, answer=" ".join(map(str, answers)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["answers"]
        given = parse_nodes(answer, data["n"], max_items=len(expected) + 1)
        if len(given) != len(expected):
            return Verdict.wrong(f"expected {len(expected)} answers, one per question, got {len(given)}")
        for i, (got, want) in enumerate(zip(given, expected)):
            if got != want:  # each question has exactly one right answer
                return Verdict.wrong(f"question {i + 1}: {got} is not the lowest common ancestor")
        return Verdict.right()
