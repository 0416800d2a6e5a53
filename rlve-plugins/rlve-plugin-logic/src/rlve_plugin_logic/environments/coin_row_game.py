"""logic/coin_row_game: coins in a row, two players alternately take a coin from either end; the first player's
best guaranteed margin (first player's total minus second player's) and an optimal first move.

The game is zero-sum in the margin, so the value of a stretch of coins i..j is
best(i, j) = max(c[i] - best(i + 1, j), c[j] - best(i, j - 1)): an interval dynamic programme, O(n^2). The
checker accepts either end whenever it reaches the optimum (with equal ends, or when both choices tie).
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.games import plain_answer

#: Most coins (reached near d = 3200): the table is n^2 / 2 cells, so generation stays in milliseconds.
MAX_LEVEL = 200

_ANSWER = re.compile(
    r"(?:margin ?[:=]? ?)?([+-]?\d{1,9}) ?[,;:]? ?(?:move ?[:=]? ?|first move ?[:=]? ?)?(?:take (?:the )?)?"
    r"(left|right)(?: end)?(?: coin)?"
)


def plan(difficulty: int) -> tuple[int, int]:
    """(coins, largest coin value): 3 + L coins (L = level, capped at 200), values up to 5 + 3 min(L, 30)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 3 + lvl, 5 + 3 * min(lvl, 30)


def margin_table(coins: list[int]) -> list[list[int]]:
    """best[i][j]: the margin the player to move secures on coins i..j (inclusive), both sides playing well."""
    n = len(coins)
    best = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        row, below = best[i], best[i + 1] if i + 1 < n else None
        row[i] = coins[i]
        for j in range(i + 1, n):
            row[j] = max(coins[i] - below[j], coins[j] - row[j - 1])
    return best


def first_move_margins(coins: list[int]) -> dict[str, int]:
    """The margin the first player secures after taking each end first (then playing well)."""
    if len(coins) == 1:
        return {"left": coins[0], "right": coins[0]}
    best = margin_table(coins)
    n = len(coins)
    return {"left": coins[0] - best[1][n - 1], "right": coins[-1] - best[0][n - 2]}


class CoinRowGame(Environment):
    id = "logic/coin_row_game"
    version = 1
    description = (
        "Coins in a row, players alternately take an end coin: the first player's optimal margin and an optimal "
        "first move."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 200): 3 + L coins, values 1 to 5 + 3 min(L, 30)"
    )
    size_name = "coins"
    answer_format = (
        "the margin, then left or right for an optimal first move, for example 7, left (any optimal first move "
        "counts; the margin may be negative or 0)"
    )
    tags = ("logic", "game-theory", "minimax", "dynamic-programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, largest = plan(difficulty)
        coins = [rng.randint(1, largest) for _ in range(count)]
        margins = first_move_margins(coins)
        value = max(margins.values())
        move = "left" if margins["left"] == value else "right"
        prompt = (
            f"{count} coins lie in a row; their values, from the left end to the right end, are:\n"
            f"{' '.join(map(str, coins))}\n\n"
            "Two players take turns, the first player moving first. On each turn the player to move takes one coin, "
            "either the leftmost or the rightmost coin still in the row, and keeps its value. The game ends when "
            "no coins remain. The margin is the first player's total minus the second player's total; the first "
            "player tries to make it as large as possible and the second player as small as possible.\n"
            "With perfect play from both sides, what margin does the first player secure, and which coin should "
            "the first player take first to secure it (left or right)? Answer with the margin, then left or right, "
            "for example: 7, left. If both first moves secure the same margin, either counts."
        )
        data = {"coins": coins, "margin": value, "margins": margins}
        return Instance(prompt=prompt, answer=f"{value}, {move}", data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        match = _ANSWER.fullmatch(plain_answer(answer, 80))
        if not match:
            raise ParseError("expected the margin, then left or right, as in 7, left")
        claimed, side = int(match.group(1)), match.group(2)
        if claimed != data["margin"]:
            return Verdict.wrong(f"{claimed} is not the margin the first player secures with perfect play")
        if data["margins"][side] != data["margin"]:
            return Verdict.wrong(f"taking the {side} coin first secures only {data['margins'][side]}")
        return Verdict.right()
