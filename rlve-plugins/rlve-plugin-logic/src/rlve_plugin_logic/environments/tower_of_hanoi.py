"""logic/tower_of_hanoi: shortest Tower of Hanoi plans between two legal positions, for any number of discs.

Positions are given per disc (the peg it is on; a legal position is fixed by that). The optimum between two
arbitrary positions is computed exactly (Hinz): only discs up to the largest one whose peg differs matter;
that disc k moves from peg a to b either once (discs 1..k-1 gathered on the third peg c meanwhile) or twice,
via c (the smaller discs parked on b, then carried as a tower to a).

Up to 8 discs the question is the whole shortest move list (at most 255 moves), checked by simulation. From 9
discs on a list would have up to 2^n - 1 moves, so the question becomes "where is every disc after the first m
moves of a shortest solution?": the answer is n peg letters, it needs the same recursive reasoning (which disc
moves when, and where the smaller ones are parked), and it is checked exactly and for every shortest solution
at once: a position P is right when it is m moves from the start and (optimum - m) moves from the goal.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level, slow

PEGS = "ABC"
#: Up to this many discs the whole move list is asked for (at most 2^8 - 1 = 255 moves, about 1 000 characters).
MAX_LISTED_DISCS = 8
MAX_CANDIDATES = 64
MOVES, POSITION = "moves", "position"


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
    return trips(start, goal, k)[0]


def trips(pos: list[int], goal: list[int], k: int) -> tuple[int, list[tuple[int, int]]]:
    """How disc ``k`` (misplaced, every bigger disc in place) gets from ``pos`` to its goal peg, optimally:
    (the moves it takes for discs 1..k, the legs as (where discs 1..k-1 park, where disc k goes)).

    Either one trip (the small discs park on the third peg, disc k moves straight to its goal) or two
    (disc k goes to the third peg and on, the small discs parked first on the goal peg, then on its start),
    whichever is shorter; the second can win when the small discs already sit on the goal peg.
    """
    a, b = pos[k - 1], goal[k - 1]
    c = 3 - a - b
    once = to_tower(pos, k - 1, c) + 1 + to_tower(goal, k - 1, c)
    twice = to_tower(pos, k - 1, b) + 1 + ((1 << (k - 1)) - 1) + 1 + to_tower(goal, k - 1, a)
    return (once, [(c, b)]) if once <= twice else (twice, [(b, c), (a, b)])


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
        for park, dest in trips(pos, goal, k)[1]:
            gather(k - 1, park)
            move_disc(k, dest)
        reach(k - 1)

    reach(len(start))
    return moves


def position_after(start: list[int], goal: list[int], m: int) -> list[int]:
    """The position after the first ``m`` moves of ``solve(start, goal)``, without listing them.

    It follows the same recursion as ``solve`` but skips every sub-plan that fits in the moves left whole (its
    length is ``to_tower``), so it takes O(n^2) steps however large ``m`` is.
    """
    pos = list(start)
    left = m

    def gather(k: int, peg: int) -> None:  # as solve's gather, stopping when no move is left
        nonlocal left
        while k > 0 and left > 0:
            if pos[k - 1] == peg:
                k -= 1
                continue
            cost = to_tower(pos, k, peg)
            if cost <= left:
                for i in range(k):
                    pos[i] = peg
                left -= cost
                return
            gather(k - 1, 3 - pos[k - 1] - peg)
            if left == 0:
                return
            pos[k - 1] = peg
            left -= 1
            k -= 1  # and then gather discs 1..k-1 onto the same peg

    k = len(start)
    while left > 0:
        while k > 0 and pos[k - 1] == goal[k - 1]:
            k -= 1
        if k == 0:
            break
        for park, dest in trips(pos, goal, k)[1]:
            gather(k - 1, park)
            if left == 0:
                break
            pos[k - 1] = dest
            left -= 1
            if left == 0:
                break
        k -= 1
    return pos


def plan(difficulty: int) -> tuple[int, str, bool, bool, int]:
    """(discs, what is asked, random start, random goal, candidate pairs of which the longest optimum is kept).

    Discs 3 + L to level 30 (one more per level), then one more per two levels. Each question kind starts from
    the classic full-tower transfer and then randomises the start and the goal positions.
    """
    lvl = level(difficulty)
    discs = 3 + slow(lvl, 1, 2, knee=30)
    ask = MOVES if discs <= MAX_LISTED_DISCS else POSITION
    first = 0 if ask == MOVES else MAX_LISTED_DISCS - 2  # the level this question kind starts at
    candidates = min(MAX_CANDIDATES, 4 + max(0, lvl - 40) // 5)
    return discs, ask, lvl >= first + 2, lvl >= first + 4, candidates


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


def read_position(answer: str, discs: int) -> list[int]:
    """A position as the peg of every disc, disc 1 first ("A C C B", "ACCB"), or peg by peg ("A: 4 1; B: empty;
    C: 3 2"; the order within a peg does not matter, since which peg a disc is on fixes the legal position).
    """
    text = answer.strip().strip(".").strip()
    if len(text) > 8 * discs + 40:
        raise ParseError(f"too long for a position of {discs} discs")
    if ":" not in text:
        tokens = [t for t in re.split(r"[\s,;]+", text.upper()) if t]
        if len(tokens) == 1 and len(tokens[0]) == discs:
            tokens = list(tokens[0])
        if len(tokens) != discs or any(t not in PEGS for t in tokens):
            raise ParseError(f"expected {discs} peg letters (A, B or C), one per disc, disc 1 first")
        return [PEGS.index(t) for t in tokens]
    pos: list[int | None] = [None] * discs
    seen: set[str] = set()
    for part in (p.strip() for p in re.split(r"[;\n]+", text) if p.strip()):
        peg, _, rest = part.partition(":")
        peg = peg.strip().upper()
        if peg not in PEGS or peg in seen:
            raise ParseError(f"expected one 'X: discs' item per peg A, B, C, got {part[:30]!r}")
        seen.add(peg)
        if rest.strip().lower() in ("empty", "none", "-", ""):
            continue
        for disc in parse_int_list(rest, max_items=discs, max_digits=len(str(discs))):
            if not 1 <= disc <= discs or pos[disc - 1] is not None:
                raise ParseError(f"disc {disc} is out of range or listed twice")
            pos[disc - 1] = PEGS.index(peg)
    placed = [p for p in pos if p is not None]
    if len(placed) != discs:
        raise ParseError("every disc must be on some peg")
    return placed


class TowerOfHanoi(Environment):
    id = "logic/tower_of_hanoi"
    version = 2
    description = (
        "Tower of Hanoi between two positions: the shortest move list, or, with many discs, the position after "
        "the first m moves of a shortest solution."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): discs 3 + L up to L 30, then +1 per 2 levels (unbounded); "
        "up to 8 discs the whole shortest move list is asked for, from 9 discs the position after a random number "
        "m of moves of a shortest solution; within each kind: classic full-tower transfer, then a random start "
        "(2 levels on), then a random goal too (4 levels on); 4 + max(0, L - 40) // 5 random position pairs "
        "(at most 64) are drawn and the one with the longest optimum is posed"
    )
    size_name = "discs"
    answer_format = (
        "what the question asks for: either the moves in order, each as the source and destination peg letters, "
        "comma-separated (for example AC, AB), or a position as the peg letter of every disc, disc 1 first "
        "(for example A C C B)"
    )
    tags = ("logic", "planning", "hanoi")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        discs, ask, random_start, random_goal, candidates = plan(difficulty)
        best: tuple[int, list[int], list[int]] | None = None
        for _ in range(candidates):
            goal_peg = rng.randrange(1, 3)
            start = [rng.randrange(3) for _ in range(discs)] if random_start else [0] * discs
            goal = [rng.randrange(3) for _ in range(discs)] if random_goal else [goal_peg] * discs
            cost = optimal_moves(start, goal)
            if cost > 1 and (best is None or cost > best[0]):
                best = (cost, start, goal)
        if best is None:  # every candidate was (nearly) solved already: pose the classic full-tower transfer
            best = ((1 << discs) - 1, [0] * discs, [2] * discs)
        cost, start, goal = best
        rules = (
            f"Tower of Hanoi with three pegs A, B, C and {discs} discs numbered 1 (smallest) to {discs} (largest). "
            "A move takes the top disc of one peg and puts it on another peg, never on a smaller disc.\n"
            f"Start (each peg listed bottom to top): {describe(start, discs)}\n"
            f"Goal (each peg listed bottom to top): {describe(goal, discs)}\n"
        )
        if ask == MOVES:
            moves = solve(start, goal)
            assert len(moves) == cost
            prompt = rules + (
                "Give a shortest sequence of moves from the start to the goal; any sequence of the minimum length "
                "is accepted. Write each move as the letter of the peg it takes from followed by the letter it puts on."
            )
            answer = ", ".join(PEGS[a] + PEGS[b] for a, b in moves)
            data = {"discs": discs, "start": start, "goal": goal, "ask": MOVES, "optimal": cost}
        else:
            after = rng.randint(1, cost - 1)
            prompt = rules + (
                f"A shortest sequence of moves from the start to the goal has {cost} moves. Where is every disc after "
                f"the first {after} moves of a shortest sequence? If there are several shortest sequences, the "
                f"position after {after} moves of any of them is accepted. Give the peg letter of every disc, in the "
                f"order disc 1, disc 2, ..., disc {discs}."
            )
            answer = " ".join(PEGS[p] for p in position_after(start, goal, after))
            data = {"discs": discs, "start": start, "goal": goal, "ask": POSITION, "after": str(after)}
        return Instance(prompt=prompt, answer=answer, data=data, size=discs)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        if data["ask"] == POSITION:
            return self.check_position(data, answer)
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

    def check_position(self, data: dict[str, Any], answer: str) -> Verdict:
        position = read_position(answer, data["discs"])
        after = int(data["after"])
        from_start = optimal_moves(data["start"], position)
        if from_start != after:
            return Verdict.wrong(f"that position is {from_start} moves from the start, not {after}")
        to_goal = optimal_moves(position, data["goal"])
        remaining = optimal_moves(data["start"], data["goal"]) - after
        if to_goal != remaining:
            return Verdict.wrong(
                f"that position is {to_goal} moves from the goal, not {remaining}: off every shortest way"
            )
        return Verdict.right()
