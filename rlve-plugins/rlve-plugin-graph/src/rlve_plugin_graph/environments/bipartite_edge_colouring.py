"""graph/bipartite_edge_colouring: colour the edges of a bipartite graph with as few colours as possible (the
largest degree, by Konig's theorem) so that edges sharing a node differ."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph
from rlve_plugin_graph.reading import check_length

#: Nodes stop growing here (reached near d = 200), which keeps the edge list a few kilobytes long.
MAX_LEVEL = 120
#: The matchings layered into a graph stop growing here (at d = 40), which caps the largest degree.
MAX_DEGREE = 8


def edge_colouring(n: int, edges: list[list[int]], colours: int) -> list[int]:
    """A proper colouring of the edges of a bipartite graph with ``colours`` (its largest degree) colours, 1 up.

    Edge u-v gets a colour a free at u; if a is taken at v, a colour b free at v is swapped with a along the
    path of edges coloured a, b, a, ... that starts at v. The path cannot reach u: u is on the other side from
    v, so the path could only arrive there after an odd number of edges, that is by an edge of colour a, and
    u has none. After the swap a is free at both ends. (This is the proof of Konig's edge colouring theorem.)
    """
    at: list[dict[int, int]] = [{} for _ in range(n)]  # at[x][c] = the other end of x's edge of colour c
    for u, v in edges:
        a = next(c for c in range(1, colours + 1) if c not in at[u])
        if a in at[v]:
            b = next(c for c in range(1, colours + 1) if c not in at[v])
            # Walk the a/b path from v, then flip the colours of all its edges.
            path, x, c = [v], v, a
            while c in at[x]:
                x = at[x][c]
                path.append(x)
                c = b if c == a else a
            for i in range(len(path) - 1):
                old = a if i % 2 == 0 else b
                del at[path[i]][old], at[path[i + 1]][old]
            for i in range(len(path) - 1):
                x, y, new = path[i], path[i + 1], b if i % 2 == 0 else a
                at[x][new], at[y][new] = y, x
        at[u][a], at[v][a] = v, u
    return [next(c for c, other in at[u].items() if other == v) for u, v in edges]


class BipartiteEdgeColouring(Environment):
    id = "graph/bipartite_edge_colouring"
    version = 1
    description = "Colour the edges of a bipartite graph with the fewest colours so that edges sharing a node differ."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}), split into two sides; edges: "
        f"3 + L / 8 (at most {MAX_DEGREE}) random matchings between the sides laid over each other, each pair "
        "kept with probability 0.8, so many nodes share the largest degree"
    )
    size_name = "nodes"
    answer_format = "the colour (1, 2, ...) of each edge, in the order the edges are listed, for example 1 2 2 1 3"
    tags = ("graph", "bipartite", "edge-colouring", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        left = n // 2
        # Layers of random partial matchings between the sides: many nodes end up with the largest degree,
        # which is what makes a first-come colouring run out of colours.
        chosen: set[tuple[int, int]] = set()
        for _ in range(min(MAX_DEGREE, 3 + lev // 8)):
            right = rng.sample(range(left, n), n - left)
            for u, v in zip(range(left), right):
                if rng.random() < 0.8:
                    chosen.add((u, v))
        if not chosen:  # never an empty graph
            chosen.add((0, left + rng.randrange(n - left)))
        edges = [list(e) for e in sorted(chosen)]
        degree = [0] * n
        for u, v in edges:
            degree[u] += 1
            degree[v] += 1
        most = max(degree)
        colours = edge_colouring(n, edges, most)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            f"The graph is bipartite: every edge joins one of the nodes 0 to {left - 1} to one of the nodes {left} "
            f"to {n - 1}. Give every edge a colour, a whole number from 1 up, so that any two edges that share a "
            "node have different colours, using as few different colours as possible. (For a bipartite graph the "
            "fewest possible is the largest number of edges at any one node.) Any such colouring is accepted."
        )
        data = {"n": n, "edges": edges, "colours": most}
        return Instance(prompt=prompt, answer=" ".join(map(str, colours)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        edges, most = data["edges"], data["colours"]
        m = len(edges)
        digits = len(str(m)) + 2
        colours = parse_int_list(check_length(answer, m + 1, digits), max_items=m + 1, max_digits=digits)
        if len(colours) != m:
            return Verdict.wrong(f"expected a colour for each of the {m} edges, got {len(colours)}")
        if any(c < 1 for c in colours):
            raise ParseError("colours are whole numbers from 1 up")
        seen: dict[tuple[int, int], int] = {}  # (node, colour) -> the index of the edge that has it there
        for i, ((u, v), c) in enumerate(zip(edges, colours)):
            for x in (u, v):
                if (x, c) in seen:
                    other = edges[seen[(x, c)]]
                    return Verdict.wrong(f"edges {other[0]}-{other[1]} and {u}-{v} share node {x} and colour {c}")
                seen[(x, c)] = i
        used = len(set(colours))
        if used != most:
            return Verdict.wrong(f"the colouring uses {used} colours, but {most} are enough")
        return Verdict.right()
