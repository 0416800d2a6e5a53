"""graph/max_flow: a maximum flow from source to sink, given arc by arc, checked as a flow and by value."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.flow import max_flow, network_size, random_network
from rlve_plugin_graph.graphs import describe_graph
from rlve_plugin_graph.reading import parse_arc_values


def flow_problem(data: dict[str, Any], flows: list[tuple[int, int, int]]) -> str | None:
    """Why ``flows`` is not a maximum flow of the network in ``data``, or None if it is one."""
    capacity = {(u, v): c for u, v, c in data["arcs"]}
    balance = [0] * data["n"]
    seen: set[tuple[int, int]] = set()
    for u, v, f in flows:
        if (u, v) not in capacity:
            return f"{u}->{v} is not an arc"
        if (u, v) in seen:
            return f"arc {u}->{v} is listed twice"
        seen.add((u, v))
        if f > capacity[(u, v)]:
            return f"arc {u}->{v} carries {f}, more than its capacity {capacity[(u, v)]}"
        balance[u] -= f
        balance[v] += f
    source, sink = data["source"], data["sink"]
    for node, net in enumerate(balance):
        if node not in (source, sink) and net != 0:
            return f"flow is not conserved at node {node} (in minus out is {net})"
    value = -balance[source]
    if value != data["best"]:
        return f"the flow sends {value} from {source} to {sink}, but {data['best']} is possible"
    return None


class MaxFlow(Environment):
    id = "graph/max_flow"
    version = 1
    description = "Send as much flow as possible from a source to a sink; the answer is the flow on each arc."
    difficulty_scales = (
        "nodes: 5 + L (L = d to 100, then +20 per doubling); arcs: about 3 per node, a few of them backwards; "
        "capacities: 1 to 9 + d / 2"
    )
    size_name = "nodes"
    answer_format = "the flow on every arc that carries flow, as u->v:f separated by commas, for example 0->2:3, 2->5:3"
    tags = ("graph", "flow", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, max_capacity = network_size(difficulty)
        arcs, source, sink = random_network(n, max_capacity, rng)
        result = max_flow(n, arcs, source, sink)
        prompt = (
            f"{describe_graph(n, arcs, directed=True, weighted=True, weight_name='capacity')}\n\n"
            f"Find a maximum flow from the source, node {source}, to the sink, node {sink}. A flow puts a whole "
            "number f on each arc u->v, from 0 up to the arc's capacity; at every node other than the source "
            "and the sink, the flow coming in must equal the flow going out. Its value is the net flow leaving "
            "the source; make it as large as possible. List every arc that carries a positive flow, with its "
            "flow; arcs you do not list carry 0. Any maximum flow is accepted."
        )
        used = [f"{u}->{v}:{f}" for (u, v, _), f in zip(arcs, result.flows) if f > 0]
        data = {"n": n, "arcs": arcs, "source": source, "sink": sink, "best": result.value}
        return Instance(prompt=prompt, answer=", ".join(used), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        digits = len(str(max(c for _, _, c in data["arcs"]))) + 1
        flows = parse_arc_values(answer, data["n"], max_items=len(data["arcs"]) + 1, max_digits=digits)
        problem = flow_problem(data, flows)
        return Verdict.wrong(problem) if problem else Verdict.right()
