"""graph/tree_centre: the centre of a tree, the one or two nodes of smallest eccentricity."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, neighbours, random_tree_edges
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300


def tree_centre(n: int, edges: list[list[int]]) -> list[int]:
    """Peel every leaf at once, layer after layer: each peel lowers every remaining eccentricity by one, so the
    last one or two nodes standing are the nodes of smallest eccentricity. Linear, unlike n searches."""
    adj = neighbours(n, edges)
    degree = [len(row) for row in adj]
    layer = [u for u in range(n) if degree[u] <= 1]
    remaining = n
    while remaining > 2:
        remaining -= len(layer)
        next_layer = []
        for u in layer:
            for v in adj[u]:
                degree[v] -= 1
                if degree[v] == 1:
                    next_layer.append(v)
        layer = next_layer
    return sorted(layer)


class TreeCentre(Environment):
    id = "graph/tree_centre"
    version = 1
    description = "Find the centre of a tree: the one or two nodes whose farthest node is as near as possible."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); long branches, so the "
        "farthest nodes are many edges away"
    )
    size_name = "nodes"
    answer_format = "the centre nodes separated by spaces, in any order, for example 4 or 2 7"
    tags = ("graph", "tree", "centre")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        # A short attachment reach grows long branches: the centre is then far from every leaf.
        edges = [list(e) for e in random_tree_edges(n, rng, reach=2 + lev // 4)]
        centre = tree_centre(n, edges)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "The graph is a tree. The distance between two nodes is the number of edges on the path between "
            "them, and the eccentricity of a node is its distance to the node farthest from it. The centre of "
            "the tree is the set of nodes whose eccentricity is the smallest; a tree has one or two such nodes. "
            "List every node of the centre."
        )
        data = {"n": n, "edges": edges, "centre": centre}
        return Instance(prompt=prompt, answer=" ".join(map(str, centre)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        centre = set(data["centre"])
        given = parse_nodes(strip_label(answer), data["n"], max_items=3)
        if len(set(given)) != len(given):
            return Verdict.wrong("a node is listed twice")
        for node in given:
            if node not in centre:
                return Verdict.wrong(f"node {node} is not in the centre: another node has a smaller eccentricity")
        if len(given) != len(centre):
            return Verdict.wrong(f"the centre has {len(centre)} nodes, the answer lists {len(given)}")
        return Verdict.right()
