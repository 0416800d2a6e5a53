"""logic/euclid_game: Euclid's game on two numbers: does the first player win, and with which move?

A move subtracts a positive multiple of the smaller number from the larger one (never below 0); whoever makes a
number 0 wins. The outcome follows the continued fraction of the larger over the smaller: a player who faces a
quotient of at least 2 wins, otherwise the only move hands the turn over. The answer "second" has no witness,
so about a third of the positions are lost for the first player; among several random pairs with the wanted
outcome the one with the longest chain of forced moves is posed, since that is the long calculation.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.games import euclid_after, euclid_mover_wins, euclid_winning_multiples, plain_answer

#: Share of posed positions the second player wins.
SECOND_SHARE = 1 / 3
#: Random pairs drawn, and candidates with the wanted outcome compared, per problem.
MAX_DRAWS = 80
CANDIDATES = 4

_FIRST = re.compile(
    r"first(?: player)?(?: wins)? ?[:,;]? ?(?:subtract |k ?= ?)?(\d{1,15})(?: times)?(?: the smaller(?: number)?)?"
)
_SECOND = re.compile(r"second(?: player)?(?: wins)?")


def largest_number(difficulty: int) -> int:
    """20 (L + 1)^2: 20 at level 0, 19220 at level 30, about 8.7e8 at d = 10**100."""
    return 20 * (level(difficulty) + 1) ** 2


def forced_moves(a: int, b: int) -> int:
    """How many moves in a row have no choice (quotient 1) before someone faces a real choice or a finish."""
    low, high = sorted((a, b))
    count = 0
    while high % low != 0 and high < 2 * low:
        low, high = high - low, low
        count += 1
    return count


class EuclidGame(Environment):
    id = "logic/euclid_game"
    version = 1
    description = "Euclid's game on two numbers: say whether the first player wins, with a winning move."
    difficulty_scales = (
        "numbers up to 20 (L + 1)^2, level L (L = d up to 100, then +20 per doubling): 20 at d 0, 19220 at d 30; "
        "the second player wins about a third of the time; the pair with the longest run of forced moves among "
        "four random ones is posed"
    )
    size_name = "largest possible number"
    answer_format = (
        "first: k if the first player wins, where k is the multiple the first player's winning move subtracts "
        "(for example first: 2); or second if the second player wins"
    )
    tags = ("logic", "game-theory", "euclid")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        largest = largest_number(difficulty)
        want_first = rng.random() >= SECOND_SHARE
        found: list[tuple[int, int]] = []
        for _ in range(MAX_DRAWS):
            a, b = rng.randint(1, largest), rng.randint(1, largest)
            if a != b and euclid_mover_wins(a, b) == want_first:
                found.append((a, b))
                if len(found) == CANDIDATES:
                    break
        if not found:
            found.append((a, b))
        a, b = max(found, key=lambda pair: forced_moves(*pair))
        wins = euclid_winning_multiples(a, b)
        prompt = (
            f"Two players play Euclid's game, starting from the numbers {a} and {b}. They take turns. A move "
            "subtracts a positive multiple k times the smaller number from the larger one, with k at most the "
            "larger divided by the smaller (rounded down), so that no number becomes negative; the smaller number "
            "stays as it is. (When the two numbers are equal, subtracting one from the other once makes it 0.) "
            "The player whose move makes one of the numbers 0 wins, and the game ends there.\n"
            "With perfect play from both sides, does the first player (the one to move now) win? If so, also give "
            "a winning first move, as its multiple k (a move after which the first player wins whatever the second "
            "does); any winning move counts."
        )
        answer = f"first: {wins[0]}" if wins else "second"
        return Instance(prompt=prompt, answer=answer, data={"numbers": [a, b]}, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        a, b = data["numbers"]
        first_wins = euclid_mover_wins(a, b)
        text = plain_answer(answer, 80)
        if _SECOND.fullmatch(text):
            return Verdict.right() if not first_wins else Verdict.wrong("the first player wins")
        match = _FIRST.fullmatch(text)
        if not match:
            if text.startswith("first"):
                raise ParseError("after first, give the multiple k of a winning move, as in first: 2")
            raise ParseError("expected first: k or second")
        if not first_wins:
            return Verdict.wrong("the second player wins: every first move loses against perfect play")
        multiple = int(match.group(1))
        after = euclid_after(a, b, multiple)
        if after is None:
            low, high = sorted((a, b))
            return Verdict.wrong(f"the multiple must be from 1 to {high // low}")
        if after[1] != 0 and euclid_mover_wins(*after):
            return Verdict.wrong(f"that move leaves {after[0]} and {after[1]}, from which the second player wins")
        return Verdict.right()
