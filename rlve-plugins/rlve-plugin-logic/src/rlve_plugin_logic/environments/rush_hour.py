"""logic/rush_hour: slide cars on a Rush Hour board until car X reaches the exit, in the fewest moves.

A move slides one car any number of free squares along its own direction, and counts as one move however far
it goes. Some squares may be walls (#), which no car enters, as in the walled variants of the puzzle; they
keep the board crowded, which keeps the number of reachable positions small and the puzzles tight.

Generation starts from a solved board (X at the exit, the rest of its row empty, walls and other cars placed
at random), enumerates every position reachable from it (moves are reversible, so that is the whole
connected component; a position is the place of each car along its line, 3 bits per car) and runs a
breadth-first search from all the solved positions of the component: every position gets its exact distance
to the exit, and the start is the farthest one. Components larger than a cap are dropped; boards are drawn
until one needs the number of moves wanted (or a few have been tried), and the farthest start is kept.
"""

from __future__ import annotations

import random
import re
from collections import deque
from functools import cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import split_moves

RED = "X"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWYZ"  # every letter but X
WALL = "#"
#: Boards, smallest first; the smallest that leaves 3 free squares and a wall off X's row (X at the exit) is used.
BOARDS = ((4, 4), (5, 5), (6, 6), (7, 7))
FREE_SQUARES = 3
#: Squares covered by cars at most, however high the level (on the 7x7 board, with 3 walls left): fuller boards
#: have larger components, which cost more time to enumerate than they add.
MAX_COVERED = 38
#: Positions a component may have (about 1 ms of pure Python); a board with a larger one is redrawn.
MAX_COMPONENT = 200
#: Boards drawn per problem at most while looking for one whose start is far enough from the exit.
MAX_BOARDS = 4
_MOVE = re.compile(r"([a-z]) ?(up|down|left|right|[udlr]) ?([0-9]{1,2})", re.IGNORECASE)

Car = tuple[bool, int, int, int]  # (horizontal, its row or column, length, position of its top or left end)


