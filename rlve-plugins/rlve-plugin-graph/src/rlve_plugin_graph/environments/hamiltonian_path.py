"""graph/hamiltonian_path: a path that visits every node exactly once (a Hamiltonian path)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import add_random_edges, describe_graph, edge_set, normalise
from rlve_plugin_graph.reading import parse_nodes


class HamiltonianPath(Environment):
    id = "graph/hamiltonian_path"
    version = 1
    description = "Find a path that visits every node of a graph exactly once (a Hamiltonian path exists)."
    difficulty_scales = (
        "nodes: 5 + L (L = d to 100, then +20 per doubling); edges: a hidden Hamiltonian path plus about 0.6 "
        "decoy edges per node"
    )
    size_name = "nodes"
    answer_format = "all the nodes in the order of the path separated by spaces, for example 3 0 4 1 2"
    tags = ("graph", "path", "np-hard")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty)
        # Plant the path: the check is exact whatever other paths exist, so planting gives the reference
        # without any search, at any size. Few decoy edges keep the Hamiltonian paths rare.
        path = list(range(n))
        rng.shuffle(path)
        planted = [normalise(u, v) for u, v in zip(path, path[1:])]
        edges = [list(e) for e in add_random_edges(n, planted, (3 * n) // 5, rng)]
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "Find a path that visits every node exactly once: list all the nodes so that every two consecutive "
            "nodes are joined by an edge. The path may start and end at any nodes. Such a path exists; any one "
            "is accepted."
        )
        return Instance(prompt=prompt, answer=" ".join(map(str, path)), data={"n": n, "edges": edges}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        path = parse_nodes(answer, n)
        if len(path) != n or len(set(path)) != n:
            return Verdict.wrong(f"the path must list each of the {n} nodes exactly once")
        edges = edge_set(data["edges"])
        for u, v in zip(path, path[1:]):
            if normalise(u, v) not in edges:
                return Verdict.wrong(f"{u}-{v} is not an edge")
        return Verdict.right()
