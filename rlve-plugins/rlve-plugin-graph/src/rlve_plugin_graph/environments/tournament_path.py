"""graph/tournament_path: a Hamiltonian path in a tournament, where every pair of nodes has exactly one arc."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph
from rlve_plugin_graph.reading import parse_nodes

#: Nodes stop growing here (at d = 46): a tournament has n (n - 1) / 2 arcs, 1225 at 50 nodes.
MAX_LEVEL = 46


def hamiltonian_path(n: int, arcs: set[tuple[int, int]]) -> list[int]:
    """Insert the nodes one at a time (Redei's proof that a path always exists): a binary search finds two
    consecutive nodes a, b of the path with a->x and x->b (or an end of the path) to put x between."""
    path: list[int] = []
    for x in range(n):
        if not path or (x, path[0]) in arcs:
            path.insert(0, x)
            continue
        # path[low] -> x holds; find the last such position before one with x -> path[position].
        low, high = 0, len(path)
        while high - low > 1:
            middle = (low + high) // 2
            if (path[middle], x) in arcs:
                low = middle
            else:
                high = middle
        path.insert(low + 1, x)
    return path


class TournamentPath(Environment):
    id = "graph/tournament_path"
    version = 1
    description = "Find a path along the arcs of a tournament (one arc between every two nodes) through every node."
    difficulty_scales = (
        f"nodes: 4 + L (L = d, at most {MAX_LEVEL}); every pair of nodes joined by one arc, each pointing forwards "
        "in a hidden order with a probability of 1/2 to 5/6, so the tournament is anything from random to almost "
        "an order"
    )
    size_name = "nodes"
    answer_format = "the nodes of the path in order, separated by spaces, for example 3 0 2 1"
    tags = ("graph", "directed", "tournament", "path")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 4 + level(difficulty, cap=MAX_LEVEL)
        order = list(range(n))
        rng.shuffle(order)
        forwards = rng.choice([1 / 2, 2 / 3, 3 / 4, 5 / 6])
        arcs = []
        for i, u in enumerate(order):
            for v in order[i + 1 :]:
                arcs.append([u, v] if rng.random() < forwards else [v, u])
        arcs.sort()
        path = hamiltonian_path(n, {(u, v) for u, v in arcs})
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "This directed graph is a tournament: every two different nodes are joined by exactly one arc, in one "
            "direction. Find a path that visits every node exactly once and goes from each node to the next along "
            "an arc (u->v lets the path go from u to v, not back). Such a path always exists in a tournament; any "
            "one is accepted."
        )
        data = {"n": n, "arcs": arcs}
        return Instance(prompt=prompt, answer=" ".join(map(str, path)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        # "3 -> 0 -> 2" reads as "3 0 2"; the arrow only restates the direction the order already gives.
        path = parse_nodes(answer.replace("->", " "), n)
        if len(set(path)) != len(path):
            return Verdict.wrong("a node is visited twice")
        if len(path) != n:
            return Verdict.wrong(f"the path visits {len(path)} of the {n} nodes")
        arcs = {(u, v) for u, v in data["arcs"]}
        for u, v in zip(path, path[1:]):
            if (u, v) not in arcs:
                return Verdict.wrong(f"there is no arc {u}->{v} (the arc goes {v}->{u})")
        return Verdict.right()
