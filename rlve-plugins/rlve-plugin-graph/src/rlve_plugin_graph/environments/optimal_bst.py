"""graph/optimal_bst: the binary search tree over keys with given search counts of least total search cost."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, first_repeat, read_numbered, split_optimum

#: The level stops here (123 keys), so the table stays a few ten thousand cells at any difficulty.
MAX_LEVEL = 120
#: About this share of the keys are searched far more often than the rest, which pulls them to the top.
HOT_SHARE = 0.2


def cheapest_tree(counts: list[int]) -> tuple[int, list[int]]:
    """The least total cost, sum of count x depth (root at depth 1), of a binary search tree over keys
    1..n, and one such tree in preorder.

    The classic interval table: the best tree over keys i..j puts some key r at the root, above the best
    trees over i..r-1 and r+1..j, and every key of the interval goes one level deeper, which costs the
    interval's total count once more. Knuth's observation that the best root of i..j lies between the best
    roots of i..j-1 and i+1..j makes it O(n^2).
    """
    n = len(counts)
    prefix = [0]
    for count in counts:
        prefix.append(prefix[-1] + count)
    # cost[i][j] and root[i][j] for the keys i+1..j (0 <= i <= j <= n); the empty interval costs nothing.
    cost = [[0] * (n + 1) for _ in range(n + 1)]
    root = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(n):
        cost[i][i + 1], root[i][i + 1] = counts[i], i + 1
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span
            best, where = None, 0
            for r in range(root[i][j - 1], root[i + 1][j] + 1):
                c = cost[i][r - 1] + cost[r][j]
                if best is None or c < best:
                    best, where = c, r
            cost[i][j], root[i][j] = best + prefix[j] - prefix[i], where
    order: list[int] = []
    pending = [(0, n)]
    while pending:  # preorder: the root, then its left interval, then its right one
        i, j = pending.pop()
        if i < j:
            r = root[i][j]
            order.append(r)
            pending += [(r, j), (i, r - 1)]
    return cost[0][n], order


def preorder_depths(order: list[int]) -> list[int] | str:
    """The depth (root 1) of each key of ``order`` read as the preorder of a binary search tree, or why it
    is not one.

    A stack holds the path down to the last key. A new key larger than the top is in the right subtree of
    the last key it pops; otherwise it is the left child of the top. After a key's right subtree has
    begun, no later key may be smaller than it.
    """
    depths = [0] * (len(order) + 1)
    stack: list[int] = []
    floor = 0
    for key in order:
        if key < floor:
            return f"key {key} comes after the right subtree of key {floor} has begun, but is smaller than {floor}"
        parent = None
        while stack and stack[-1] < key:
            parent = stack.pop()
        if parent is not None:
            floor = parent
        elif stack:
            parent = stack[-1]
        depths[key] = depths[parent] + 1 if parent is not None else 1
        stack.append(key)
    return depths


class OptimalBst(Environment):
    id = "graph/optimal_bst"
    version = 1
    description = "Build a binary search tree over keys with given search counts that has the least total search cost."
    difficulty_scales = (
        f"keys: 3 + T (T = d to 30, then slower: rlve.scaling.taper, at most {MAX_LEVEL}); search counts: 1 to "
        f"5 + T, about {HOT_SHARE:.0%} of the keys up to three times that"
    )
    size_name = "keys"
    answer_format = (
        "the least total cost, a colon, then the keys of the tree in preorder (root first), for example 23: 2 1 3"
    )
    tags = ("tree", "binary-search-tree", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty, cap=MAX_LEVEL)
        n, top = 3 + lev, 5 + lev
        counts = [rng.randint(1, 3 * top) if rng.random() < HOT_SHARE else rng.randint(1, top) for _ in range(n)]
        best, order = cheapest_tree(counts)
        listed = "\n".join(
            f"key {key}: searched {count} time{'s' if count > 1 else ''}" for key, count in enumerate(counts, start=1)
        )
        prompt = (
            f"The keys 1 to {n} are to be stored in a binary search tree: each node holds one key, every key in a "
            "node's left subtree is smaller than the node's key, and every key in its right subtree is larger. "
            f"Each key is searched for a known number of times:\n{listed}\n\n"
            "A search for a key visits every node on the path from the root down to that key, so it costs the "
            "depth of the key: 1 for the root, 2 for its children, and so on. Build a binary search tree holding "
            "all the keys whose total cost, the sum over the keys of (times searched) x (depth), is as small as "
            "possible. Give that cost and the tree in preorder: the root, then the preorder of its left subtree, "
            "then the preorder of its right subtree (a list of all the keys that fixes the tree). Any tree of the "
            "least cost is accepted."
        )
        answer = f"{best}: {' '.join(map(str, order))}"
        return Instance(prompt=prompt, answer=answer, data={"counts": counts, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        counts, best = data["counts"], data["best"]
        n = len(counts)
        stated, rest = split_optimum(answer, "the cost", len(str(best)) + 2)
        order = read_numbered(rest, n, "a key")
        repeated = first_repeat(order)
        if repeated is not None:
            return Verdict.wrong(f"key {repeated} appears twice in the preorder")
        if len(order) != n:
            return Verdict.wrong(f"the preorder lists {len(order)} keys, but the tree must hold all {n}")
        depths = preorder_depths(order)
        if isinstance(depths, str):
            return Verdict.wrong(f"not the preorder of a binary search tree: {depths}")
        cost = sum(count * depths[key] for key, count in enumerate(counts, start=1))
        if cost != best:
            return Verdict.wrong(f"the tree costs {cost}, but a tree of cost {best} exists")
        if stated != best:
            return Verdict.wrong(f"the stated cost {stated} is not the cost {cost} of the tree")
        return Verdict.right()
