"""logic/river_crossing: missionaries and cannibals, generalised; a shortest safe plan of boat crossings
from a random safe position part-way through."""

from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import split_moves

_LOAD = re.compile(r"(?:([0-9]{1,3}) ?m(?:issionar(?:y|ies))?)? ?(?:([0-9]{1,3}) ?c(?:annibals?)?)?", re.IGNORECASE)

State = tuple[int, int, int]  # missionaries and cannibals on the start bank, boat there (1) or across (0)


def plan(difficulty: int) -> int:
    """Missionaries (= cannibals): 2 + L to level 30, then one more per two levels."""
    return 2 + slow(level(difficulty), 1, 2, knee=30)


def smallest_capacity(pairs: int) -> int:
    """The smallest boat that makes the crossing possible: 2 for up to 3 pairs, 3 for 4 or 5, else 4."""
    return 2 if pairs <= 3 else 3 if pairs <= 5 else 4


def safe(state: State, pairs: int) -> bool:
    m, c, _ = state
    return (m == 0 or m >= c) and (pairs - m == 0 or pairs - m >= pairs - c)


def loads(capacity: int) -> list[tuple[int, int]]:
    return [(m, c) for m in range(capacity + 1) for c in range(capacity + 1 - m) if m + c >= 1]


def cross(state: State, load: tuple[int, int]) -> State:
    m, c, boat = state
    sign = -1 if boat else 1
    return m + sign * load[0], c + sign * load[1], 1 - boat


def distances_to_goal(pairs: int, capacity: int) -> dict[State, int]:
    """Crossings still needed from every state connected to the goal (crossings are reversible: the same
    load can go back), by breadth-first search from the goal."""
    goal: State = (0, 0, 0)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        for nxt in neighbours(state, pairs, capacity):
            if nxt not in dist:
                dist[nxt] = dist[state] + 1
                queue.append(nxt)
    return dist


def neighbours(state: State, pairs: int, capacity: int) -> list[State]:
    """The safe states one crossing away, loads in a fixed order."""
    m, c, boat = state
    here_m, here_c = (m, c) if boat else (pairs - m, pairs - c)
    out = []
    for load in loads(capacity):
        if load[0] <= here_m and load[1] <= here_c:
            nxt = cross(state, load)
            if safe(nxt, pairs):
                out.append(nxt)
    return out


def describe(load: tuple[int, int]) -> str:
    parts = ([f"{load[0]}M"] if load[0] else []) + ([f"{load[1]}C"] if load[1] else [])
    return " ".join(parts)


class RiverCrossing(Environment):
    id = "logic/river_crossing"
    version = 1
    description = "Missionaries and cannibals: a shortest plan of boat crossings that never leaves anyone outnumbered."
    difficulty_scales = (
        "missionaries and cannibals 2 + L each (to level 30, then one more per two levels); the boat holds the "
        "smallest workable number (2 up to 3 pairs, 3 up to 5, then 4) or one more; the start is a random safe "
        "position at least two thirds of the longest distance from the goal"
    )
    size_name = "missionaries"
    answer_format = (
        "the boat loads in crossing order, separated by commas, each as a number of missionaries and of "
        "cannibals such as 1M 1C, 2C or 1M, for example 1M 1C, 1M, 2C"
    )
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        pairs = plan(difficulty)
        capacity = smallest_capacity(pairs) + (1 if pairs > 3 and rng.random() < 0.3 else 0)
        dist = distances_to_goal(pairs, capacity)
        # start anywhere safe from which the crossing is still long: at least two thirds of the longest
        longest = max(dist.values())
        starts = sorted(s for s, d in dist.items() if d >= max(1, 2 * longest // 3))
        start = rng.choice(starts)
        moves, state = [], start
        while state != (0, 0, 0):
            step = next(n for n in neighbours(state, pairs, capacity) if dist.get(n) == dist[state] - 1)
            moves.append((abs(state[0] - step[0]), abs(state[1] - step[1])))
            state = step
        m, c, boat = start
        prompt = (
            f"{pairs} missionaries and {pairs} cannibals are crossing a river with a boat that holds at most "
            f"{capacity} people and needs at least one person aboard to cross; nobody crosses any other way. Right "
            f"now the left bank has {m} missionaries and {c} cannibals, the right bank {pairs - m} missionaries and "
            f"{pairs - c} cannibals, and the boat is at the {'left' if boat else 'right'} bank. On neither bank may "
            "the cannibals ever outnumber the missionaries while at least one missionary is there; this is checked "
            "after every crossing, with the people in the boat counted on the bank where it lands. Crossings "
            "alternate direction, starting from where the boat is. Get everyone to the right bank in as few "
            "crossings as possible: only a shortest plan counts."
        )
        answer = ", ".join(describe(load) for load in moves)
        data = {"pairs": pairs, "capacity": capacity, "start": list(start), "crossings": len(moves)}
        return Instance(prompt=prompt, answer=answer, data=data, size=pairs)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        pairs, capacity, optimum = data["pairs"], data["capacity"], data["crossings"]
        pieces = split_moves(answer, 2 * optimum + 8, chars_per_move=32)
        state: State = tuple(data["start"])  # type: ignore[assignment]
        for number, piece in enumerate(pieces, start=1):
            match = _LOAD.fullmatch(" ".join(piece.split()))
            if not match or not (match.group(1) or match.group(2)):
                raise ParseError(f"crossing {number}: expected a load such as 1M 1C, got {piece[:30]!r}")
            load = (int(match.group(1) or 0), int(match.group(2) or 0))
            if not 1 <= sum(load) <= capacity:
                return Verdict.wrong(f"crossing {number} carries {sum(load)} people; the boat takes 1 to {capacity}")
            m, c, boat = state
            here = (m, c) if boat else (pairs - m, pairs - c)
            if load[0] > here[0] or load[1] > here[1]:
                return Verdict.wrong(f"crossing {number}: not that many people are on the bank with the boat")
            state = cross(state, load)
            if not safe(state, pairs):
                return Verdict.wrong(f"after crossing {number} the cannibals outnumber the missionaries on a bank")
        if state != (0, 0, 0):
            return Verdict.wrong("not everyone has reached the right bank")
        if len(pieces) > optimum:
            return Verdict.wrong(f"the plan takes {len(pieces)} crossings; the fewest possible is {optimum}")
        return Verdict.right()
