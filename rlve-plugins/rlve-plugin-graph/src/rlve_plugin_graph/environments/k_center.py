"""graph/k_center: choose k centre nodes so that the farthest any node is from its nearest centre is least."""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.distance_matrix import weighted_distances
from rlve_plugin_graph.graphs import describe_graph, dijkstra, random_connected_edges
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (at d = 80): the exact search is exponential in k.
MAX_LEVEL = 80
#: The most centres asked for.
MAX_CENTRES = 5


def covered_by(balls: list[int], k: int, full: int) -> list[int] | None:
    """At most ``k`` nodes whose balls (bit masks of the nodes within the radius) cover ``full``, or None.

    Distances are symmetric, so the centres able to cover node u are exactly the nodes of u's own ball. Some
    centre must cover the uncovered node with the smallest ball, so branching on that ball's nodes is exact.
    Bound: uncovered nodes whose balls are pairwise disjoint need a centre each, so a branch with more such
    nodes than centres left is dead.
    """

    def search(covered: int, left: int) -> list[int] | None:
        missing = full & ~covered
        if not missing:
            return []
        if left == 0:
            return None
        by_size = []
        rest = missing
        while rest:
            u = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            by_size.append((balls[u].bit_count(), u))
        by_size.sort()
        apart, taken = 0, 0
        for _, u in by_size:
            if not balls[u] & taken:
                taken |= balls[u]
                apart += 1
                if apart > left:
                    return None
        target = by_size[0][1]
        options = [c for c in range(len(balls)) if balls[target] >> c & 1]
        for c in sorted(options, key=lambda c: -(balls[c] & missing).bit_count()):
            found = search(covered | balls[c], left - 1)
            if found is not None:
                return [c, *found]
        return None

    return search(0, k)


def k_centres(distances: list[list[int]], k: int) -> tuple[int, list[int]]:
    """The least radius that k centres can achieve, and k centres achieving it: a binary search over the
    distances that occur (the optimum is one of them), each probe an exact cover by k balls."""
    n = len(distances)
    full = (1 << n) - 1
    # For each node, its distances in increasing order and the ball (bit mask) each one closes.
    rows = []
    for row in distances:
        order = sorted(range(n), key=row.__getitem__)
        ball, masks = 0, []
        for v in order:
            ball |= 1 << v
            masks.append(ball)
        rows.append(([row[v] for v in order], masks))
    radii = sorted({d for row in distances for d in row})
    low, high = 0, len(radii) - 1  # radii[high] (the largest distance) is always enough
    best = [0]
    while low < high:
        middle = (low + high) // 2
        balls = [masks[bisect_right(sorted_row, radii[middle]) - 1] for sorted_row, masks in rows]
        found = covered_by(balls, k, full)
        if found is None:
            low = middle + 1
        else:
            high, best = middle, found
    # A cover may need fewer than k balls; more centres never make a node farther, so add the first others.
    chosen = set(best)
    chosen.update([u for u in range(n) if u not in chosen][: k - len(chosen)])
    return radii[low], sorted(chosen)


class KCenter(Environment):
    id = "graph/k_center"
    version = 1
    description = "Choose k centre nodes of a weighted graph minimising the largest distance to a nearest centre."
    difficulty_scales = (
        f"nodes: 5 + L (L = d, at most {MAX_LEVEL}); centres k: 2 + L / 10 (at most {MAX_CENTRES}); edges: about "
        "1.4 per node; weights: 1 to 9 + L / 3"
    )
    size_name = "nodes"
    answer_format = "the k centre nodes separated by spaces, in any order, for example 2 7"
    tags = ("graph", "facility-location", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        k = min(MAX_CENTRES, 2 + lev // 10)
        edges = [[u, v, rng.randint(1, 9 + lev // 3)] for u, v in random_connected_edges(n, (2 * n) // 5, rng)]
        distances = weighted_distances(n, edges)
        radius, centres = k_centres(distances, k)
        prompt = (
            f"{describe_graph(n, edges, weighted=True)}\n\n"
            "The distance between two nodes is the least total weight of a path between them. Choose exactly "
            f"{k} different nodes as centres so that the largest distance from any node to its nearest centre "
            "is as small as possible (a centre is at distance 0 from itself). Any choice of centres achieving the "
            "smallest possible largest distance is accepted."
        )
        data = {"n": n, "k": k, "edges": edges, "radius": radius}
        return Instance(prompt=prompt, answer=" ".join(map(str, centres)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, k = data["n"], data["k"]
        centres = parse_nodes(strip_label(answer), n, max_items=k + 1)
        if len(set(centres)) != len(centres):
            return Verdict.wrong("a node is listed twice")
        if len(centres) != k:
            return Verdict.wrong(f"expected exactly {k} centres, got {len(centres)}")
        # One multi-source Dijkstra: every node's distance to its nearest centre.
        edges = [[n, c, 0] for c in centres]
        farthest = int(max(dijkstra(n + 1, [*data["edges"], *edges], n)[0][:n]))
        if farthest != data["radius"]:
            return Verdict.wrong(f"some node is {farthest} from its nearest centre, but {data['radius']} is possible")
        return Verdict.right()
