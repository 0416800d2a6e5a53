"""graph/graph_colouring: colour the nodes with at most k colours so that no edge joins equal colours."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, normalise
from rlve_plugin_graph.reading import check_length


class GraphColouring(Environment):
    id = "graph/graph_colouring"
    version = 1
    description = "Colour a graph with k colours so that the ends of every edge differ (k is feasible)."
    difficulty_scales = (
        "nodes: 6 + L (L = d to 100, then +20 per doubling); colours k: 3 + L / 15; edges: about 0.8 k per node, "
        "dense for k colours; a k-colouring is planted, so one always exists"
    )
    size_name = "nodes"
    answer_format = "the colour (1 to k) of each node from node 0 to the last node, separated by spaces"
    tags = ("graph", "colouring", "np-hard")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty)
        k = 3 + level(difficulty) // 15
        # Plant a colouring with every colour in use, then add edges only between different colours.
        colour = [1 + i % k for i in range(n)]
        rng.shuffle(colour)
        possible = (n * n - sum(colour.count(c) ** 2 for c in range(1, k + 1))) // 2
        target = min(possible, (4 * k * n) // 5)
        edges: set[tuple[int, int]] = set()
        attempts = 0
        while len(edges) < target and attempts < 30 * target:
            attempts += 1
            u, v = rng.randrange(n), rng.randrange(n)
            if colour[u] != colour[v]:
                edges.add(normalise(u, v))
        edge_list = [list(e) for e in sorted(edges)]
        prompt = (
            f"{describe_graph(n, edge_list)}\n\n"
            f"Give every node one of the colours 1 to {k} so that the two ends of every edge have different "
            f"colours. This is possible. Any such colouring is accepted; you do not have to use all {k} colours."
        )
        data = {"n": n, "k": k, "edges": edge_list}
        return Instance(prompt=prompt, answer=" ".join(map(str, colour)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, k = data["n"], data["k"]
        digits = len(str(k)) + 2
        colours = parse_int_list(check_length(answer, n + 1, digits), max_items=n + 1, max_digits=digits)
        if len(colours) != n:
            return Verdict.wrong(f"expected a colour for each of the {n} nodes, got {len(colours)}")
        for c in colours:
            if not 1 <= c <= k:
                raise ParseError(f"{c} is not a colour (colours are 1 to {k})")
        for u, v in data["edges"]:
            if colours[u] == colours[v]:
                return Verdict.wrong(f"edge {u}-{v} joins two nodes of colour {colours[u]}")
        return Verdict.right()
