"""An exact maximum clique on sparse graphs, shared by max_clique (the task) and chromatic_number (its lower
bound: a graph needs at least as many colours as its largest clique has nodes)."""

from __future__ import annotations


def degeneracy_order(adj: list[set[int]]) -> list[int]:
    """Nodes in the order of repeatedly removing one of smallest remaining degree (smallest id on ties)."""
    degree = [len(a) for a in adj]
    removed = [False] * len(adj)
    order = []
    for _ in range(len(adj)):
        u = min((d, x) for x, d in enumerate(degree) if not removed[x])[1]
        removed[u] = True
        order.append(u)
        for v in adj[u]:
            degree[v] -= 1
    return order


def maximum_clique(n: int, edges: list[list[int]]) -> list[int]:
    """An exact maximum clique: branch and bound over bitsets, each node with its later neighbours in a
    degeneracy order, so the search is exponential only in the graph's degeneracy (small here)."""
    adj: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    order = degeneracy_order(adj)
    position = {u: i for i, u in enumerate(order)}
    bits = [sum(1 << v for v in adj[u]) for u in range(n)]
    best: list[int] = []

    def expand(clique: list[int], candidates: int) -> None:
        nonlocal best
        if len(clique) > len(best):
            best = list(clique)
        while candidates:
            if len(clique) + candidates.bit_count() <= len(best):
                return  # even taking every candidate would not beat the best clique
            v = candidates.bit_length() - 1
            candidates &= ~(1 << v)
            expand([*clique, v], candidates & bits[v])

    for u in order:
        later = sum(1 << v for v in adj[u] if position[v] > position[u])
        expand([u], later)
    return sorted(best)
