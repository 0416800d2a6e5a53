"""graph/bipartite_matching: a maximum matching of a bipartite graph, any maximum one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, edge_set, neighbours, normalise
from rlve_plugin_graph.matching import maximum_matching
from rlve_plugin_graph.reading import parse_edges


class BipartiteMatching(Environment):
    id = "graph/bipartite_matching"
    version = 1
    description = "Pair up as many left nodes with right nodes as possible along the edges of a bipartite graph."
    difficulty_scales = (
        "nodes: 6 + L (L = d to 100, then +20 per doubling), half on each side; edges: about 1.1 per node"
    )
    size_name = "nodes"
    answer_format = "the matched pairs as u-v separated by commas, for example 0-5, 2-4, 3-7"
    tags = ("graph", "matching", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n_left = 3 + (lev + 1) // 2
        n = n_left + 3 + lev // 2
        left, right = list(range(n_left)), list(range(n_left, n))
        edges: set[tuple[int, int]] = set()
        for u in left:  # every left node gets an edge; few edges per node so that not everyone can be matched
            edges.add((u, rng.choice(right)))
        for _ in range((6 * n) // 10):
            edges.add((rng.choice(left), rng.choice(right)))
        edge_list = [list(e) for e in sorted(edges)]
        mate = maximum_matching(left, neighbours(n, edge_list))
        pairs = sorted((u, v) for v, u in mate.items())
        prompt = (
            f"{describe_graph(n, edge_list)}\n\n"
            f"The graph is bipartite: every edge joins a left node (0 to {n_left - 1}) to a right node "
            f"({n_left} to {n - 1}). Choose as many edges as possible such that no node is an end of two chosen "
            "edges (a maximum matching). Any maximum matching is accepted."
        )
        data = {"n": n, "edges": edge_list, "best": len(pairs)}
        answer = ", ".join(f"{u}-{v}" for u, v in pairs)
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        pairs = parse_edges(answer, n, max_items=n // 2 + 1)
        edges = edge_set(data["edges"])
        used = [False] * n
        for u, v in pairs:
            if normalise(u, v) not in edges:
                return Verdict.wrong(f"{u}-{v} is not an edge")
            for node in (u, v):
                if used[node]:
                    return Verdict.wrong(f"node {node} is in two pairs")
                used[node] = True
        if len(pairs) != data["best"]:
            return Verdict.wrong(f"{len(pairs)} pairs, but {data['best']} are possible")
        return Verdict.right()
