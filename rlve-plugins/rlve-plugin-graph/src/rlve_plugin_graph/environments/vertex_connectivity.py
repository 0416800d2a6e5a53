"""graph/vertex_connectivity: the fewest nodes whose removal separates two non-adjacent nodes, with such a set."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.flow import max_flow
from rlve_plugin_graph.graphs import describe_graph, neighbours, random_connected_edges
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.value_and_witness import split_value

#: Nodes stop growing here (reached near d = 1000), which keeps the flow computation quick.
MAX_LEVEL = 165


def minimum_separator(n: int, edges: list[list[int]], s: int, t: int) -> list[int]:
    """A smallest set of nodes (not s or t) meeting every s-t path, by Menger's theorem: split each node v into
    v_in = 2v -> v_out = 2v + 1 of capacity 1, every edge into two arcs of capacity n, and take a minimum cut.
    The cut's nodes are those whose v_in the source reaches in the final residual graph but whose v_out it does
    not."""
    arcs = [[2 * v, 2 * v + 1, n if v in (s, t) else 1] for v in range(n)]
    for u, v in edges:
        arcs.append([2 * u + 1, 2 * v, n])
        arcs.append([2 * v + 1, 2 * u, n])
    reached = set(max_flow(2 * n, arcs, 2 * s + 1, 2 * t).source_side)
    return [v for v in range(n) if 2 * v in reached and 2 * v + 1 not in reached]


def separates(n: int, edges: list[list[int]], s: int, t: int, removed: set[int]) -> bool:
    adj = neighbours(n, edges)
    seen = [False] * n
    seen[s] = True
    queue = deque([s])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if not seen[v] and v not in removed:
                if v == t:
                    return False
                seen[v] = True
                queue.append(v)
    return True


class VertexConnectivity(Environment):
    id = "graph/vertex_connectivity"
    version = 1
    description = "Find the fewest nodes whose removal disconnects two given non-adjacent nodes, and name them."
    difficulty_scales = (
        f"nodes: 6 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); a connected graph: a random "
        "tree plus about n + L / 4 more edges, so two nodes are often joined by several node-disjoint paths"
    )
    size_name = "nodes"
    answer_format = "the number of nodes, a colon, then the nodes, for example 2: 3 7"
    tags = ("graph", "connectivity", "menger", "flow", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 6 + lev
        edges = [list(e) for e in random_connected_edges(n, n + lev // 4, rng)]
        adj = neighbours(n, edges)
        s = rng.randrange(n)
        while len(adj[s]) == n - 1:  # a node joined to every other has no non-adjacent partner
            s = rng.randrange(n)
        t = rng.choice([v for v in range(n) if v != s and v not in adj[s]])
        cut = minimum_separator(n, edges, s, t)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            f"Nodes {s} and {t} are not joined by an edge. Find the smallest number of nodes, other than {s} and "
            f"{t}, whose removal (with their edges) leaves no path between node {s} and node {t}, and such a set "
            "of nodes. Any smallest set is accepted; the order of its nodes does not matter."
        )
        answer = f"{len(cut)}: {' '.join(map(str, cut))}"
        data = {"n": n, "edges": edges, "s": s, "t": t, "best": len(cut)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, s, t, best = data["n"], data["s"], data["t"], data["best"]
        claimed, rest = split_value(answer, max_digits=len(str(n)) + 2)
        nodes = parse_nodes(rest, n)
        if len(set(nodes)) != len(nodes):
            return Verdict.wrong("a node is listed twice")
        if s in nodes or t in nodes:
            return Verdict.wrong(f"nodes {s} and {t} themselves may not be removed")
        if claimed != len(nodes):
            return Verdict.wrong(f"the answer says {claimed} nodes but lists {len(nodes)}")
        if not separates(n, data["edges"], s, t, set(nodes)):
            return Verdict.wrong(f"a path from {s} to {t} avoids the removed nodes")
        if len(nodes) != best:
            return Verdict.wrong(f"{len(nodes)} nodes are removed, but {best} suffice")
        return Verdict.right()
