"""graph/min_path_cover_dag: cover the nodes of a DAG with as few vertex-disjoint directed paths as possible."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.dags import random_dag
from rlve_plugin_graph.graphs import describe_graph, neighbours
from rlve_plugin_graph.matching import maximum_matching
from rlve_plugin_graph.reading import check_partition, parse_groups

#: Nodes stop growing here (reached near d = 3200); the matching stays a few milliseconds.
MAX_LEVEL = 200


def minimum_path_cover(n: int, arcs: list[list[int]]) -> list[list[int]]:
    """A minimum cover by vertex-disjoint paths: n minus a maximum matching of the split graph.

    Each node appears once as a tail (left copy u) and once as a head (right copy n + v); a matched pair
    u - (n + v) means v follows u on its path. Every matched arc joins two paths into one, so a maximum
    matching leaves the fewest paths.
    """
    adj = [[n + v for v in row] for row in neighbours(n, arcs, directed=True)] + [[] for _ in range(n)]
    mate = maximum_matching(list(range(n)), adj)
    successor = {u: v - n for v, u in mate.items()}
    has_predecessor = set(successor.values())
    paths = []
    for start in range(n):
        if start not in has_predecessor:
            path = [start]
            while path[-1] in successor:
                path.append(successor[path[-1]])
            paths.append(path)
    return paths


class MinPathCoverDag(Environment):
    id = "graph/min_path_cover_dag"
    version = 1
    description = "Cover every node of a directed acyclic graph with as few vertex-disjoint directed paths as possible."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); arcs: about 1.3 per node, half "
        "of them between nodes close in a hidden order"
    )
    size_name = "nodes"
    answer_format = (
        "the paths separated by semicolons, each as its nodes in order separated by spaces, for example 0 3 5; 1 2; 4"
    )
    tags = ("graph", "dag", "matching", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty, cap=MAX_LEVEL)
        arcs = random_dag(n, (13 * n) // 10, rng)
        paths = minimum_path_cover(n, arcs)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "The graph has no directed cycle. Split its nodes into as few paths as possible: every node must be on "
            "exactly one path, and each path is a sequence of nodes in which every node is joined to the next by "
            "an arc u->v of the graph, written in the direction of the arcs. A path may be a single node. Any "
            "set of paths of the smallest possible number is accepted; the order of the paths does not matter."
        )
        answer = "; ".join(" ".join(map(str, path)) for path in paths)
        data = {"n": n, "arcs": arcs, "best": len(paths)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        # "0 -> 3 -> 5" reads as "0 3 5"; the arrow only restates the direction the order already gives.
        paths = parse_groups(answer.replace("->", " "), n)
        problem = check_partition(paths, n)
        if problem:
            return Verdict.wrong(problem)
        arcs = {(u, v) for u, v in data["arcs"]}
        for path in paths:
            for u, v in zip(path, path[1:]):
                if (u, v) not in arcs:
                    return Verdict.wrong(f"{u}->{v} is not an arc, so {u} {v} cannot follow each other on a path")
        if len(paths) != data["best"]:
            return Verdict.wrong(f"{len(paths)} paths, but {data['best']} are enough")
        return Verdict.right()
