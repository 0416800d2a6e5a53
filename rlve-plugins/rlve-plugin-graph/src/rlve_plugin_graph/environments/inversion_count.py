"""graph/inversion_count: how many pairs of an array are out of order."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level


def count_inversions(values: list[int]) -> int:
    """Pairs i < j with values[i] > values[j], by merge sort in O(n log n)."""

    def sort(items: list[int]) -> tuple[list[int], int]:
        if len(items) <= 1:
            return items, 0
        middle = len(items) // 2
        left, a = sort(items[:middle])
        right, b = sort(items[middle:])
        merged, count, i, j = [], a + b, 0, 0
        while i < len(left) and j < len(right):
            if right[j] < left[i]:  # strictly smaller: equal values are not an inversion
                merged.append(right[j])
                count += len(left) - i
                j += 1
            else:
                merged.append(left[i])
                i += 1
        merged.extend(left[i:])
        merged.extend(right[j:])
        return merged, count

    return sort(values)[1]


class InversionCount(Environment):
    id = "graph/inversion_count"
    version = 1
    description = "Count the pairs of positions in a list whose numbers are out of order."
    difficulty_scales = "length: 6 + 2 L (L = d to 100, then +20 per doubling); values: 0 to 5 + 2 L, repeats allowed"
    size_name = "numbers"
    answer_format = "a single integer, for example 17"
    tags = ("array", "sorting", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        length = 6 + 2 * lev
        values = [rng.randint(0, 5 + 2 * lev) for _ in range(length)]
        count = count_inversions(values)
        prompt = (
            f"Here is a list of {length} integers:\n{' '.join(map(str, values))}\n\n"
            "An inversion is a pair of positions i < j where the number at position i is strictly larger than "
            "the number at position j (equal numbers are not an inversion). How many inversions does the list "
            "have?"
        )
        return Instance(prompt=prompt, answer=str(count), data={"values": values, "count": count}, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = parse_int(answer, max_digits=len(str(data["count"])) + 2, allow_thousands=True)
        if given != data["count"]:
            return Verdict.wrong(f"{given} is not the number of inversions")
        return Verdict.right()
