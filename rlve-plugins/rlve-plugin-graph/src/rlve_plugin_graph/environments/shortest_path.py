"""graph/shortest_path: a shortest path between two nodes of a weighted graph, any shortest one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import (
    bfs_hops,
    describe_graph,
    dijkstra,
    neighbours,
    normalise,
    random_connected_edges,
    weight_map,
)
from rlve_plugin_graph.reading import parse_nodes


class ShortestPath(Environment):
    id = "graph/shortest_path"
    version = 2  # 2: sparser graphs, the target is among the nodes farthest (in edges) from the source
    description = "Find a minimum-weight path between two nodes of a weighted undirected graph."
    difficulty_scales = (
        "nodes: 4 + L (L = d to 100, then +20 per doubling); edges: about 1.5 per node; "
        "weights: 1 to 10 + d; start and end are far apart in edges"
    )
    size_name = "nodes"
    answer_format = "the nodes of the path from start to end separated by spaces, for example 0 4 2 9"
    tags = ("graph", "path", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 4 + level(difficulty)
        edges = [[u, v, rng.randint(1, 10 + difficulty)] for u, v in random_connected_edges(n, (n + 1) // 2, rng)]
        source = rng.randrange(n)
        hops = bfs_hops(neighbours(n, edges), source)
        # Far in edges, so the answer is never a single edge once the graph has any depth.
        far = max(hops)
        target = rng.choice([x for x in range(n) if hops[x] >= max(1, far - far // 3)])
        dist, prev = dijkstra(n, edges, source)
        path = [target]
        while path[-1] != source:
            path.append(prev[path[-1]])
        path.reverse()
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"Find a path from node {source} to node {target} whose total weight (the sum of the weights of "
            "its edges) is as small as possible. Any path of minimum total weight is accepted."
        )
        data = {"n": n, "edges": edges, "source": source, "target": target, "best": int(dist[target])}
        return Instance(prompt=prompt, answer=" ".join(map(str, path)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        path = parse_nodes(answer, data["n"])
        if len(path) < 2 or path[0] != data["source"] or path[-1] != data["target"]:
            return Verdict.wrong(f"the path must start at {data['source']} and end at {data['target']}")
        weight = weight_map(data["edges"])
        total = 0
        for u, v in zip(path, path[1:]):
            key = normalise(u, v)
            if key not in weight:
                return Verdict.wrong(f"{u}-{v} is not an edge")
            total += weight[key]
        # Weights are positive, so a walk that repeats a node weighs more than the best path: total == best
        # accepts exactly the shortest simple paths.
        if total != data["best"]:
            return Verdict.wrong(f"the path weighs {total}, but {data['best']} is possible")
        return Verdict.right()
