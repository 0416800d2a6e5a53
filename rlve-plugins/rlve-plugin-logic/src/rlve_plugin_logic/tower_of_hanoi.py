"""logic/tower_of_hanoi: move discs between three pegs from one legal position to another in the fewest moves.

Positions are given per disc (the peg it is on; a legal position is fixed by that). The optimum between two
arbitrary positions is computed exactly (Hinz): only discs up to the largest one whose peg differs matter;
that disc k moves from peg a to b either once (discs 1..k-1 gathered on the third peg c meanwhile) or twice,
via c (the smaller discs parked on b, then carried as a tower to a). The checker simulates the moves.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.scaling import level, slow

PEGS = "ABC"
MAX_DISCS = 11  # at most 2^11 - 1 = 2047 moves, about 8 000 characters of answer
MAX_CANDIDATES = 64


def to_tower(pos: list[int], k: int, peg: int) -> int:
    """Fewest moves to gather discs 1..k (pos[i] = peg of disc i+1) into a tower on ``peg``."""
    moves = 0
    while k > 0:
        if pos[k - 1] != peg:
            # disc k must move to `peg`; everything smaller first goes to the third peg, then follows as a tower
            moves += 1 + (1 << (k - 1)) - 1
            peg = 3 - pos[k - 1] - peg
        k -= 1
    return moves


def optimal_moves(start: list[int], goal: list[int]) -> int:
    """Exact length of a shortest move sequence from ``start`` to ``goal``."""
    k = len(start)
    while k > 0 and start[k - 1] == goal[k - 1]:
        k -= 1
    if k == 0:
        return 0
    a, b = start[k - 1], goal[k - 1]
    c = 3 - a - b
    once = to_tower(start, k - 1, c) + 1 + to_tower(goal, k - 1, c)
    twice = to_tower(start, k - 1, b) + 1 + ((1 << (k - 1)) - 1) + 1 + to_tower(goal, k - 1, a)
    return min(once, twice)


def solve(start: list[int], goal: list[int]) -> list[tuple[int, int]]:
    """One optimal move list (recursive construction mirroring ``optimal_moves``)."""
    pos = list(start)
    moves: list[tuple[int, int]] = []

    def move_disc(disc: int, dest: int) -> None:
        moves.append((pos[disc - 1], dest))
        pos[disc - 1] = dest

    def gather(k: int, peg: int) -> None:  # discs 1..k into a tower on peg, optimally
        if k == 0:
            return
        if pos[k - 1] == peg:
            gather(k - 1, peg)
            return
        other = 3 - pos[k - 1] - peg
        gather(k - 1, other)
        move_disc(k, peg)
        gather(k - 1, peg)

    def reach(k: int) -> None:  # discs 1..k into their goal places, optimally
        while k > 0 and pos[k - 1] == goal[k - 1]:
            k -= 1
        if k == 0:
            return
        a, b = pos[k - 1], goal[k - 1]
        c = 3 - a - b
        once = to_tower(pos, k - 1, c) + 1 + to_tower(goal, k - 1, c)
        twice = to_tower(pos, k - 1, b) + 1 + ((1 << (k - 1)) - 1) + 1 + to_tower(goal, k - 1, a)
        if once <= twice:
            gather(k - 1, c)
            move_disc(k, b)
        else:
            gather(k - 1, b)
            move_disc(k, c)
            gather(k - 1, a)
            move_disc(k, b)
        reach(k - 1)

    reach(len(start))
    return moves


def plan(difficulty: int) -> tuple[int, bool, bool, int]:
    """(discs, random start, random goal, candidate pairs of which the one with the longest optimum is kept)."""
    lvl = level(difficulty)
    discs = min(MAX_DISCS, 3 + slow(lvl, 6, 30))
    candidates = min(MAX_CANDIDATES, 4 + max(0, lvl - 40) // 5)
    return discs, lvl >= 2, lvl >= 8, candidates


def describe(pos: list[int], discs: int) -> str:
    parts = []
    for peg in range(3):
        on = [d for d in range(discs, 0, -1) if pos[d - 1] == peg]
        parts.append(f"{PEGS[peg]}: {' '.join(map(str, on)) if on else 'empty'}")
    return "; ".join(parts)


def read_moves(answer: str, limit: int) -> list[tuple[int, int]]:
    """Moves as peg-letter pairs: "AC, AB" or "A->C A->B" or "A C; A B".

    Reading stops after ``limit`` + 1 moves: the checker rejects a list that long anyway, and the work stays
    bounded by the optimum rather than by the answer.
    """
    text = answer.upper().replace("->", " ").replace("TO", " ")
    letters = []
    for ch in text:
        if ch in PEGS:
            letters.append(PEGS.index(ch))
        elif ch not in " ,;\n\t\r.":
            raise ParseError(f"unexpected character {ch!r} in the move list")
        if len(letters) >= 2 * limit + 2:
            break
    if len(letters) % 2:
        raise ParseError("the last move has no destination peg")
    return [(letters[i], letters[i + 1]) for i in range(0, len(letters), 2)]


class TowerOfHanoi(Environment):
    id = "logic/tower_of_hanoi"
    version = 1
    description = "Move Tower of Hanoi discs from a given position to a goal position in the fewest possible moves."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): discs 3 + L // 6 (at most 11); random legal start "
        "position from L 2, random goal position from L 8; 4 + max(0, L - 40) // 5 random position pairs "
        "(at most 64) are drawn and the one with the longest optimum is posed"
    )
    size_name = "discs"
    answer_format = "the moves in order, each as the source and destination peg letters, comma-separated, e.g. AC, AB"
    tags = ("logic", "planning", "hanoi")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        discs, random_start, random_goal, candidates = plan(difficulty)
        best: tuple[int, list[int], list[int]] | None = None
        for _ in range(candidates):
            goal_peg = rng.randrange(1, 3)
            start = [rng.randrange(3) for _ in range(discs)] if random_start else [0] * discs
            goal = [rng.randrange(3) for _ in range(discs)] if random_goal else [goal_peg] * discs
            cost = optimal_moves(start, goal)
            if cost > 0 and (best is None or cost > best[0]):
                best = (cost, start, goal)
        if best is None:  # every candidate had start == goal: pose the classic full-tower transfer
            best = ((1 << discs) - 1, [0] * discs, [2] * discs)
        cost, start, goal = best
        moves = solve(start, goal)
        assert len(moves) == cost
        prompt = (
            f"Tower of Hanoi with three pegs A, B, C and {discs} discs numbered 1 (smallest) to {discs} (largest). "
            "A move takes the top disc of one peg and puts it on another peg, never on a smaller disc.\n"
            f"Start (each peg listed bottom to top): {describe(start, discs)}\n"
            f"Goal (each peg listed bottom to top): {describe(goal, discs)}\n"
            "Give a shortest sequence of moves from the start to the goal; any sequence of the minimum length is "
            "accepted. Write each move as the letter of the peg it takes from followed by the letter it puts on."
        )
        answer = ", ".join(PEGS[a] + PEGS[b] for a, b in moves)
        data = {"discs": discs, "start": start, "goal": goal, "optimal": cost}
        return Instance(prompt=prompt, answer=answer, data=data, size=discs)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        optimal: int = data["optimal"]
        moves = read_moves(answer, optimal + 1)
        if len(moves) > optimal:
            return Verdict.wrong(f"more than the minimum {optimal} moves")
        pegs: list[list[int]] = [[] for _ in range(3)]
        for disc in range(data["discs"], 0, -1):
            pegs[data["start"][disc - 1]].append(disc)
        for number, (a, b) in enumerate(moves, start=1):
            if a == b:
                return Verdict.wrong(f"move {number} takes from and puts on the same peg")
            if not pegs[a]:
                return Verdict.wrong(f"move {number} takes from empty peg {PEGS[a]}")
            if pegs[b] and pegs[b][-1] < pegs[a][-1]:
                return Verdict.wrong(f"move {number} puts disc {pegs[a][-1]} on smaller disc {pegs[b][-1]}")
            pegs[b].append(pegs[a].pop())
        reached = [0] * data["discs"]
        for peg, stack in enumerate(pegs):
            for disc in stack:
                reached[disc - 1] = peg
        if reached != data["goal"]:
            return Verdict.wrong(f"after {len(moves)} moves the discs are not in the goal position")
        return Verdict.right()  # reaching the goal in <= optimal moves means exactly optimal
