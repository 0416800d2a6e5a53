"""graph/range_updates_queries: add to ranges of an array and ask for range sums, interleaved; the answers of
the sum queries in order."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.arrays import first_mismatch, list_level, read_integers


class RangeAddRangeSum:
    """Range add and range sum in O(log n) each, with two Fenwick trees over positions 1..n.

    After adding v to positions l..r, the prefix sum up to p grows by v * (p - l + 1) for l <= p <= r and
    by v * (r - l + 1) beyond r. Both are linear in p, so one tree accumulates the slopes (v from l, -v
    after r) and the other the constant terms, and prefix(p) = slope(p) * p - constant(p).
    """

    def __init__(self, values: list[int]):
        self.n = len(values)
        self.slope = [0] * (self.n + 1)
        self.constant = [0] * (self.n + 1)
        for position, value in enumerate(values, start=1):
            self.add(position, position, value)

    def _update(self, tree: list[int], position: int, amount: int) -> None:
        while position <= self.n:
            tree[position] += amount
            position += position & -position

    def _total(self, tree: list[int], position: int) -> int:
        total = 0
        while position > 0:
            total += tree[position]
            position -= position & -position
        return total

    def add(self, left: int, right: int, amount: int) -> None:
        self._update(self.slope, left, amount)
        self._update(self.slope, right + 1, -amount)
        self._update(self.constant, left, amount * (left - 1))
        self._update(self.constant, right + 1, -amount * right)

    def prefix(self, position: int) -> int:
        return self._total(self.slope, position) * position - self._total(self.constant, position)

    def sum(self, left: int, right: int) -> int:
        return self.prefix(right) - self.prefix(left - 1)


def answer_queries(values: list[int], operations: list[list[int]]) -> list[int]:
    """The result of every ``["sum", l, r]`` in order, after the ``["add", l, r, v]`` before it."""
    tree = RangeAddRangeSum(values)
    results = []
    for operation in operations:
        if operation[0] == "add":
            tree.add(operation[1], operation[2], operation[3])
        else:
            results.append(tree.sum(operation[1], operation[2]))
    return results


def describe(operation: list[Any]) -> str:
    if operation[0] == "add":
        return f"add {operation[3]} to positions {operation[1]} to {operation[2]}"
    return f"sum of positions {operation[1]} to {operation[2]}"


class RangeUpdatesQueries(Environment):
    id = "graph/range_updates_queries"
    version = 1
    description = "Apply range additions to an array and answer the range-sum queries between them, in order."
    difficulty_scales = (
        "operations: 4 + L (L = d to 100, then +20 per doubling, at most 600), about half of them sums, the "
        "last always one; positions: 6 + L; values: 0 to 9 + L; amounts added: -(3 + L / 2) to 9 + L"
    )
    size_name = "operations"
    answer_format = "the results of the sum operations in order, separated by spaces, for example 14 -3 27"
    tags = ("array", "data-structure", "fenwick-tree", "range-query")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = list_level(difficulty)
        n = 6 + lev
        count = 4 + lev
        values = [rng.randint(0, 9 + lev) for _ in range(n)]
        operations: list[list[Any]] = []
        for index in range(count):
            left = rng.randint(1, n)
            right = rng.randint(left, min(n, left + rng.randint(0, n // 2)))
            if index == count - 1 or rng.random() < 0.5:  # the last is a sum, so no addition is wasted
                operations.append(["sum", left, right])
            else:
                operations.append(["add", left, right, rng.randint(-(3 + lev // 2), 9 + lev)])
        results = answer_queries(values, operations)
        lines = "\n".join(f"{i}. {describe(op)}" for i, op in enumerate(operations, start=1))
        prompt = (
            f"An array has {n} integers, at positions 1 to {n}:\n{' '.join(map(str, values))}\n\n"
            f"Carry out these {count} operations in order. \"add v to positions l to r\" adds v to every number "
            "at positions l to r (both included) and changes the array for all later operations; \"sum of "
            "positions l to r\" asks for the total of the numbers at positions l to r (both included) at that "
            f"moment.\n{lines}\n\nGive the result of every sum operation, in the order they appear."
        )
        data = {"results": results}
        return Instance(prompt=prompt, answer=" ".join(map(str, results)), data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        results = data["results"]
        given = read_integers(answer, count=len(results), largest=max(abs(x) for x in results))
        problem = first_mismatch(given, results, "sum operation")
        return Verdict.wrong(problem) if problem else Verdict.right()
