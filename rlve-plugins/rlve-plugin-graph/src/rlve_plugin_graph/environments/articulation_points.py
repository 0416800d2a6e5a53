"""graph/articulation_points: every node whose removal disconnects the graph."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.blocks import block_graph
from rlve_plugin_graph.connectivity import bridges_and_cut_nodes
from rlve_plugin_graph.graphs import describe_graph, neighbours
from rlve_plugin_graph.reading import is_none_word, parse_nodes


class ArticulationPoints(Environment):
    id = "graph/articulation_points"
    version = 1
    description = "List every articulation point of a connected graph: the nodes whose removal disconnects it."
    difficulty_scales = "nodes: 6 + L (L = d to 100, then +20 per doubling); blocks of 1 to 6 nodes joined in a tree"
    size_name = "nodes"
    answer_format = "the articulation points separated by spaces, for example 2 5 7, or none if there are none"
    tags = ("graph", "connectivity")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty)
        edges = block_graph(n, rng)
        _, cut_nodes = bridges_and_cut_nodes(n, neighbours(n, edges))
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "The graph is connected. An articulation point is a node whose removal (with its edges) leaves the "
            "remaining nodes disconnected. List all the articulation points, each once, in any order. The "
            "answer must contain every articulation point and nothing else."
        )
        answer = " ".join(map(str, cut_nodes)) or "none"
        return Instance(prompt=prompt, answer=answer, data={"n": n, "edges": edges, "cut_nodes": cut_nodes}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        listed = [] if is_none_word(answer) else parse_nodes(answer, n)
        if len(set(listed)) != len(listed):
            return Verdict.wrong("a node is listed twice")
        expected = set(data["cut_nodes"])
        for node in listed:
            if node not in expected:
                return Verdict.wrong(f"node {node} is not an articulation point")
        if len(listed) != len(expected):
            return Verdict.wrong(f"{len(expected) - len(listed)} articulation point(s) missing")
        return Verdict.right()
