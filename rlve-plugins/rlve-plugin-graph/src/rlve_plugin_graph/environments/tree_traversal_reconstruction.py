"""graph/tree_traversal_reconstruction: a binary tree's postorder from its preorder and inorder (or its preorder
from its postorder and inorder)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.sequences import read_numbers
from rlve_plugin_graph.trees import Children, inorder, postorder, preorder, strip_label

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300

ORDERS = (
    "The preorder lists a node, then its left subtree in preorder, then its right subtree in preorder. "
    "The inorder lists the left subtree in inorder, then the node, then the right subtree in inorder. "
    "The postorder lists the left subtree in postorder, then the right subtree in postorder, then the node."
)


def largest_label(n: int) -> int:
    return 4 * n + 20


def random_binary_tree(labels: list[int], rng: random.Random) -> tuple[Children, Children]:
    """A random shape over ``labels`` taken in preorder: a subtree of s nodes puts a uniform 0 to s - 1 of the
    others on its left (the shape of a random binary search tree), so single children on either side occur."""
    left: Children = {}
    right: Children = {}
    stack = [(0, len(labels))]  # (preorder position of a subtree's root, the subtree's size)
    while stack:
        at, size = stack.pop()
        on_left = rng.randrange(size)
        on_right = size - 1 - on_left
        if on_left:
            left[labels[at]] = labels[at + 1]
            stack.append((at + 1, on_left))
        if on_right:
            right[labels[at]] = labels[at + 1 + on_left]
            stack.append((at + 1 + on_left, on_right))
    return left, right


class TreeTraversalReconstruction(Environment):
    id = "graph/tree_traversal_reconstruction"
    version = 1
    description = "Give a binary tree's postorder from its preorder and inorder, or its preorder from the other two."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); labels: distinct, 1 to 4 (5 + L) "
        "+ 20; the shape of a random binary search tree; half the problems give the preorder, half the postorder"
    )
    size_name = "nodes"
    answer_format = "the labels in the order asked for, separated by spaces, for example 7 12 3 25 9"
    tags = ("tree", "binary-tree", "traversal", "reconstruction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        labels = rng.sample(range(1, largest_label(n) + 1), n)
        left, right = random_binary_tree(labels, rng)
        root = labels[0]
        walks = {"preorder": preorder(root, left, right), "postorder": postorder(root, left, right)}
        given, asked = ("preorder", "postorder") if rng.random() < 0.5 else ("postorder", "preorder")
        prompt = (
            f"A binary tree has {n} nodes with distinct labels. Each node has at most one left child and at most one "
            "right child; a node with a single child has it on one definite side, left or right. "
            f"{ORDERS}\n\n"
            f"The tree's {given} is: {' '.join(map(str, walks[given]))}\n"
            f"Its inorder is: {' '.join(map(str, inorder(root, left, right)))}\n\n"
            f"These two determine the tree. Give its {asked}."
        )
        expected = walks[asked]
        data = {"n": n, "asked": asked, "expected": expected}
        return Instance(prompt=prompt, answer=" ".join(map(str, expected)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["expected"]
        given = read_numbers(strip_label(answer), largest=largest_label(data["n"]), max_items=len(expected) + 1)
        labels = set(expected)
        for label in given:
            if label not in labels:
                return Verdict.wrong(f"{label} is not a label of the tree")
        if len(given) != len(expected):
            return Verdict.wrong(f"the tree has {len(expected)} nodes, the answer lists {len(given)}")
        for i, (got, want) in enumerate(zip(given, expected)):
            if got != want:
                return Verdict.wrong(f"position {i + 1} of the {data['asked']} is wrong")
        return Verdict.right()
