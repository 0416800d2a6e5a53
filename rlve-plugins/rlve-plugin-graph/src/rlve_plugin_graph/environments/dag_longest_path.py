"""graph/dag_longest_path: a path of maximum total weight in a weighted DAG, with its value."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.dags import random_dag, smallest_first_order
from rlve_plugin_graph.graphs import describe_graph, weight_map
from rlve_plugin_graph.node_sequences import read_node_sequence
from rlve_plugin_graph.value_and_witness import split_value

#: Nodes stop growing here (reached near d = 1000), which keeps prompts short at any difficulty.
MAX_LEVEL = 165


def heaviest_path(n: int, arcs: list[list[int]]) -> tuple[int, list[int]]:
    """The largest total weight of a directed path and one such path, by dynamic programming in topological
    order: best[v] is the heaviest path ending at v (0 for the path of v alone)."""
    best = [0] * n
    came_from = [-1] * n
    into: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in arcs:
        into[v].append((u, w))
    for v in smallest_first_order(n, [arc[:2] for arc in arcs]):
        for u, w in into[v]:
            if best[u] + w > best[v]:
                best[v], came_from[v] = best[u] + w, u
    end = max(range(n), key=best.__getitem__)
    path = [end]
    while came_from[path[-1]] >= 0:
        path.append(came_from[path[-1]])
    return best[end], path[::-1]


class DagLongestPath(Environment):
    id = "graph/dag_longest_path"
    version = 1
    description = "Find a path of maximum total weight in a weighted directed acyclic graph."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); arcs: about 2 per node, half "
        "between nodes close in a hidden order; weights 1 to 9 + L / 3"
    )
    size_name = "nodes"
    answer_format = "the total weight, a colon, then the nodes of the path in order, for example 17: 3 0 4 2"
    tags = ("graph", "dag", "path", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        arcs = [[u, v, rng.randint(1, 9 + lev // 3)] for u, v in random_dag(n, 2 * n, rng)]
        value, path = heaviest_path(n, arcs)
        prompt = (
            f"{describe_graph(n, arcs, directed=True, weighted=True)}\n\n"
            "The graph has no directed cycle. A path follows arcs in their direction, from any node to any node; "
            "its weight is the sum of the weights of its arcs. Find a path of the largest possible weight and "
            "give its weight and its nodes in order, first to last. Any path of that weight is accepted."
        )
        answer = f"{value}: {' '.join(map(str, path))}"
        return Instance(prompt=prompt, answer=answer, data={"n": n, "arcs": arcs, "value": value}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, best = data["n"], data["value"]
        claimed, rest = split_value(answer, max_digits=len(str(best)) + 2)
        path = read_node_sequence(rest, n, max_items=n)
        if not path:
            return Verdict.wrong("the path has no nodes")
        weights = weight_map(data["arcs"], directed=True)
        total = 0
        for u, v in zip(path, path[1:]):
            if (u, v) not in weights:
                return Verdict.wrong(f"{u}->{v} is not an arc")
            total += weights[u, v]
        if claimed != total:
            return Verdict.wrong(f"the answer says weight {claimed} but the path weighs {total}")
        if total != best:
            return Verdict.wrong(f"the path weighs {total}, but a heavier path exists")
        return Verdict.right()
