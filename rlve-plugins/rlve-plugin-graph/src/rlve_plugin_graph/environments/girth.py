"""graph/girth: the length of a shortest cycle of an undirected graph, with such a cycle, or "none"."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import bfs_hops, describe_graph, edge_set, neighbours, normalise, random_tree_edges
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.value_and_witness import split_value

#: A dash or an arrow between two node numbers, as in "0-3-5-2" or "0 -> 3": read as a space.
_LINK = re.compile(r"(?<=[0-9])[ \t]*-+>?[ \t]*(?=[0-9])")

#: Nodes stop growing here (reached near d = 1000), which keeps the search from every node quick.
MAX_LEVEL = 165


def shortest_cycle(adj: list[list[int]]) -> list[int] | None:
    """The nodes of a shortest cycle in order, or None for a forest: a breadth-first search from every node.

    From root r, an edge u-v that is not a tree edge closes a walk r..u, v..r of hops[u] + hops[v] + 1 edges,
    which contains a cycle at most that long; from a root on a shortest cycle the walk is that cycle. So the
    least such walk over all roots is a shortest cycle, and its two tree paths meet only at the root (else a
    shorter cycle would exist).
    """
    n = len(adj)
    best: list[int] | None = None
    for root in range(n):
        hops = [-1] * n
        parent = [-1] * n
        hops[root] = 0
        queue = [root]
        for u in queue:
            if best is not None and 2 * hops[u] >= len(best):
                break  # every walk closed from here on is at least as long as the best cycle
            for v in adj[u]:
                if hops[v] < 0:
                    hops[v], parent[v] = hops[u] + 1, u
                    queue.append(v)
                elif v != parent[u] and (best is None or hops[u] + hops[v] + 1 < len(best)):
                    left, right = [u], [v]
                    while left[-1] != root:
                        left.append(parent[left[-1]])
                    while right[-1] != root:
                        right.append(parent[right[-1]])
                    best = left[::-1] + right[:-1]
    return best


def far_edges(n: int, tree: list[tuple[int, int]], count: int, girth: int, rng: random.Random) -> list[list[int]]:
    """``tree`` plus ``count`` edges, each between two nodes at least ``girth - 1`` edges apart when it is added
    (or as far apart as any node is from the first one, if less), so every cycle it closes is long."""
    edges = set(tree)
    for _ in range(count):
        u = rng.randrange(n)
        hops = bfs_hops(neighbours(n, sorted(edges)), u)
        reach = min(girth - 1, max(hops))
        if reach >= 2:
            edges.add(normalise(u, rng.choice([v for v in range(n) if hops[v] >= reach])))
    return [list(e) for e in sorted(edges)]


class Girth(Environment):
    id = "graph/girth"
    version = 1
    description = "Find the length of a shortest cycle of a graph (its girth) and such a cycle, or say it has none."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); a long random tree plus "
        "1 + L / 6 edges, each closing only cycles of at least 3 to 3 + L / 5 edges where the graph is deep "
        "enough (a planted lower bound, not the girth itself); one graph in eight is a tree"
    )
    size_name = "nodes"
    answer_format = (
        "the girth, a colon, then the nodes of a shortest cycle in order around it, for example 4: 0 3 5 2; "
        "or the word none if the graph has no cycle"
    )
    tags = ("graph", "cycle", "girth", "bfs")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        tree = random_tree_edges(n, rng, reach=2 + lev // 3)
        count = 0 if rng.randrange(8) == 0 else 1 + lev // 6
        edges = far_edges(n, tree, count, 3 + rng.randint(0, lev // 5), rng)
        cycle = shortest_cycle(neighbours(n, edges))
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "A cycle is a closed route that follows at least three edges and visits no node twice; its length is "
            "its number of edges. Find the girth of the graph, the length of a shortest cycle, and give such a "
            "cycle: its nodes in order around it, each joined by an edge to the next and the last to the first. "
            "Any shortest cycle is accepted. If the graph has no cycle at all, answer none."
        )
        answer = "none" if cycle is None else f"{len(cycle)}: {' '.join(map(str, cycle))}"
        data = {"n": n, "edges": edges, "girth": 0 if cycle is None else len(cycle)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, girth = data["n"], data["girth"]
        # Exactly "none": other words for no ("no", "acyclic") are keywords elsewhere in the pack.
        if answer.strip().strip(".").lower() == "none":
            return Verdict.right() if girth == 0 else Verdict.wrong(f"the graph has a cycle of length {girth}")
        length, rest = split_value(answer, max_digits=len(str(n)) + 2)
        cycle = parse_nodes(_LINK.sub(" ", rest), n)
        if len(cycle) >= 2 and cycle[0] == cycle[-1]:
            cycle = cycle[:-1]  # the first node repeated at the end to close the cycle
        if len(set(cycle)) != len(cycle):
            return Verdict.wrong("a node appears twice in the cycle")
        if len(cycle) < 3:
            return Verdict.wrong("a cycle needs at least three nodes")
        edges = edge_set(data["edges"])
        for u, v in zip(cycle, cycle[1:] + cycle[:1]):
            if normalise(u, v) not in edges:
                return Verdict.wrong(f"{u}-{v} is not an edge")
        if length != len(cycle):
            return Verdict.wrong(f"the answer says length {length} but the cycle has {len(cycle)} edges")
        if length != girth:
            return Verdict.wrong(f"the cycle has {length} edges, but a cycle of {girth} exists")
        return Verdict.right()
