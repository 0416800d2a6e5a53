"""graph/distance_after_edge_addition: how a new edge changes the distances of a weighted graph: the sum of all
pairwise distances afterwards, or how many pairs it brings closer."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.distance_matrix import weighted_distances
from rlve_plugin_graph.graphs import describe_graph, edge_set, normalise, random_connected_edges
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (at d = 100): the distances are n searches of the graph.
MAX_LEVEL = 100


def after_new_edge(distances: list[list[int]], a: int, b: int, w: int) -> tuple[int, int]:
    """(the sum of the distances over unordered pairs, the number of pairs brought closer) once edge a-b of
    weight w is added. A shortest path that uses the new edge crosses it once, in one direction or the other,
    so each new distance is the old one or a route through a-b, whichever is shorter: no new search needed."""
    n = len(distances)
    total = closer = 0
    for x in range(n):
        to_a, to_b = distances[x][a], distances[x][b]
        for y in range(x + 1, n):
            old = distances[x][y]
            new = min(old, to_a + w + distances[b][y], to_b + w + distances[a][y])
            total += new
            closer += new < old
    return total, closer


class DistanceAfterEdgeAddition(Environment):
    id = "graph/distance_after_edge_addition"
    version = 1
    description = "Add an edge to a weighted graph: give the new sum of all pairwise distances, or how many shrink."
    difficulty_scales = (
        f"nodes: 4 + L (L = d, at most {MAX_LEVEL}); edges: about 1.3 per node; weights: 1 to 9 + L / 2; the new "
        "edge joins two nodes that were not adjacent and, seven times in eight, is shorter than their distance; "
        "half the problems ask for the sum, half for the number of pairs brought closer"
    )
    size_name = "nodes"
    answer_format = "a single integer written with digits only, for example 146"
    tags = ("graph", "shortest-path", "distance", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        edges = [[u, v, rng.randint(1, 9 + lev // 2)] for u, v in random_connected_edges(n, (n + 2) // 3, rng)]
        present = edge_set(edges)
        distances = weighted_distances(n, edges)
        # Not adjacent, so at least two edges apart: distance >= 2 and a shorter new edge is always possible.
        a, b = rng.choice([(x, y) for x in range(n) for y in range(x + 1, n) if (x, y) not in present])
        gap = distances[a][b]
        w = rng.randint(1, gap - 1) if rng.randrange(8) else rng.randint(gap, gap + 5)
        total, closer = after_new_edge(distances, a, b, w)
        ask_sum = rng.random() < 0.5
        question = (
            "the sum of the distances over all unordered pairs of different nodes (each pair counted once)"
            if ask_sum
            else "the number of unordered pairs of different nodes whose distance is smaller than before"
        )
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            "The distance between two nodes is the least total weight of a path between them. Now a new edge "
            f"{normalise(a, b)[0]}-{normalise(a, b)[1]} of weight {w} is added to the graph. In the graph with the "
            f"new edge, give {question}."
        )
        answer = total if ask_sum else closer
        data = {"answer": answer, "ask": "sum" if ask_sum else "closer"}
        return Instance(prompt=prompt, answer=str(answer), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["answer"]
        given = parse_int(strip_label(answer), max_digits=len(str(expected)) + 2, allow_thousands=True)
        if given != expected:
            what = "the sum of the distances" if data["ask"] == "sum" else "the number of pairs brought closer"
            return Verdict.wrong(f"{given} is not {what}")
        return Verdict.right()
