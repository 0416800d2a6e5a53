"""graph/count_shortest_paths: the number of distinct minimum-weight paths between two nodes, modulo a prime."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.graphs import adjacency, describe_graph, normalise, random_permutation, relabel

#: Nodes stop growing here (reached near d = 3200).
MAX_LEVEL = 200
MODULUS = 1_000_000_007


def count_shortest_paths(n: int, edges: list[list[int]], source: int) -> tuple[list[float], list[int]]:
    """Distances from ``source`` and the exact number of shortest paths to every node.

    Dijkstra settles nodes in order of distance, and every shortest path to v ends with an edge from a node
    u with dist[u] + w = dist[v], settled before v (weights are positive): so count[v] is the sum of
    count[u] over those u, complete by the time v is popped.
    """
    adj = adjacency(n, edges)
    dist: list[float] = [float("inf")] * n
    count = [0] * n
    dist[source], count[source] = 0, 1
    heap = [(0, source)]
    done = [False] * n
    while heap:
        d, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        for v, w in adj[u]:
            if d + w < dist[v]:
                dist[v], count[v] = d + w, count[u]
                heapq.heappush(heap, (d + w, v))
            elif d + w == dist[v]:
                count[v] += count[u]
    return dist, count


def layered_graph(n: int, max_gap: int, rng: random.Random) -> list[list[int]]:
    """A connected graph on 0..n-1 with many shortest paths from node 0 to node n - 1.

    Nodes sit in hidden layers, node 0 alone at the bottom and node n - 1 alone at the top; layer i lies at
    height h_i, with gaps of 1 to ``max_gap``. Every node gets one to three "tight" edges down to the layer
    below (weight: the difference in height), sometimes one to the layer below that, and decoy edges join
    random pairs with a weight above their difference in height. No edge weighs less than the heights it
    spans, so the shortest paths from 0 to n - 1 are exactly the upward paths of tight edges, and there are
    about (tight edges per node) ** (layers) of them.
    """
    inner = list(range(1, n - 1))
    rng.shuffle(inner)
    layers: list[list[int]] = [[0]]
    count = max(1, (n - 2) // 3)
    cuts = sorted(rng.sample(range(1, n - 2), count - 1)) if count > 1 else []
    for a, b in zip([0, *cuts], [*cuts, n - 2]):
        layers.append(inner[a:b])
    layers.append([n - 1])
    height = [0] * n
    level_height = 0
    for layer in layers[1:]:
        level_height += rng.randint(1, max_gap)
        for x in layer:
            height[x] = level_height
    edges: dict[tuple[int, int], int] = {}
    for i in range(1, len(layers)):
        for x in layers[i]:
            below = layers[i - 1]
            for y in rng.sample(below, min(len(below), rng.randint(1, 3))):
                edges[normalise(x, y)] = height[x] - height[y]
            if i >= 2 and rng.random() < 0.3:
                y = rng.choice(layers[i - 2])
                edges[normalise(x, y)] = height[x] - height[y]
    for _ in range(n // 3):
        x, y = rng.sample(range(n), 2)
        if normalise(x, y) not in edges:
            edges[normalise(x, y)] = abs(height[x] - height[y]) + rng.randint(1, 3)
    return [[u, v, w] for (u, v), w in sorted(edges.items())]


class CountShortestPaths(Environment):
    id = "graph/count_shortest_paths"
    version = 1
    description = "Count the distinct minimum-weight paths between two nodes of a weighted graph, modulo 1000000007."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}), in about (3 + L) / 3 hidden "
        "layers between the two ends; edges: 1 to 3 per node down to the layer below, some skipping a layer, plus "
        "decoys; weights: layer gaps of 1 to 2 + L / 20, so shortest paths multiply with the layers"
    )
    size_name = "nodes"
    answer_format = "a single integer from 0 to 1000000006 written with digits only, for example 12"
    tags = ("graph", "path", "counting", "dynamic-programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        names = random_permutation(n, rng)
        edges = relabel(layered_graph(n, 2 + lev // 20, rng), names)
        source, target = names[0], names[n - 1]
        _, count = count_shortest_paths(n, edges, source)
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"The weight of a path is the sum of the weights of its edges. How many different paths from node "
            f"{source} to node {target} have the smallest possible weight (the shortest paths)? Two paths are "
            "different when their sequences of nodes differ. Give the number modulo 1000000007, that is, the "
            "remainder of its division by 1000000007 (a number smaller than 1000000007 is given as it is)."
        )
        residue = count[target] % MODULUS
        data = {"n": n, "edges": edges, "source": source, "target": target, "count": residue}
        return Instance(prompt=prompt, answer=str(residue), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = parse_int(answer, max_digits=len(str(MODULUS)) + 1, allow_thousands=True)
        if not 0 <= given < MODULUS:
            return Verdict.wrong(f"{given} is not a remainder modulo {MODULUS} (from 0 to {MODULUS - 1})")
        if given != data["count"]:
            return Verdict.wrong(f"{given} is not the number of shortest paths modulo {MODULUS}")
        return Verdict.right()
