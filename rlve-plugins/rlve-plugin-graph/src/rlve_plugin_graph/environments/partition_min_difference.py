"""graph/partition_min_difference: split numbers into two groups whose sums are as close as possible."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, read_numbers, split_optimum

#: The numbers stop getting longer at this many bits (then only their count grows).
MAX_BITS = 18
#: The level stops here (34 numbers): the reference keeps one row of reachable sums per number.
MAX_LEVEL = 60


def closest_split(numbers: list[int]) -> list[int]:
    """The 0-based indices of one group whose sum is as close to half the total as possible (not above it).

    The subset-sum table, one big integer per prefix of the list (bit s set: some of the first k numbers add
    up to s), cut at half the total, since the smaller group never sums to more. The largest reachable sum
    there is the best smaller group; the walk back takes a number whenever the sum was not reachable
    without it.
    """
    half = sum(numbers) // 2
    mask = (1 << (half + 1)) - 1
    rows = [1]
    for x in numbers:
        rows.append((rows[-1] | rows[-1] << x) & mask)
    target = rows[-1].bit_length() - 1
    chosen = []
    for k in range(len(numbers), 0, -1):
        if not rows[k - 1] >> target & 1:
            chosen.append(k - 1)
            target -= numbers[k - 1]
    return chosen[::-1]


class PartitionMinDifference(Environment):
    id = "graph/partition_min_difference"
    version = 1
    description = "Split numbers into two groups whose sums differ as little as possible; give one group."
    difficulty_scales = (
        "numbers: 4 + T / 2 (T = d to 30, then slower: rlve.scaling.taper, at most "
        f"{MAX_LEVEL}); each below 2^(3 + (T + 1) / 2) (at most 2^{MAX_BITS}), so sums rarely tie and the best "
        "difference is seldom 0 or 1 once the numbers are long"
    )
    size_name = "bits"
    answer_format = (
        "the smallest difference, a colon, then the numbers of one of the two groups separated by spaces, for "
        "example 1: 8 5 3"
    )
    tags = ("array", "dynamic-programming", "partition", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty, cap=MAX_LEVEL)
        n = 4 + lev // 2
        bits = min(MAX_BITS, 3 + (lev + 1) // 2)
        numbers = [rng.randint(1, (1 << bits) - 1) for _ in range(n)]
        group = closest_split(numbers)
        best = sum(numbers) - 2 * sum(numbers[i] for i in group)
        if rng.random() < 0.5:  # the reference group is sometimes the larger one: either group is an answer
            taken = set(group)
            group = [i for i in range(n) if i not in taken]
        prompt = (
            f"Here are {n} positive integers:\n{' '.join(map(str, numbers))}\n\n"
            "Split them into two groups, every number in exactly one of the two groups (a number written twice in "
            "the list counts as two numbers, which may go to different groups), so that the sums of the two groups "
            "differ as little as possible. Give that smallest difference (the larger sum minus the smaller) and the "
            "numbers of one of the two groups, either one, in any order. Any best split is accepted."
        )
        answer = f"{best}: {' '.join(str(numbers[i]) for i in group)}"
        return Instance(prompt=prompt, answer=answer, data={"numbers": numbers, "best": best}, size=n * bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        numbers, best = data["numbers"], data["best"]
        stated, rest = split_optimum(answer, "the difference", len(str(sum(numbers))) + 2)
        group = read_numbers(rest, largest=max(numbers), max_items=len(numbers) + 1)
        available = Counter(numbers)
        for number, count in sorted(Counter(group).items()):
            if count > available[number]:
                if available[number] == 0:
                    return Verdict.wrong(f"{number} is not in the list")
                return Verdict.wrong(f"{number} is used {count} times but appears {available[number]} times")
        difference = abs(sum(numbers) - 2 * sum(group))
        if difference != best:
            return Verdict.wrong(f"the two groups' sums differ by {difference}, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated difference {stated} is not the difference {difference} of the groups")
        return Verdict.right()
