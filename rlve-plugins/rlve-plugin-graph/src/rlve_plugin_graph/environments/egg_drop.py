"""graph/egg_drop: the fewest drops that always find the critical floor of a building with a few eggs."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import read_number

#: About this share of the instances have a single egg (floor by floor from the bottom), and as many have
#: enough eggs for a plain binary search; the rest have fewer eggs than a binary search needs.
ONE_EGG_SHARE = 0.1
PLENTY_SHARE = 0.1


def floors_covered(drops: int, eggs: int, enough: int) -> int:
    """How many floors ``drops`` drops with ``eggs`` eggs can always settle, sum of C(drops, i) for i = 1..eggs,
    counted only up to ``enough`` (the sum stops as soon as it gets there).

    The first drop, from floor x, either breaks the egg (floors below x remain, with one egg and one drop
    fewer) or not (floors above x remain, with the same eggs and one drop fewer), so the count satisfies
    f(t, e) = f(t - 1, e - 1) + 1 + f(t - 1, e), whose solution is that sum of binomial coefficients.
    """
    total, term = 0, 1
    for i in range(1, min(eggs, drops) + 1):
        term = term * (drops - i + 1) // i  # C(drops, i)
        total += term
        if total >= enough:
            break
    return total


def fewest_drops(floors: int, eggs: int) -> int:
    """The smallest t with f(t, eggs) >= floors, by binary search on t (f grows with t; t = floors always works)."""
    low, high = 0, floors
    while low < high:
        middle = (low + high) // 2
        if floors_covered(middle, eggs, floors) >= floors:
            high = middle
        else:
            low = middle + 1
    return low


class EggDrop(Environment):
    id = "graph/egg_drop"
    version = 1
    description = "Find the fewest egg drops that always determine the critical floor of a building, with e eggs."
    difficulty_scales = (
        "floors: (H + 1) / 2 to H, H = 10 + L^3 (L = d to 100, then +20 per doubling); eggs: 2 to 2 + L / 4, below "
        f"what a binary search needs; in {ONE_EGG_SHARE:.0%} of the instances one egg, in {PLENTY_SHARE:.0%} "
        "enough eggs for a binary search"
    )
    size_name = "floors"
    answer_format = "a single integer, for example 14"
    tags = ("dynamic-programming", "minimax", "combinatorics", "egg-drop")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        most = 10 + lev**3
        floors = rng.randint(most // 2 + 1, most)
        binary = floors.bit_length()  # drops (and eggs) a binary search over the floors + 1 answers needs
        draw = rng.random()
        if draw < ONE_EGG_SHARE:
            eggs = 1
        elif draw < ONE_EGG_SHARE + PLENTY_SHARE:
            eggs = binary + rng.randint(0, 2)
        else:
            eggs = rng.randint(2, max(2, min(binary - 1, 2 + lev // 4)))
        egg_words = "1 egg" if eggs == 1 else f"{eggs} identical eggs"
        prompt = (
            f"A building has {floors} floors, numbered 1 to {floors}. Somewhere in it is a critical floor f, a "
            f"whole number from 0 to {floors} that you do not know: an egg dropped from any floor at or below f "
            "does not break, and an egg dropped from any floor above f breaks (f = 0 means that an egg breaks "
            f"from every floor, f = {floors} that it breaks from none). You have {egg_words}. An egg that "
            "survives a drop is as good as new and may be dropped again; a broken egg cannot be used again. You "
            "drop one egg at a time, and may choose each floor after seeing what the earlier drops did.\n\n"
            "What is the smallest number of drops that is always enough to find f for certain, whatever f is (the "
            "number of drops in the worst case, under the best strategy)?"
        )
        answer = fewest_drops(floors, eggs)
        return Instance(prompt=prompt, answer=str(answer), data={"drops": answer}, size=most)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        drops = data["drops"]
        given = read_number(answer, max_digits=len(str(drops)) + 2)
        if given != drops:
            return Verdict.wrong(f"{given} is not the fewest drops that always find the critical floor")
        return Verdict.right()
