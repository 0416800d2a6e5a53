"""graph/graph_isomorphism: a renaming of one graph's nodes that turns it into another, any valid one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, edge_set, normalise, random_connected_edges, relabel
from rlve_plugin_graph.reading import parse_nodes


def mismatched_edge(edges_a: list[list[int]], edges_b: set[tuple[int, int]], mapping: list[int]) -> list[int] | None:
    """An edge of A whose image under ``mapping`` is not an edge of B, or None when every edge maps."""
    for u, v in edges_a:
        if normalise(mapping[u], mapping[v]) not in edges_b:
            return [u, v]
    return None


class GraphIsomorphism(Environment):
    id = "graph/graph_isomorphism"
    version = 1
    description = "Find a one-to-one matching of the nodes of two graphs that maps edges exactly onto edges."
    difficulty_scales = "nodes: 5 + L in each graph (L = d to 100, then +20 per doubling); edges: about 1.5 per node"
    size_name = "nodes"
    answer_format = (
        "for each node of graph A from 0 to the last, the node of graph B it corresponds to, separated by "
        "spaces, for example 2 0 3 1"
    )
    tags = ("graph", "isomorphism")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty)
        edges_a = [list(e) for e in random_connected_edges(n, n // 2, rng)]
        mapping = list(range(n))
        rng.shuffle(mapping)
        edges_b = relabel(edges_a, mapping)
        prompt = (
            f"Graph A. {describe_graph(n, edges_a)}\n\n"
            f"Graph B. {describe_graph(n, edges_b)}\n\n"
            "The two graphs have the same shape. Match every node of A with a different node of B so that two "
            "nodes of A are joined by an edge exactly when the nodes of B they are matched with are joined by an "
            "edge. Any such matching is accepted."
        )
        data = {"n": n, "edges_a": edges_a, "edges_b": edges_b}
        return Instance(prompt=prompt, answer=" ".join(map(str, mapping)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        mapping = parse_nodes(answer, n)
        if len(mapping) != n:
            return Verdict.wrong(f"expected a node of B for each of the {n} nodes of A, got {len(mapping)}")
        if len(set(mapping)) != n:
            return Verdict.wrong("two nodes of A are matched with the same node of B")
        # A bijection mapping every edge of A onto an edge of B, with equal edge counts, maps edges onto edges.
        bad = mismatched_edge(data["edges_a"], edge_set(data["edges_b"]), mapping)
        if bad:
            u, v = bad
            return Verdict.wrong(f"edge {u}-{v} of A becomes {mapping[u]}-{mapping[v]}, which is not an edge of B")
        return Verdict.right()
