"""code/implement_tree_function: write a function on binary trees ([value, left, right] lists or None) from a
step-by-step specification (mirror, depth offsets, pruning, leaf removal, child swaps; then a traversal, the
height or the root-to-leaf path sums)."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import call_once, kill_near_misses, load_reference
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment


@dataclass(frozen=True)
class Step:
    text: str  # the specification's sentence ({k} is the step's number)
    name: str  # the helper's name in the reference
    code: str  # the helper: a function of t (and k)
    near_miss: str  # a plausible wrong version of ``code``
    first: int  # the first difficulty that uses it


STEPS = (
    Step("Mirror it: swap the left and right children of every node.", "mirror",
         "def mirror(t, k):\n    return None if t is None else [t[0], mirror(t[2], k), mirror(t[1], k)]",
         "def mirror(t, k):\n    return None if t is None else [t[0], t[2], t[1]]", 0),
    Step("Add to each value the depth of its node (the root has depth 0, its children depth 1, ...).", "add_depth",
         "def add_depth(t, k, depth=0):\n    return None if t is None else "
         "[t[0] + depth, add_depth(t[1], k, depth + 1), add_depth(t[2], k, depth + 1)]",
         "def add_depth(t, k, depth=1):\n    return None if t is None else "
         "[t[0] + depth, add_depth(t[1], k, depth + 1), add_depth(t[2], k, depth + 1)]", 0),
    Step("Remove every node whose value is less than {k}, together with its whole subtree.", "prune",
         "def prune(t, k):\n    return None if t is None or t[0] < k else [t[0], prune(t[1], k), prune(t[2], k)]",
         "def prune(t, k):\n    return None if t is None or t[0] <= k else [t[0], prune(t[1], k), prune(t[2], k)]",
         2),
    Step("Remove every leaf (a node without children); a tree that is a single leaf becomes empty.",
         "remove_leaves",
         "def remove_leaves(t, k):\n    if t is None or (t[1] is None and t[2] is None):\n        return None\n"
         "    return [t[0], remove_leaves(t[1], k), remove_leaves(t[2], k)]",
         "def remove_leaves(t, k):\n    if t is None or t[1] is None:\n        return None\n"
         "    return [t[0], remove_leaves(t[1], k), remove_leaves(t[2], k)]", 4),
    Step("Replace each value v by its absolute value.", "absolute",
         "def absolute(t, k):\n    return None if t is None else [abs(t[0]), absolute(t[1], k), absolute(t[2], k)]",
         "def absolute(t, k):\n    return None if t is None else [max(t[0], 0), absolute(t[1], k), absolute(t[2], k)]",
         4),
    Step("At every node whose left subtree has a smaller sum of values than its right subtree (an empty subtree "
         "has sum 0), swap its two children (the subtrees themselves are not changed).", "balance",
         "def total(t):\n    return 0 if t is None else t[0] + total(t[1]) + total(t[2])\n\n\n"
         "def balance(t, k):\n    if t is None:\n        return None\n"
         "    left, right = balance(t[1], k), balance(t[2], k)\n"
         "    return [t[0], right, left] if total(t[1]) < total(t[2]) else [t[0], left, right]",
         "def total(t):\n    return 0 if t is None else t[0] + total(t[1]) + total(t[2])\n\n\n"
         "def balance(t, k):\n    if t is None:\n        return None\n"
         "    left, right = balance(t[1], k), balance(t[2], k)\n"
         "    return [t[0], right, left] if total(t[1]) > total(t[2]) else [t[0], left, right]", 6),
)  # fmt: skip

FINALS = (
    Step("Return the list of its values in preorder (a node, then its left subtree, then its right subtree).",
         "preorder",
         "def preorder(t, k):\n    return [] if t is None else [t[0]] + preorder(t[1], k) + preorder(t[2], k)",
         "def preorder(t, k):\n    return [] if t is None else preorder(t[1], k) + [t[0]] + preorder(t[2], k)", 8),
    Step("Return its levels: a list with, for each depth from the root down, the list of the values at that depth "
         "from left to right ([] for an empty tree).", "levels",
         "def levels(t, k):\n    found, level = [], [t] if t is not None else []\n    while level:\n"
         "        found.append([node[0] for node in level])\n"
         "        level = [child for node in level for child in (node[1], node[2]) if child is not None]\n"
         "    return found",
         "def levels(t, k):\n    found, level = [], [t] if t is not None else []\n    while level:\n"
         "        found.append([node[0] for node in level])\n"
         "        level = [child for node in level for child in (node[2], node[1]) if child is not None]\n"
         "    return found", 10),
    Step("Return its height: the number of nodes on its longest path from the root down (0 for an empty tree).",
         "height",
         "def height(t, k):\n    return 0 if t is None else 1 + max(height(t[1], k), height(t[2], k))",
         "def height(t, k):\n    return 0 if t is None else 1 + min(height(t[1], k), height(t[2], k))", 12),
    Step("Return the sums of the values along each path from the root to a leaf, leaves from left to right "
         "([] for an empty tree).", "path_sums",
         "def path_sums(t, k):\n    if t is None:\n        return []\n    if t[1] is None and t[2] is None:\n"
         "        return [t[0]]\n    return [t[0] + s for s in path_sums(t[1], k) + path_sums(t[2], k)]",
         "def path_sums(t, k):\n    if t is None:\n        return [0]\n    if t[1] is None and t[2] is None:\n"
         "        return [t[0]]\n    return [t[0] + s for s in path_sums(t[1], k) + path_sums(t[2], k)]", 14),
)  # fmt: skip


@functools.lru_cache(maxsize=64)
def helper(code: str, name: str) -> Any:
    """A step's helper as a function (ours, pure: one per distinct code is enough)."""
    return load_reference(code + "\n", name, {})


