"""graph/graph_eccentricity: the radius, the diameter, the centre or the periphery of an unweighted graph."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.distance_matrix import hop_distances
from rlve_plugin_graph.graphs import add_random_edges, describe_graph, random_tree_edges
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (reached near d = 200): the answer needs a search from every node.
MAX_LEVEL = 120

#: What a problem may ask, and how the prompt asks it.
QUESTIONS = {
    "radius": "the radius of the graph: the smallest eccentricity of any node",
    "diameter": "the diameter of the graph: the largest eccentricity of any node",
    "centre": "the centre of the graph: every node whose eccentricity is the smallest (list them all)",
    "periphery": "the periphery of the graph: every node whose eccentricity is the largest (list them all)",
}


class GraphEccentricity(Environment):
    id = "graph/graph_eccentricity"
    version = 1
    description = "Find the radius, the diameter, the centre or the periphery of a connected graph with cycles."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); a long random tree plus "
        "1 + L / 4 random edges that make cycles and shortcuts; a quarter of the problems ask each question"
    )
    size_name = "nodes"
    answer_format = (
        "a single integer for the radius or the diameter (for example 4); for the centre or the periphery, its "
        "nodes separated by spaces in any order (for example 2 7 9)"
    )
    tags = ("graph", "distance", "eccentricity", "bfs")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        tree = random_tree_edges(n, rng, reach=2 + lev // 4)
        edges = [list(e) for e in add_random_edges(n, tree, 1 + lev // 4, rng)]
        eccentricity = [max(row) for row in hop_distances(n, edges)]
        ask = rng.choice(sorted(QUESTIONS))
        radius, diameter = min(eccentricity), max(eccentricity)
        if ask in ("radius", "diameter"):
            expected: int | list[int] = radius if ask == "radius" else diameter
            answer = str(expected)
        else:
            target = radius if ask == "centre" else diameter
            expected = [u for u in range(n) if eccentricity[u] == target]
            answer = " ".join(map(str, expected))
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "The graph is connected. The distance between two nodes is the number of edges on a shortest path "
            "between them, and the eccentricity of a node is its distance to the node farthest from it. "
            f"Give {QUESTIONS[ask]}."
        )
        data = {"n": n, "ask": ask, "expected": expected}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, ask, expected = data["n"], data["ask"], data["expected"]
        if ask in ("radius", "diameter"):
            given = parse_int(strip_label(answer), max_digits=len(str(n)) + 2)
            if given != expected:
                return Verdict.wrong(f"{given} is not the {ask}")
            return Verdict.right()
        nodes = parse_nodes(strip_label(answer), n)
        if len(set(nodes)) != len(nodes):
            return Verdict.wrong("a node is listed twice")
        wanted = set(expected)
        extreme = "smallest" if ask == "centre" else "largest"
        for node in nodes:
            if node not in wanted:
                return Verdict.wrong(f"node {node} is not in the {ask}: its eccentricity is not the {extreme}")
        if len(nodes) != len(wanted):
            return Verdict.wrong(f"the {ask} has {len(wanted)} nodes, the answer lists {len(nodes)}")
        return Verdict.right()
