"""graph/strongly_connected_components: group the nodes of a directed graph into strong components."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.connectivity import groups_from_labels, strong_component_labels
from rlve_plugin_graph.graphs import describe_graph, neighbours
from rlve_plugin_graph.reading import grouping_problem, parse_groups


def planted_strong_components(n: int, wanted: int, rng: random.Random) -> list[list[int]]:
    """Arcs of a directed graph whose nodes fall into about ``wanted`` strong components.

    Each group of a random partition gets a random directed cycle and a chord or two; arcs between
    groups only go forwards in a random order of the groups, and a few go backwards to merge some groups,
    so the true components are not simply the planted ones.
    """
    order = list(range(n))
    rng.shuffle(order)
    cuts = sorted(rng.sample(range(1, n), wanted - 1))
    groups = [order[a:b] for a, b in zip([0, *cuts], [*cuts, n])]
    arcs: set[tuple[int, int]] = set()
    for group in groups:
        if len(group) > 1:
            arcs.update(zip(group, group[1:] + group[:1]))
            for _ in range(len(group) // 3):
                u, v = rng.sample(group, 2)
                arcs.add((u, v))
    for _ in range(n):
        i, j = sorted(rng.sample(range(len(groups)), 2))
        arcs.add((rng.choice(groups[i]), rng.choice(groups[j])))
    for _ in range(max(1, wanted // 6)):
        i, j = sorted(rng.sample(range(len(groups)), 2))
        arcs.add((rng.choice(groups[j]), rng.choice(groups[i])))
    return [list(a) for a in sorted(arcs)]


class StronglyConnectedComponents(Environment):
    id = "graph/strongly_connected_components"
    version = 1
    description = "List the strongly connected components of a directed graph, as groups of nodes."
    difficulty_scales = (
        "nodes: 6 + L (L = d to 100, then +20 per doubling); about 3 + L / 3 planted groups, some merged by "
        "backward arcs"
    )
    size_name = "nodes"
    answer_format = (
        "the components separated by semicolons, each as its nodes separated by spaces, for example 0 3 5; 1 2; 4"
    )
    tags = ("graph", "directed", "connectivity")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty)
        arcs = planted_strong_components(n, min(n - 1, 3 + level(difficulty) // 3), rng)
        labels = strong_component_labels(n, neighbours(n, arcs, directed=True))
        groups = groups_from_labels(labels)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "Two nodes u and v are in the same strongly connected component when there is a directed path from "
            "u to v and one from v to u. List every strongly connected component as a group of nodes; a node "
            "on no cycle is a component of its own. Every node must appear in exactly one group. The order of "
            "the groups and of the nodes inside a group does not matter."
        )
        data = {"n": n, "arcs": arcs, "labels": labels, "count": len(groups)}
        answer = "; ".join(" ".join(map(str, g)) for g in groups)
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, labels = data["n"], data["labels"]
        problem = grouping_problem(parse_groups(answer, n), labels, data["count"])
        return Verdict.wrong(problem) if problem else Verdict.right()
