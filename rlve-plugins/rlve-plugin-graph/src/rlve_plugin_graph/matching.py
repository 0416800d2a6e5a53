"""Maximum bipartite matching, shared by bipartite_matching and min_path_cover_dag (a path cover is a matching
of each node's "out" copy to another node's "in" copy)."""

from __future__ import annotations


def maximum_matching(left: list[int], adj: list[list[int]]) -> dict[int, int]:
    """Kuhn's augmenting paths (iterative): ``mate[right] = left`` of a maximum matching."""
    mate: dict[int, int] = {}
    for start in left:
        # Depth-first search for an augmenting path from `start`, over alternating edges.
        visited: set[int] = set()
        stack = [(start, iter(adj[start]))]
        path: list[tuple[int, int]] = []  # (left, right) edges of the current alternating path
        found = False
        while stack and not found:
            u, options = stack[-1]
            for v in options:
                if v in visited:
                    continue
                visited.add(v)
                path.append((u, v))
                if v not in mate:
                    found = True
                else:
                    stack.append((mate[v], iter(adj[mate[v]])))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        if found:
            for u, v in path:
                mate[v] = u
    return mate
