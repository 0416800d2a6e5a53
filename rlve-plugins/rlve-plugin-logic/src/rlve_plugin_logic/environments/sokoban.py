"""logic/sokoban: push every box onto a goal in a small Sokoban room, in the fewest moves (pushes included).

Generation works backwards, so every level is solvable and its optimum is exact: a breadth-first search
starts from all solved positions (boxes on the goals, the player on any free square) and applies moves in
reverse (a step back, or a step back pulling the box in front along). It is capped at a number of positions
that grows with the level; every position it finds carries its exact distance to the nearest solved one,
and the start is drawn among the farthest found. The recorded moves read back along the search are a
shortest solution.
"""

from __future__ import annotations

import random
from math import isqrt
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.planning import deepest, explore, moves_back
from rlve_plugin_logic.reading import read_moves

DIRECTIONS = "UDLR"
WALL, FLOOR, GOAL, BOX, BOX_ON_GOAL, PLAYER, PLAYER_ON_GOAL = "#-.$*@+"
#: Floor squares at most, however high the level.
MAX_FLOOR = 120
#: Positions the backward search may find (about 3 ms of pure Python at the cap).
MAX_POSITIONS = 2600


def plan(difficulty: int) -> tuple[int, int, int]:
    """(floor squares, boxes, positions searched): floor 6 + L to level 30, then one more per four levels;
    one box, two from level 4, three from 16, four from 40; search 150 + 80 L positions, at most 2600."""
    lvl = level(difficulty)
    floor = min(MAX_FLOOR, 6 + slow(lvl, 1, 4, knee=30))
    boxes = 1 + (lvl >= 4) + (lvl >= 16) + (lvl >= 40)
    return floor, boxes, min(MAX_POSITIONS, 150 + 80 * lvl)


