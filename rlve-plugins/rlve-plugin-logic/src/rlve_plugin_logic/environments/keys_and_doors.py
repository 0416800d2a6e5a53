"""logic/keys_and_doors: walk from the start to the exit of a maze in the fewest steps, picking up coloured keys
that open the doors of their colour.

A key is picked up by stepping onto its square and kept for good (it opens every door of its colour, any number
of times); a door square may be entered only while holding its key. The state of a walk is thus the square and
the set of keys held, and a breadth-first search over those pairs gives the exact optimum.

Generation carves a random maze (a spanning tree of rooms, then a few extra openings that make loops), puts the
doors on passages and the keys in rooms, and keeps a draw whose doors matter: the fewest steps with the keys
must exceed the fewest steps with every door open (several draws are tried; the one where the keys cost the
most extra steps is kept).
"""

from __future__ import annotations

import random
from math import isqrt
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.planning import explore, moves_back
from rlve_plugin_logic.reading import read_moves

WALL, FLOOR, START, EXIT = "#", ".", "@", "*"
KEYS, DOORS = "abcd", "ABCD"
COLOURS = ("red", "blue", "green", "yellow")
#: Rooms of the maze at most, however high the level.
MAX_ROOMS = 120
#: Mazes drawn per problem; the one where the keys cost the most extra steps is kept.
DRAWS = 6


def plan(difficulty: int) -> tuple[int, int]:
    """(rooms, keys): rooms 6 + L to level 30, then one more per four levels (at most 120); one key (and door
    colour), two from level 5, three from level 15, four from level 40."""
    lvl = level(difficulty)
    return min(MAX_ROOMS, 6 + slow(lvl, 1, 4, knee=30)), 1 + (lvl >= 5) + (lvl >= 15) + (lvl >= 40)


