"""graph/euler_path: a walk that uses every edge of the graph exactly once (an Euler path)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, edge_set, normalise
from rlve_plugin_graph.reading import parse_nodes

ATTEMPTS = 50


def random_trail(pool: int, length: int, rng: random.Random) -> list[int] | None:
    """A random walk of ``length`` steps on ``pool`` nodes that never reuses an edge, or None if stuck."""
    walk = [rng.randrange(pool)]
    used: set[tuple[int, int]] = set()
    while len(walk) <= length:
        u = walk[-1]
        options = [v for v in range(pool) if v != u and normalise(u, v) not in used]
        if not options:
            return None
        v = rng.choice(options)
        used.add(normalise(u, v))
        walk.append(v)
    return walk


class EulerPath(Environment):
    id = "graph/euler_path"
    version = 1
    description = "Find a walk that uses every edge of a graph exactly once (an Euler path or circuit)."
    difficulty_scales = "edges: 6 + 2 L (L = d to 100, then +20 per doubling); nodes: about 6 + L, revisited often"
    size_name = "edges"
    answer_format = "the nodes of the walk in order separated by spaces, for example 0 2 1 0 3"
    tags = ("graph", "path", "euler")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        m = 6 + 2 * level(difficulty)
        pool = 6 + level(difficulty)
        walk = None
        for _ in range(ATTEMPTS):  # a trail this short on this many nodes practically never gets stuck
            walk = random_trail(pool, m, rng)
            if walk is not None:
                break
        if walk is None:  # the always-possible fallback: a cycle through m nodes
            walk = [*range(m), 0]
        # Name the nodes 0..n-1 in a random order, keeping only the nodes the walk visits.
        visited = sorted(set(walk))
        names = list(range(len(visited)))
        rng.shuffle(names)
        rename = dict(zip(visited, names))
        walk = [rename[x] for x in walk]
        n = len(visited)
        edges = [list(e) for e in sorted({normalise(u, v) for u, v in zip(walk, walk[1:])})]
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            f"Find a walk that uses each of the {len(edges)} edges exactly once: a sequence of nodes in which "
            "every two consecutive nodes are joined by an edge, and every edge joins exactly one consecutive "
            "pair. Nodes may repeat, and the walk may start and end anywhere. Such a walk exists; any one is "
            "accepted."
        )
        data = {"n": n, "edges": edges}
        return Instance(prompt=prompt, answer=" ".join(map(str, walk)), data=data, size=m)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        m = len(data["edges"])
        walk = parse_nodes(answer, data["n"], max_items=m + 2)
        if len(walk) != m + 1:
            return Verdict.wrong(f"a walk over {m} edges has {m + 1} nodes, not {len(walk)}")
        edges = edge_set(data["edges"])
        used: set[tuple[int, int]] = set()
        for u, v in zip(walk, walk[1:]):
            key = normalise(u, v)
            if key not in edges:
                return Verdict.wrong(f"{u}-{v} is not an edge")
            if key in used:
                return Verdict.wrong(f"edge {u}-{v} is used twice")
            used.add(key)
        return Verdict.right()  # m distinct edges of an m-edge graph: every edge, once each
