"""graph/dominator_tree: the immediate dominator of every node of a flow graph entered at node 0."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, neighbours
from rlve_plugin_graph.reading import parse_nodes

#: Nodes stop growing here (reached near d = 1000), which keeps prompts short at any difficulty.
MAX_LEVEL = 165


def immediate_dominators(n: int, arcs: list[list[int]], entry: int = 0) -> list[int]:
    """``idom[v]`` for every node (``entry`` for the entry itself): the iterative algorithm of Cooper, Harvey
    and Kennedy, intersecting the dominator chains of a node's processed predecessors in reverse postorder.
    Every node must be reachable from ``entry``."""
    succ = neighbours(n, arcs, directed=True)
    pred: list[list[int]] = [[] for _ in range(n)]
    for u, v in arcs:
        pred[v].append(u)
    postorder: list[int] = []
    seen = [False] * n
    seen[entry] = True
    work = [(entry, iter(succ[entry]))]
    while work:
        u, options = work[-1]
        v = next(options, None)
        if v is None:
            postorder.append(u)
            work.pop()
        elif not seen[v]:
            seen[v] = True
            work.append((v, iter(succ[v])))
    number = [0] * n
    for i, u in enumerate(postorder):
        number[u] = i
    idom = [-1] * n
    idom[entry] = entry
    changed = True
    while changed:
        changed = False
        for v in reversed(postorder):
            if v == entry:
                continue
            new = -1
            for u in pred[v]:
                if idom[u] < 0:
                    continue
                if new < 0:
                    new = u
                    continue
                a, b = u, new  # walk both up the current dominator tree until they meet
                while a != b:
                    while number[a] < number[b]:
                        a = idom[a]
                    while number[b] < number[a]:
                        b = idom[b]
                new = a
            if idom[v] != new:
                idom[v], changed = new, True
    return idom


class DominatorTree(Environment):
    id = "graph/dominator_tree"
    version = 1
    description = "Find the immediate dominator of every node of a flow graph whose entry is node 0."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); a hidden tree of arcs from "
        "node 0 reaching every node, plus about n / 2 + 1 more arcs, backwards ones (loops) included"
    )
    size_name = "nodes"
    answer_format = "the immediate dominators of nodes 1, 2, ..., n-1 in that order, separated by spaces"
    tags = ("graph", "directed", "dominators", "flow-graph")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty, cap=MAX_LEVEL)
        rest = list(range(1, n))
        rng.shuffle(rest)
        order = [0, *rest]  # each node hangs off an earlier one: a hidden tree from 0 reaching every node
        pairs = {(order[rng.randrange(i)], order[i]) for i in range(1, n)}
        for _ in range(n // 2 + 1):
            u, v = rng.sample(range(n), 2)
            if v != 0:  # no arc into the entry: its dominators would be trivial anyway
                pairs.add((u, v))
        arcs = [list(a) for a in sorted(pairs)]
        idom = immediate_dominators(n, arcs)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "Node 0 is the entry, and every node can be reached from it along arcs. A node d dominates a node v "
            "if every directed path from node 0 to v passes through d (every node dominates itself). The "
            "immediate dominator of a node v other than 0 is the dominator of v, other than v itself, that is "
            "dominated by all the other dominators of v (the one closest to v). Give the immediate dominators "
            f"of nodes 1, 2, ..., {n - 1}, in that order."
        )
        answer = " ".join(map(str, idom[1:]))
        return Instance(prompt=prompt, answer=answer, data={"n": n, "arcs": arcs, "idom": idom}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, idom = data["n"], data["idom"]
        given = parse_nodes(answer, n, max_items=n)
        if len(given) != n - 1:
            return Verdict.wrong(f"the answer must give one node for each of nodes 1 to {n - 1}")
        for v, d in enumerate(given, start=1):
            if d != idom[v]:
                return Verdict.wrong(f"{d} is not the immediate dominator of node {v}")
        return Verdict.right()
