"""graph/min_swaps_to_sort: sort a list of distinct numbers with the fewest swaps of two entries (any two,
not only neighbours), with the swaps as the witness."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_pairs
from rlve.scaling import level
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.sequences import split_optimum

#: The list stops growing at this level (about 1000 numbers), so a full list of swaps stays far inside the
#: answer-length cap.
LEVEL_CAP = 1000


def sorting_swaps(values: list[int]) -> list[tuple[int, int]]:
    """Fewest swaps (1-based position pairs) that sort distinct ``values`` ascending.

    Send each position to the position its value has in sorted order: that permutation splits into cycles,
    a cycle of length c needs c - 1 swaps (each swap puts at least one number home, and the last swap of a
    cycle puts two), and no swap can help two cycles at once, so the minimum is n minus the number of
    cycles. Walking each cycle and swapping its head home reaches it.
    """
    target = {value: rank for rank, value in enumerate(sorted(values))}
    current = list(values)
    swaps = []
    for i in range(len(current)):
        while target[current[i]] != i:
            j = target[current[i]]
            current[i], current[j] = current[j], current[i]
            swaps.append((i + 1, j + 1))
    return swaps


class MinSwapsToSort(Environment):
    id = "graph/min_swaps_to_sort"
    version = 1
    description = "Sort a list of distinct numbers with the fewest swaps of two entries; give the swaps."
    difficulty_scales = (
        f"length: 5 + L (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}); values: distinct, 1 to "
        "3 times the length"
    )
    size_name = "numbers"
    answer_format = (
        "the number of swaps, a colon, then the swaps in the order they are made, each as two positions, for "
        "example 2: (1, 4) (2, 3)"
    )
    tags = ("array", "sorting", "permutation-cycles", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty, cap=LEVEL_CAP)
        while True:
            values = rng.sample(range(1, 3 * n + 1), n)
            if values != sorted(values):
                break
        swaps = sorting_swaps(values)
        prompt = (
            f"Here is a list of {n} distinct integers, at positions 1 to {n}:\n{' '.join(map(str, values))}\n\n"
            "A swap exchanges the numbers at two different positions (any two positions, not only neighbours). "
            "Sort the list into increasing order with as few swaps as possible. Give the number of swaps and "
            "the swaps themselves, in the order you make them, each as the pair of positions it exchanges "
            "(positions always refer to the list as it is at that moment). Any shortest sequence of swaps is "
            "accepted."
        )
        answer = f"{len(swaps)}: " + " ".join(f"({i}, {j})" for i, j in swaps)
        return Instance(prompt=prompt, answer=answer, data={"values": values, "best": len(swaps)}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values, best = data["values"], data["best"]
        n = len(values)
        stated, rest = split_optimum(answer, "the number of swaps", len(str(n)) + 2)
        digits = len(str(n)) + 2
        limit = n  # n - 1 swaps always suffice: one more is read (and judged too many), a longer list is not
        pairs = parse_int_pairs(check_length(rest, limit, 2 * digits + 2), max_items=limit, max_digits=digits)
        current = list(values)
        for number, (i, j) in enumerate(pairs, start=1):
            if not (1 <= i <= n and 1 <= j <= n):
                return Verdict.wrong(f"swap {number} names a position outside 1 to {n}")
            if i == j:
                return Verdict.wrong(f"swap {number} exchanges position {i} with itself")
            current[i - 1], current[j - 1] = current[j - 1], current[i - 1]
        if current != sorted(values):
            return Verdict.wrong("the swaps do not sort the list")
        if len(pairs) != best:
            return Verdict.wrong(f"{len(pairs)} swaps are used, but {best} are enough")
        if stated != best:
            return Verdict.wrong(f"the stated number {stated} is not the {best} swaps listed")
        return Verdict.right()

