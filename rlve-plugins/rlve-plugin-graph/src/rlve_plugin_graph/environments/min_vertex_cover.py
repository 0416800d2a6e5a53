"""graph/min_vertex_cover: a smallest set of nodes touching every edge, any smallest one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, normalise
from rlve_plugin_graph.reading import parse_nodes

MAX_PLANTED = 18

Graph = dict[int, set[int]]


def _take(graph: Graph, node: int, taken: list[int]) -> None:
    """Put ``node`` in the cover: delete it and its edges (and neighbours left without edges)."""
    taken.append(node)
    for other in graph.pop(node):
        graph[other].discard(node)
        if not graph[other]:
            del graph[other]


def minimum_vertex_cover(n: int, edges: list[list[int]], known_cover: list[int]) -> list[int]:
    """An exact minimum vertex cover by branch and reduce; ``known_cover`` is the bound to beat.

    Reductions: the neighbour of a degree-1 node can always be taken; a node of degree above the
    remaining budget must be taken. Branching on a node v of maximum degree: v is in the cover, or all
    its neighbours are. Lower bound: edges / maximum degree. The search is exponential only in the
    cover size, which the generator keeps small.
    """
    start: Graph = {}
    for u, v in edges:
        start.setdefault(u, set()).add(v)
        start.setdefault(v, set()).add(u)
    best = sorted(known_cover)

    def solve(graph: Graph, taken: list[int]) -> None:
        nonlocal best
        while graph:
            budget = len(best) - len(taken) - 1  # nodes we may still add to beat the best cover
            forced = next((u for u in sorted(graph) if len(graph[u]) > budget), None)
            if forced is None:
                leaf = next((u for u in sorted(graph) if len(graph[u]) == 1), None)
                forced = None if leaf is None else min(graph[leaf])
            if forced is None:
                break
            _take(graph, forced, taken)
            if len(taken) >= len(best):
                return
        if not graph:
            if len(taken) < len(best):
                best = sorted(taken)
            return
        edge_count = sum(len(nb) for nb in graph.values()) // 2
        top = max(len(nb) for nb in graph.values())
        if len(taken) + -(-edge_count // top) >= len(best):
            return
        v = min(graph, key=lambda u: (-len(graph[u]), u))
        with_v = {u: set(nb) for u, nb in graph.items()}
        solve_taken = list(taken)
        _take(with_v, v, solve_taken)
        solve(with_v, solve_taken)
        without_v = {u: set(nb) for u, nb in graph.items()}
        rest = list(taken)
        for other in sorted(graph[v]):
            if other in without_v:
                _take(without_v, other, rest)
        solve(without_v, rest)

    solve(start, [])
    return best


def is_cover(edges: list[list[int]], nodes: set[int]) -> list[int] | None:
    """The first edge with no end in ``nodes``, or None if ``nodes`` covers every edge."""
    for u, v in edges:
        if u not in nodes and v not in nodes:
            return [u, v]
    return None


class MinVertexCover(Environment):
    id = "graph/min_vertex_cover"
    version = 1
    description = "Find a smallest set of nodes such that every edge has at least one end in the set."
    difficulty_scales = (
        f"nodes: 6 + L (L = d to 100, then +20 per doubling); a planted cover of 2 + L / 3 nodes (at most "
        f"{MAX_PLANTED}, at most half the nodes), every other node joined to 1 to 3 cover nodes"
    )
    size_name = "nodes"
    answer_format = "the nodes of the cover separated by spaces, for example 0 3 4"
    tags = ("graph", "cover", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + lev
        k = min(MAX_PLANTED, 2 + lev // 3, n // 2)
        planted = rng.sample(range(n), k)
        in_cover = set(planted)
        edges: set[tuple[int, int]] = set()
        for u in range(n):
            if u not in in_cover:  # every edge touches the planted cover, so it is a cover
                for v in rng.sample(planted, min(k, 1 + rng.randrange(3))):
                    edges.add(normalise(u, v))
        for i, u in enumerate(planted):
            for v in planted[i + 1 :]:
                if rng.random() < 0.3:
                    edges.add(normalise(u, v))
        edge_list = [list(e) for e in sorted(edges)]
        best = minimum_vertex_cover(n, edge_list, planted)
        prompt = (
            f"{describe_graph(n, edge_list)}\n\n"
            "A vertex cover is a set of nodes such that every edge has at least one of its two ends in the set. "
            "Find a vertex cover with as few nodes as possible. Any smallest vertex cover is accepted."
        )
        data = {"n": n, "edges": edge_list, "best": len(best)}
        return Instance(prompt=prompt, answer=" ".join(map(str, best)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        nodes = parse_nodes(answer, data["n"])
        chosen = set(nodes)
        if len(chosen) != len(nodes):
            return Verdict.wrong("a node is listed twice")
        uncovered = is_cover(data["edges"], chosen)
        if uncovered:
            return Verdict.wrong(f"edge {uncovered[0]}-{uncovered[1]} has neither end in the set")
        if len(nodes) != data["best"]:
            return Verdict.wrong(f"the cover has {len(nodes)} nodes, but {data['best']} is enough")
        return Verdict.right()
