"""logic/die_rolling: roll a die (opposite faces sum to 7) along a path of N/S/E/W moves; which face is up?

The die's orientation is three numbers (top, north, east); the other three faces are their complements to 7.
A roll tips the die over one of its bottom edges, a quarter turn. From d = 4 the north face is asked too
(the top alone repeats a cycle of four along one axis); from d = 8 moves come as runs ("5 times north"), with
counts that grow with the level, so reasoning about four rolls being the identity beats simulating each one.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

DIRECTIONS = {"N": "north", "S": "south", "E": "east", "W": "west"}
_PAIR = re.compile(r"(?:top\s*(?:face)?\s*[=:]?\s*)?([1-6])\s*(?:[,;]\s*|\s+)(?:north\s*(?:face)?\s*[=:]?\s*)?([1-6])")
_SINGLE = re.compile(r"(?:top\s*(?:face)?\s*[=:]?\s*)?([1-6])")
#: From these difficulties the north face is asked too, and moves are given as runs.
ASK_NORTH_FROM = 4
RUNS_FROM = 8


def roll(state: tuple[int, int, int], direction: str) -> tuple[int, int, int]:
    """(top, north, east) after one roll towards ``direction``."""
    top, north, east = state
    if direction == "N":  # the top face ends up facing north, the south face comes up
        return 7 - north, top, east
    if direction == "S":
        return north, 7 - top, east
    if direction == "E":
        return 7 - east, north, top
    return east, north, 7 - top


def plan(difficulty: int) -> tuple[int, bool, bool]:
    """(moves, whether the north face is asked, whether moves come as runs): moves 2 + L (L = level, capped
    at 400); north asked from d 4, runs of up to 1 + L moves from d 8 (the runs add up to the moves)."""
    return 2 + level(difficulty, cap=400), difficulty >= ASK_NORTH_FROM, difficulty >= RUNS_FROM


def _runs(moves: int, rng: random.Random) -> list[tuple[str, int]]:
    """Runs of one direction each (neighbours differ) whose counts add up to ``moves``."""
    runs: list[tuple[str, int]] = []
    left = moves
    longest = max(2, moves // 3)
    while left:
        count = min(left, rng.randint(1, longest))
        direction = rng.choice([d for d in DIRECTIONS if not runs or d != runs[-1][0]])
        runs.append((direction, count))
        left -= count
    return runs


class DieRolling(Environment):
    id = "logic/die_rolling"
    version = 1
    description = "Roll a die (opposite faces sum to 7) along N/S/E/W moves; give the top (and north) face."
    difficulty_scales = (
        "moves 2 + L (L = d up to 100, then +20 per doubling, capped at 400); the north face asked too from d 4; "
        "moves given as runs (several times one way) from d 8"
    )
    size_name = "moves"
    answer_format = "the top face as one number (for example 3), or, when asked for both, top then north: 3, 5"
    tags = ("logic", "spatial-reasoning", "simulation", "dice")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        moves, ask_north, as_runs = plan(difficulty)
        top = rng.randint(1, 6)
        north = rng.choice([f for f in range(1, 7) if f not in (top, 7 - top)])
        east = rng.choice([f for f in range(1, 7) if f not in (top, 7 - top, north, 7 - north)])
        state = (top, north, east)
        if as_runs:
            runs = _runs(moves, rng)
            path = ", ".join(f"{count} time{'' if count == 1 else 's'} {DIRECTIONS[d]}" for d, count in runs)
            steps = [d for d, count in runs for _ in range(count % 4)]  # four rolls one way change nothing
        else:
            steps = [rng.choice("NSEW") for _ in range(moves)]
            path = " ".join(steps)
        for direction in steps:
            state = roll(state, direction)
        question = (
            "Which numbers are on the top face and on the north face at the end? Answer with the top number, then "
            "the north number, for example 3, 5."
            if ask_north
            else "Which number is on the top face at the end? Answer with that number only."
        )
        prompt = (
            "A die lies on a flat grid of squares; its opposite faces always add up to 7. North, south, east and "
            f"west are the usual compass directions. At the start the top face shows {top}, the face towards the "
            f"north shows {north} and the face towards the east shows {east} (so the bottom shows {7 - top}, the "
            f"south face {7 - north} and the west face {7 - east}).\n"
            "Rolling the die one square in a direction tips it over its bottom edge on that side, a quarter turn: "
            "rolling north, the top face comes to face north, the north face goes to the bottom, the bottom face "
            "comes to face south and the south face comes to the top, while the east and west faces stay where "
            "they are; the other directions work the same way.\n"
            + (f"The die rolls, in this order: {path}." if as_runs else f"The die rolls, in this order (N = north, "
               f"S = south, E = east, W = west): {path}.")
            + "\n" + question
        )
        answer = f"{state[0]}, {state[1]}" if ask_north else str(state[0])
        data = {"top": state[0], "north": state[1] if ask_north else None}
        return Instance(prompt=prompt, answer=answer, data=data, size=moves)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip().lower()
        if len(text) > 60:
            raise ParseError("the answer is too long for one or two face numbers")
        if data["north"] is None:
            found = _SINGLE.fullmatch(text)
            if not found:
                raise ParseError("expected the top face as one number from 1 to 6")
            if int(found.group(1)) != data["top"]:
                return Verdict.wrong(f"{found.group(1)} is not on top at the end")
            return Verdict.right()
        found = _PAIR.fullmatch(text)
        if not found:
            raise ParseError("expected the top face, then the north face, for example 3, 5")
        top, north = int(found.group(1)), int(found.group(2))
        if top != data["top"]:
            return Verdict.wrong(f"{top} is not on top at the end")
        if north != data["north"]:
            return Verdict.wrong(f"{north} does not face north at the end")
        return Verdict.right()
