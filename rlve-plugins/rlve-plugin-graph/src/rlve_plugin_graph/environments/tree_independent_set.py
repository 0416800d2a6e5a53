"""graph/tree_independent_set: a maximum-weight independent set of a tree with weighted nodes, any optimal one."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_tree_edges
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.trees import rooted, strip_label

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300


def heaviest_independent_set(n: int, edges: list[list[int]], weights: list[int]) -> list[int]:
    """The tree DP: with[u] is the best weight of u's subtree when u is taken (its children are not), without[u]
    the best when it is not (each child free). Then down from the root: a node is taken when its parent is not
    and taking it is at least as good."""
    order, parent = rooted(n, edges)
    with_u = list(weights)
    without_u = [0] * n
    for u in reversed(order[1:]):
        p = parent[u]
        with_u[p] += without_u[u]
        without_u[p] += max(with_u[u], without_u[u])
    taken = [False] * n
    for u in order:
        taken[u] = (parent[u] < 0 or not taken[parent[u]]) and with_u[u] >= without_u[u]
    return [u for u in range(n) if taken[u]]


class TreeIndependentSet(Environment):
    id = "graph/tree_independent_set"
    version = 1
    description = "Choose nodes of a tree, no two joined by an edge, of the largest total weight."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); node weights: 1 to 4 + L / 4 "
        "(small ranges give ties, hence several best sets)"
    )
    size_name = "nodes"
    answer_format = "the chosen nodes separated by spaces, in any order, for example 0 3 4"
    tags = ("graph", "tree", "independent-set", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        reach = rng.choice([None, 2 + lev // 3])
        edges = [list(e) for e in random_tree_edges(n, rng, reach)]
        weights = [rng.randint(1, 4 + lev // 4) for _ in range(n)]
        chosen = heaviest_independent_set(n, edges, weights)
        best = sum(weights[u] for u in chosen)
        listed = ", ".join(f"{u}:{w}" for u, w in enumerate(weights))
        prompt = (
            f"{describe_graph(n, edges)}\n"
            f"Node weights, written node:weight: {listed}\n\n"
            "The graph is a tree. Choose a set of nodes such that no edge joins two chosen nodes, and whose total "
            "weight (the sum of the weights of the chosen nodes) is as large as possible. Any such set of maximum "
            "total weight is accepted."
        )
        data = {"n": n, "edges": edges, "weights": weights, "best": best}
        return Instance(prompt=prompt, answer=" ".join(map(str, chosen)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, weights = data["n"], data["weights"]
        chosen = parse_nodes(strip_label(answer), n)
        if len(set(chosen)) != len(chosen):
            return Verdict.wrong("a node is chosen twice")
        picked = set(chosen)
        for u, v in data["edges"]:
            if u in picked and v in picked:
                return Verdict.wrong(f"nodes {u} and {v} are both chosen, but an edge joins them")
        total = sum(weights[u] for u in chosen)
        if total != data["best"]:
            return Verdict.wrong(f"the chosen nodes weigh {total}, but a set of weight {data['best']} exists")
        return Verdict.right()
