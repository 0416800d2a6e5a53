"""graph/cycle_detection: does a directed graph have a cycle? Prove it: a cycle, or a topological order."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.dags import first_backward_arc, random_dag, smallest_first_order
from rlve_plugin_graph.graphs import bfs_hops, describe_graph, neighbours
from rlve_plugin_graph.reading import parse_nodes, split_keyword


def find_cycle(adj: list[list[int]]) -> list[int] | None:
    """A directed cycle (iterative depth-first search: an arc back to a node on the stack), or None."""
    n = len(adj)
    state = [0] * n  # 0 unseen, 1 on the current path, 2 finished
    for root in range(n):
        if state[root]:
            continue
        path = [root]
        state[root] = 1
        work = [0]
        while path:
            u, i = path[-1], work[-1]
            if i < len(adj[u]):
                work[-1] += 1
                v = adj[u][i]
                if state[v] == 1:
                    return path[path.index(v) :]
                if state[v] == 0:
                    state[v] = 1
                    path.append(v)
                    work.append(0)
            else:
                state[u] = 2
                path.pop()
                work.pop()
    return None


def directed_cycle_problem(cycle: list[int], arcs: set[tuple[int, int]]) -> str | None:
    """Why ``cycle`` is not a directed cycle of the graph, or None if it is one."""
    if len(cycle) >= 2 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]  # the first node repeated at the end to close the cycle
    if len(cycle) < 2:
        return "a cycle needs at least two nodes"
    if len(set(cycle)) != len(cycle):
        return "a node appears twice in the cycle"
    for u, v in zip(cycle, cycle[1:] + cycle[:1]):
        if (u, v) not in arcs:
            return f"{u}->{v} is not an arc"
    return None


class CycleDetection(Environment):
    id = "graph/cycle_detection"
    version = 1
    description = "Decide whether a directed graph has a cycle, with the cycle or a topological order as proof."
    difficulty_scales = (
        "nodes: 6 + L (L = d to 100, then +20 per doubling); arcs: about 1.5 per node; about half the graphs have "
        "a cycle, closed by a single arc across the longest route the graph allows"
    )
    size_name = "nodes"
    answer_format = (
        "either cycle followed by the nodes of a directed cycle in order, for example cycle 2 5 7, or acyclic "
        "followed by all the nodes in an order where every arc goes forwards, for example acyclic 3 0 2 1"
    )
    tags = ("graph", "directed", "cycle", "decision")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty)
        arcs = random_dag(n, (3 * n) // 2, rng)
        if rng.random() < 0.5:
            # One arc back from a node far downstream of x to x closes a long cycle.
            adj = neighbours(n, arcs, directed=True)
            x = max(range(n), key=lambda u: (len(adj[u]), -u))
            hops = bfs_hops(adj, x)
            far = max(hops)
            y = rng.choice([u for u in range(n) if hops[u] == far])
            if y != x:
                arcs = sorted([*arcs, [y, x]])
        adj = neighbours(n, arcs, directed=True)
        cycle = find_cycle(adj)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "Does this graph contain a directed cycle (nodes v1, v2, ..., vk, no node twice, with arcs "
            "v1->v2, ..., vk->v1)? Prove your answer. If it does, answer cycle followed by the nodes of one "
            "directed cycle in order. If it does not, answer acyclic followed by every node exactly once, in "
            "an order such that for every arc u->v, u comes before v. Any valid proof is accepted."
        )
        if cycle:
            answer = f"cycle {' '.join(map(str, cycle))}"
        else:
            answer = f"acyclic {' '.join(map(str, smallest_first_order(n, arcs)))}"
        data = {"n": n, "arcs": arcs, "has_cycle": cycle is not None}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        word, rest = split_keyword(answer, ("cycle", "acyclic"))
        nodes = parse_nodes(rest, n)
        if word == "cycle":
            problem = directed_cycle_problem(nodes, {(u, v) for u, v in data["arcs"]})
            return Verdict.wrong(problem) if problem else Verdict.right()
        if len(nodes) != n or len(set(nodes)) != n:
            return Verdict.wrong(f"the order must list each of the {n} nodes exactly once")
        backward = first_backward_arc(nodes, data["arcs"])
        if backward:
            return Verdict.wrong(f"arc {backward[0]}->{backward[1]} goes backwards")
        return Verdict.right()
