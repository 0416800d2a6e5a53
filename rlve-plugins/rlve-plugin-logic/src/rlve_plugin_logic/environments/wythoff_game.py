"""logic/wythoff_game: find a winning move in Wythoff's game (two piles; take from one pile, or the same number
from both), or say that the position is lost.

The lost positions are the pairs (floor(k phi), floor(k phi^2)); small piles can be searched by hand, large ones
need that theory. The checker plays the move and tests whether the opponent is left a lost position, so any of
the (up to three) winning moves counts. About a quarter of the positions are lost.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.games import (
    plain_answer,
    wythoff_is_lost,
    wythoff_move,
    wythoff_pair,
    wythoff_winning_moves,
)

#: Share of posed positions that are lost (the answer is "none").
LOST_SHARE = 0.25

_TAKE_FIRST = re.compile(r"take (\d{1,15})(?: objects?)? from (?:pile )?(a|b|both)(?: piles)?")
_PILE_FIRST = re.compile(r"(?:pile )?(a|b|both) ?: ?take (\d{1,15})")
_PILE_NAMES = {"a": "A", "b": "B", "both": "both"}


def largest_pile(difficulty: int) -> int:
    """(L + 3)^2: 9 at level 0, 1089 at level 30, about 4.4e7 at d = 10**100."""
    return (level(difficulty) + 3) ** 2


def last_lost_index(largest: int) -> int:
    """The largest k whose lost position (floor(k phi), floor(k phi^2)) fits in piles of at most ``largest``."""
    k = largest * 382 // 1000  # phi^-2 = 0.3819...
    while k > 1 and wythoff_pair(k)[1] > largest:
        k -= 1
    while wythoff_pair(k + 1)[1] <= largest:
        k += 1
    return max(k, 1)


def format_move(pile: str, take: int) -> str:
    return f"take {take} from {pile}"


class WythoffGame(Environment):
    id = "logic/wythoff_game"
    version = 1
    description = (
        "Find a winning move in Wythoff's game (take from one pile, or equally from both), or say the position "
        "is lost."
    )
    difficulty_scales = (
        "piles of up to (L + 3)^2 objects, level L (L = d up to 100, then +20 per doubling): 9 at d 0, 1089 at "
        "d 30; about a quarter of the positions are lost"
    )
    size_name = "largest possible pile"
    answer_format = (
        "take t from A, take t from B or take t from both for a winning move (t objects from pile A, from pile B, "
        "or from each of the two piles), for example take 3 from both; or none if the position is lost"
    )
    tags = ("logic", "game-theory", "wythoff")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        largest = largest_pile(difficulty)
        if rng.random() < LOST_SHARE:
            low, high = wythoff_pair(rng.randint(1, last_lost_index(largest)))
            x, y = (low, high) if rng.random() < 0.5 else (high, low)
        else:
            while True:
                x, y = rng.randint(1, largest), rng.randint(1, largest)
                if not wythoff_is_lost(x, y):
                    break
        moves = wythoff_winning_moves(x, y)
        prompt = (
            f"Two players play Wythoff's game with two piles of objects: pile A holds {x} and pile B holds {y}. "
            "They take turns. A move either takes any number of objects (at least one) from one pile, or takes "
            "the same number of objects (at least one) from both piles. The player who takes the last object wins "
            "(a player who cannot move loses). It is your turn. A winning move is one after which you can win "
            "whatever your opponent does, with perfect play from both sides. Give a winning move (any winning move "
            "counts), or answer none if there is none, i.e. every move loses against perfect play."
        )
        answer = format_move(*moves[0]) if moves else "none"
        return Instance(prompt=prompt, answer=answer, data={"piles": [x, y]}, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        x, y = data["piles"]
        lost = wythoff_is_lost(x, y)
        text = plain_answer(answer, 80)
        if text == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        match = _TAKE_FIRST.fullmatch(text)
        if match:
            take, pile = int(match.group(1)), _PILE_NAMES[match.group(2)]
        elif match := _PILE_FIRST.fullmatch(text):
            pile, take = _PILE_NAMES[match.group(1)], int(match.group(2))
        else:
            raise ParseError("expected take t from A, take t from B, take t from both, or none")
        after = wythoff_move(x, y, pile, take)
        if after is None:
            where = "pile " + pile if pile != "both" else "each pile"
            return Verdict.wrong(f"cannot take {take} from {where}: the piles hold {x} and {y}")
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if not wythoff_is_lost(*after):
            return Verdict.wrong(f"that move leaves piles {after[0]} and {after[1]}, from which your opponent wins")
        return Verdict.right()
