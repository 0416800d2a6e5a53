"""graph/prufer_code: the labelled tree of a Prüfer sequence, or the Prüfer sequence of a labelled tree."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.graphs import describe_graph, format_edges, neighbours, normalise, random_tree_edges
from rlve_plugin_graph.reading import parse_edges
from rlve_plugin_graph.sequences import read_numbers
from rlve_plugin_graph.trees import strip_label

#: Nodes stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300

DEFINITION = (
    "The Prüfer sequence of a tree with n nodes numbered 0 to n-1 (n >= 3) is made by repeating n-2 times: among "
    "the nodes still in the tree, take the leaf (a node with exactly one remaining neighbour) with the smallest "
    "number, write down the number of its neighbour, and remove the leaf. Every sequence of n-2 numbers from 0 to "
    "n-1 is the Prüfer sequence of exactly one tree."
)


def prufer_sequence(n: int, edges: list[list[int]]) -> list[int]:
    """Encode by the definition, with a heap of the current leaves."""
    adj = [set(row) for row in neighbours(n, edges)]
    leaves = [u for u in range(n) if len(adj[u]) == 1]
    heapq.heapify(leaves)
    sequence = []
    for _ in range(n - 2):
        leaf = heapq.heappop(leaves)
        (other,) = adj[leaf]
        sequence.append(other)
        adj[other].discard(leaf)
        if len(adj[other]) == 1:
            heapq.heappush(leaves, other)
    return sequence


def prufer_tree(n: int, sequence: list[int]) -> list[list[int]]:
    """Decode: a node is a leaf once it no longer appears in the rest of the sequence, so the smallest such node
    is the leaf removed at each step, joined to the number written; the last two nodes left share the last edge."""
    pending = [1] * n  # 1 + the number of times a node still appears in the sequence
    for x in sequence:
        pending[x] += 1
    leaves = [u for u in range(n) if pending[u] == 1]
    heapq.heapify(leaves)
    edges = []
    for x in sequence:
        edges.append(list(normalise(heapq.heappop(leaves), x)))
        pending[x] -= 1
        if pending[x] == 1:
            heapq.heappush(leaves, x)
    edges.append(list(normalise(heapq.heappop(leaves), heapq.heappop(leaves))))
    return sorted(edges)


class PruferCode(Environment):
    id = "graph/prufer_code"
    version = 1
    description = "Decode a Prüfer sequence into its labelled tree, or encode a labelled tree as its Prüfer sequence."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); half the problems decode a "
        "uniformly random sequence, half encode a bushy or long-branched tree"
    )
    size_name = "nodes"
    answer_format = (
        "whichever the question asks for: the tree's edges u-v separated by commas, in any order (for example "
        "0-3, 1-3, 2-3), or the sequence's numbers in order separated by spaces (for example 3 3 0)"
    )
    tags = ("graph", "tree", "prufer", "encoding")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        if rng.random() < 0.5:
            direction = "decode"
            sequence = [rng.randrange(n) for _ in range(n - 2)]
            edges = prufer_tree(n, sequence)
            prompt = (
                f"{DEFINITION}\n\nA tree has {n} nodes, numbered 0 to {n - 1}, and its Prüfer sequence is: "
                f"{' '.join(map(str, sequence))}\n\nGive the {n - 1} edges of the tree, each written u-v, in any "
                "order and either end first."
            )
            answer = format_edges(edges)
        else:
            direction = "encode"
            edges = [list(e) for e in random_tree_edges(n, rng, rng.choice([None, 2 + lev // 3]))]
            sequence = prufer_sequence(n, edges)
            prompt = (
                f"{DEFINITION}\n\n{describe_graph(n, edges)}\n\nThe graph is a tree. Give its Prüfer sequence, "
                f"{n - 2} numbers in order."
            )
            answer = " ".join(map(str, sequence))
        data = {"n": n, "direction": direction, "edges": edges, "sequence": sequence}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, text = data["n"], strip_label(answer)
        if data["direction"] == "encode":
            expected = data["sequence"]
            given = read_numbers(text, largest=n - 1, max_items=len(expected) + 1)
            if len(given) != len(expected):
                return Verdict.wrong(f"the sequence must have {len(expected)} numbers, the answer has {len(given)}")
            for i, (got, want) in enumerate(zip(given, expected)):
                if got != want:
                    return Verdict.wrong(f"number {i + 1} of the sequence is wrong")
            return Verdict.right()
        tree = {normalise(u, v) for u, v in data["edges"]}
        seen: set[tuple[int, int]] = set()
        for u, v in parse_edges(text, n, max_items=n):
            edge = normalise(u, v)
            if edge in seen:
                return Verdict.wrong(f"edge {edge[0]}-{edge[1]} is listed twice")
            if edge not in tree:
                return Verdict.wrong(f"{edge[0]}-{edge[1]} is not an edge of the tree with this sequence")
            seen.add(edge)
        if len(seen) != len(tree):
            return Verdict.wrong(f"a tree on {n} nodes has {n - 1} edges, the answer lists {len(seen)}")
        return Verdict.right()
