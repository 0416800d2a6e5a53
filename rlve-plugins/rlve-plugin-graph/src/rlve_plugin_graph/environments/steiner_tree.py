"""graph/steiner_tree: a tree of least weight connecting a few terminal nodes of a weighted graph."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import adjacency, describe_graph, normalise, random_connected_edges, weight_map
from rlve_plugin_graph.reading import parse_edges
from rlve_plugin_graph.spanning_trees import forest_weight

#: The terminals stop growing here: the exact solver is exponential in their number (3^k).
MAX_TERMINALS = 6
#: Nodes stop growing here (reached near d = 1000): the solver is linear in the nodes for a fixed k.
MAX_LEVEL = 165


def steiner_tree(n: int, edges: list[list[int]], terminals: list[int]) -> list[list[int]]:
    """The edges of a minimum Steiner tree (Dreyfus-Wagner, in the Erickson-Monma-Veinott form).

    cost[S][v] is the least weight of a tree joining the terminals in subset S and node v. It either splits
    at v into trees for S1 and S - S1, or reaches v by an edge from a tree for S at another node; the second
    case is a shortest-path problem, solved by Dijkstra started from every node at its split cost.
    O(3^k n + 2^k m log n) for k terminals, m edges. The tree is rebuilt from the recorded choices.
    """
    adj = adjacency(n, edges)
    k = len(terminals)
    full = (1 << k) - 1
    inf = float("inf")
    cost: list[list[float]] = [[inf] * n for _ in range(full + 1)]
    how: list[list[tuple[str, int]]] = [[("", -1)] * n for _ in range(full + 1)]
    for i, t in enumerate(terminals):
        cost[1 << i][t] = 0
        how[1 << i][t] = ("leaf", -1)
    for subset in range(1, full + 1):
        row, choice = cost[subset], how[subset]
        low = subset & -subset
        if subset != low:
            # Splits S1 + S2 = S with S1 holding the lowest terminal of S: each unordered split once.
            part = (subset - 1) & subset
            while part:
                if part & low:
                    first, second = cost[part], cost[subset ^ part]
                    for v in range(n):
                        value = first[v] + second[v]
                        if value < row[v]:
                            row[v] = value
                            choice[v] = ("split", part)
                part = (part - 1) & subset
        heap = [(row[v], v) for v in range(n) if row[v] < inf]
        heapq.heapify(heap)
        while heap:
            d, u = heapq.heappop(heap)
            if d > row[u]:
                continue
            for v, w in adj[u]:
                if d + w < row[v]:
                    row[v] = d + w
                    choice[v] = ("edge", u)
                    heapq.heappush(heap, (d + w, v))
    chosen: set[tuple[int, int]] = set()
    todo = [(full, terminals[0])]
    while todo:
        subset, v = todo.pop()
        kind, value = how[subset][v]
        if kind == "edge":
            chosen.add(normalise(value, v))
            todo.append((subset, value))
        elif kind == "split":
            todo += [(value, v), (subset ^ value, v)]
    weight = weight_map(edges)
    tree = sorted([u, v, weight[(u, v)]] for u, v in chosen)
    # The pieces may share edges, but their union weighs no more than the optimum and joins every
    # terminal, so it is itself a minimum tree: with positive weights no edge of it can be spare.
    assert sum(w for _, _, w in tree) == cost[full][terminals[0]]
    return tree


class SteinerTree(Environment):
    id = "graph/steiner_tree"
    version = 1
    description = "Connect a few given terminal nodes of a weighted graph by a tree of least total weight."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); edges: about 1.6 per node; "
        f"terminals: 3 + L / 8 (at most {MAX_TERMINALS}); weights: 1 to 5 + L / 3"
    )
    size_name = "nodes"
    answer_format = "the edges of the tree as u-v separated by commas, for example 0-3, 3-1, 1-2"
    tags = ("graph", "tree", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        edges = [[u, v, rng.randint(1, 5 + lev // 3)] for u, v in random_connected_edges(n, (3 * n) // 5, rng)]
        terminals = sorted(rng.sample(range(n), min(MAX_TERMINALS, 3 + lev // 8)))
        tree = steiner_tree(n, edges, terminals)
        best = sum(w for _, _, w in tree)
        listed = ", ".join(map(str, terminals))
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            f"The terminals are nodes {listed}. Choose edges of the graph that form a tree (connected, without a "
            "cycle) containing every terminal; it may pass through other nodes too. Make the total weight of the "
            "chosen edges as small as possible (a minimum Steiner tree). Any tree of minimum total weight is "
            "accepted; the order of the edges and of the two ends of an edge does not matter."
        )
        answer = ", ".join(f"{u}-{v}" for u, v, _ in tree)
        data = {"n": n, "edges": edges, "terminals": terminals, "best": best}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, terminals = data["n"], data["terminals"]
        chosen = parse_edges(answer, n, max_items=n)
        forest = forest_weight(chosen, n, data["edges"])
        if isinstance(forest, Verdict):
            return forest
        uf, total = forest
        root = uf.find(terminals[0])
        apart = next((t for t in terminals if uf.find(t) != root), None)
        if apart is not None:
            return Verdict.wrong(f"terminal {apart} is not connected to terminal {terminals[0]}")
        stray = next(((u, v) for u, v in chosen if uf.find(u) != root), None)
        if stray is not None:
            return Verdict.wrong(f"edge {stray[0]}-{stray[1]} is not connected to the terminals")
        if total != data["best"]:
            return Verdict.wrong(f"the tree weighs {total}, but {data['best']} is possible")
        return Verdict.right()
