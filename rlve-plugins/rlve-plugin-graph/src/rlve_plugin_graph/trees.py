"""What the tree environments share: a rooted view of a tree given by its edges, the walks of a binary tree,
and a reader that forgives a leading label such as ``sum =`` or ``centre:``.

Used by tree_centre, tree_centroid, tree_distance_sum, tree_independent_set and tree_path_cover (rooted
views, labels), tree_traversal_reconstruction and bst_operations (walks). Every walk is iterative: a tree
at a high difficulty can be a path of hundreds of nodes, deeper than Python's recursion limit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rlve_plugin_graph.graphs import neighbours

#: A short leading label, ``sum =``, ``Centre:`` or ``the paths:``: letters and spaces, then ``=`` or ``:``.
_LABEL = re.compile(r"\s*[A-Za-z][A-Za-z _-]{0,30}[=:]")

#: Children of a binary tree, by node label: ``left[u]`` is u's left child; a missing key means no child.
Children = dict[int, int]


def strip_label(text: str) -> str:
    """``"3 4"`` from ``"centres: 3 4"`` or ``"x = 3 4"``; anything else is returned unchanged."""
    match = _LABEL.match(text)
    return text[match.end() :] if match else text


def rooted(n: int, edges: Sequence[Sequence[int]], root: int = 0) -> tuple[list[int], list[int]]:
    """``(order, parent)`` of a tree hung from ``root``: the nodes in breadth-first order (every parent
    before its children, so ``reversed(order)`` visits children first) and each node's parent (-1 at the root)."""
    adj = neighbours(n, edges)
    parent = [-1] * n
    seen = [False] * n
    seen[root] = True
    order = [root]
    for u in order:  # the list grows while it is read: a queue without popping
        for v in adj[u]:
            if not seen[v]:
                seen[v], parent[v] = True, u
                order.append(v)
    return order, parent


def subtree_sizes(order: Sequence[int], parent: Sequence[int]) -> list[int]:
    """The number of nodes in the subtree of every node, for a rooted view from ``rooted``."""
    size = [1] * len(order)
    for u in reversed(order):
        if parent[u] >= 0:
            size[parent[u]] += size[u]
    return size


def preorder(root: int, left: Children, right: Children) -> list[int]:
    """Node, then its left subtree, then its right subtree."""
    out, stack = [], [root]
    while stack:
        u = stack.pop()
        out.append(u)
        if u in right:
            stack.append(right[u])
        if u in left:  # pushed last, so visited first
            stack.append(left[u])
    return out


def inorder(root: int, left: Children, right: Children) -> list[int]:
    """Left subtree, then the node, then its right subtree."""
    out: list[int] = []
    stack: list[int] = []
    u: int | None = root
    while stack or u is not None:
        while u is not None:
            stack.append(u)
            u = left.get(u)
        u = stack.pop()
        out.append(u)
        u = right.get(u)
    return out


def postorder(root: int, left: Children, right: Children) -> list[int]:
    """Left subtree, then right subtree, then the node: the reverse of a node-right-left walk."""
    out, stack = [], [root]
    while stack:
        u = stack.pop()
        out.append(u)
        if u in left:
            stack.append(left[u])
        if u in right:
            stack.append(right[u])
    return out[::-1]
