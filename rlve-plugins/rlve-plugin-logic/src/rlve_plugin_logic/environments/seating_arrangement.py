"""logic/seating_arrangement: who sits where round a table, from relative clues (k seats clockwise of, next to,
not next to, directly opposite); one person's seat fixes the rotation, and exactly one seating fits.

Seats are numbered 1 to n clockwise; some people's seats are given, the others are unknown. The generator
plants a random seating, adds clues that a second seating breaks until none is left, and drops every clue it
can spare (``solvers.arrangements``, round-table mode: places wrap around, so seat n is next to seat 1).
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names
from rlve_plugin_logic.solvers.arrangements import Clue, Relation, check_arrangement, clues_until_unique

#: Past this level the table stops growing (prompts stay short and generation fast at absurd difficulties).
MAX_LEVEL = 100
#: Relative weights of the clue kinds the generator picks among (those that hold and rule the other seating out).
KIND_WEIGHTS = {"clockwise": 4, "next": 2, "not_next": 2, "opposite": 2}
#: "k seats clockwise" clues use k up to this.
MAX_STEPS = 3


def plan(difficulty: int) -> tuple[int, int]:
    """(people, people whose seat is not given): people 4 + L to level 30, then one more per two levels;
    unknown seats 3 + L/3 (at most all but the first person's), then one more per 10 levels; level at most 100."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    people = 4 + slow(lvl, 1, 2, knee=30)
    return people, min(people - 1, 3 + slow(lvl, 3, 10, knee=30))


def steps_clockwise(a: int, b: int, n: int) -> int:
    """Seats from seat ``a`` to seat ``b`` going clockwise (0 to n - 1)."""
    return (b - a) % n


def clue_holds(clue: Clue, seat: list[int], n: int) -> bool:
    """Whether ``clue`` holds when person ``i`` sits in seat ``seat[i]`` (0-based, clockwise)."""
    kind = clue[0]
    if kind == "seat":
        return seat[clue[1]] == clue[2]
    x, y = seat[clue[1]], seat[clue[2]]
    if kind == "clockwise":  # x sits clue[3] seats clockwise from y
        return steps_clockwise(y, x, n) == clue[3]
    if kind == "next":
        return steps_clockwise(y, x, n) in (1, n - 1)
    if kind == "not_next":
        return steps_clockwise(y, x, n) not in (1, n - 1)
    return 2 * steps_clockwise(y, x, n) == n  # opposite


def relation_of(clue: Clue, n: int) -> Relation:
    kind = clue[0]
    if kind == "seat":
        return ("places", clue[1], 1 << clue[2])
    x, y = clue[1], clue[2]
    if kind == "clockwise":
        return ("offset", y, x, [clue[3]])
    if kind == "next":
        return ("offset", y, x, [1, -1])
    if kind == "not_next":
        return ("offset", y, x, [d for d in range(2, n - 1)])
    return ("offset", y, x, [n // 2])


def describe(clue: Clue, names: list[str]) -> str:
    kind, x = clue[0], names[clue[1]]
    if kind == "seat":
        return f"{x} sits in seat {clue[2] + 1}."
    y = names[clue[2]]
    if kind == "clockwise":
        steps = clue[3]
        if steps == 1:
            return f"{x} sits in the next seat clockwise from {y}."
        return f"{x} sits {steps} seats clockwise from {y}."
    if kind == "next":
        return f"{x} and {y} sit next to each other."
    if kind == "not_next":
        return f"{x} and {y} do not sit next to each other."
    return f"{x} sits directly opposite {y}."


def separating_clues(x: int, y: int, truth: list[int], other: list[int], n: int) -> list[Clue]:
    """Clues about ``x`` and ``y`` that hold in ``truth`` and fail in ``other``."""
    a, b = min(x, y), max(x, y)
    options: list[Clue] = [["next", a, b], ["not_next", a, b]]
    if n % 2 == 0:
        options.append(["opposite", a, b])
    for p, q in ((x, y), (y, x)):
        steps = steps_clockwise(truth[q], truth[p], n)
        if 1 <= steps <= MAX_STEPS and 2 * steps != n:  # "2 seats clockwise" at a table of 4 is "opposite"
            options.append(["clockwise", p, q, steps])
    return [c for c in options if clue_holds(c, truth, n) and not clue_holds(c, other, n)]


def make_puzzle(n: int, unknown: int, rng: random.Random) -> tuple[list[int], list[Clue], list[Clue]]:
    """(seat of every person, given seats, clues): person 0 sits in seat 0; exactly one seating fits."""
    seats = list(range(1, n))
    rng.shuffle(seats)
    truth = [0, *seats]
    hidden = sorted(rng.sample(range(1, n), unknown))
    given = [["seat", p, truth[p]] for p in range(n) if p not in set(hidden)]
    fixed = tuple(relation_of(c, n) for c in given)

    def separating(other: list[int], rng: random.Random) -> Clue:
        differ = [p for p in range(n) if truth[p] != other[p]]
        for _try in range(100):
            x = rng.choice(differ)
            y = rng.choice([p for p in range(n) if p != x])
            options = separating_clues(x, y, truth, other, n)
            if options:
                return rng.choices(options, [KIND_WEIGHTS[c[0]] for c in options])[0]
        return pin(rng, differ)  # never seen: person 0 and x are told apart by a "next" or distance clue

    def pin(rng: random.Random, among: list[int] | None = None) -> Clue:
        person = rng.choice(among or hidden)
        return ["seat", person, truth[person]]

    clues = clues_until_unique(n, True, truth, [], lambda c: relation_of(c, n), separating, pin, rng, fixed=fixed)
    return truth, given, clues


class SeatingArrangement(Environment):
    id = "logic/seating_arrangement"
    version = 1
    description = (
        "Seat people round a table from relative clues (k seats clockwise of, next to, not next to, opposite); "
        "one given seat fixes the rotation and exactly one seating fits."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then fixed): people 4 + L to level 30 (34), then one more per two levels; "
        "people whose seat is not given 3 + L/3 (13 at level 30), then one more per 10 levels; clues: as few as "
        "keep the seating unique"
    )
    size_name = "people"
    answer_format = "the names of everyone in seat order, seat 1 first, separated by commas"
    tags = ("logic", "puzzle", "deduction", "seating", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, unknown = plan(difficulty)
        names = person_names(n, rng)
        truth, given, clues = make_puzzle(n, unknown, rng)
        lines = [describe(c, names) for c in clues]
        rng.shuffle(lines)
        known = " ".join(describe(c, names) for c in sorted(given, key=lambda c: c[2]))
        opposite = (
            f" Seats k and k + {n // 2} are directly opposite each other."
            if n % 2 == 0
            else " No seat is directly opposite another."
        )
        prompt = (
            f"{n} people sit at a round table with {n} seats, numbered 1 to {n} clockwise: {', '.join(names)}. "
            f"Every seat is taken by one person. Going clockwise, seat {n} is followed by seat 1 again, so seats 1 "
            f"and {n} are next to each other. 'X sits k seats clockwise from Y' means that k steps clockwise from "
            f"Y's seat (to higher numbers, from seat {n} on to seat 1) reach X's seat; 'the next seat clockwise' is "
            f"1 step.{opposite}\n\n"
            f"Given seats (they fix how the table is turned): {known}\n\n"
            "Clues:\n"
            + "\n".join(f"{i + 1}. {line}" for i, line in enumerate(lines))
            + "\n\nExactly one seating fits all of this. Give it, seat 1 first."
        )
        order = sorted(range(n), key=lambda p: truth[p])
        answer = ", ".join(names[p] for p in order)
        return Instance(prompt=prompt, answer=answer, data={"names": names, "clues": given + clues}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_arrangement(answer, data["names"], data["clues"], clue_holds, describe)
