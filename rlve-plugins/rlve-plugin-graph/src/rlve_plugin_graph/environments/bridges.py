"""graph/bridges: every edge whose removal disconnects the graph."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.blocks import block_graph
from rlve_plugin_graph.connectivity import bridges_and_cut_nodes
from rlve_plugin_graph.graphs import describe_graph, edge_set, neighbours, normalise
from rlve_plugin_graph.reading import is_none_word, parse_edges


class Bridges(Environment):
    id = "graph/bridges"
    version = 1
    description = "List every bridge of a connected graph: the edges whose removal disconnects it."
    difficulty_scales = "nodes: 6 + L (L = d to 100, then +20 per doubling); blocks of 1 to 6 nodes joined in a tree"
    size_name = "nodes"
    answer_format = "the bridges as u-v separated by commas, for example 0-3, 2-5, or none if there are none"
    tags = ("graph", "connectivity")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty)
        edges = block_graph(n, rng)
        bridges, _ = bridges_and_cut_nodes(n, neighbours(n, edges))
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "The graph is connected. A bridge is an edge whose removal leaves the graph disconnected. List "
            "all the bridges, each exactly once; the order of the bridges and of the two ends of an edge does "
            "not matter. The answer must contain every bridge and nothing else."
        )
        answer = ", ".join(f"{u}-{v}" for u, v in bridges) or "none"
        data = {"n": n, "edges": edges, "bridges": bridges}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        listed = [] if is_none_word(answer) else parse_edges(answer, n, max_items=len(data["edges"]) + 1)
        edges = edge_set(data["edges"])
        bridges = {normalise(u, v) for u, v in data["bridges"]}
        seen: set[tuple[int, int]] = set()
        for u, v in listed:
            key = normalise(u, v)
            if key not in edges:
                return Verdict.wrong(f"{u}-{v} is not an edge")
            if key in seen:
                return Verdict.wrong(f"{u}-{v} is listed twice")
            seen.add(key)
            if key not in bridges:
                return Verdict.wrong(f"{u}-{v} is not a bridge: another path joins its ends")
        if len(seen) != len(bridges):
            return Verdict.wrong(f"{len(bridges) - len(seen)} bridge(s) missing")
        return Verdict.right()
