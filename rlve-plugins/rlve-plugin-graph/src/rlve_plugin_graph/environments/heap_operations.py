"""graph/heap_operations: the array of a binary min-heap after a sequence of insertions and extractions."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.sequences import read_numbers
from rlve_plugin_graph.trees import strip_label

#: Operations stop growing here (reached near d = 100 000), which keeps the prompt a few kilobytes long.
MAX_LEVEL = 300

RULES = (
    "A binary min-heap is stored in an array a[0], a[1], ..., a[size-1]. The children of position i are positions "
    "2i+1 (the left child) and 2i+2 (the right child), where they exist; the parent of position i > 0 is position "
    "(i-1) div 2. Start from an empty heap and apply the operations below in order; values may repeat.\n"
    "- insert x: put x at the end of the array (position size), then sift it up: as long as it is not at position "
    "0 and its parent's value is strictly greater than its own, swap it with its parent.\n"
    "- extract-min: remove the value at position 0. If other values remain, move the last element of the array to "
    "position 0 and sift it down: as long as it has a child, let c be the child with the smaller value (the left "
    "child when both children hold equal values); if a[c] is strictly smaller than the moving value, swap the two "
    "and continue from position c, otherwise stop."
)


def sift_up(heap: list[int], i: int) -> None:
    while i > 0 and heap[(i - 1) // 2] > heap[i]:
        parent = (i - 1) // 2
        heap[parent], heap[i] = heap[i], heap[parent]
        i = parent


def sift_down(heap: list[int], i: int) -> None:
    size = len(heap)
    while 2 * i + 1 < size:
        child = 2 * i + 1
        if child + 1 < size and heap[child + 1] < heap[child]:  # the right child only when strictly smaller
            child += 1
        if heap[child] >= heap[i]:
            return
        heap[child], heap[i] = heap[i], heap[child]
        i = child


def run_heap(operations: list[tuple[str, int]]) -> list[int]:
    """The array after ``("insert", x)`` and ``("extract-min", 0)`` operations, by the rules of the prompt."""
    heap: list[int] = []
    for kind, value in operations:
        if kind == "insert":
            heap.append(value)
            sift_up(heap, len(heap) - 1)
        else:
            last = heap.pop()
            if heap:
                heap[0] = last
                sift_down(heap, 0)
    return heap


def random_operations(count: int, largest: int, rng: random.Random) -> list[tuple[str, int]]:
    """About 60% insertions of values 1 to ``largest`` (repeats included, so the tie rules matter) and at least
    one extraction; never extracting from a heap of fewer than two values, so the final heap is not empty."""
    operations: list[tuple[str, int]] = []
    size = 0
    for step in range(count):
        must_extract = step == count - 1 and all(kind == "insert" for kind, _ in operations)
        if must_extract or (size >= 2 and rng.random() < 0.4):
            operations.append(("extract-min", 0))
            size -= 1
        else:
            operations.append(("insert", rng.randint(1, largest)))
            size += 1
    return operations


class HeapOperations(Environment):
    id = "graph/heap_operations"
    version = 1
    description = "Insert into and extract the minimum from an array-based binary min-heap; give the final array."
    difficulty_scales = (
        f"operations: 6 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}), about 40% extractions; "
        "values: 1 to 5 + L / 2, so values repeat and the tie rules matter"
    )
    size_name = "operations"
    answer_format = "the values of the final array from position 0 on, separated by spaces, for example 2 5 3 9 7"
    tags = ("heap", "priority-queue", "simulation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        count = 6 + lev
        largest = 5 + lev // 2
        operations = random_operations(count, largest, rng)
        heap = run_heap(operations)
        listed = "\n".join(
            f"{i + 1}. {kind}" + (f" {value}" if kind == "insert" else "") for i, (kind, value) in enumerate(operations)
        )
        prompt = f"{RULES}\n\nOperations:\n{listed}\n\nGive the final array a[0], a[1], ..., a[size-1]."
        data = {"operations": [[kind, value] for kind, value in operations], "heap": heap, "largest": largest}
        return Instance(prompt=prompt, answer=" ".join(map(str, heap)), data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["heap"]
        given = read_numbers(strip_label(answer), largest=data["largest"], max_items=len(expected) + 1)
        if len(given) != len(expected):
            return Verdict.wrong(f"the final heap holds {len(expected)} values, the answer lists {len(given)}")
        if sorted(given) != sorted(expected):
            return Verdict.wrong("these are not the values left in the heap")
        for i, (got, want) in enumerate(zip(given, expected)):
            if got != want:
                return Verdict.wrong(f"the values are right, but a[{i}] is wrong")
        return Verdict.right()