def plan(difficulty: int) -> tuple[int, int, int, int, int]:
    """(rows, cols, squares covered by cars, walls, moves wanted).

    Cars cover 4 + L squares to level 30, then one more per eight levels up to 38, on the smallest square board
    that takes them with 3 free squares and at least one wall off X's row; walls fill the rest. Each board thus
    starts with many walls and trades one for a car square per level (4x4 to level 6, 5x5 to 14, 6x6 to 24,
    then 7x7), which keeps every board equally crowded. 2 + L / 6 moves are wanted (at most 5).
    """
    lvl = level(difficulty)
    covered = min(MAX_COVERED, 4 + slow(lvl, 1, 8, knee=30))
    # X's row is empty but for X; off it, the other cars (covered - 2 squares), at least one wall (a board with
    # none has the largest components of its size: slow to enumerate) and 3 free squares
    rows, cols = next((r, c) for r, c in BOARDS if covered - 2 + FREE_SQUARES < (r - 1) * c)
    walls = (rows - 1) * cols - (covered - 2) - FREE_SQUARES
    return rows, cols, covered, walls, min(5, 2 + lvl // 6)


def exit_row(rows: int) -> int:
    return (rows - 1) // 2


def cells_of(car: Car, cols: int, position: int) -> int:
    horizontal, line, length, _ = car
    if horizontal:
        return sum(1 << (line * cols + position + k) for k in range(length))
    return sum(1 << ((position + k) * cols + line) for k in range(length))


@cache
def slots_off_row(rows: int, cols: int) -> tuple[tuple[Car, int], ...]:
    """Every place a car or truck can take off X's row, with its squares as a bitmask."""
    row_mask = sum(1 << (exit_row(rows) * cols + c) for c in range(cols))
    slots = (
        ((horizontal, line, length, pos), cells_of((horizontal, line, length, pos), cols, pos))
        for length in (2, 3)
        for horizontal in (True, False)
        for line in range(rows if horizontal else cols)
        for pos in range((cols if horizontal else rows) - length + 1)
    )
    return tuple((slot, mask) for slot, mask in slots if not mask & row_mask)


def place_solved(rows: int, cols: int, covered: int, walls: int, rng: random.Random) -> tuple[list[Car], int]:
    """(cars, wall squares as a bitmask): X at the exit, the rest of its row empty, random walls off it, and
    random cars covering exactly ``covered`` squares off that row (slots taken in random order when they fit)."""
    row = exit_row(rows)
    row_mask = sum(1 << (row * cols + c) for c in range(cols))
    slots = list(slots_off_row(rows, cols))
    off_row = [sq for sq in range(rows * cols) if sq // cols != row]
    while True:
        wall_mask = sum(1 << sq for sq in rng.sample(off_row, walls))
        red: Car = (True, row, 2, cols - 2)
        cars, used, left = [red], row_mask | wall_mask, covered - 2
        rng.shuffle(slots)
        for slot, mask in slots:
            length = slot[2]
            if not mask & used and length <= left and left - length != 1:
                cars.append(slot)
                used |= mask
                left -= length
                if not left:
                    return cars, wall_mask


def component(
    rows: int, cols: int, cars: list[Car], walls: int, limit: int
) -> tuple[list[int], list[int]] | None:
    """Every position reachable from the cars as placed (3 bits per car) and its distance to the nearest solved
    one (X at the exit); None when there are more than ``limit`` positions."""
    n = len(cars)
    masks = [[cells_of(car, cols, p) for p in range((cols if car[0] else rows) - car[2] + 1)] for car in cars]
    first = sum(car[3] << (3 * k) for k, car in enumerate(cars))
    shifts = [3 * k for k in range(n)]
    lanes = [(mine, 1 << (3 * k), len(mine)) for k, mine in enumerate(masks)]  # (squares per place, unit, places)
    index, states, links = {first: 0}, [first], []

    def reach(nxt: int) -> int:
        j = index.get(nxt)
        if j is None:
            j = index[nxt] = len(states)
            states.append(nxt)
        return j

    for state in states:  # the list grows while it is walked: breadth-first enumeration
        pos = [(state >> shift) & 7 for shift in shifts]
        used = walls
        for (mine, _, _), here in zip(lanes, pos):
            used |= mine[here]
        out = []
        for (mine, unit, places), here in zip(lanes, pos):
            others = used ^ mine[here]
            there = here - 1
            while there >= 0 and not mine[there] & others:
                out.append(reach(state - (here - there) * unit))
                there -= 1
            there = here + 1
            while there < places and not mine[there] & others:
                out.append(reach(state + (there - here) * unit))
                there += 1
        links.append(out)
        if len(states) > limit:
            return None
    distance = [-1] * len(states)
    queue = deque(j for j, state in enumerate(states) if state & 7 == cols - 2)
    for j in queue:
        distance[j] = 0
    while queue:
        j = queue.popleft()
        for nxt in links[j]:
            if distance[nxt] < 0:
                distance[nxt] = distance[j] + 1
                queue.append(nxt)
    return states, distance


def draw(rows: int, cols: int, cars: list[Car], names: list[str], walls: int) -> list[str]:
    grid = [[WALL if walls >> (r * cols + c) & 1 else "." for c in range(cols)] for r in range(rows)]
    for car, name in zip(cars, names):
        horizontal, line, length, pos = car
        for k in range(length):
            r, c = (line, pos + k) if horizontal else (pos + k, line)
            grid[r][c] = name
    return [" ".join(row) for row in grid]


def slide(cars: list[Car], k: int, distance: int, rows: int, cols: int, walls: int) -> str | None:
    """Move car k by ``distance`` (negative: up or left) in place; the reason when the move is not allowed."""
    car = cars[k]
    horizontal, line, length, pos = car
    span = cols if horizontal else rows
    if not 0 <= pos + distance <= span - length:
        return "drives off the board"
    others = walls
    for j, other in enumerate(cars):
        if j != k:
            others |= cells_of(other, cols, other[3])
    step = 1 if distance > 0 else -1
    for p in range(pos + step, pos + distance + step, step):
        if cells_of(car, cols, p) & others:
            return "runs into another car or a wall"
    cars[k] = (horizontal, line, length, pos + distance)
    return None


def shortest_plan(
    rows: int, cols: int, start: list[Car], walls: int, distance: dict[int, int]
) -> list[tuple[int, int]]:
    """(car, signed distance) moves from ``start`` to the exit, each to a position one step nearer to it."""
    cars = list(start)
    state = sum(car[3] << (3 * k) for k, car in enumerate(cars))
    moves = []
    while distance[state]:
        k, delta = next(
            (k, delta)
            for k in range(len(cars))
            for delta in range(-cols, cols + 1)
            if delta and slide(list(cars), k, delta, rows, cols, walls) is None
            and distance[state + (delta << (3 * k))] == distance[state] - 1
        )
        slide(cars, k, delta, rows, cols, walls)
        state += delta << (3 * k)
        moves.append((k, delta))
    return moves


class RushHour(Environment):
    id = "logic/rush_hour"
    version = 1
    description = (
        "Rush Hour: slide cars along their lanes to get car X out, in the fewest moves (any distance is one move)."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): cars cover 4 + L squares to level 30, then one more per "
        "eight levels (at most 38), on the smallest of the 4x4, 5x5, 6x6, 7x7 boards that takes them with 3 free "
        "squares and a wall off X's row, walls filling the rest (4x4 to level 6, 5x5 to 14, 6x6 to 24, then 7x7); "
        "the start is the position farthest from the exit in its board's component, boards being drawn (up to 4) "
        "until one needs 2 + L/6 moves (at most 5), the farthest kept, and never a one-move start"
    )
    size_name = "squares covered by cars"
    answer_format = (
        "the moves in order, separated by commas, each as the car's letter, a direction (U, D, L or R) and the "
        "number of squares, for example A D2, X R3"
    )
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, cols, covered, walls, wanted = plan(difficulty)
        best = None
        boards = 0
        # a one-move start (X drives straight out) is redrawn too, up to a limit that never binds in practice
        while best is None or (best[0] < wanted and boards < MAX_BOARDS) or (best[0] < 2 and boards < 40):
            boards += 1
            cars, wall_mask = place_solved(rows, cols, covered, walls, rng)
            found = component(rows, cols, cars, wall_mask, MAX_COMPONENT)
            if found is None:
                continue
            far = max(found[1])
            if far > 0 and (best is None or far > best[0]):
                best = (far, cars, wall_mask, *found)
        far, cars, wall_mask, states, distance = best
        names = [RED] + list(LETTERS[: len(cars) - 1])
        state = states[distance.index(far)]
        start = [(h, line, length, (state >> (3 * k)) & 7) for k, (h, line, length, _) in enumerate(cars)]
        moves = shortest_plan(rows, cols, start, wall_mask, dict(zip(states, distance)))
        row = exit_row(rows)
        prompt = (
            f"Rush Hour on a {rows}x{cols} board (top row first; . is an empty square, # a wall, each letter one "
            "car):\n\n" + "\n".join(draw(rows, cols, start, names, wall_mask)) + "\n\n"
            "Each car occupies 2 or 3 squares in a line and only ever moves along that line: a car lying across "
            "a row moves left or right, a car lying along a column moves up or down. A move slides one car any "
            "number of squares (at least one) in one direction, through empty squares only (never through a car "
            f"or a wall), and stays on the board. Car {RED} lies in row {row + 1} (counting from the top), and the "
            f"exit is at the right end of that row: the puzzle is solved when {RED} has slid all the way right, "
            "its right end on the last square of the row. Solve it in as few moves as possible (sliding a car "
            "several squares at once is still one move): only a shortest solution counts, and any shortest one is "
            "accepted. Write the moves in order, separated by commas, each as the car's letter, a direction (U up, "
            f"D down, L left, R right) and the number of squares, for example A D2, {RED} R3."
        )
        answer = ", ".join(
            f"{names[k]} {('R' if d > 0 else 'L') if cars[k][0] else ('D' if d > 0 else 'U')}{abs(d)}" for k, d in moves
        )
        walls_at = [sq for sq in range(rows * cols) if wall_mask >> sq & 1]
        data = {"rows": rows, "cols": cols, "cars": [list(car) for car in start], "walls": walls_at, "moves": far}
        return Instance(prompt=prompt, answer=answer, data=data, size=covered)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, optimum = data["rows"], data["cols"], data["moves"]
        cars: list[Car] = [tuple(car) for car in data["cars"]]  # type: ignore[misc]
        walls = sum(1 << sq for sq in data["walls"])
        names = [RED] + list(LETTERS[: len(cars) - 1])
        pieces = split_moves(answer, 2 * optimum + 8, chars_per_move=16)  # longer ones are read, to say why
        for number, piece in enumerate(pieces, start=1):
            match = _MOVE.fullmatch(" ".join(piece.split()))
            if not match:
                raise ParseError(f"move {number}: expected car, direction and distance (A D2), not {piece[:24]!r}")
            name, direction, amount = match.group(1).upper(), match.group(2)[0].upper(), int(match.group(3))
            if name not in names:
                return Verdict.wrong(f"move {number}: there is no car {name}")
            k = names.index(name)
            if (direction in "LR") != cars[k][0]:
                lane = "left or right" if cars[k][0] else "up or down"
                return Verdict.wrong(f"move {number}: car {name} can only move {lane}")
            if amount == 0:
                return Verdict.wrong(f"move {number} slides car {name} zero squares")
            reason = slide(cars, k, amount if direction in "RD" else -amount, rows, cols, walls)
            if reason:
                return Verdict.wrong(f"move {number} ({piece.strip()[:16]}) {reason}")
        if cars[0][3] != cols - 2:
            return Verdict.wrong(f"after the last move car {RED} has not reached the exit")
        if len(pieces) > optimum:
            return Verdict.wrong(f"the solution takes {len(pieces)} moves; the fewest possible is {optimum}")
        return Verdict.right()
