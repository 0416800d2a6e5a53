"""graph/subset_sum: some of the given numbers that add up exactly to a target, or "none" when no subset does."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, is_word_of, read_numbers

#: About this share of the instances have no solution; the rest have a planted one.
NONE_SHARE = 1 / 3
#: The numbers stop getting longer at this many bits (then only their count grows), so the table of
#: reachable sums stays a few megabits.
MAX_BITS = 18


def reachable_sums(numbers: list[int]) -> int:
    """Every sum of a subset of ``numbers``, as the bits of one integer (bit s set: s is reachable).

    The table row of the classic dynamic programme, one machine word per 64 sums: adding a number x to
    every reachable sum is a shift by x.
    """
    reach = 1
    for x in numbers:
        reach |= reach << x
    return reach


def unreachable_target(numbers: list[int], rng: random.Random) -> int | None:
    """A sum no subset reaches, between the smallest number and the total less the smallest number (outside
    that range the answer is obvious), chosen near a random point; None if every such sum is reachable."""
    total, low = sum(numbers), min(numbers)
    if total - low <= low:
        return None
    span = (1 << (total - low + 1)) - (1 << low)  # the bits low .. total - low
    gaps = ~reachable_sums(numbers) & span
    if not gaps:
        return None
    point = rng.randint(low, total - low)
    above = gaps >> point
    if above:
        return point + (above & -above).bit_length() - 1
    return (gaps & ((1 << point) - 1)).bit_length() - 1  # none above: the largest gap below


class SubsetSum(Environment):
    id = "graph/subset_sum"
    version = 1
    description = "Find some of the given positive integers that add up exactly to a target, or say none do."
    difficulty_scales = (
        "numbers: 4 + T / 2 (T = d to 30, then slower: rlve.scaling.taper); each below 2^(3 + (T + 1) / 2) "
        f"(at most 2^{MAX_BITS}), so the reachable sums are sparse and a solution is rarely one of many; "
        "about a third of the targets are reachable by no subset"
    )
    size_name = "bits"
    answer_format = "the chosen numbers separated by spaces, for example 3 8 12, or the word none if no subset works"
    tags = ("array", "dynamic-programming", "subset-sum", "np-hard")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        n = 4 + lev // 2
        bits = min(MAX_BITS, 3 + (lev + 1) // 2)
        numbers = [rng.randint(1, (1 << bits) - 1) for _ in range(n)]
        target = unreachable_target(numbers, rng) if rng.random() < NONE_SHARE else None
        if target is None:
            planted = rng.sample(range(n), rng.randint(2, n - 1))
            target = sum(numbers[i] for i in planted)
            answer = " ".join(str(numbers[i]) for i in sorted(planted))
        else:
            answer = "none"
        prompt = (
            f"Here are {n} positive integers:\n{' '.join(map(str, numbers))}\n\n"
            f"Find some of them whose sum is exactly {target}. Each number in the list may be used at most "
            "once (a number written twice in the list may be used twice). Give the chosen numbers in any "
            "order; any such choice is accepted. If no choice of numbers adds up to exactly "
            f"{target}, answer none."
        )
        data = {"numbers": numbers, "target": target, "solvable": answer != "none"}
        # bits x numbers: the length of the input in binary; one of the two grows at every level.
        return Instance(prompt=prompt, answer=answer, data=data, size=n * bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        numbers, target = data["numbers"], data["target"]
        if is_word_of(answer, ("none",)):
            if data["solvable"]:
                return Verdict.wrong(f"some of the numbers do add up to {target}")
            return Verdict.right()
        chosen = read_numbers(answer, largest=max(numbers), max_items=len(numbers) + 1)
        available = Counter(numbers)
        for number, count in sorted(Counter(chosen).items()):
            if count > available[number]:
                if available[number] == 0:
                    return Verdict.wrong(f"{number} is not in the list")
                return Verdict.wrong(f"{number} is used {count} times but appears {available[number]} times")
        total = sum(chosen)
        if total != target:
            return Verdict.wrong(f"the numbers add up to {total}, not {target}")
        return Verdict.right()
