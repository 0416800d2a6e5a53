"""graph/min_arborescence: a spanning arborescence of minimum weight rooted at a given node (Chu-Liu/Edmonds)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, neighbours, random_tree_edges
from rlve_plugin_graph.reading import parse_arcs

#: Nodes stop growing here (reached near d = 3200).
MAX_LEVEL = 200


Arc = tuple[int, int, int, int]  # tail, head, weight, index of the original arc


def _cheapest_arborescence(count: int, root: int, arcs: list[Arc]) -> list[int]:
    """Indices of the original arcs in a minimum arborescence of nodes 0..count-1 rooted at ``root``.

    Chu-Liu/Edmonds: every node but the root takes its cheapest entering arc; if these arcs close no cycle
    they are the answer. Otherwise each cycle is contracted into one node, an arc entering the cycle at v
    has the weight of v's chosen arc subtracted (entering there means dropping that arc), the contracted
    graph is solved, and each cycle keeps all its arcs but the one into the node its entering arc reaches.
    """
    cheapest: dict[int, Arc] = {}
    for arc in arcs:
        u, v, w, _ = arc
        if v != root and u != v and (v not in cheapest or w < cheapest[v][2]):
            cheapest[v] = arc
    cycle_of = [-1] * count  # which contracted cycle a node belongs to
    cycles: list[list[int]] = []
    state = [0] * count  # 0 unvisited, 1 on the current walk, 2 done
    for start in range(count):
        walk = []
        v = start
        while v != root and state[v] == 0:
            state[v] = 1
            walk.append(v)
            v = cheapest[v][0]
        if v != root and state[v] == 1:  # the walk ran into itself: a cycle through v
            cycle = walk[walk.index(v) :]
            for x in cycle:
                cycle_of[x] = len(cycles)
            cycles.append(cycle)
        for x in walk:
            state[x] = 2
    if not cycles:
        return sorted(arc[3] for arc in cheapest.values())
    # Contracted nodes: each cycle becomes one node, numbered after the nodes outside every cycle.
    label = [-1] * count
    outside = [x for x in range(count) if cycle_of[x] < 0]
    for i, x in enumerate(outside):
        label[x] = i
    for x in range(count):
        if cycle_of[x] >= 0:
            label[x] = len(outside) + cycle_of[x]
    contracted: list[Arc] = []
    entering_at: dict[int, int] = {}  # original arc index -> the node it enters at this level
    for u, v, w, index in arcs:
        if label[u] != label[v]:
            if cycle_of[v] >= 0:
                w -= cheapest[v][2]
            contracted.append((label[u], label[v], w, index))
            entering_at[index] = v
    chosen = _cheapest_arborescence(len(outside) + len(cycles), label[root], contracted)
    result = list(chosen)
    entered = {cycle_of[v]: v for v in (entering_at[index] for index in chosen) if cycle_of[v] >= 0}
    for c, cycle in enumerate(cycles):
        result += [cheapest[x][3] for x in cycle if x != entered[c]]
    return sorted(result)


def minimum_arborescence(n: int, arcs: list[list[int]], root: int) -> list[list[int]]:
    """The arcs of a minimum spanning arborescence rooted at ``root`` (every node must be reachable from it)."""
    indexed = [(u, v, w, i) for i, (u, v, w) in enumerate(arcs)]
    return [arcs[i] for i in _cheapest_arborescence(n, root, indexed)]


class MinArborescence(Environment):
    id = "graph/min_arborescence"
    version = 1
    description = "Choose arcs of least total weight so that a given root reaches every node along exactly one path."
    difficulty_scales = (
        f"nodes: 4 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); arcs: a hidden arborescence "
        "plus about 1.5 more per node, some into the root; weights: 1 to 6 + L / 3"
    )
    size_name = "nodes"
    answer_format = "the arcs of the arborescence as u->v separated by commas, for example 0->2, 2->1, 0->3"
    tags = ("graph", "directed", "tree", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        root = rng.randrange(n)
        # A hidden tree, directed away from the root, makes every node reachable.
        adj = neighbours(n, random_tree_edges(n, rng))
        pairs: set[tuple[int, int]] = set()
        stack = [root]
        seen = {root}
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    pairs.add((u, v))
                    stack.append(v)
        for _ in range((3 * n) // 2):
            u, v = rng.sample(range(n), 2)
            pairs.add((u, v))
        arcs = [[u, v, rng.randint(1, 6 + lev // 3)] for u, v in sorted(pairs)]
        tree = minimum_arborescence(n, arcs, root)
        best = sum(w for _, _, w in tree)
        prompt = (
            f"{describe_graph(n, arcs, directed=True, weighted=True)}\n\n"
            f"Choose {n - 1} arcs such that every node other than node {root} has exactly one chosen arc coming "
            f"into it, node {root} has none, and every node can be reached from node {root} along chosen arcs (a "
            f"spanning arborescence rooted at node {root}). Make the total weight of the chosen arcs as small as "
            "possible. Any arborescence of minimum total weight is accepted; the order of the arcs does not matter."
        )
        answer = ", ".join(f"{u}->{v}" for u, v, _ in tree)
        return Instance(prompt=prompt, answer=answer, data={"n": n, "arcs": arcs, "root": root, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, root = data["n"], data["root"]
        chosen = parse_arcs(answer, n, max_items=n)
        weight = {(u, v): w for u, v, w in data["arcs"]}
        parent = [-1] * n
        total = 0
        for u, v in chosen:
            if (u, v) not in weight:
                return Verdict.wrong(f"{u}->{v} is not an arc")
            if v == root:
                return Verdict.wrong(f"arc {u}->{v} enters the root {root}")
            if parent[v] >= 0:
                return Verdict.wrong(f"node {v} has two arcs coming into it")
            parent[v] = u
            total += weight[(u, v)]
        missing = next((v for v in range(n) if v != root and parent[v] < 0), None)
        if missing is not None:
            return Verdict.wrong(f"no chosen arc comes into node {missing}")
        # One parent each: the root reaches a node iff following parents from it reaches the root.
        depth = [0 if v == root else -1 for v in range(n)]
        for start in range(n):
            trail = []
            v = start
            while depth[v] < 0 and len(trail) <= n:
                trail.append(v)
                v = parent[v]
            if depth[v] < 0:
                return Verdict.wrong(f"the chosen arcs through node {start} form a cycle the root cannot reach")
            for x in reversed(trail):
                depth[x] = depth[parent[x]] + 1
        if total != data["best"]:
            return Verdict.wrong(f"the arborescence weighs {total}, but {data['best']} is possible")
        return Verdict.right()
