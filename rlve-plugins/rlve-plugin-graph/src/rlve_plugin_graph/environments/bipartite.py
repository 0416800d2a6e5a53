"""graph/bipartite: is the graph bipartite? Prove it either way: a 2-colouring, or an odd cycle."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.graphs import bfs_hops, describe_graph, edge_set, neighbours, normalise, random_tree_edges
from rlve_plugin_graph.reading import check_length, parse_nodes, split_keyword


def two_colouring_or_odd_cycle(adj: list[list[int]]) -> tuple[list[int] | None, list[int] | None]:
    """BFS from every uncoloured node: a 2-colouring, or (if an edge joins equal depths) an odd cycle."""
    n = len(adj)
    depth = [-1] * n
    parent = [-1] * n
    for root in range(n):
        if depth[root] >= 0:
            continue
        depth[root] = 0
        queue = [root]
        for u in queue:
            for v in adj[u]:
                if depth[v] < 0:
                    depth[v], parent[v] = depth[u] + 1, u
                    queue.append(v)
                elif depth[v] == depth[u]:
                    # Climb from both ends to the common ancestor: path u..a plus a..v is an odd cycle.
                    left, right = [u], [v]
                    while left[-1] != right[-1]:
                        left.append(parent[left[-1]])
                        right.append(parent[right[-1]])
                    return None, left + right[-2::-1]
    return [d % 2 for d in depth], None


def odd_cycle_problem(cycle: list[int], edges: set[tuple[int, int]]) -> str | None:
    """Why ``cycle`` is not an odd cycle of the graph, or None if it is one."""
    if len(cycle) >= 2 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]  # the first node repeated at the end to close the cycle
    if len(set(cycle)) != len(cycle):
        return "a node appears twice in the cycle"
    if len(cycle) < 3 or len(cycle) % 2 == 0:
        return f"a cycle of {len(cycle)} nodes is not an odd cycle"
    for u, v in zip(cycle, cycle[1:] + cycle[:1]):
        if normalise(u, v) not in edges:
            return f"{u}-{v} is not an edge"
    return None


class Bipartite(Environment):
    id = "graph/bipartite"
    version = 1
    description = "Decide whether a graph is bipartite, with a 2-colouring or an odd cycle as proof."
    difficulty_scales = (
        "nodes: 6 + L (L = d to 100, then +20 per doubling); edges: about 1.5 per node; about half the graphs are "
        "not bipartite, and then their one odd cycle is as long as the graph allows"
    )
    size_name = "nodes"
    answer_format = (
        "either yes followed by the side (0 or 1) of each node from node 0 to the last node, for example "
        "yes 0 1 1 0 1 0, or no followed by the nodes of an odd cycle in order, for example no 2 5 7"
    )
    tags = ("graph", "colouring", "decision")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty)
        tree = random_tree_edges(n, rng)
        side = [h % 2 for h in bfs_hops(neighbours(n, tree), 0)]  # a tree is bipartite by depth parity
        edges = set(tree)
        for _ in range(n):  # extra edges between the two sides keep the graph bipartite
            u, v = rng.randrange(n), rng.randrange(n)
            if side[u] != side[v]:
                edges.add(normalise(u, v))
        if rng.random() < 0.5:
            # One edge inside a side, between two nodes as far apart as possible: one long odd cycle.
            # `a` is on the larger side, so that side holds other nodes (all at an even distance from it).
            larger = 0 if 2 * side.count(0) >= n else 1
            a = rng.choice([x for x in range(n) if side[x] == larger])
            hops = bfs_hops(neighbours(n, sorted(edges)), a)
            same = [x for x in range(n) if x != a and side[x] == larger]
            far = max(hops[x] for x in same)
            edges.add(normalise(a, rng.choice([x for x in same if hops[x] == far])))
        edge_list = [list(e) for e in sorted(edges)]
        colouring, cycle = two_colouring_or_odd_cycle(neighbours(n, edge_list))
        prompt = (
            f"{describe_graph(n, edge_list)}\n\n"
            "Is this graph bipartite, that is, can every node be put on side 0 or side 1 so that every edge "
            "joins nodes on different sides? Prove your answer. If it is bipartite, answer yes followed by the "
            f"side of each node, for nodes 0 to {n - 1} in order (any valid split is accepted). If it is not, "
            "answer no followed by the nodes of a cycle with an odd number of nodes, in order around the cycle "
            "(consecutive nodes joined by edges, the last joined back to the first, no node twice)."
        )
        answer = f"yes {' '.join(map(str, colouring))}" if colouring else f"no {' '.join(map(str, cycle))}"
        data = {"n": n, "edges": edge_list, "bipartite": colouring is not None}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        word, rest = split_keyword(answer, ("yes", "no"))
        edges = edge_set(data["edges"])
        if word == "yes":
            sides = parse_int_list(check_length(rest, n + 1, 3), max_items=n + 1, max_digits=3)
            if len(sides) != n:
                return Verdict.wrong(f"expected a side for each of the {n} nodes, got {len(sides)}")
            if any(x not in (0, 1) for x in sides):
                raise ParseError("each side must be 0 or 1")
            for u, v in data["edges"]:
                if sides[u] == sides[v]:
                    return Verdict.wrong(f"edge {u}-{v} joins two nodes on side {sides[u]}")
            return Verdict.right()
        problem = odd_cycle_problem(parse_nodes(rest, n), edges)
        return Verdict.wrong(problem) if problem else Verdict.right()
