"""graph/exact_k_edge_path: the lightest walk between two nodes of a weighted digraph using exactly k arcs."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, random_permutation
from rlve_plugin_graph.reading import is_none_word
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (reached near d = 1000), which keeps prompts short and the table small at any difficulty.
MAX_LEVEL = 165


def random_arcs(n: int, extra: int, rng: random.Random) -> list[list[int]]:
    """A hidden random cycle through every node plus about ``extra`` random arcs, sorted.

    The cycle makes every node reachable from every other, so "none" comes from the exact arc count (parity
    and period), not from a source stranded in a sink; the extra arcs give walks of many different lengths.
    """
    order = random_permutation(n, rng)
    chosen = {(order[i], order[(i + 1) % n]) for i in range(n)}
    for _ in range(extra):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            chosen.add((u, v))
    return [list(a) for a in sorted(chosen)]


def lightest_walks(n: int, arcs: list[list[int]], source: int, k: int) -> list[int | None]:
    """For every node, the least weight of a walk of exactly ``k`` arcs from ``source`` to it (None if none):
    a Bellman-Ford-style table, one round per arc used, with no early stop since the walk length is fixed."""
    best: list[int | None] = [None] * n
    best[source] = 0
    for _ in range(k):
        after: list[int | None] = [None] * n
        for u, v, w in arcs:
            if best[u] is not None and (after[v] is None or best[u] + w < after[v]):
                after[v] = best[u] + w
        best = after
    return best


class ExactKEdgePath(Environment):
    id = "graph/exact_k_edge_path"
    version = 1
    description = "Find the least total weight of a walk between two nodes of a weighted digraph using exactly k arcs."
    difficulty_scales = (
        f"nodes: 4 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); arcs: a hidden cycle "
        "through all nodes plus about 1 more per node; k = 3 + L / 2; weights 1 to 9 + L / 3; "
        "up to one problem in six (mostly at low d) has no such walk"
    )
    size_name = "nodes"
    answer_format = "an integer (the least total weight), or none if no walk uses exactly k arcs"
    tags = ("graph", "directed", "walk", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        k = 3 + lev // 2
        arcs = [[u, v, rng.randint(1, 9 + lev // 3)] for u, v in random_arcs(n, n, rng)]
        source = rng.randrange(n)
        best = lightest_walks(n, arcs, source, k)
        reached = [x for x in range(n) if best[x] is not None]
        missed = [x for x in range(n) if best[x] is None]
        # Mostly a target that a k-arc walk reaches; sometimes one it cannot, so "none" must be considered.
        pool = missed if missed and (not reached or rng.random() < 1 / 6) else reached
        target = rng.choice(pool)
        prompt = (
            f"{describe_graph(n, arcs, directed=True, weighted=True)}\n\n"
            f"A walk follows arcs in their direction and may use the same arc or node any number of times; its weight "
            f"is the sum of the weights of the arcs it uses, counted once per use. Among the walks from node {source} "
            f"to node {target} that use exactly {k} arcs, find the least weight. Answer with that integer, or with "
            f"the word none if no walk from {source} to {target} uses exactly {k} arcs."
        )
        value = best[target]
        answer = "none" if value is None else str(value)
        data = {"n": n, "arcs": arcs, "source": source, "target": target, "k": k, "best": value}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        best = data["best"]
        if is_none_word(answer):
            if best is None:
                return Verdict.right()
            return Verdict.wrong("a walk with exactly that many arcs exists")
        # Room for any weight a k-arc walk could have, so a wrong number is wrong rather than unreadable.
        limit = len(str(data["k"] * max((w for _, _, w in data["arcs"]), default=1))) + 2
        claimed = parse_int(strip_label(answer.strip()), max_digits=limit)
        if best is None:
            return Verdict.wrong("no walk uses exactly that many arcs")
        if claimed != best:
            return Verdict.wrong(f"{claimed} is not the least weight")
        return Verdict.right()
