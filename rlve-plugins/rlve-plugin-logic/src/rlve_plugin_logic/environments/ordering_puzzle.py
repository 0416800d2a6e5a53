"""logic/ordering_puzzle: the finishing order of a race from relative clues (ahead of, immediately ahead of,
somewhere between, k runners apart, not next to each other, not first, not last); exactly one order fits.

Some runners' places are given, the others are unknown; the generator plants a random order, then adds clues
that a second order breaks until none is left, and drops every clue it can spare (``solvers.arrangements``,
a bitmask propagator with search, proves uniqueness at each step).
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names
from rlve_plugin_logic.solvers.arrangements import Clue, Relation, check_arrangement, clues_until_unique

#: Past this level the puzzle stops growing (prompts stay short and generation fast at absurd difficulties).
MAX_LEVEL = 100
#: Relative weights of the clue kinds the generator picks among (those that hold and rule the other order out).
KIND_WEIGHTS = {
    "ahead": 4,
    "right_ahead": 2,
    "between": 4,
    "apart": 2,
    "not_adjacent": 1,
    "not_first": 1,
    "not_last": 1,
}
#: "Exactly k runners finished between X and Y" clues use k up to this.
MAX_GAP = 3


def plan(difficulty: int) -> tuple[int, int]:
    """(runners, runners whose place is not given): runners 4 + L to level 30, then one more per two levels;
    unknown places 4 + L/5 (at most all), then one more per 10 levels; the level stops at 100."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    runners = 4 + slow(lvl, 1, 2, knee=30)
    return runners, min(runners, 4 + slow(lvl, 5, 10, knee=30))


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def clue_holds(clue: Clue, place: list[int], n: int) -> bool:
    """Whether ``clue`` holds when runner ``i`` finishes in place ``place[i]`` (0-based)."""
    kind = clue[0]
    if kind == "place":
        return place[clue[1]] == clue[2]
    if kind == "not_first":
        return place[clue[1]] != 0
    if kind == "not_last":
        return place[clue[1]] != n - 1
    x, y = place[clue[1]], place[clue[2]]
    if kind == "ahead":
        return x < y
    if kind == "right_ahead":
        return x + 1 == y
    if kind == "apart":
        return abs(x - y) == clue[3] + 1
    if kind == "not_adjacent":
        return abs(x - y) != 1
    z = place[clue[3]]  # between
    return min(y, z) < x < max(y, z)


def relation_of(clue: Clue, n: int) -> Relation:
    kind = clue[0]
    full = (1 << n) - 1
    if kind == "place":
        return ("places", clue[1], 1 << clue[2])
    if kind == "not_first":
        return ("places", clue[1], full & ~1)
    if kind == "not_last":
        return ("places", clue[1], full >> 1)
    if kind == "ahead":
        return ("before", clue[1], clue[2])
    if kind == "right_ahead":
        return ("offset", clue[1], clue[2], [1])
    if kind == "apart":
        return ("offset", clue[1], clue[2], [clue[3] + 1, -clue[3] - 1])
    if kind == "not_adjacent":
        return ("offset", clue[1], clue[2], [d for d in range(1 - n, n) if abs(d) > 1])
    return ("between", clue[1], clue[2], clue[3])


def negation_of(clue: Clue, n: int) -> Relation | None:
    """A relation that holds exactly when ``clue`` fails (None for "between": its failure is two ranges)."""
    kind = clue[0]
    full = (1 << n) - 1
    if kind == "place":
        return ("places", clue[1], full & ~(1 << clue[2]))
    if kind == "not_first":
        return ("places", clue[1], 1)
    if kind == "not_last":
        return ("places", clue[1], 1 << (n - 1))
    if kind == "ahead":
        return ("before", clue[2], clue[1])
    if kind == "right_ahead":
        return ("offset", clue[1], clue[2], [d for d in range(1 - n, n) if d != 1])
    if kind == "apart":
        return ("offset", clue[1], clue[2], [d for d in range(1 - n, n) if abs(d) != clue[3] + 1])
    if kind == "not_adjacent":
        return ("offset", clue[1], clue[2], [1, -1])
    return None


def describe(clue: Clue, names: list[str]) -> str:
    kind = clue[0]
    x = names[clue[1]]
    if kind == "place":
        return f"{x} finished {ordinal(clue[2] + 1)}."
    if kind == "not_first":
        return f"{x} did not finish first."
    if kind == "not_last":
        return f"{x} did not finish last."
    y = names[clue[2]]
    if kind == "ahead":
        return f"{x} finished ahead of {y}."
    if kind == "right_ahead":
        return f"{x} finished immediately ahead of {y}."
    if kind == "apart":
        gap = clue[3]
        return f"Exactly {gap} runner{'s' if gap > 1 else ''} finished between {x} and {y}."
    if kind == "not_adjacent":
        return f"{x} and {y} did not finish in consecutive places."
    return f"{x} finished somewhere between {y} and {names[clue[3]]}."


