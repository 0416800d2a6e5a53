"""graph/min_dominating_set: a smallest set of nodes that every node is in or next to, any smallest one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_graph.graphs import describe_graph, neighbours, normalise
from rlve_plugin_graph.reading import parse_nodes

#: The planted set stops growing here: the exact search is exponential in the size of the answer.
MAX_PLANTED = 12
#: Nodes stop growing here (reached near d = 1000).
MAX_LEVEL = 165


def minimum_dominating_set(n: int, edges: list[list[int]], known: list[int]) -> list[int]:
    """An exact minimum dominating set by branch and bound; ``known`` (a dominating set) is the bound to beat.

    Node sets are bit masks. The search takes the undominated node with the fewest allowed dominators (its
    closed neighbourhood minus the nodes already ruled out) and branches on which of them dominates it;
    each branch rules out the dominators tried before it, so no set is reached twice. Lower bound: the
    undominated nodes divided by the most any single allowed node still dominates.
    """
    closed = [1 << u for u in range(n)]
    for u, v in edges:
        closed[u] |= 1 << v
        closed[v] |= 1 << u
    full = (1 << n) - 1
    best = sorted(known)

    def search(dominated: int, banned: int, chosen: list[int]) -> None:
        nonlocal best
        if dominated == full:
            if len(chosen) < len(best):
                best = sorted(chosen)
            return
        room = len(best) - len(chosen) - 1  # nodes we may still add and beat the best set
        if room < 1:
            return
        missing = full & ~dominated
        gains = [((closed[u] & missing).bit_count(), u) for u in range(n) if not banned >> u & 1]
        top = max(gains)[0] if gains else 0
        if top == 0 or -(-missing.bit_count() // top) > room:
            return
        target, fewest = -1, n + 1
        rest = missing
        while rest:
            low = rest & -rest
            u = low.bit_length() - 1
            rest ^= low
            options = (closed[u] & ~banned).bit_count()
            if options < fewest:
                target, fewest = u, options
        if fewest == 0:
            return  # some node can no longer be dominated
        candidates = [v for v in range(n) if closed[target] >> v & 1 and not banned >> v & 1]
        candidates.sort(key=lambda v: (-(closed[v] & missing).bit_count(), v))
        for v in candidates:
            search(dominated | closed[v], banned, [*chosen, v])
            banned |= 1 << v

    search(0, 0, [])
    return best


class MinDominatingSet(Environment):
    id = "graph/min_dominating_set"
    version = 1
    description = "Find a smallest set of nodes such that every node is in the set or joined by an edge to one in it."
    difficulty_scales = (
        f"nodes: 6 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); a planted dominating set of "
        f"2 + L / 4 nodes (at most {MAX_PLANTED}), every other node joined to 1 or 2 of them; about 0.4 more random "
        "edges per node hide it (the true minimum can be smaller)"
    )
    size_name = "nodes"
    answer_format = "the nodes of the set separated by spaces, for example 0 3 4"
    tags = ("graph", "domination", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 6 + lev
        k = min(MAX_PLANTED, 2 + slow(lev, 4, 40))
        planted = rng.sample(range(n), k)
        in_planted = set(planted)
        edges: set[tuple[int, int]] = set()
        for u in range(n):
            if u not in in_planted:  # every other node touches the planted set, so it dominates
                for v in rng.sample(planted, 1 + rng.randrange(2)):
                    edges.add(normalise(u, v))
        for _ in range((2 * n) // 5):
            u, v = rng.sample(range(n), 2)
            edges.add(normalise(u, v))
        edge_list = [list(e) for e in sorted(edges)]
        best = minimum_dominating_set(n, edge_list, planted)
        prompt = (
            f"{describe_graph(n, edge_list)}\n\n"
            "A dominating set is a set of nodes such that every node of the graph is in the set or is joined by an "
            "edge to a node in the set. Find a dominating set with as few nodes as possible. Any smallest "
            "dominating set is accepted; the order of the nodes does not matter."
        )
        data = {"n": n, "edges": edge_list, "best": len(best)}
        return Instance(prompt=prompt, answer=" ".join(map(str, best)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        nodes = parse_nodes(answer, n)
        chosen = set(nodes)
        if len(chosen) != len(nodes):
            return Verdict.wrong("a node is listed twice")
        adj = neighbours(n, data["edges"])
        for u in range(n):
            if u not in chosen and not any(v in chosen for v in adj[u]):
                return Verdict.wrong(f"node {u} is neither in the set nor next to a node in it")
        if len(nodes) != data["best"]:
            return Verdict.wrong(f"the set has {len(nodes)} nodes, but {data['best']} are enough")
        return Verdict.right()