def carve(rooms: int, rng: random.Random) -> tuple[int, list[str], list[int], list[int]]:
    """(width, cells, room squares, passage squares): rooms laid out row by row in a near-square block, each at
    odd coordinates of a walled grid, joined by a random spanning tree of passages plus rooms // 6 extra ones."""
    cols = isqrt(rooms - 1) + 1
    rows = -(-rooms // cols)
    width = 2 * cols + 1
    cells = [WALL] * (width * (2 * rows + 1))
    room_at = [(2 * (k // cols) + 1) * width + 2 * (k % cols) + 1 for k in range(rooms)]
    for square in room_at:
        cells[square] = FLOOR
    links = [(a, b) for a in range(rooms) for b in (a + 1, a + cols) if b < rooms and (b == a + cols or b % cols)]
    rng.shuffle(links)
    group = list(range(rooms))

    def root(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    passages, spare = [], []
    for a, b in links:  # Kruskal on random order: a uniform-ish spanning tree, the rest are spare links
        ra, rb = root(a), root(b)
        (spare if ra == rb else passages).append((a, b))
        group[ra] = rb
    passages += spare[: rooms // 6]
    squares = []
    for a, b in passages:
        square = (room_at[a] + room_at[b]) // 2
        cells[square] = FLOOR
        squares.append(square)
    return width, cells, room_at, squares


def successors_of(width: int, cells: list[str]):
    steps = (("U", -width), ("D", width), ("L", -1), ("R", 1))

    def successors(state: tuple[int, int]):
        square, held = state
        for name, step in steps:
            nxt = square + step
            cell = cells[nxt]
            if cell == WALL or (cell in DOORS and not held >> DOORS.index(cell) & 1):
                continue
            yield name, (nxt, held | 1 << KEYS.index(cell) if cell in KEYS else held)

    return successors


def fewest_steps(width: int, cells: list[str], start: int, goal: int):
    """(found, the first state found at the exit) of a breadth-first search over (square, keys held)."""
    return explore([(start, 0)], successors_of(width, cells), stop=lambda state: state[0] == goal)


def found_steps(width: int, cells: list[str], start: int, goal: int) -> int:
    """The fewest steps from start to goal when no door is locked (the doors already made floor)."""
    found, end = fewest_steps(width, cells, start, goal)
    return found[end][0]


class KeysAndDoors(Environment):
    id = "logic/keys_and_doors"
    version = 1
    description = (
        "Keys and doors: walk through a maze to the exit in the fewest steps, collecting coloured keys that open "
        "the doors of their colour."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): a maze of 6 + L rooms to level 30, then one more per "
        "four levels (at most 120), with loops; one key colour, two from level 5, three from 15, four from 40; "
        "among 6 random placements the one where the doors cost the most extra steps is kept"
    )
    size_name = "rooms"
    answer_format = "the steps as letters U, D, L, R (up, down, left, right) in order, for example RRDDL"
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rooms, keys = plan(difficulty)
        best = None
        for _ in range(DRAWS):
            width, cells, room_at, passages = carve(rooms, rng)
            start, goal, *key_rooms = rng.sample(room_at, 2 + keys)
            for colour, (door, key) in enumerate(zip(rng.sample(passages, keys), key_rooms)):
                cells[door], cells[key] = DOORS[colour], KEYS[colour]
            free = [FLOOR if cell in DOORS else cell for cell in cells]
            found, end = fewest_steps(width, cells, start, goal)
            if end is None:
                continue
            extra = found[end][0] - found_steps(width, free, start, goal)
            if best is None or extra > best[0]:
                best = (extra, width, cells, start, goal, found, end)
        if best is None or best[0] == 0:  # no draw where the doors matter (rare): draw again
            return self.generate(difficulty, rng)
        _, width, cells, start, goal, found, end = best
        moves = moves_back(found, end)[::-1]
        cells = list(cells)
        cells[start], cells[goal] = START, EXIT
        rows = ["".join(cells[top : top + width]) for top in range(0, len(cells), width)]
        legend = ", ".join(f"{KEYS[k]} the {COLOURS[k]} key, {DOORS[k]} a {COLOURS[k]} door" for k in range(keys))
        prompt = (
            "Find a shortest walk through this maze, from the start @ to the exit *. The map, one row per line "
            f"(top row first), uses: # wall, . floor, {legend}.\n\n" + "\n".join(rows) + "\n\n"
            "Each step moves you one square up (U), down (D), left (L) or right (R), never into a wall. Stepping "
            "onto a key's square picks the key up, and you keep it for the rest of the walk. You may step onto a "
            "door's square only while holding the key of the same colour (the lowercase letter of the door's "
            "uppercase letter); a key opens every door of its colour, as often as you like. Start, exit and key "
            "squares are floor. Give a walk that reaches the exit in as few steps as possible: only a shortest "
            "walk counts, and any shortest one is accepted. Write the steps as the letters U, D, L, R in order, "
            "for example RRDDL."
        )
        data = {"map": rows, "moves": len(moves)}
        return Instance(prompt=prompt, answer="".join(moves), data=data, size=rooms)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, optimum = data["map"], data["moves"]
        moves = read_moves(answer, 2 * optimum + 8)  # longer walks are read, to say why they lose
        width = len(rows[0])
        cells = list("".join(rows))
        square, goal = cells.index(START), cells.index(EXIT)
        held = set()
        step_of = {"U": -width, "D": width, "L": -1, "R": 1}
        for number, move in enumerate(moves, start=1):
            nxt = square + step_of[move]
            cell = cells[nxt]
            if cell == WALL:
                return Verdict.wrong(f"step {number} ({move}) walks into a wall")
            if cell in DOORS and cell.lower() not in held:
                return Verdict.wrong(f"step {number} ({move}) enters door {cell} without its key")
            if cell in KEYS:
                held.add(cell)
            square = nxt
        if square != goal:
            return Verdict.wrong("after the last step you are not on the exit")
        if len(moves) > optimum:
            return Verdict.wrong(f"the walk takes {len(moves)} steps; the fewest possible is {optimum}")
        return Verdict.right()
