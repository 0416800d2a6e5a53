"""graph/linear_extensions_count: how many topological orders a small DAG has."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_permutation
from rlve_plugin_graph.strings import read_number

#: Nodes stop growing here (reached at d = 32): the count is found by a search over the sets of nodes that
#: can come first, whose number grows like (nodes / chains) ** chains.
MAX_LEVEL = 32


def width_for(lev: int) -> int:
    """How many chains the hidden order is split into: 2 at first, 3 from level 8, never more (see MAX_LEVEL)."""
    return 2 if lev < 8 else 3


def chained_dag(n: int, chains: int, rng: random.Random) -> list[list[int]]:
    """A DAG whose nodes fall into ``chains`` chains (arcs along each), plus a few arcs between chains.

    Every arc goes forwards in a hidden random order, so the graph is acyclic; being covered by ``chains``
    chains, no more than ``chains`` nodes are pairwise unordered, which bounds the counting search.
    """
    rank = random_permutation(n, rng)  # rank[node]: its place in the hidden order
    by_rank = sorted(range(n), key=rank.__getitem__)
    arcs: set[tuple[int, int]] = set()
    last = [-1] * chains
    for node in by_rank:
        c = rng.randrange(chains)
        if last[c] >= 0:
            arcs.add((last[c], node))
        last[c] = node
    for _ in range(max(1, n // 4)):
        i, j = sorted(rng.sample(range(n), 2))
        arcs.add((by_rank[i], by_rank[j]))
    return [list(a) for a in sorted(arcs)]


def count_linear_extensions(n: int, arcs: list[list[int]]) -> int:
    """The number of topological orders: ways[S] over the sets S of nodes that can be placed first.

    Works forwards from the empty set; a node can be added once all its predecessors are in the set. Only the
    reachable sets (the down-sets of the order) are ever stored.
    """
    need = [0] * n
    for u, v in arcs:
        need[v] |= 1 << u
    full = (1 << n) - 1
    layer = {0: 1}
    for _ in range(n):
        following: dict[int, int] = {}
        for placed, ways in layer.items():
            free = full & ~placed
            while free:
                bit = free & -free
                free ^= bit
                if need[bit.bit_length() - 1] & ~placed == 0:
                    key = placed | bit
                    following[key] = following.get(key, 0) + ways
        layer = following
    return layer[full]


class LinearExtensionsCount(Environment):
    id = "graph/linear_extensions_count"
    version = 1
    description = "Count exactly how many topological orders (linear extensions) a small DAG has."
    difficulty_scales = (
        f"nodes: 4 + L (L = d, at most {MAX_LEVEL}); the nodes fall into 2 hidden chains (3 from L = 8) with "
        "about n / 4 extra arcs between them"
    )
    size_name = "nodes"
    answer_format = "a single integer, for example 42"
    tags = ("graph", "dag", "counting", "dynamic-programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        arcs = chained_dag(n, width_for(lev), rng)
        count = count_linear_extensions(n, arcs)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "The graph has no directed cycle. A topological order lists every node exactly once so that for "
            "every arc u->v, u comes before v. How many different topological orders does the graph have? "
            "Give the exact number."
        )
        return Instance(prompt=prompt, answer=str(count), data={"n": n, "arcs": arcs, "count": count}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_number(answer, max_digits=len(str(data["count"])) + 2, allow_thousands=True)
        if given != data["count"]:
            return Verdict.wrong(f"{given} is not the number of topological orders")
        return Verdict.right()
