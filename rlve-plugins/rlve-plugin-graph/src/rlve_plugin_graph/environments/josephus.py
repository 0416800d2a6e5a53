"""graph/josephus: people in a circle, every k-th one leaves; who survives, when a given person leaves, or
who leaves in a given round."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level


def elimination_order(n: int, k: int, start: int, clockwise: bool) -> list[int]:
    """Persons 1..n in the order they leave (the survivor last), counting from ``start`` as 1.

    The circle is listed in counting order from ``start``; the one who says k is k - 1 places on (wrapping
    around), and once they leave, the next in the list takes their index and says 1. O(n^2) with list pops,
    which are a memory move each: fast for the thousands of people the largest difficulties reach.
    """
    if clockwise:
        circle = [*range(start, n + 1), *range(1, start)]
    else:
        circle = [*range(start, 0, -1), *range(n, start, -1)]
    order = []
    index = 0
    while circle:
        index = (index + k - 1) % len(circle)
        order.append(circle.pop(index))
    return order


class Josephus(Environment):
    id = "graph/josephus"
    version = 1
    description = "Every k-th person in a circle leaves (Josephus): find the survivor, when one leaves, or who leaves."
    difficulty_scales = (
        "people: 6 + 2 L (L = d to 100, then +20 per doubling); step k: 2 to 3 + L / 4; any start, either "
        "direction; a third each ask for the survivor, for the round a given person leaves in, and for who "
        "leaves in a given round"
    )
    size_name = "people"
    answer_format = "a single integer, for example 7"
    tags = ("simulation", "josephus", "circular-list")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty)
        n = 6 + 2 * lev
        k = rng.randint(2, 3 + lev // 4)
        start = rng.randint(1, n)
        clockwise = rng.random() < 0.5
        order = elimination_order(n, k, start, clockwise)
        asks = rng.choice(("survivor", "round", "person"))
        if asks == "survivor":
            question = "Who is the last person left in the circle? Give their number."
            result = order[-1]
        elif asks == "round":
            person = rng.choice(order[:-1])
            question = f"Person {person} leaves the circle at some point. In which round do they leave?"
            result = order.index(person) + 1
        else:
            round_number = rng.randint(1, n - 1)
            question = f"Who leaves the circle in round {round_number}? Give their number."
            result = order[round_number - 1]
        if clockwise:
            direction, step = "clockwise", f"to the next higher number, and from person {n} to person 1"
        else:
            direction, step = "anticlockwise", f"to the next lower number, and from person 1 to person {n}"
        prompt = (
            f"{n} people, numbered 1 to {n}, stand in a circle in the order of their numbers. Counting goes "
            f"{direction}: from each person {step}. Person {start} says 1, the next person {direction} says 2, "
            f"and so on; the person who says {k} leaves the circle. That is round 1. Counting then starts again at "
            f"1 with the next person {direction} who is still in the circle, and the person who says {k} leaves in "
            f"round 2, and so on, until one person is left (after round {n - 1}; that person never leaves).\n\n"
            f"{question}"
        )
        data = {"people": n, "result": result}
        return Instance(prompt=prompt, answer=str(result), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        result = data["result"]
        given = parse_int(answer.strip().rstrip("."), max_digits=len(str(data["people"])) + 2)
        if given != result:
            return Verdict.wrong(f"{given} is not the answer")
        return Verdict.right()
