"""graph/knapsack: the 0/1 knapsack problem, the maximum total value and a set of items that reaches it."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, first_repeat, read_numbered, split_optimum


def best_items(items: list[list[int]], capacity: int) -> list[int]:
    """The 0-based indices of one most valuable set of ``[weight, value]`` items within ``capacity``.

    The classic table: after each item, ``best[w]`` is the largest value of a set of the items so far
    weighing at most ``w``. One row of take-flags per item lets the walk back from the full capacity
    recover a set, in O(items x capacity) time and space.
    """
    best = [0] * (capacity + 1)
    took = []
    for weight, value in items:
        row = best[:]
        flags = bytearray(capacity + 1)
        for w in range(weight, capacity + 1):
            with_item = best[w - weight] + value
            if with_item > row[w]:
                row[w] = with_item
                flags[w] = 1
        took.append(flags)
        best = row
    chosen, w = [], capacity
    for i in range(len(items) - 1, -1, -1):
        if took[i][w]:
            chosen.append(i)
            w -= items[i][0]
    return chosen[::-1]


class Knapsack(Environment):
    id = "graph/knapsack"
    version = 1
    description = "Choose items of maximum total value whose total weight fits a knapsack (0/1 knapsack)."
    difficulty_scales = (
        "items: 4 + T (T = d to 30, then slower: rlve.scaling.taper); weights: 1 to 4 + T / 2 (at most 19); "
        "values: 1 to 6 + 2 T; capacity: 35% to 55% of the total weight"
    )
    size_name = "items"
    answer_format = "the maximum total value, a colon, then the numbers of the chosen items, for example 23: 1 3 4"
    tags = ("array", "dynamic-programming", "knapsack", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        n = 4 + lev
        # Weights stop growing at T = 30, so the table (items x capacity) grows only linearly beyond.
        heaviest = 4 + min(lev, 30) // 2
        items = [[rng.randint(1, heaviest), rng.randint(1, 6 + 2 * lev)] for _ in range(n)]
        total = sum(weight for weight, _ in items)
        # At least the heaviest weight, so every item fits on its own.
        capacity = max(heaviest, total * rng.randint(35, 55) // 100)
        chosen = best_items(items, capacity)
        best = sum(items[i][1] for i in chosen)
        lines = "\n".join(f"item {i + 1}: weight {w}, value {v}" for i, (w, v) in enumerate(items))
        prompt = (
            f"A knapsack can carry a total weight of at most {capacity}. There are {n} items, numbered 1 to {n}:\n"
            f"{lines}\n\n"
            f"Choose a set of items (each item at most once) whose total weight is at most {capacity} and whose "
            "total value is as large as possible. Give that maximum total value and the numbers of the items "
            "you choose, in any order. Any set of maximum total value is accepted."
        )
        answer = f"{best}: {' '.join(str(i + 1) for i in chosen)}"
        data = {"items": items, "capacity": capacity, "best": best}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        items, capacity, best = data["items"], data["capacity"], data["best"]
        stated, rest = split_optimum(answer, "the total value", len(str(best)) + 2)
        chosen = read_numbered(rest, len(items), "an item")
        repeated = first_repeat(chosen)
        if repeated is not None:
            return Verdict.wrong(f"item {repeated} is chosen twice")
        weight = sum(items[i - 1][0] for i in chosen)
        if weight > capacity:
            return Verdict.wrong(f"the items weigh {weight}, more than the capacity {capacity}")
        value = sum(items[i - 1][1] for i in chosen)
        if value != best:
            return Verdict.wrong(f"the items are worth {value}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated value {stated} is not the items' total value {best}")
        return Verdict.right()
