"""graph/minimum_spanning_tree: the edges of a spanning tree of minimum total weight, any minimum one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_connected_edges
from rlve_plugin_graph.reading import parse_edges
from rlve_plugin_graph.spanning_trees import forest_weight, kruskal


class MinimumSpanningTree(Environment):
    id = "graph/minimum_spanning_tree"
    version = 1
    description = "Choose the edges of a spanning tree of minimum total weight in a weighted graph."
    difficulty_scales = (
        "nodes: 4 + L (L = d to 100, then +20 per doubling); edges: about 2 per node; weights: 1 to 5 + d / 2 "
        "(small ranges give ties, hence several minimum trees)"
    )
    size_name = "nodes"
    answer_format = "the edges of the tree as u-v separated by commas, for example 0-3, 3-1, 1-2"
    tags = ("graph", "tree", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 4 + level(difficulty)
        max_weight = 5 + difficulty // 2
        edges = [[u, v, rng.randint(1, max_weight)] for u, v in random_connected_edges(n, n, rng)]
        tree = kruskal(n, edges)
        best = sum(w for _, _, w in tree)
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"Choose {n - 1} of these edges that connect all {n} nodes (a spanning tree) with the smallest "
            "possible total weight. Any spanning tree of minimum total weight is accepted; the order of the "
            "edges and of the two ends of an edge does not matter."
        )
        answer = ", ".join(f"{u}-{v}" for u, v, _ in tree)
        return Instance(prompt=prompt, answer=answer, data={"n": n, "edges": edges, "best": best}, size=n)

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
        if total != data["best"]:
            return Verdict.wrong(f"the tree weighs {total}, but {data['best']} is possible")
        return Verdict.right()
