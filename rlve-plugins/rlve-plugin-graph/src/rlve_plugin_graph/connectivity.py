"""Connectivity algorithms shared by several environments: union-find, components, strongly connected
components, bridges and articulation points. All iterative, so deep graphs cannot hit Python's
recursion limit."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:  # path compression
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: int, b: int) -> bool:
        """Join the sets of ``a`` and ``b``; False if they were already one set."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[max(ra, rb)] = min(ra, rb)
        return True


def component_labels(n: int, edges: Iterable[Sequence[int]]) -> list[int]:
    """For each node, the smallest node of its connected component."""
    uf = UnionFind(n)
    for edge in edges:
        uf.union(edge[0], edge[1])
    return [uf.find(x) for x in range(n)]


def groups_from_labels(labels: Sequence[int]) -> list[list[int]]:
    """Nodes grouped by label, each group sorted, groups ordered by their smallest node."""
    by_label: dict[int, list[int]] = {}
    for node, label in enumerate(labels):
        by_label.setdefault(label, []).append(node)
    return sorted(by_label.values())


def strong_component_labels(n: int, adj: Sequence[Sequence[int]]) -> list[int]:
    """For each node, an id of its strongly connected component (Tarjan's algorithm, iterative)."""
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    label = [-1] * n
    counter = 0
    components = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            u, i = work[-1]
            if i < len(adj[u]):
                work[-1] = (u, i + 1)
                v = adj[u][i]
                if index[v] < 0:
                    index[v] = low[v] = counter
                    counter += 1
                    stack.append(v)
                    on_stack[v] = True
                    work.append((v, 0))
                elif on_stack[v]:
                    low[u] = min(low[u], index[v])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[u])
            if low[u] == index[u]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    label[w] = components
                    if w == u:
                        break
                components += 1
    return label


def bridges_and_cut_nodes(n: int, adj: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[int]]:
    """The bridges (as sorted ``[u, v]`` with u < v) and articulation points of a simple undirected graph."""
    index = [-1] * n
    low = [0] * n
    bridges: list[list[int]] = []
    cut = [False] * n
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        root_children = 0
        work = [(root, -1, 0)]
        while work:
            u, parent, i = work[-1]
            if i < len(adj[u]):
                work[-1] = (u, parent, i + 1)
                v = adj[u][i]
                if index[v] < 0:
                    index[v] = low[v] = counter
                    counter += 1
                    if u == root:
                        root_children += 1
                    work.append((v, u, 0))
                elif v != parent:
                    low[u] = min(low[u], index[v])
                continue
            work.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[u])
                if low[u] > index[parent]:
                    bridges.append(sorted((parent, u)))
                if parent != root and low[u] >= index[parent]:
                    cut[parent] = True
        if root_children >= 2:
            cut[root] = True
    return sorted(bridges), [x for x in range(n) if cut[x]]
