"""logic/staircase_nim: a winning move in staircase Nim (coins move down one step at a time, off the bottom step to
the ground), or none.

Only the odd-numbered steps matter: a move from an odd step to the even step below is a Nim move on the odd
steps, and a move from an even step onto the odd step below can be undone by moving the same coins on down, so
the mover loses exactly when the XOR of the odd steps' coins is 0. A winning move either takes coins from an odd
step or adds coins to one from the even step above it. About a quarter of the posed positions are lost.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import plain_answer

#: Share of posed positions that are lost (the answer is "none").
LOST_SHARE = 0.25
#: The level stops growing here (near d = 5 * 10**14): steps of up to 1003 coins, at most 44 steps.
MAX_LEVEL = 1000

_STEP_FIRST = re.compile(r"(?:from )?step (\d{1,4}) ?[:,]? ?move (\d{1,6})(?: coins?)?(?: down)?")
_MOVE_FIRST = re.compile(
    r"move (\d{1,6})(?: coins?)? (?:down )?from step (\d{1,4})(?: to (?:step \d{1,4}|the ground))?"
)


def odd_xor(coins: list[int]) -> int:
    """The XOR of the coins on steps 1, 3, 5, ... (coins[0] is step 1)."""
    total = 0
    for count in coins[0::2]:
        total ^= count
    return total


def after_move(coins: list[int], step: int, moved: int) -> list[int]:
    after = list(coins)
    after[step - 1] -= moved
    if step >= 2:
        after[step - 2] += moved
    return after


def winning_moves(coins: list[int]) -> list[tuple[int, int]]:
    """Every winning move as (step from 1, coins moved down), by step; empty when the position is lost."""
    total = odd_xor(coins)
    if total == 0:
        return []
    moves = []
    for step, count in enumerate(coins, start=1):
        if step % 2 == 1 and count ^ total < count:  # shrink an odd step
            moves.append((step, count - (count ^ total)))
        elif step % 2 == 0 and 0 < (coins[step - 2] ^ total) - coins[step - 2] <= count:  # grow the odd step below
            moves.append((step, (coins[step - 2] ^ total) - coins[step - 2]))
    return moves


def plan(difficulty: int) -> tuple[int, int]:
    """(steps, most coins on a step): 2 + L/3 steps to level 30, then one more per 30 levels; up to 3 + L coins."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 2 + slow(lvl, 3, 30, knee=30), 3 + lvl


class StaircaseNim(Environment):
    id = "logic/staircase_nim"
    version = 1
    description = (
        "Find a winning move in staircase Nim (coins move down one step at a time), or say the position is lost."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 1000): 2 + L/3 steps to level 30, then one "
        "more per 30 levels; 0 to 3 + L coins on a step; about a quarter of the positions are lost"
    )
    size_name = "most coins on a step"
    answer_format = (
        "step i: move t for a winning move (t coins go from step i down to step i - 1, or to the ground from step "
        "1), for example step 3: move 2; or none if the position is lost"
    )
    tags = ("logic", "game-theory", "nim")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        steps, most = plan(difficulty)
        coins = [rng.randint(0, most) for _ in range(steps)]
        if rng.random() < LOST_SHARE:
            last_odd = steps - 1 if steps % 2 == 1 else steps - 2  # index of the highest odd step
            coins[last_odd] = 0
            coins[last_odd] = odd_xor(coins) if odd_xor(coins) <= most else coins[last_odd]
        if sum(coins) == 0:
            coins[-1] = most  # keep a move on the board
        moves = winning_moves(coins)
        listing = "\n".join(
            f"step {i}: {c} coin{'' if c == 1 else 's'}" for i, c in reversed(list(enumerate(coins, start=1)))
        )
        prompt = (
            f"Two players play staircase Nim on a staircase of {steps} steps, numbered 1 (the lowest) to {steps} (the "
            f"highest); below step 1 is the ground. The coins on each step:\n{listing}\n\n"
            "The players alternate. A move picks a step i that holds coins and moves any number of its coins (at "
            "least one, at most all of them) down to step i - 1; coins moved down from step 1 go to the ground and "
            "are out of play. A player who cannot move (every coin is on the ground) loses.\n"
            "It is your turn. A winning move is one after which you can win whatever your opponent does, with "
            "perfect play from both sides. Give a winning move (any winning move counts), written step i: move t to "
            "move t coins down from step i, for example step 3: move 2; or answer none if every move loses against "
            "perfect play."
        )
        answer = f"step {moves[0][0]}: move {moves[0][1]}" if moves else "none"
        return Instance(prompt=prompt, answer=answer, data={"coins": coins}, size=most)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        coins = data["coins"]
        lost = odd_xor(coins) == 0
        text = plain_answer(answer, 80)
        if text == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        if match := _STEP_FIRST.fullmatch(text):
            step, moved = int(match.group(1)), int(match.group(2))
        elif match := _MOVE_FIRST.fullmatch(text):
            moved, step = int(match.group(1)), int(match.group(2))
        else:
            raise ParseError("expected step i: move t, or none")
        if not 1 <= step <= len(coins):
            return Verdict.wrong(f"there is no step {step}: the steps are numbered 1 to {len(coins)}")
        if not 1 <= moved <= coins[step - 1]:
            return Verdict.wrong(f"step {step} holds {coins[step - 1]} coins: a move takes 1 to {coins[step - 1]}")
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if odd_xor(after_move(coins, step, moved)) != 0:
            return Verdict.wrong("that move leaves your opponent a winning position")
        return Verdict.right()
