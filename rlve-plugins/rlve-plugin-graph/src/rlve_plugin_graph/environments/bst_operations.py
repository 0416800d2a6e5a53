"""graph/bst_operations: the preorder of an unbalanced binary search tree after insertions and deletions."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.sequences import read_numbers
from rlve_plugin_graph.trees import Children, preorder, strip_label

#: Operations stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300

RULES = (
    "Start from an empty binary search tree: every node holds a key, keys in a node's left subtree are smaller "
    "than its key and keys in its right subtree are larger. Apply the operations below in order. No rebalancing "
    "is ever done.\n"
    "- insert k: start at the root and go to the left child when k is smaller than the node's key, to the right "
    "child when larger, until the child to go to does not exist; a new node with key k becomes that child (or the "
    "root, if the tree is empty). k is never in the tree when it is inserted.\n"
    "- delete k: find the node with key k (it is always in the tree). With no children, the node is removed. "
    "With one child, that child (with its whole subtree) takes the node's place. With two children, find the "
    "in-order successor s: go to the right child, then to the left child as long as there is one. Copy the key of "
    "s into the node, then remove s, whose right child (if any, with its subtree) takes s's place."
)


class SearchTree:
    """A binary search tree whose nodes are named by their keys: ``left[k]`` and ``right[k]`` are the keys of
    k's children. Copying the successor's key into a node therefore renames the node."""

    def __init__(self) -> None:
        self.root: int | None = None
        self.left: Children = {}
        self.right: Children = {}

    def insert(self, key: int) -> None:
        if self.root is None:
            self.root = key
            return
        node = self.root
        while True:
            side = self.left if key < node else self.right
            if node not in side:
                side[node] = key
                return
            node = side[node]

    def _hang(self, parent: int | None, old: int, new: int | None) -> None:
        """Make ``new`` (a node, or None for nothing) take ``old``'s place under ``parent``."""
        if parent is None:
            self.root = new
            return
        side = self.left if self.left.get(parent) == old else self.right
        if new is None:
            del side[parent]
        else:
            side[parent] = new

    def delete(self, key: int) -> None:
        parent, node = None, self.root
        while node != key:
            parent, node = node, (self.left[node] if key < node else self.right[node])
        if node in self.left and node in self.right:
            above, successor = node, self.right[node]
            while successor in self.left:
                above, successor = successor, self.left[successor]
            self._hang(above, successor, self.right.pop(successor, None))
            # The node now holds the successor's key: move its links (and its parent's) to that name.
            for side in (self.left, self.right):
                if node in side:
                    side[successor] = side.pop(node)
            self._hang(parent, node, successor)
        else:
            child = self.left.pop(node, None)
            if child is None:
                child = self.right.pop(node, None)
            self._hang(parent, node, child)

    def two_children(self) -> list[int]:
        return sorted(k for k in self.left if k in self.right)

    def keys(self) -> list[int]:
        return [] if self.root is None else preorder(self.root, self.left, self.right)


def random_operations(count: int, largest: int, rng: random.Random) -> list[tuple[str, int]]:
    """Insertions of absent keys and deletions of present ones (at least one), never emptying the tree; deletions
    pick a node with two children more often than chance would, since those test the successor rule."""
    tree, present, operations = SearchTree(), set(), []
    for step in range(count):
        must_delete = step == count - 1 and all(kind == "insert" for kind, _ in operations)
        if must_delete or (len(present) >= 3 and rng.random() < 0.35):
            both = tree.two_children()
            key = rng.choice(both) if both and rng.random() < 0.6 else rng.choice(sorted(present))
            tree.delete(key)
            present.discard(key)
            operations.append(("delete", key))
        else:
            key = rng.randint(1, largest)
            while key in present:
                key = rng.randint(1, largest)
            tree.insert(key)
            present.add(key)
            operations.append(("insert", key))
    return operations


def final_preorder(operations: list[tuple[str, int]]) -> list[int]:
    tree = SearchTree()
    for kind, key in operations:
        if kind == "insert":
            tree.insert(key)
        else:
            tree.delete(key)
    return tree.keys()


class BstOperations(Environment):
    id = "graph/bst_operations"
    version = 1
    description = "Insert and delete keys in an unbalanced binary search tree and give the final tree in preorder."
    difficulty_scales = (
        f"operations: 6 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}), about a third of them "
        "deletions, often of nodes with two children; keys: 1 to 20 + 8 (6 + L)"
    )
    size_name = "operations"
    answer_format = "the keys of the final tree in preorder separated by spaces, for example 50 30 20 40 70"
    tags = ("tree", "binary-search-tree", "simulation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = 6 + level(difficulty, cap=MAX_LEVEL)
        largest = 20 + 8 * count
        operations = random_operations(count, largest, rng)
        keys = final_preorder(operations)
        listed = "\n".join(f"{i + 1}. {kind} {key}" for i, (kind, key) in enumerate(operations))
        prompt = (
            f"{RULES}\n\nOperations:\n{listed}\n\n"
            "Give the keys of the final tree in preorder: a node's key, then its left subtree in preorder, then its "
            "right subtree in preorder."
        )
        data = {"operations": [[kind, key] for kind, key in operations], "keys": keys, "largest": largest}
        return Instance(prompt=prompt, answer=" ".join(map(str, keys)), data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["keys"]
        given = read_numbers(strip_label(answer), largest=data["largest"], max_items=len(expected) + 1)
        remaining = set(expected)
        for key in given:
            if key not in remaining:
                return Verdict.wrong(f"key {key} is not in the final tree")
        if len(given) != len(expected):
            return Verdict.wrong(f"the final tree has {len(expected)} keys, the answer lists {len(given)}")
        for i, (got, want) in enumerate(zip(given, expected)):
            if got != want:
                return Verdict.wrong(f"the keys are right, but position {i + 1} of the preorder is wrong")
        return Verdict.right()
