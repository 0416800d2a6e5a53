"""graph/min_mean_cycle: the least average arc weight of a directed cycle, as a fraction, with such a cycle."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_fraction
from rlve.scaling import level
from rlve_plugin_graph.dags import random_dag
from rlve_plugin_graph.graphs import describe_graph, weight_map
from rlve_plugin_graph.node_sequences import read_node_sequence
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (reached at d = 80): Karp's algorithm is O(nodes * arcs).
MAX_LEVEL = 80

#: Between the mean and the cycle: a colon (a semicolon, a bar or a line break also do).
_SEPARATOR = re.compile(r"[:;|\n]")


def minimum_mean(n: int, arcs: list[list[int]]) -> Fraction | None:
    """Karp's theorem: with D[k][v] the least weight of a walk of exactly k arcs ending at v (from anywhere),
    the minimum cycle mean is min over v of max over k < n of (D[n][v] - D[k][v]) / (n - k); None if acyclic."""
    table: list[list[int | None]] = [[0] * n]
    for _ in range(n):
        prev = table[-1]
        row: list[int | None] = [None] * n
        for u, v, w in arcs:
            if prev[u] is not None and (row[v] is None or prev[u] + w < row[v]):
                row[v] = prev[u] + w
        table.append(row)
    best: Fraction | None = None
    for v in range(n):
        last = table[n][v]
        if last is None:
            continue
        worst = max(Fraction(last - table[k][v], n - k) for k in range(n) if table[k][v] is not None)
        if best is None or worst < best:
            best = worst
    return best


def cycle_with_mean(n: int, arcs: list[list[int]], mean: Fraction) -> list[int]:
    """A cycle whose mean is ``mean``, the minimum: with weights q*w - p no cycle is negative and the optimal
    cycles weigh 0, so shortest-path potentials make every arc of an optimal cycle tight (reduced cost 0) and
    every cycle of tight arcs optimal. Any cycle among the tight arcs will do."""
    p, q = mean.numerator, mean.denominator
    shifted = [(u, v, q * w - p) for u, v, w in arcs]
    dist = [0] * n  # Bellman-Ford from a virtual source joined to every node by a 0 arc
    for _ in range(n):
        changed = False
        for u, v, w in shifted:
            if dist[u] + w < dist[v]:
                dist[v], changed = dist[u] + w, True
        if not changed:
            break
    tight: list[list[int]] = [[] for _ in range(n)]
    for u, v, w in shifted:
        if dist[u] + w == dist[v]:
            tight[u].append(v)
    state = [0] * n  # 0 unseen, 1 on the current depth-first path, 2 finished
    for root in range(n):
        if state[root]:
            continue
        path, work = [root], [iter(tight[root])]
        state[root] = 1
        while work:
            v = next(work[-1], None)
            if v is None:
                state[path.pop()] = 2
                work.pop()
            elif state[v] == 1:
                return path[path.index(v) :]
            elif state[v] == 0:
                state[v] = 1
                path.append(v)
                work.append(iter(tight[v]))
    raise AssertionError("no tight cycle: the mean is not the minimum")


def format_fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


class MinMeanCycle(Environment):
    id = "graph/min_mean_cycle"
    version = 1
    description = "Find the least average arc weight of a directed cycle, as an exact fraction, with such a cycle."
    difficulty_scales = (
        f"nodes: 4 + L (L = d, at most {MAX_LEVEL}); arcs: about 1.5 per node; "
        "weights -4 - L / 4 to 9 + L / 3; one graph in eight has no cycle"
    )
    size_name = "nodes"
    answer_format = (
        "the minimum mean as a fraction p/q in lowest terms (or a whole number), a colon, then the nodes of the "
        "cycle in order, for example -3/2: 0 4 2; or the word none if there is no cycle"
    )
    tags = ("graph", "directed", "cycle", "karp", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev
        if rng.randrange(8) == 0:
            pairs = [tuple(a) for a in random_dag(n, (3 * n) // 2, rng)]
        else:
            pairs = sorted({(u, v) for u, v in (rng.sample(range(n), 2) for _ in range((3 * n) // 2))})
        arcs = [[u, v, rng.randint(-4 - lev // 4, 9 + lev // 3)] for u, v in pairs]
        mean = minimum_mean(n, arcs)
        prompt = (
            f"{describe_graph(n, arcs, directed=True, weighted=True)}\n\n"
            "A directed cycle follows arcs in their direction and returns to its first node, visiting no node "
            "twice; its mean weight is the total weight of its arcs divided by the number of arcs. Find the "
            "smallest mean weight of any directed cycle, written exactly as a fraction p/q in lowest terms (a "
            "whole number may be written alone), and a cycle with that mean: its nodes in order along the arcs, "
            "the last one having an arc back to the first. Any such cycle is accepted. If the graph has no "
            "directed cycle, answer none."
        )
        if mean is None:
            answer, best = "none", None
        else:
            cycle = cycle_with_mean(n, arcs, mean)
            answer, best = f"{format_fraction(mean)}: {' '.join(map(str, cycle))}", format_fraction(mean)
        return Instance(prompt=prompt, answer=answer, data={"n": n, "arcs": arcs, "mean": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        best = None if data["mean"] is None else Fraction(data["mean"])
        # Exactly "none", as graph/girth: "acyclic" and "no" are keywords that open a proof elsewhere in the pack.
        if answer.strip().strip(".").lower() == "none":
            return Verdict.right() if best is None else Verdict.wrong("the graph has a directed cycle")
        s = strip_label(answer.strip())
        match = _SEPARATOR.search(s)
        if match is None:
            raise ParseError("expected the mean, a colon, then the cycle (for example -3/2: 0 4 2)")
        claimed = parse_fraction(s[: match.start()], max_digits=len(str(n)) + 8, allow_decimal=False)
        cycle = read_node_sequence(s[match.end() :], n, max_items=n + 1)
        if len(cycle) >= 2 and cycle[0] == cycle[-1]:
            cycle = cycle[:-1]  # the first node repeated at the end to close the cycle
        if len(cycle) < 2:
            return Verdict.wrong("a cycle needs at least two nodes")
        if len(set(cycle)) != len(cycle):
            return Verdict.wrong("a node appears twice in the cycle")
        weights = weight_map(data["arcs"], directed=True)
        total = 0
        for u, v in zip(cycle, cycle[1:] + cycle[:1]):
            if (u, v) not in weights:
                return Verdict.wrong(f"{u}->{v} is not an arc")
            total += weights[u, v]
        mean = Fraction(total, len(cycle))
        if claimed != mean:
            return Verdict.wrong(f"the answer says mean {claimed} but the cycle's mean is {format_fraction(mean)}")
        if best is None or mean != best:
            return Verdict.wrong(f"the cycle's mean is {format_fraction(mean)}, but a cycle of smaller mean exists")
        return Verdict.right()
