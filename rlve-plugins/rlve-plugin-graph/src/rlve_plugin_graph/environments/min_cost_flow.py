"""graph/min_cost_flow: send a given amount of flow from source to sink at least total cost, any cheapest flow."""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.flow import max_flow, random_network
from rlve_plugin_graph.reading import parse_arc_values

#: Nodes stop growing here (reached near d = 1700): successive shortest paths stay a few milliseconds.
MAX_LEVEL = 180


def min_cost_flow(n: int, arcs: Sequence[Sequence[int]], source: int, sink: int, amount: int) -> tuple[int, list[int]]:
    """The least cost of sending ``amount`` units and the flow on each arc ``(u, v, capacity, cost)``.

    Successive shortest paths: augment along a cheapest residual path, found by Dijkstra on reduced costs
    (Johnson potentials; every cost is non-negative, so zero potentials are valid to start). A node the
    source cannot reach stays unreachable, because augmenting only adds arcs between reachable nodes, so
    its stale potential is never read. ValueError if ``amount`` exceeds the maximum flow.
    """
    head: list[int] = []
    cap: list[int] = []
    cost: list[int] = []
    out: list[list[int]] = [[] for _ in range(n)]
    for u, v, c, w in arcs:  # residual arc 2i is arc i forwards, 2i+1 its reverse
        out[u].append(len(head))
        head += [v]
        cap += [c]
        cost += [w]
        out[v].append(len(head))
        head += [u]
        cap += [0]
        cost += [-w]
    potential = [0] * n
    sent = total = 0
    while sent < amount:
        dist: list[float] = [float("inf")] * n
        via = [-1] * n
        dist[source] = 0
        heap = [(0, source)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            for a in out[u]:
                if cap[a] > 0:
                    v = head[a]
                    nd = d + cost[a] + potential[u] - potential[v]
                    if nd < dist[v]:
                        dist[v] = nd
                        via[v] = a
                        heapq.heappush(heap, (nd, v))
        if via[sink] == -1:
            raise ValueError(f"cannot send {amount} units: the maximum flow is {sent}")
        for v in range(n):
            if dist[v] < float("inf"):
                potential[v] += int(dist[v])
        push = amount - sent
        v = sink
        while v != source:
            push = min(push, cap[via[v]])
            v = head[via[v] ^ 1]
        v = sink
        while v != source:
            a = via[v]
            cap[a] -= push
            cap[a ^ 1] += push
            total += push * cost[a]
            v = head[a ^ 1]
        sent += push
    return total, [cap[2 * i + 1] for i in range(len(arcs))]


def format_network(n: int, arcs: Sequence[Sequence[int]]) -> str:
    """The pack's graph description, with two numbers on each arc: ``u->v:c:w``."""
    listed = ", ".join(f"{u}->{v}:{c}:{w}" for u, v, c, w in arcs)
    return (
        f"A directed graph has {n} nodes, numbered 0 to {n - 1}, and {len(arcs)} arcs (directed edges) written "
        "u->v:c:w (c is the capacity of the arc, w the cost of sending one unit of flow along it).\n"
        f"Edges: {listed}"
    )


class MinCostFlow(Environment):
    id = "graph/min_cost_flow"
    version = 1
    description = "Send a given amount of flow from a source to a sink at the least total cost, arc by arc."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); arcs: about 3 per node, a few "
        "backwards; capacities: 1 to 3 + L / 4; costs: 1 to 4 + L / 3; the amount: from half the maximum flow to "
        "all of it"
    )
    size_name = "nodes"
    answer_format = "the flow on every arc that carries flow, as u->v:f separated by commas, for example 0->2:3, 2->5:1"
    tags = ("graph", "flow", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        network, source, sink = random_network(n, 3 + lev // 4, rng)
        arcs = [[u, v, c, rng.randint(1, 4 + lev // 3)] for u, v, c in network]
        most = max_flow(n, network, source, sink).value
        # At least half the maximum: one cheapest path is rarely enough, so paths compete for capacity.
        amount = rng.randint((most + 1) // 2, most)
        best, flows = min_cost_flow(n, arcs, source, sink, amount)
        prompt = (
            f"{format_network(n, arcs)}\n\n"
            f"Send exactly {amount} units of flow from the source, node {source}, to the sink, node {sink}, as "
            "cheaply as possible. A flow puts a whole number f on each arc u->v, from 0 up to the arc's capacity c, "
            "and costs f * w on that arc. At every node other than the source and the sink, the flow coming in "
            f"must equal the flow going out, and the net flow leaving the source must be exactly {amount}. Make the "
            "total cost (the sum of f * w over all arcs) as small as possible. List every arc that carries a "
            "positive flow, with its flow; arcs you do not list carry 0. Any flow of minimum total cost is accepted."
        )
        used = [f"{u}->{v}:{f}" for (u, v, _, _), f in zip(arcs, flows) if f > 0]
        data = {"n": n, "arcs": arcs, "source": source, "sink": sink, "amount": amount, "best": best}
        return Instance(prompt=prompt, answer=", ".join(used), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        arcs = {(u, v): (c, w) for u, v, c, w in data["arcs"]}
        digits = len(str(max(c for c, _ in arcs.values()))) + 1
        flows = parse_arc_values(answer, data["n"], max_items=len(arcs) + 1, max_digits=digits)
        balance = [0] * data["n"]
        seen: set[tuple[int, int]] = set()
        total = 0
        for u, v, f in flows:
            if (u, v) not in arcs:
                return Verdict.wrong(f"{u}->{v} is not an arc")
            if (u, v) in seen:
                return Verdict.wrong(f"arc {u}->{v} is listed twice")
            seen.add((u, v))
            capacity, cost = arcs[(u, v)]
            if f > capacity:
                return Verdict.wrong(f"arc {u}->{v} carries {f}, more than its capacity {capacity}")
            balance[u] -= f
            balance[v] += f
            total += f * cost
        source, sink, amount = data["source"], data["sink"], data["amount"]
        for node, net in enumerate(balance):
            if node not in (source, sink) and net != 0:
                return Verdict.wrong(f"flow is not conserved at node {node} (in minus out is {net})")
        if -balance[source] != amount:
            return Verdict.wrong(f"the flow sends {-balance[source]} from {source} to {sink}, not {amount}")
        if total != data["best"]:
            return Verdict.wrong(f"the flow costs {total}, but {data['best']} is possible")
        return Verdict.right()
