"""graph/topological_order: an order of the nodes of a DAG in which every arc points forwards."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.dags import first_backward_arc, random_dag, smallest_first_order
from rlve_plugin_graph.graphs import describe_graph
from rlve_plugin_graph.reading import parse_nodes


class TopologicalOrder(Environment):
    id = "graph/topological_order"
    version = 1
    description = "Order the nodes of a directed acyclic graph so that every arc goes forwards."
    difficulty_scales = (
        "nodes: 5 + L (L = d to 100, then +20 per doubling); arcs: about 2 per node, half of them between nodes "
        "close in the order, so long chains of constraints appear"
    )
    size_name = "nodes"
    answer_format = "all the nodes in order separated by spaces, for example 3 0 2 1"
    tags = ("graph", "dag", "ordering")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty)
        arcs = random_dag(n, 2 * n, rng)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "The graph has no directed cycle. Write every node exactly once, in an order such that for every "
            "arc u->v, u comes before v. Any such order is accepted."
        )
        order = smallest_first_order(n, arcs)
        return Instance(prompt=prompt, answer=" ".join(map(str, order)), data={"n": n, "arcs": arcs}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        order = parse_nodes(answer, n)
        if len(order) != n or len(set(order)) != n:
            return Verdict.wrong(f"the answer must list each of the {n} nodes exactly once")
        backward = first_backward_arc(order, data["arcs"])
        if backward:
            return Verdict.wrong(f"arc {backward[0]}->{backward[1]} goes backwards")
        return Verdict.right()
