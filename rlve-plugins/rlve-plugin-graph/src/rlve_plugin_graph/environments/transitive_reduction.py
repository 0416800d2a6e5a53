"""graph/transitive_reduction: the arcs of a DAG that no longer path makes redundant."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.dags import random_dag, smallest_first_order
from rlve_plugin_graph.graphs import describe_graph, neighbours
from rlve_plugin_graph.reading import parse_arcs

#: Nodes stop growing here (reached near d = 1000), which keeps prompts short at any difficulty.
MAX_LEVEL = 165


def reduction_arcs(n: int, arcs: list[list[int]]) -> list[list[int]]:
    """The arcs u->v of the DAG with no other path from u to v: v is not reachable from another successor of u.

    ``reach[u]`` (a bitmask) is filled in reverse topological order, so each successor's is ready first.
    """
    succ = neighbours(n, arcs, directed=True)
    reach = [0] * n
    for u in reversed(smallest_first_order(n, arcs)):
        for v in succ[u]:
            reach[u] |= reach[v] | (1 << v)
    kept = []
    for u in range(n):
        beyond = 0  # nodes reachable from u through at least two arcs
        for w in succ[u]:
            beyond |= reach[w]
        kept.extend([u, v] for v in succ[u] if not beyond >> v & 1)
    return kept


class TransitiveReduction(Environment):
    id = "graph/transitive_reduction"
    version = 1
    description = "List the arcs of a DAG's transitive reduction: those not implied by a longer directed path."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); arcs: about 2.5 per node, "
        "half between nodes close in a hidden order, so many are implied by chains"
    )
    size_name = "nodes"
    answer_format = "the arcs of the reduction as u->v separated by commas, for example 0->2, 2->1, 0->3"
    tags = ("graph", "dag", "reachability", "transitive-reduction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty, cap=MAX_LEVEL)
        arcs = random_dag(n, (5 * n) // 2, rng)
        kept = reduction_arcs(n, arcs)
        prompt = (
            f"{describe_graph(n, arcs, directed=True)}\n\n"
            "The graph has no directed cycle. An arc u->v is redundant if there is another directed path from u "
            "to v, through at least one other node. List the arcs that are not redundant: they form the "
            "transitive reduction, the fewest arcs that keep every node reaching the same nodes. The order of "
            "the arcs does not matter."
        )
        answer = ", ".join(f"{u}->{v}" for u, v in kept)
        return Instance(prompt=prompt, answer=answer, data={"n": n, "arcs": arcs, "kept": kept}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        kept = {(u, v) for u, v in data["kept"]}
        arcs = {(u, v) for u, v in data["arcs"]}
        given = parse_arcs(answer, n, max_items=len(arcs))
        if len(set(given)) != len(given):
            return Verdict.wrong("an arc is listed twice")
        for u, v in given:
            if (u, v) not in arcs:
                return Verdict.wrong(f"{u}->{v} is not an arc of the graph")
            if (u, v) not in kept:
                return Verdict.wrong(f"{u}->{v} is redundant: another path leads from {u} to {v}")
        if len(given) != len(kept):
            return Verdict.wrong(f"{len(kept) - len(given)} arc(s) of the reduction are missing")
        return Verdict.right()
