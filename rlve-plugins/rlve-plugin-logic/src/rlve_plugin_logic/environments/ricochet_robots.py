"""logic/ricochet_robots: bring robot A onto the target square in the fewest moves, robots sliding until stopped.

A move sends one robot up, down, left or right; it slides until the next square is a block, the edge of the
board or another robot, and stops there. Any robot may move (the others serve as stoppers).

Generation draws a board (random blocks and robots), then runs a breadth-first search from the start over the
positions of all the robots, capped at a number of positions that grows with the level. Every position it finds
carries its exact distance from the start, so the first time robot A is found standing on a square is the
fewest moves that bring A there; the target is drawn among the empty squares that need the most moves.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.planning import explore, moves_back
from rlve_plugin_logic.reading import split_moves

ROBOTS = "ABCD"
BLOCK, EMPTY, TARGET = "#", ".", "*"
DIRECTIONS = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))
#: Open (non-block) squares at most, however high the level.
MAX_OPEN = 90
#: Positions the search may find (a few milliseconds of pure Python at the cap).
MAX_POSITIONS = 1500
#: Boards drawn per problem at most while looking for one whose target needs at least two moves.
MAX_BOARDS = 6
_MOVE = re.compile(r"([a-d]) ?(up|down|left|right|[udlr])", re.IGNORECASE)


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(side, open squares, robots, positions searched).

    Open squares 14 + L to level 30, then one more per four levels (at most 90), on the smallest square board
    that keeps a fifth of its squares blocked; 2 robots, 3 from level 6, 4 from level 18; the search finds up to
    150 + 50 L positions (at most 1500).
    """
    lvl = level(difficulty)
    open_squares = min(MAX_OPEN, 14 + slow(lvl, 1, 4, knee=30))
    side = next(s for s in range(4, 20) if open_squares <= s * s - s * s // 5)
    robots = 2 + (lvl >= 6) + (lvl >= 18)
    return side, open_squares, robots, min(MAX_POSITIONS, 150 + 50 * lvl)


def rays_of(side: int, blocked: frozenset[int]) -> list[list[tuple[int, ...]]]:
    """rays[square][direction]: the open squares met going that way from ``square``, nearest first, up to the
    first block or the edge."""
    rays = []
    for square in range(side * side):
        r, c = divmod(square, side)
        mine = []
        for _, dr, dc in DIRECTIONS:
            ray = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < side and 0 <= cc < side and rr * side + cc not in blocked:
                ray.append(rr * side + cc)
                rr, cc = rr + dr, cc + dc
            mine.append(tuple(ray))
        rays.append(mine)
    return rays


def slide(rays: list[list[tuple[int, ...]]], robots: tuple[int, ...], k: int, direction: int) -> int | None:
    """Where robot k stops moving that way; None when it cannot move a single square."""
    stop = None
    for square in rays[robots[k]][direction]:
        if square in robots:
            break
        stop = square
    return stop


def successors_of(rays):
    def successors(robots: tuple[int, ...]):
        for k in range(len(robots)):
            for direction in range(4):
                stop = slide(rays, robots, k, direction)
                if stop is not None:
                    yield (k, direction), robots[:k] + (stop,) + robots[k + 1 :]

    return successors


@cache
def _squares(side: int) -> tuple[int, ...]:
    return tuple(range(side * side))


def draw(side: int, blocked: frozenset[int], robots: tuple[int, ...], target: int) -> list[str]:
    cells = [BLOCK if sq in blocked else EMPTY for sq in _squares(side)]
    cells[target] = TARGET
    for k, square in enumerate(robots):
        cells[square] = ROBOTS[k]
    return [" ".join(cells[r * side : (r + 1) * side]) for r in range(side)]


class RicochetRobots(Environment):
    id = "logic/ricochet_robots"
    version = 1
    description = (
        "Ricochet robots: robots slide until they hit a block, the edge or another robot; bring robot A onto the "
        "target in the fewest moves."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): open squares 14 + L to level 30, then one more per four "
        "levels (at most 90), on the smallest square board with a fifth of its squares blocked (5x5 to level 6, "
        "6x6 to 15, 7x7 to 26, then 8x8 and up); 2 robots, 3 from level 6, 4 from 18; the target is among the "
        "squares farthest for robot A that a search of 150 + 50 L positions (at most 1500) finds"
    )
    size_name = "open squares"
    answer_format = (
        "the moves in order, separated by commas, each as a robot's letter and a direction (U, D, L or R), "
        "for example B L, A U, A R"
    )
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        side, open_count, robot_count, limit = plan(difficulty)
        best = None
        for _ in range(MAX_BOARDS):
            blocked = frozenset(rng.sample(_squares(side), side * side - open_count))
            start = tuple(rng.sample([sq for sq in _squares(side) if sq not in blocked], robot_count))
            rays = rays_of(side, blocked)
            found, _ = explore([start], successors_of(rays), limit=limit)
            first: dict[int, Any] = {}  # square -> the first position found with robot A on it
            for position in found:
                first.setdefault(position[0], position)
            targets = [sq for sq in first if sq not in start]
            if not targets:
                continue
            far = max(found[first[sq]][0] for sq in targets)
            if best is None or far > best[0]:
                best = (far, blocked, start, rays, found, [sq for sq in targets if found[first[sq]][0] == far], first)
            if far >= 2:
                break
        if best is None:  # never in practice: a board where robot A cannot move at all, six times over
            return self.generate(difficulty, rng)
        far, blocked, start, rays, found, targets, first = best
        target = rng.choice(targets)
        moves = moves_back(found, first[target])[::-1]
        rows = draw(side, blocked, start, target)
        names = ", ".join(ROBOTS[:robot_count])
        prompt = (
            f"Ricochet robots on a {side}x{side} board (top row first; . is an empty square, # a block, * the "
            f"target square, and the letters {names} are robots):\n\n" + "\n".join(rows) + "\n\n"
            "A move sends one robot up (U), down (D), left (L) or right (R): it slides in that direction square by "
            "square until the next square is a block, the edge of the board or another robot, and stops there. A "
            "robot must move at least one square (a move that cannot is not allowed), and robots never pass "
            "through each other. Any robot may be moved. The goal is to have robot A stop on the target square * "
            "after the last move (sliding over it does not count). Find a solution with as few moves as "
            "possible: only a shortest one counts, and any shortest one is accepted. Write the moves in order, "
            "separated by commas, each as the robot's letter and the direction, for example B L, A U, A R."
        )
        answer = ", ".join(f"{ROBOTS[k]} {DIRECTIONS[direction][0]}" for k, direction in moves)
        data = {"side": side, "blocked": sorted(blocked), "robots": list(start), "target": target, "moves": far}
        return Instance(prompt=prompt, answer=answer, data=data, size=open_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        side, target, optimum = data["side"], data["target"], data["moves"]
        robots = tuple(data["robots"])
        rays = rays_of(side, frozenset(data["blocked"]))
        pieces = split_moves(answer, 2 * optimum + 8, chars_per_move=12)  # longer ones are read, to say why
        if not pieces:
            raise ParseError("expected the moves, for example A U, B L")
        for number, piece in enumerate(pieces, start=1):
            match = _MOVE.fullmatch(" ".join(piece.split()))
            if not match:
                raise ParseError(f"move {number}: expected a robot and a direction (A U), not {piece[:24]!r}")
            k = ROBOTS.index(match.group(1).upper())
            if k >= len(robots):
                return Verdict.wrong(f"move {number}: there is no robot {ROBOTS[k]}")
            direction = "UDLR".index(match.group(2)[0].upper())
            stop = slide(rays, robots, k, direction)
            if stop is None:
                return Verdict.wrong(f"move {number}: robot {ROBOTS[k]} cannot move {DIRECTIONS[direction][0]}")
            robots = robots[:k] + (stop,) + robots[k + 1 :]
        if robots[0] != target:
            return Verdict.wrong("after the last move robot A is not on the target square")
        if len(pieces) > optimum:
            return Verdict.wrong(f"the solution takes {len(pieces)} moves; the fewest possible is {optimum}")
        return Verdict.right()
