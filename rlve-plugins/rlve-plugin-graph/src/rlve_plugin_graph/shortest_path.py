"""graph/shortest_path: a shortest path between two nodes of a weighted graph, any shortest one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve_plugin_graph.graphs import describe_graph, dijkstra, random_connected_edges


class ShortestPath(Environment):
    id = "graph/shortest_path"
    version = 1
    description = "Find a minimum-weight path between two nodes of a weighted undirected graph."
    difficulty_scales = "nodes: 4 + d; edges: about 2 per node; weights: 1 to 10 + d"
    size_name = "nodes"
    answer_format = "the nodes of the path from start to end separated by spaces, for example 0 4 2 9"
    tags = ("graph", "path", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 4 + difficulty
        edges = [(u, v, rng.randint(1, 10 + difficulty)) for u, v in random_connected_edges(n, n, rng)]
        source, target = rng.sample(range(n), 2)
        dist, prev = dijkstra(n, edges, source)
        path = [target]
        while path[-1] != source:
            path.append(prev[path[-1]])
        path.reverse()
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"Find a path from node {source} to node {target} whose total weight is as small as possible."
        )
        data = {"n": n, "edges": edges, "source": source, "target": target, "best": dist[target]}
        return Instance(prompt=prompt, answer=" ".join(map(str, path)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        path = parse_int_list(answer, max_items=data["n"] + 1, max_digits=6)
        if len(path) < 2 or path[0] != data["source"] or path[-1] != data["target"]:
            return Verdict.wrong(f"the path must start at {data['source']} and end at {data['target']}")
        weight = {}
        for u, v, w in data["edges"]:
            weight[(u, v)] = weight[(v, u)] = w
        total = 0
        for u, v in zip(path, path[1:]):
            if (u, v) not in weight:
                return Verdict.wrong(f"{u}-{v} is not an edge")
            total += weight[(u, v)]
        if total != data["best"]:
            return Verdict.wrong(f"the path weighs {total}, but {data['best']} is possible")
        return Verdict.right()
