"""Flow networks: a generator shared by max_flow and min_cut, and an exact max-flow solver."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from rlve.scaling import level


@dataclass(frozen=True)
class FlowResult:
    value: int
    flows: list[int]  # flow on each input arc, in input order
    source_side: list[int]  # nodes reachable from the source in the final residual graph: a minimum cut


def max_flow(n: int, arcs: Sequence[Sequence[int]], source: int, sink: int) -> FlowResult:
    """Edmonds-Karp (shortest augmenting paths): O(V E^2) whatever the capacities, exact in integers."""
    head: list[int] = []
    cap: list[int] = []
    out: list[list[int]] = [[] for _ in range(n)]
    for u, v, c in arcs:  # residual arc 2i is arc i forwards, 2i+1 its reverse
        out[u].append(len(head))
        head.append(v)
        cap.append(c)
        out[v].append(len(head))
        head.append(u)
        cap.append(0)
    value = 0
    while True:
        via = [-1] * n  # residual arc used to reach each node
        via[source] = -2
        queue = deque([source])
        while queue and via[sink] == -1:
            u = queue.popleft()
            for a in out[u]:
                if cap[a] > 0 and via[head[a]] == -1:
                    via[head[a]] = a
                    queue.append(head[a])
        if via[sink] == -1:
            break
        push = None
        v = sink
        while v != source:
            a = via[v]
            push = cap[a] if push is None else min(push, cap[a])
            v = head[a ^ 1]
        v = sink
        while v != source:
            a = via[v]
            cap[a] -= push
            cap[a ^ 1] += push
            v = head[a ^ 1]
        value += push
    reached = [x for x in range(n) if via[x] != -1]
    flows = [cap[2 * i + 1] for i in range(len(arcs))]
    return FlowResult(value=value, flows=flows, source_side=reached)


def network_size(difficulty: int) -> tuple[int, int]:
    """Nodes and the largest capacity: shared with graph/min_cut so the two grow alike."""
    return 5 + level(difficulty), 9 + difficulty // 2


def random_network(n: int, max_capacity: int, rng: random.Random) -> tuple[list[list[int]], int, int]:
    """A directed network on nodes 0..n-1 (n >= 4) with a source and a sink, every node on a source-sink path.

    Nodes get a random hidden order with the source first and the sink last. Every other node gets an
    arc from an earlier node and to a later one; about n more forward arcs add alternative routes, and
    a few backward arcs between inner nodes make the network more than a DAG. No arc enters the source
    or leaves the sink.
    """
    order = list(range(n))
    rng.shuffle(order)
    source, sink = order[0], order[-1]
    arcs: set[tuple[int, int]] = set()
    for i in range(1, n - 1):
        arcs.add((order[rng.randrange(0, i)], order[i]))
        arcs.add((order[i], order[rng.randrange(i + 1, n)]))
    for _ in range(n):
        i, j = sorted(rng.sample(range(n), 2))
        if (i, j) != (0, n - 1):  # a direct source-sink arc would only add a constant to the answer
            arcs.add((order[i], order[j]))
    for _ in range(max(1, n // 5)):
        i, j = sorted(rng.sample(range(1, n - 1), 2))
        if (order[i], order[j]) not in arcs:  # no antiparallel pairs: they would only confuse the notation
            arcs.add((order[j], order[i]))
    edges = [[u, v, rng.randint(1, max_capacity)] for u, v in sorted(arcs)]
    return edges, source, sink