def random_room(floor: int, rng: random.Random) -> tuple[int, list[bool], list[int]]:
    """(width with the border, wall flags, floor squares): a rectangle about 5/4 the floor, walled round,
    with random inner walls that leave the floor connected."""
    area = (5 * floor + 3) // 4
    rows = max(3, isqrt(area))
    cols = max(3, -(-area // rows))
    width = cols + 2
    inside = [(r + 1) * width + c + 1 for r in range(rows) for c in range(cols)]
    while True:
        wall = [True] * (width * (rows + 2))
        open_squares = set(rng.sample(inside, floor))
        for square in open_squares:
            wall[square] = False
        first = min(open_squares)
        seen, stack = {first}, [first]
        while stack:
            square = stack.pop()
            for step in (-width, width, -1, 1):
                nxt = square + step
                if not wall[nxt] and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if len(seen) == floor:
            return width, wall, sorted(open_squares)


def steps_of(width: int) -> list[tuple[str, int]]:
    return [("U", -width), ("D", width), ("L", -1), ("R", 1)]


def backward_search(width: int, wall: list[bool], goals: list[int], limit: int):
    """Breadth-first search from every solved position over reversed moves; a state is boxes-mask * squares +
    player square, and the move recorded with a state is the forward move from it towards the solution."""
    squares = len(wall)
    solved = sum(1 << g for g in goals)
    steps = steps_of(width)

    def predecessors(state: int):
        boxes, player = divmod(state, squares)
        for name, step in steps:
            back = player - step  # where the player stood before stepping `name` onto `player`
            if wall[back] or boxes >> back & 1:
                continue
            yield name, boxes * squares + back
            if boxes >> (player + step) & 1:  # that step may have pushed the box now in front
                yield name, (boxes ^ (1 << (player + step)) ^ (1 << player)) * squares + back

    sources = [solved * squares + p for p in range(squares) if not wall[p] and not solved >> p & 1]
    return explore(sources, predecessors, limit=limit)[0]


def draw(width: int, wall: list[bool], goals: set[int], boxes: set[int], player: int) -> list[str]:
    rows = []
    for top in range(0, len(wall), width):
        row = []
        for square in range(top, top + width):
            if wall[square]:
                row.append(WALL)
            elif square == player:
                row.append(PLAYER_ON_GOAL if square in goals else PLAYER)
            elif square in boxes:
                row.append(BOX_ON_GOAL if square in goals else BOX)
            else:
                row.append(GOAL if square in goals else FLOOR)
        rows.append("".join(row))
    return rows


class Sokoban(Environment):
    id = "logic/sokoban"
    version = 1
    description = "Sokoban: push every box onto a goal square in the fewest moves (every step counts)."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): floor squares 6 + L to level 30, then one more per four "
        "levels (at most 120), in a walled rectangle about 5/4 that size with random inner walls; one box, two from "
        "level 4, three from 16, four from 40; the start is among the positions farthest from the solution that a "
        "backward search of 150 + 80 L positions (at most 2600) finds"
    )
    size_name = "floor squares"
    answer_format = "the moves as letters U, D, L, R (up, down, left, right) in order, for example LLURD"
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        floor, box_count, limit = plan(difficulty)
        attempts = 0
        while True:
            attempts += 1
            width, wall, squares = random_room(floor, rng)
            goals = rng.sample(squares, box_count)
            found = backward_search(width, wall, goals, limit)
            far = deepest(found)
            # a room where the boxes can barely move is redrawn (a few times), so the level has some depth
            if found[far[0]][0] >= 2 * box_count or (attempts > 8 and found[far[0]][0] > 0):
                break
        start = rng.choice(far)
        moves = moves_back(found, start)
        boxes_mask, player = divmod(start, len(wall))
        boxes = {s for s in squares if boxes_mask >> s & 1}
        rows = draw(width, wall, set(goals), boxes, player)
        prompt = (
            "Solve this Sokoban puzzle. The map, one row per line (top row first), uses: # wall, - empty floor, "
            ". empty goal square, $ box, * box on a goal square, @ you (the player), + you standing on a goal "
            "square.\n\n" + "\n".join(rows) + "\n\n"
            "Each move takes you one square up (U), down (D), left (L) or right (R). You may step onto any floor or "
            "goal square that has no box. Stepping towards a box pushes it one square further the same way; that is "
            "allowed only when the square behind the box is floor or goal with no box on it (never a wall or a second "
            "box). Boxes cannot be pulled. The puzzle is solved when every box stands on a goal square (there are as "
            "many goal squares as boxes). Give a shortest solution, counted in moves: every step counts, whether it "
            "pushes a box or not, and any solution of the minimum length is accepted. Write the moves as the letters "
            "U, D, L, R in order, for example LLURD."
        )
        data = {"map": rows, "moves": len(moves)}
        return Instance(prompt=prompt, answer="".join(moves), data=data, size=floor)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, optimum = data["map"], data["moves"]
        moves = read_moves(answer, 2 * optimum + 8)  # longer solutions are read, to say why they lose
        width = len(rows[0])
        cells = "".join(rows)
        wall = [ch == WALL for ch in cells]
        goals = {i for i, ch in enumerate(cells) if ch in (GOAL, BOX_ON_GOAL, PLAYER_ON_GOAL)}
        boxes = {i for i, ch in enumerate(cells) if ch in (BOX, BOX_ON_GOAL)}
        player = next(i for i, ch in enumerate(cells) if ch in (PLAYER, PLAYER_ON_GOAL))
        step_of = dict(steps_of(width))
        for number, move in enumerate(moves, start=1):
            step = step_of[move]
            target = player + step
            if wall[target]:
                return Verdict.wrong(f"move {number} ({move}) walks into a wall")
            if target in boxes:
                behind = target + step
                if wall[behind] or behind in boxes:
                    return Verdict.wrong(f"move {number} ({move}) pushes a box into a wall or another box")
                boxes.remove(target)
                boxes.add(behind)
            player = target
        if boxes != goals:
            return Verdict.wrong(f"after the last move {len(boxes - goals)} box(es) are not on a goal square")
        if len(moves) > optimum:
            return Verdict.wrong(f"the solution takes {len(moves)} moves; the fewest possible is {optimum}")
        return Verdict.right()
