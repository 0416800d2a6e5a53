"""logic/blocks_world: restack lettered blocks into a goal configuration with the fewest moves.

Optimal blocks-world planning is NP-hard, but its structure is well known (Gupta and Nau, "On the complexity of
blocks-world planning", 1992): a block is *done* when it and everything below it stand as in the goal; moving
a block straight onto its goal place (the table, or a done clear block) is never a mistake; and some optimal
plan moves every other block at most once elsewhere, always to the table. So a plan is fixed by the set of
blocks sent to the table on the way, and its length is (blocks not done) + (blocks sent to the table first).
The solver searches those sets breadth-first by size: from each set, the constructive moves are played
greedily, and when none is left, every clear block not done and not on the table is a candidate for the next
trip to the table. A cap on the sets searched makes the generator draw another instance (rare below 30 blocks).
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import split_moves
from rlve_plugin_logic.solvers.sliding import Budget

TABLE = -1
#: Blocks at most, however high the level.
MAX_BLOCKS = 40
#: Sets of table trips the solver may try before the instance is redrawn.
MAX_SETS = 3000
_MOVE = re.compile(
    r"(?:move )?([a-z]{1,2}) ?(?:(?:->|onto|on to|on|to)(?: the)? ?)?([a-z]{1,2}|table)", re.IGNORECASE
)

Move = tuple[int, int]  # (block, where it goes: a block or TABLE)


def plan(difficulty: int) -> int:
    """Blocks: 3 + L to level 30, then one more per ten levels, at most 40."""
    return min(MAX_BLOCKS, 3 + slow(level(difficulty), 1, 10, knee=30))


def block_names(n: int) -> list[str]:
    """A to Z, then AA, AB, ... (as spreadsheet columns)."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26] for i in range(n)]


def random_stacks(n: int, rng: random.Random) -> list[list[int]]:
    """The blocks in random order, each put on a random existing stack (7 times in 10) or the table."""
    order = list(range(n))
    rng.shuffle(order)
    stacks: list[list[int]] = []
    for block in order:
        if stacks and rng.random() < 0.7:
            rng.choice(stacks).append(block)
        else:
            stacks.append([block])
    return stacks


def below_of(stacks: list[list[int]], n: int) -> list[int]:
    below = [TABLE] * n
    for stack in stacks:
        for lower, upper in zip(stack, stack[1:]):
            below[upper] = lower
    return below


def settle(below: list[int], goal: list[int], moves: list[Move]) -> tuple[list[int], bool, list[int]]:
    """Play constructive moves (a clear block onto its goal place, when that place is ready) until none is left.

    Returns the position, whether every block is done, and the clear blocks that are neither done nor on the
    table: the candidates for a trip to the table.
    """
    n = len(below)
    below = list(below)
    while True:
        covered = [False] * n
        for x in range(n):
            if below[x] != TABLE:
                covered[below[x]] = True
        done = [False] * n
        changed = True
        while changed:  # done spreads upwards from the table
            changed = False
            for x in range(n):
                if not done[x] and below[x] == goal[x] and (below[x] == TABLE or done[below[x]]):
                    done[x] = changed = True
        moved = False
        for x in range(n):
            target = goal[x]
            if not done[x] and not covered[x] and (target == TABLE or (done[target] and not covered[target])):
                below[x] = target
                moves.append((x, target))
                moved = True
                if target != TABLE:
                    covered[target] = True
                done[x] = True  # its goal place is done, so it is now
        if not moved:
            candidates = [x for x in range(n) if not done[x] and not covered[x] and below[x] != TABLE]
            return below, all(done), candidates


def solve(start: list[int], goal: list[int], max_sets: int = MAX_SETS) -> list[Move]:
    """A shortest plan from ``start`` to ``goal`` (arrays: the block each block stands on, or TABLE)."""
    moves: list[Move] = []
    below, finished, candidates = settle(start, goal, moves)
    if finished:
        return moves
    layer = [(frozenset(), below, moves, candidates)]
    seen: set[frozenset[int]] = {frozenset()}
    while layer:
        following = []
        for trips, below, moves, candidates in layer:
            for x in candidates:
                more = trips | {x}
                if more in seen:
                    continue
                seen.add(more)
                if len(seen) > max_sets:
                    raise Budget
                nxt = list(below)
                nxt[x] = TABLE
                plan_so_far = [*moves, (x, TABLE)]
                nxt, finished, after = settle(nxt, goal, plan_so_far)
                if finished:
                    return plan_so_far
                following.append((more, nxt, plan_so_far, after))
        layer = following
    raise AssertionError("every blocks-world goal is reachable")


