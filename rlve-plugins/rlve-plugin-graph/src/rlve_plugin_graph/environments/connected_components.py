"""graph/connected_components: split the nodes of an undirected graph into its connected components."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.connectivity import component_labels, groups_from_labels
from rlve_plugin_graph.graphs import add_random_edges, describe_graph, random_tree_edges
from rlve_plugin_graph.reading import grouping_problem, parse_groups


class ConnectedComponents(Environment):
    id = "graph/connected_components"
    version = 1
    description = "List the connected components of an undirected graph, as groups of nodes."
    difficulty_scales = "nodes: 5 + L (L = d to 100, then +20 per doubling); components: about 2 + L / 4"
    size_name = "nodes"
    answer_format = (
        "the components separated by semicolons, each as its nodes separated by spaces, for example 0 3 5; 1 2; 4"
    )
    tags = ("graph", "connectivity")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty)
        wanted = min(n - 1, 2 + level(difficulty) // 4)
        # Random node labels, split into `wanted` runs; each run becomes one connected piece.
        order = list(range(n))
        rng.shuffle(order)
        cuts = sorted(rng.sample(range(1, n), wanted - 1))
        edges: list[tuple[int, int]] = []
        for start, end in zip([0, *cuts], [*cuts, n]):
            piece = order[start:end]
            tree = random_tree_edges(len(piece), rng)
            local = add_random_edges(len(piece), tree, len(piece) // 3, rng)
            edges.extend(sorted((min(piece[u], piece[v]), max(piece[u], piece[v])) for u, v in local))
        edges = [list(e) for e in sorted(edges)]
        labels = component_labels(n, edges)
        groups = groups_from_labels(labels)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "Two nodes are in the same connected component when a path of edges joins them. List every "
            "connected component of this graph as a group of nodes; a node with no edges is a component of "
            "its own. Every node must appear in exactly one group. The order of the groups and of the nodes "
            "inside a group does not matter."
        )
        data = {"n": n, "edges": edges, "labels": labels, "count": len(groups)}
        answer = "; ".join(" ".join(map(str, g)) for g in groups)
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, labels = data["n"], data["labels"]
        problem = grouping_problem(parse_groups(answer, n), labels, data["count"])
        return Verdict.wrong(problem) if problem else Verdict.right()
