"""graph/bottleneck_path: a path between two nodes whose lightest edge is as heavy as possible (a widest path)."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import adjacency, bfs_hops, describe_graph, neighbours, normalise, random_connected_edges
from rlve_plugin_graph.node_sequences import read_node_sequence
from rlve_plugin_graph.value_and_witness import split_value

#: Nodes stop growing here (reached near d = 1000), which keeps prompts short at any difficulty.
MAX_LEVEL = 165


def widest_path(n: int, edges: list[list[int]], source: int, target: int) -> tuple[int, list[int]]:
    """The largest bottleneck (smallest edge weight) of a source-target path, and one such path.

    Dijkstra with "max of min" in place of "min of sum": a node's width only ever shrinks along a path, so
    the first time a node leaves the heap its width is final, exactly as distances are in Dijkstra.
    """
    adj = adjacency(n, edges)
    width = [-1] * n
    prev = [-1] * n
    width[source] = max(w for _, _, w in edges) + 1  # wider than any edge: the empty path has no bottleneck
    heap = [(-width[source], source)]
    done = [False] * n
    while heap:
        _, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        for v, w in adj[u]:
            through = min(width[u], w)
            if not done[v] and through > width[v]:
                width[v], prev[v] = through, u
                heapq.heappush(heap, (-through, v))
    path = [target]
    while path[-1] != source:
        path.append(prev[path[-1]])
    return width[target], path[::-1]


class BottleneckPath(Environment):
    id = "graph/bottleneck_path"
    version = 1
    description = "Find a path between two nodes of a weighted graph whose lightest edge is as heavy as possible."
    difficulty_scales = (
        f"nodes: 4 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); edges: about 2 per node; "
        "weights 1 to 9 + L / 2; start and end are far apart in edges"
    )
    size_name = "nodes"
    answer_format = "the bottleneck (smallest edge weight on the path), a colon, then the path's nodes, e.g. 7: 0 4 2"
    tags = ("graph", "path", "bottleneck", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        edges = [[u, v, rng.randint(1, 9 + lev // 2)] for u, v in random_connected_edges(n, n, rng)]
        source = rng.randrange(n)
        hops = bfs_hops(neighbours(n, edges), source)
        # Far in edges, so the widest path is rarely a single edge.
        far = max(hops)
        target = rng.choice([x for x in range(n) if hops[x] >= max(1, far - far // 3)])
        best, path = widest_path(n, edges, source, target)
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"The bottleneck of a path is the smallest weight among its edges. Find a path from node {source} to "
            f"node {target} whose bottleneck is as large as possible. The path must not visit any node twice. "
            "Give its bottleneck, a colon, then its nodes in order from start to end. "
            "Any path with the largest bottleneck is accepted."
        )
        answer = f"{best}: {' '.join(map(str, path))}"
        data = {"n": n, "edges": edges, "source": source, "target": target, "best": best}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, best, source, target = data["n"], data["best"], data["source"], data["target"]
        claimed, rest = split_value(answer, max_digits=len(str(best)) + 2)
        path = read_node_sequence(rest, n, max_items=n)
        if len(path) < 2 or path[0] != source or path[-1] != target:
            return Verdict.wrong(f"the path must start at {source} and end at {target}")
        if len(set(path)) != len(path):
            return Verdict.wrong("the path visits a node twice")
        weight = {normalise(u, v): w for u, v, w in data["edges"]}
        for u, v in zip(path, path[1:]):
            if normalise(u, v) not in weight:
                return Verdict.wrong(f"{u}-{v} is not an edge")
        bottleneck = min(weight[normalise(u, v)] for u, v in zip(path, path[1:]))
        if claimed != bottleneck:
            return Verdict.wrong(f"the answer says bottleneck {claimed} but the path's is {bottleneck}")
        if bottleneck != best:
            return Verdict.wrong(f"the path's bottleneck is {bottleneck}, but {best} is possible")
        return Verdict.right()