def describe(stacks: list[list[int]], names: list[str]) -> str:
    return "\n".join(" ".join(names[b] for b in stack) for stack in sorted(stacks, key=lambda s: s[0]))


def read_plan(answer: str, names: list[str], limit: int) -> list[Move]:
    index = {name.lower(): i for i, name in enumerate(names)}
    out = []
    for number, piece in enumerate(split_moves(answer, limit, chars_per_move=32), start=1):
        match = _MOVE.fullmatch(" ".join(piece.split()))
        if not match:
            raise ParseError(f"move {number}: expected a move such as 'C to table' or 'A onto C', got {piece[:30]!r}")
        block, where = match.group(1).lower(), match.group(2).lower()
        for name in (block, where):
            if name != "table" and name not in index:
                raise ParseError(f"move {number}: there is no block {name.upper()}")
        if block == "table":
            raise ParseError(f"move {number}: the table cannot be moved")
        out.append((index[block], TABLE if where == "table" else index[where]))
    return out


class BlocksWorld(Environment):
    id = "logic/blocks_world"
    version = 1
    description = "Blocks world: restack lettered blocks into a goal configuration with the fewest moves."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): blocks 3 + L to level 30, then one more per ten levels "
        "(at most 40), in random stacks at the start and in the goal"
    )
    size_name = "blocks"
    answer_format = (
        "the moves in order, separated by commas, each as 'X onto Y' (block X onto block Y) or 'X to table', for "
        "example C to table, A onto C"
    )
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = plan(difficulty)
        names = block_names(n)
        while True:
            start_stacks, goal_stacks = random_stacks(n, rng), random_stacks(n, rng)
            start, goal = below_of(start_stacks, n), below_of(goal_stacks, n)
            if start == goal:
                continue
            try:
                moves = solve(start, goal)
            except Budget:
                continue
            break
        prompt = (
            f"Blocks {names[0]} to {names[-1]} stand in stacks on a table. Each line below is one stack, listed "
            "from the block on the table up to the top block; where the stacks stand on the table does not matter, "
            "and the table has room for any number of them.\n\n"
            f"Start:\n{describe(start_stacks, names)}\n\nGoal:\n{describe(goal_stacks, names)}\n\n"
            "A move takes the top block of a stack (a block with nothing on it) and puts it either on the table, "
            "as a new stack, or on top of another stack. Reach the goal (every block on the same block, or on the "
            "table, as in the goal) in as few moves as possible: only a shortest plan counts, and any shortest one "
            "is accepted. Write the moves in order, separated by commas, each as 'X onto Y' or 'X to table'."
        )
        answer = ", ".join(f"{names[x]} to table" if y == TABLE else f"{names[x]} onto {names[y]}" for x, y in moves)
        data = {"start": start, "goal": goal, "moves": len(moves)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        below, goal, optimum = list(data["start"]), data["goal"], data["moves"]
        names = block_names(len(below))
        moves = read_plan(answer, names, 2 * optimum + 8)  # longer plans are read, to say why they lose
        for number, (x, y) in enumerate(moves, start=1):
            covered = set(below)
            if x in covered:
                return Verdict.wrong(f"move {number}: {names[x]} has a block on it")
            if y == x:
                return Verdict.wrong(f"move {number} puts {names[x]} on itself")
            if y == TABLE and below[x] == TABLE:
                return Verdict.wrong(f"move {number}: {names[x]} is already on the table")
            if y != TABLE and y in covered:
                return Verdict.wrong(f"move {number}: {names[y]} has a block on it")
            below[x] = y
        if below != goal:
            return Verdict.wrong("after the last move the blocks are not stacked as in the goal")
        if len(moves) > optimum:
            return Verdict.wrong(f"the plan takes {len(moves)} moves; the fewest possible is {optimum}")
        return Verdict.right()
