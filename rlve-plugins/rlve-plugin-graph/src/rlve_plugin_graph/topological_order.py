"""graph/topological_order: an order of the nodes of a DAG in which every arc points forwards."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, neighbours
from rlve_plugin_graph.reading import parse_nodes


def random_dag(n: int, arcs: int, rng: random.Random) -> list[list[int]]:
    """A DAG with about ``arcs`` arcs: arcs go forwards in a hidden random order of the nodes.

    Half of the arcs join nodes close in that order, so long chains of constraints appear.
    """
    order = list(range(n))
    rng.shuffle(order)
    chosen: set[tuple[int, int]] = set()
    for k in range(arcs):
        i = rng.randrange(n - 1)
        j = i + 1 + (rng.randrange(min(3, n - 1 - i)) if k % 2 == 0 else rng.randrange(n - 1 - i))
        chosen.add((order[i], order[j]))
    return [list(a) for a in sorted(chosen)]


def smallest_first_order(n: int, arcs: list[list[int]]) -> list[int]:
    """Kahn's algorithm, always taking the smallest ready node, so the reference order is canonical."""
    adj = neighbours(n, arcs, directed=True)
    indegree = [0] * n
    for _, v in arcs:
        indegree[v] += 1
    ready = [x for x in range(n) if indegree[x] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        u = heapq.heappop(ready)
        order.append(u)
        for v in adj[u]:
            indegree[v] -= 1
            if indegree[v] == 0:
                heapq.heappush(ready, v)
    return order


def first_backward_arc(order: list[int], arcs: list[list[int]]) -> list[int] | None:
    position = {node: i for i, node in enumerate(order)}
    for u, v in arcs:
        if position[u] > position[v]:
            return [u, v]
    return None


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