def pipeline(steps: list[tuple[Step, str, int]]) -> Any:
    """The function that applies (step, code, k) in order."""
    functions = [(helper(code, step.name), k) for step, code, k in steps]

    def transform(t: Any) -> Any:
        for function, k in functions:
            t = function(t, k)
        return t

    return transform


def source(steps: list[tuple[Step, str, int]]) -> str:
    helpers = []
    for _, code, _ in steps:
        if code not in helpers:
            helpers.append(code)
    calls = "\n".join(f"    t = {step.name}(t, {k})" for step, _, k in steps[:-1])
    last, _, k = steps[-1]
    body = (calls + "\n" if calls else "") + f"    return {last.name}(t, {k})"
    return "\n\n\n".join(helpers) + f"\n\n\ndef transform(t):\n{body}\n"


IDENTITY = Step("Return the tree.", "keep", "def keep(t, k):\n    return t", "def keep(t, k):\n    return t", 0)


def draw_tree(rng: random.Random, nodes: int) -> Any:
    """A random tree of ``nodes`` nodes, values -9 to 9."""
    if nodes == 0:
        return None
    left = rng.randint(0, nodes - 1)
    return [rng.randint(-9, 9), draw_tree(rng, left), draw_tree(rng, nodes - 1 - left)]


class ImplementTreeFunction(FunctionEnvironment):
    id = "code/implement_tree_function"
    version = 1
    description = (
        "Write a Python function on a binary tree ([value, left, right] lists) from a step-by-step specification "
        "(mirror, depth offsets, pruning, leaf removal, child swaps; then preorder, levels, height or path sums)."
    )
    difficulty_scales = (
        "steps in the specification: 1 + d (slower past d=30, at most 40), at most two of them removing nodes; "
        "nodes: up to 4 + d // 3 (at most 12); more kinds of steps from d=2, 4, 6, and a final traversal, height "
        "or path sums from d=8"
    )
    size_name = "steps"
    answer_format = CODE_ANSWER
    tags = ("code", "trees", "recursion", "specification")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        count = min(40, 1 + t)
        most = min(12, 4 + t // 3)
        kinds = [step for step in STEPS if t >= step.first]
        # at most two steps that remove nodes, so that the tree does not simply vanish
        removing = sorted(rng.sample(range(count), min(count, 2)))
        gentle = [step for step in kinds if step.name not in ("prune", "remove_leaves")]
        drawn = [rng.choice(kinds) if index in removing else rng.choice(gentle) for index in range(count)]
        steps = [(step, step.code, rng.randint(-3, 3)) for step in drawn]
        finals = [step for step in FINALS if t >= step.first]
        final = rng.choice(finals) if finals and rng.random() < 0.75 else IDENTITY
        steps.append((final, final.code, 0))
        transform = pipeline(steps)

        def draw_test() -> dict[str, Any]:
            tree = draw_tree(rng, rng.randint(1, most))
            return {"args": [tree], "expected": transform(tree)}

        tests = [draw_test() for _ in range(8)]
        tests += [{"args": [tree], "expected": transform(tree)} for tree in (None, [rng.randint(-9, 9), None, None])]
        # one near miss per kind of step: its helper written the plausible wrong way (so every use of it is wrong)
        variants = {}
        for step, _, _ in steps:
            if step.near_miss != step.code and step.near_miss not in variants:
                wrong = [(s, step.near_miss if s is step else code, k) for s, code, k in steps]
                variants[step.near_miss] = pipeline(wrong)
        tests = kill_near_misses(tests, list(variants.values()), draw_test, 40, outcome=call_once)
        numbered = "\n".join(
            f"{number}. {step.text.format(k=k)}" for number, (step, _, k) in enumerate(steps, start=1)
        )
        example = max(tests[:8], key=lambda test: -abs(len(repr(test["args"][0])) - 60))
        prompt = (
            "A binary tree is given as None (the empty tree) or a list [value, left, right], value an int and left "
            "and right trees. Write a Python function\n\n    def transform(t):\n\n"
            "that does these steps in order, each on the result of the one before (build new lists or change them, "
            "as you like):\n\n"
            f"{numbered}\n\n"
            "Trees you return must use the same form: lists [value, left, right] (tuples are fine too) and None.\n\n"
            f"For example, transform({example['args'][0]!r}) == {example['expected']!r}.\n\n"
            f"{hidden_tests('the empty tree and single nodes included')}"
        )
        data: dict[str, Any] = {"entry": "transform", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=source(steps), data=data, size=count)