def separating_clues(x: int, y: int, z: int, truth: list[int], other: list[int], n: int) -> list[Clue]:
    """Clues about runner ``x`` (with ``y`` and ``z``) that hold in ``truth`` and fail in ``other``."""
    a, b = (x, y) if truth[x] < truth[y] else (y, x)
    options: list[Clue] = [
        ["ahead", a, b],
        ["right_ahead", a, b],
        ["not_adjacent", min(x, y), max(x, y)],
        ["not_first", x],
        ["not_last", x],
        ["between", x, y, z],
    ]
    gap = abs(truth[x] - truth[y]) - 1
    if 1 <= gap <= MAX_GAP:  # "14 runners between X and Y" in a race of 16 would all but give both places away
        options.append(["apart", min(x, y), max(x, y), gap])
    return [c for c in options if clue_holds(c, truth, n) and not clue_holds(c, other, n)]


def make_puzzle(n: int, unknown: int, rng: random.Random) -> tuple[list[int], list[Clue], list[Clue]]:
    """(place of every runner, given places, clues): exactly one order fits the given places and the clues."""
    order = list(range(n))
    rng.shuffle(order)
    truth = [0] * n
    for place, runner in enumerate(order):
        truth[runner] = place
    hidden = sorted(rng.sample(range(n), unknown))
    given = [["place", r, truth[r]] for r in range(n) if r not in set(hidden)]
    fixed = tuple(relation_of(c, n) for c in given)

    def separating(other: list[int], rng: random.Random) -> Clue:
        differ = [r for r in range(n) if truth[r] != other[r]]
        while True:  # a clue always exists: "ahead" or "right_ahead" tells any two different orders apart
            x = rng.choice(differ)
            y, z = rng.sample([r for r in range(n) if r != x], 2)
            options = separating_clues(x, y, z, truth, other, n)
            if options:
                return rng.choices(options, [KIND_WEIGHTS[c[0]] for c in options])[0]

    def pin(rng: random.Random) -> Clue:
        runner = rng.choice(hidden)
        return ["place", runner, truth[runner]]

    clues = clues_until_unique(
        n,
        False,
        truth,
        [],
        lambda c: relation_of(c, n),
        separating,
        pin,
        rng,
        negation_of=lambda c: negation_of(c, n),
        fixed=fixed,
        one_search=True,
    )
    return truth, given, clues


class OrderingPuzzle(Environment):
    id = "logic/ordering_puzzle"
    # version 2: the clues come from one search for other orders, not a search per clue: 5.1 -> 3.0 ms
    version = 2
    description = (
        "Deduce the finishing order of a race from relative clues (ahead of, immediately ahead of, between, "
        "k apart, not consecutive, not first or last); exactly one order fits."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then fixed): runners 4 + L to level 30 (34), then one more per two levels; "
        "runners whose place is not given 4 + L/5 (10 at level 30), then one more per 10 levels; clues: as few "
        "as keep the order unique"
    )
    size_name = "runners"
    answer_format = "the names of all runners in finishing order, first place first, separated by commas"
    tags = ("logic", "puzzle", "deduction", "ordering", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, unknown = plan(difficulty)
        names = person_names(n, rng)
        truth, given, clues = make_puzzle(n, unknown, rng)
        lines = [describe(c, names) for c in clues]
        rng.shuffle(lines)
        known = sorted(given, key=lambda c: c[2])
        known_text = "Places already known: " + " ".join(describe(c, names) for c in known) + "\n\n" if known else ""
        prompt = (
            f"{n} runners ran a race: {', '.join(names)}. There were no ties: they finished in places 1 (first) to "
            f"{n} (last), one runner per place. 'Ahead of' means in a place with a smaller number; 'immediately "
            "ahead of' means in the place just before; 'somewhere between Y and Z' means in a place strictly "
            "between those of Y and Z, whichever of them is ahead.\n\n"
            + known_text
            + "Clues:\n"
            + "\n".join(f"{i + 1}. {line}" for i, line in enumerate(lines))
            + "\n\nExactly one finishing order fits all of this. Give it, first place first."
        )
        order = sorted(range(n), key=lambda r: truth[r])
        answer = ", ".join(names[r] for r in order)
        return Instance(prompt=prompt, answer=answer, data={"names": names, "clues": given + clues}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_arrangement(answer, data["names"], data["clues"], clue_holds, describe)
