"""graph/next_greater_element: for every position of a list, the next strictly greater number to its right
(its position or its value, as the prompt asks), or -1."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.arrays import first_mismatch, list_level, read_integers


def next_greater_positions(values: list[int]) -> list[int]:
    """For each index, the index of the first later value strictly greater than it, or -1, in O(n).

    A stack holds the indices still waiting for a greater value; their values never increase from the
    bottom up, so a new value settles a run of them from the top and then waits on the stack itself.
    """
    found = [-1] * len(values)
    waiting: list[int] = []
    for i, x in enumerate(values):
        while waiting and values[waiting[-1]] < x:
            found[waiting.pop()] = i
        waiting.append(i)
    return found


class NextGreaterElement(Environment):
    id = "graph/next_greater_element"
    version = 1
    description = "For each number in a list, find the nearest strictly greater number to its right (index or value)."
    difficulty_scales = (
        "length: 8 + 2 L (L = d to 100, then +20 per doubling, at most 600); values: 0 to 5 + L, so repeats "
        "are common; half the problems ask for positions, half for values"
    )
    size_name = "numbers"
    answer_format = (
        "one integer per position of the list, in order, separated by spaces, -1 where there is no greater "
        "number, for example 3 3 -1 5 -1"
    )
    tags = ("array", "monotonic-stack")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = list_level(difficulty)
        length = 8 + 2 * lev
        values = [rng.randint(0, 5 + lev) for _ in range(length)]
        asks = rng.choice(("position", "value"))
        nexts = next_greater_positions(values)
        if asks == "position":
            result = [j + 1 if j >= 0 else -1 for j in nexts]
            what = "the position of that number (positions are numbered from 1)"
        else:
            result = [values[j] if j >= 0 else -1 for j in nexts]
            what = "that number itself (its value)"
        prompt = (
            f"Here is a list of {length} integers, at positions 1 to {length}:\n{' '.join(map(str, values))}\n\n"
            "For each position, look to the right of it for the nearest number that is strictly larger than the "
            f"number there (an equal number does not count). For every position, from 1 to {length}, give {what}, "
            "or -1 if no number to its right is strictly larger."
        )
        data = {"values": values, "asks": asks, "result": result}
        return Instance(prompt=prompt, answer=" ".join(map(str, result)), data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        result = data["result"]
        given = read_integers(answer, count=len(result), largest=max(len(result), *data["values"]))
        problem = first_mismatch(given, result, "position")
        return Verdict.wrong(problem) if problem else Verdict.right()
