"""graph/tree_distance_sum: the sum of the distances between all pairs of nodes of a weighted tree."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_tree_edges
from rlve_plugin_graph.trees import rooted, strip_label, subtree_sizes

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300


def distance_sum(n: int, edges: list[list[int]]) -> int:
    """Each edge lies on the path of exactly the pairs it separates: s (n - s) of them, where s is the size
    of the subtree below it. So the sum is the sum of w s (n - s) over the edges, in linear time."""
    order, parent = rooted(n, edges)
    size = subtree_sizes(order, parent)
    total = 0
    for u, v, w in edges:
        below = size[v] if parent[v] == u else size[u]
        total += w * below * (n - below)
    return total


class TreeDistanceSum(Environment):
    id = "graph/tree_distance_sum"
    version = 1
    description = "Add up the distances between all pairs of nodes of a weighted tree."
    difficulty_scales = (
        f"nodes: 4 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); weights: 1 to 5 + L / 2"
    )
    size_name = "nodes"
    answer_format = "a single integer written with digits only, for example 146"
    tags = ("graph", "tree", "distance", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        max_weight = 5 + lev // 2
        reach = rng.choice([None, 2 + lev // 3])
        edges = [[u, v, rng.randint(1, max_weight)] for u, v in random_tree_edges(n, rng, reach)]
        total = distance_sum(n, edges)
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            "The graph is a tree. The distance between two nodes is the total weight of the edges on the path "
            f"between them. Add up the distances of all {n * (n - 1) // 2} unordered pairs of different nodes "
            "(each pair counted once) and give the sum."
        )
        data = {"n": n, "edges": edges, "total": total}
        return Instance(prompt=prompt, answer=str(total), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        total = data["total"]
        given = parse_int(strip_label(answer), max_digits=len(str(total)) + 2, allow_thousands=True)
        if given != total:
            return Verdict.wrong(f"{given} is not the sum of the distances")
        return Verdict.right()
