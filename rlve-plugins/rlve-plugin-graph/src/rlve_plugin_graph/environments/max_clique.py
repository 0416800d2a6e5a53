"""graph/max_clique: a largest set of pairwise-adjacent nodes, any largest one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.cliques import maximum_clique
from rlve_plugin_graph.graphs import add_random_edges, describe_graph, edge_set, normalise
from rlve_plugin_graph.reading import parse_nodes

MAX_PLANTED = 10


class MaxClique(Environment):
    id = "graph/max_clique"
    version = 1
    description = "Find a largest clique (a set of nodes joined pairwise by edges) in a sparse graph."
    difficulty_scales = (
        f"nodes: 8 + L (L = d to 100, then +20 per doubling); a planted clique of 3 + L / 5 nodes (at most "
        f"{MAX_PLANTED}) hidden among random edges that give each node about 2 + L / 40 neighbours"
    )
    size_name = "nodes"
    answer_format = "the nodes of the clique separated by spaces, for example 1 4 6 7"
    tags = ("graph", "clique", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 8 + lev
        planted = rng.sample(range(n), min(MAX_PLANTED, 3 + lev // 5))
        clique_edges = [normalise(u, v) for i, u in enumerate(planted) for v in planted[i + 1 :]]
        edges = [list(e) for e in add_random_edges(n, clique_edges, n * (2 + lev // 40) // 2, rng)]
        best = maximum_clique(n, edges)  # exact: noise edges may have made a larger clique than the planted one
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "A clique is a set of nodes in which every two nodes are joined by an edge. Find a clique with as "
            "many nodes as possible. Any largest clique is accepted."
        )
        data = {"n": n, "edges": edges, "best": len(best)}
        return Instance(prompt=prompt, answer=" ".join(map(str, best)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        nodes = parse_nodes(answer, data["n"])
        if len(set(nodes)) != len(nodes):
            return Verdict.wrong("a node is listed twice")
        edges = edge_set(data["edges"])
        for i, u in enumerate(nodes):  # at most n + 1 nodes, so this is bounded by the instance
            for v in nodes[i + 1 :]:
                if normalise(u, v) not in edges:
                    return Verdict.wrong(f"{u} and {v} are not joined by an edge")
        if len(nodes) != data["best"]:
            return Verdict.wrong(f"the clique has {len(nodes)} nodes, but {data['best']} is possible")
        return Verdict.right()
