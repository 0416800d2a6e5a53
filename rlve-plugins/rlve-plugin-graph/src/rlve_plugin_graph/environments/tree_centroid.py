"""graph/tree_centroid: the centroid of a tree, the one or two nodes whose removal leaves no part above n / 2."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_permutation, random_tree_edges, relabel
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.trees import rooted, strip_label, subtree_sizes

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300


def largest_parts(n: int, edges: list[list[int]]) -> list[int]:
    """For every node, the number of nodes in the largest part left when it is removed: its biggest child
    subtree, or everything outside its own subtree."""
    order, parent = rooted(n, edges)
    size = subtree_sizes(order, parent)
    largest = [n - size[u] for u in range(n)]
    for u in order[1:]:
        largest[parent[u]] = max(largest[parent[u]], size[u])
    return largest


def centroid(n: int, edges: list[list[int]]) -> list[int]:
    largest = largest_parts(n, edges)
    return [u for u in range(n) if 2 * largest[u] <= n]


def two_halves(n: int, rng: random.Random, reach: int | None) -> list[list[int]]:
    """Two random trees of n / 2 nodes joined by one edge: both ends of that edge are centroids."""
    half = n // 2
    first = random_tree_edges(half, rng, reach)
    second = [(u + half, v + half) for u, v in random_tree_edges(half, rng, reach)]
    bridge = (rng.randrange(half), half + rng.randrange(half))
    return relabel([*first, *second, bridge], random_permutation(n, rng))


class TreeCentroid(Environment):
    id = "graph/tree_centroid"
    version = 1
    description = "Find the centroid of a tree: the one or two nodes whose removal leaves no part above half the nodes."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); bushy or long-branched trees; "
        "a third of the trees with an even node count are two halves joined by an edge (two centroids)"
    )
    size_name = "nodes"
    answer_format = "the centroid nodes separated by spaces, in any order, for example 4 or 2 7"
    tags = ("graph", "tree", "centroid")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        reach = rng.choice([None, 2 + lev // 3])
        if n % 2 == 0 and rng.random() < 1 / 3:
            edges = two_halves(n, rng, reach)
        else:
            edges = [list(e) for e in random_tree_edges(n, rng, reach)]
        nodes = centroid(n, edges)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            f"The graph is a tree. Removing a node (with its edges) splits the tree into parts. A centroid is a node "
            f"whose removal leaves no part with more than half of the {n} nodes, that is more than {n / 2:g} nodes. "
            "A tree has one or two centroids. List every centroid."
        )
        data = {"n": n, "edges": edges, "centroid": nodes}
        return Instance(prompt=prompt, answer=" ".join(map(str, nodes)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, nodes = data["n"], set(data["centroid"])
        given = parse_nodes(strip_label(answer), n, max_items=3)
        if len(set(given)) != len(given):
            return Verdict.wrong("a node is listed twice")
        for node in given:
            if node not in nodes:
                return Verdict.wrong(f"node {node} is not a centroid: removing it leaves a part above {n / 2:g} nodes")
        if len(given) != len(nodes):
            return Verdict.wrong(f"the tree has {len(nodes)} centroids, the answer lists {len(given)}")
        return Verdict.right()
