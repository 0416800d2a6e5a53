"""logic/subtraction_game_sum: the Grundy value (nimber) of a sum of subtraction games, each heap with its own
set of allowed amounts.

By the Sprague-Grundy theorem the value of the sum is the XOR of the heaps' values, and a heap's value is the mex
of the values it can move to; the prompt defines both. A heap's sequence of values is eventually periodic, which
is what makes the large heaps of high levels tractable (``games.subtraction_grundy`` stops at the first period).
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import read_natural, subtraction_grundy

#: The largest amount a subtraction set may contain (at high levels); keeps the periods short.
MAX_AMOUNT = 12


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(heaps, largest heap, largest amount, most amounts per set).

    Heaps 2 + L/6 to level 30, then one more per 40 levels; heap sizes up to 6 + 3 L to level 30, then +10 per
    level; amounts up to 3 + L/4 (at most 12); 2 amounts per set, 3 from level 6, 4 from level 15.
    """
    lvl = level(difficulty)
    heaps = 2 + slow(lvl, 6, 40, knee=30)
    largest = 6 + 3 * min(lvl, 30) + 10 * max(0, lvl - 30)
    amounts = min(MAX_AMOUNT, 3 + lvl // 4)
    per_set = 2 + (lvl >= 6) + (lvl >= 15)
    return heaps, largest, amounts, per_set


def describe_set(moves: list[int]) -> str:
    return "{" + ", ".join(map(str, moves)) + "}"


class SubtractionGameSum(Environment):
    id = "logic/subtraction_game_sum"
    version = 1
    description = "Compute the Grundy value of a sum of subtraction games, each heap with its own allowed amounts."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): heaps 2 + L/6 to level 30, then one more per 40 levels; "
        "heap sizes up to 6 + 3 L to level 30, then +10 per level; amounts up to 3 + L/4 (at most 12), 2 per "
        "set, 3 from level 6, 4 from level 15"
    )
    size_name = "largest possible heap"
    answer_format = "a single non-negative integer, the Grundy value of the whole position"
    tags = ("logic", "game-theory", "sprague-grundy")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, largest, amounts, per_set = plan(difficulty)
        heaps, sets = [], []
        for _ in range(count):
            size = rng.randint(min(amounts, per_set), per_set)
            sets.append(sorted(rng.sample(range(1, amounts + 1), size)))
            heaps.append(rng.randint(1, largest))
        values = [subtraction_grundy(h, s) for h, s in zip(heaps, sets)]
        total = 0
        for value in values:
            total ^= value
        listing = "\n".join(
            f"heap {i + 1}: {h} objects, allowed amounts {describe_set(s)}" for i, (h, s) in enumerate(zip(heaps, sets))
        )
        prompt = (
            f"A game is played on {count} heaps of objects, each with its own set of allowed amounts:\n{listing}\n\n"
            "A move picks one heap and removes exactly s objects from it, where s is one of that heap's allowed "
            "amounts and the heap holds at least s objects. Players alternate; a player who cannot move loses.\n"
            "The Grundy value of a position is defined recursively: it is the mex (the smallest non-negative "
            "integer not in a set) of the Grundy values of the positions one move can reach, so a position with "
            "no move has value 0. By the Sprague-Grundy theorem, the Grundy value of the whole position is the "
            "bitwise XOR of the Grundy values of the single heaps (each heap played alone with its own amounts). "
            "What is the Grundy value of the whole position?"
        )
        data = {"heaps": heaps, "sets": sets, "value": total}
        return Instance(prompt=prompt, answer=str(total), data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = read_natural(answer, max_digits=6)
        if value != data["value"]:
            return Verdict.wrong(f"{value} is not the Grundy value of the position")
        return Verdict.right()
