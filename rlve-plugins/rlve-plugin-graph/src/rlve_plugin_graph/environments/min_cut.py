"""graph/min_cut: a minimum source-sink cut of a network, given as the nodes on the source's side."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.flow import max_flow, network_size, random_network
from rlve_plugin_graph.graphs import describe_graph
from rlve_plugin_graph.reading import parse_nodes


class MinCut(Environment):
    id = "graph/min_cut"
    version = 1
    description = "Split a network's nodes so that the arcs from the source's side to the sink's weigh least."
    difficulty_scales = (
        "nodes: 5 + L (L = d to 100, then +20 per doubling); arcs: about 3 per node, a few of them backwards; "
        "capacities: 1 to 9 + d / 2"
    )
    size_name = "nodes"
    answer_format = "the nodes on the source's side (the source included) separated by spaces, for example 0 3 4"
    tags = ("graph", "flow", "cut", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, max_capacity = network_size(difficulty)
        arcs, source, sink = random_network(n, max_capacity, rng)
        result = max_flow(n, arcs, source, sink)
        prompt = (
            f"{describe_graph(n, arcs, directed=True, weighted=True, weight_name='capacity')}\n\n"
            f"Split the nodes into two sides: the source side, which contains node {source}, and the sink side, "
            f"which contains node {sink}. The capacity of the split is the sum of the capacities of the arcs "
            "that go from a source-side node to a sink-side node (arcs going the other way do not count). "
            "Find a split of minimum capacity and list the nodes of its source side. Any minimum split is "
            "accepted."
        )
        data = {"n": n, "arcs": arcs, "source": source, "sink": sink, "best": result.value}
        return Instance(prompt=prompt, answer=" ".join(map(str, result.source_side)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, source, sink = data["n"], data["source"], data["sink"]
        side = parse_nodes(answer, n)
        if len(set(side)) != len(side):
            return Verdict.wrong("a node is listed twice")
        chosen = [False] * n
        for node in side:
            chosen[node] = True
        if not chosen[source] or chosen[sink]:
            return Verdict.wrong(f"the source side must contain {source} and not {sink}")
        capacity = sum(c for u, v, c in data["arcs"] if chosen[u] and not chosen[v])
        # No cut is smaller than the maximum flow (max-flow min-cut), so equality means minimum.
        if capacity != data["best"]:
            return Verdict.wrong(f"the split has capacity {capacity}, but {data['best']} is possible")
        return Verdict.right()
