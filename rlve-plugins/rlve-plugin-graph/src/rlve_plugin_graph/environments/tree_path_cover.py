"""graph/tree_path_cover: cover the nodes of a tree with as few vertex-disjoint paths as possible."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, normalise, random_tree_edges
from rlve_plugin_graph.reading import check_partition, parse_groups
from rlve_plugin_graph.trees import rooted, strip_label

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300

#: A dash or an arrow between two node numbers, ``0-3`` or ``0 -> 3``: it only joins consecutive nodes.
_JOINER = re.compile(r"(?<=[0-9])[ \t]*-+>?[ \t]*(?=[0-9])")


def minimum_path_cover(n: int, edges: list[list[int]]) -> list[list[int]]:
    """Greedy from the leaves up: a node joins its parent's path whenever both still have a free end (fewer than
    two path edges). Taking such an edge never hurts: dropping any other path edge at the parent for it keeps
    the count. Each kept edge merges two paths, so the cover has n minus the kept edges paths."""
    order, parent = rooted(n, edges)
    below = [0] * n  # path edges from a node down to its children
    path_adj: list[list[int]] = [[] for _ in range(n)]
    for u in reversed(order[1:]):  # children before their parents
        p = parent[u]
        if below[u] < 2 and below[p] < 2:
            below[p] += 1
            path_adj[u].append(p)
            path_adj[p].append(u)
    paths, seen = [], [False] * n
    for start in range(n):
        if not seen[start] and len(path_adj[start]) <= 1:  # an end of its path (or a path of one node)
            path, previous = [start], -1
            seen[start] = True
            while True:
                step = [v for v in path_adj[path[-1]] if v != previous]
                if not step:
                    break
                previous = path[-1]
                path.append(step[0])
                seen[step[0]] = True
            paths.append(path)
    return paths


class TreePathCover(Environment):
    id = "graph/tree_path_cover"
    version = 1
    description = "Cover every node of a tree with as few vertex-disjoint paths as possible."
    difficulty_scales = (
        f"nodes: 6 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); bushy or long-branched trees"
    )
    size_name = "nodes"
    answer_format = (
        "the paths separated by semicolons, each as its nodes in order along the path separated by spaces, for "
        "example 0 3 5; 1 2; 4"
    )
    tags = ("graph", "tree", "path-cover", "greedy", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 6 + lev
        reach = rng.choice([None, 2 + lev // 3])
        edges = [list(e) for e in random_tree_edges(n, rng, reach)]
        paths = minimum_path_cover(n, edges)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "The graph is a tree. Split its nodes into as few paths as possible: every node must be on exactly one "
            "path, and a path is a sequence of different nodes in which each node is joined to the next by an edge. "
            "A path may be a single node, and may be written from either end. Any set of paths of the smallest "
            "possible number is accepted; the order of the paths does not matter."
        )
        answer = "; ".join(" ".join(map(str, path)) for path in paths)
        data = {"n": n, "edges": edges, "best": len(paths)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        paths = parse_groups(_JOINER.sub(" ", strip_label(answer)), n)
        problem = check_partition(paths, n)
        if problem:
            return Verdict.wrong(problem)
        edges = {normalise(u, v) for u, v in data["edges"]}
        for path in paths:
            for u, v in zip(path, path[1:]):
                if normalise(u, v) not in edges:
                    return Verdict.wrong(f"{u}-{v} is not an edge, so {u} and {v} cannot be neighbours on a path")
        if len(paths) != data["best"]:
            return Verdict.wrong(f"{len(paths)} paths, but {data['best']} are enough")
        return Verdict.right()
