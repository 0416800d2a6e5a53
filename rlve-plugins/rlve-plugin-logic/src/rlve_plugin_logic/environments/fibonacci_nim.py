"""logic/fibonacci_nim: a winning move in Fibonacci Nim (one pile; take at most twice what the opponent just took;
the first move may take anything but the whole pile), on the first move or in the middle of a game, or none.

Whinihan's theorem: with m objects left and at most L allowed, the mover wins exactly when the smallest term of
the Zeckendorf representation of m (m as a sum of non-consecutive Fibonacci numbers) is at most L. So taking t
wins exactly when t is the whole pile or the smallest term of m - t exceeds 2 t; the checker applies that test
to the model's move, so every winning move counts. About a quarter of the posed positions are lost.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.games import plain_answer, read_natural

#: Share of posed positions that are lost (the answer is "none").
LOST_SHARE = 0.25
#: Share of positions in the middle of a game (from MIDGAME_LEVEL); the rest are first moves.
MIDGAME_SHARE = 0.5
MIDGAME_LEVEL = 5
#: The level stops growing here (near d = 5 * 10**14): piles of at most 6010 objects.
MAX_LEVEL = 1000


def fibonacci_upto(limit: int) -> list[int]:
    """1, 2, 3, 5, 8, ... up to ``limit`` (the distinct Fibonacci numbers from 1)."""
    terms = [1, 2]
    while terms[-1] + terms[-2] <= limit:
        terms.append(terms[-1] + terms[-2])
    return [t for t in terms if t <= limit]


def smallest_term(m: int) -> int:
    """The smallest term of the Zeckendorf representation of m >= 1 (greedy: take the largest Fibonacci each time)."""
    term = m
    for fib in reversed(fibonacci_upto(m)):
        if fib <= m:
            m -= fib
            term = fib
        if m == 0:
            break
    return term


def move_wins(pile: int, take: int) -> bool:
    """Whether taking ``take`` (a legal amount) from ``pile`` wins: the opponent, allowed 2 take, then loses."""
    return take == pile or smallest_term(pile - take) > 2 * take


def plan(difficulty: int) -> tuple[int, bool]:
    """(largest pile, whether middle-of-game positions occur): piles of 2 to 10 + 6 L objects; mid-game from
    level 5."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 10 + 6 * lvl, lvl >= MIDGAME_LEVEL


def draw_position(largest: int, midgame: bool, want_lost: bool, rng: random.Random) -> tuple[int, int]:
    """(pile, the opponent's last take, 0 on the first move). A lost first move is a Fibonacci pile; a lost
    mid-game position allows less than the pile's smallest Zeckendorf term."""
    if not midgame:
        return rng.choice(fibonacci_upto(largest)[1:]) if want_lost else rng.randint(2, largest), 0
    pile = rng.randint(2, largest)
    term = smallest_term(pile)
    if want_lost and term >= 3:
        return pile, rng.randint(1, (term - 1) // 2)
    return pile, rng.randint(1, max(1, pile // 3))


def most_allowed(pile: int, previous: int) -> int:
    """The most the mover may take: all but one object on the first move, else twice the last take."""
    return pile - 1 if previous == 0 else min(pile, 2 * previous)


class FibonacciNim(Environment):
    id = "logic/fibonacci_nim"
    version = 1
    description = (
        "Fibonacci Nim (take at most twice the opponent's last take): find a winning move, on the first move or "
        "in the middle of a game, or say the position is lost."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 1000): piles of 2 to 10 + 6 L objects; from "
        "level 5 half the positions are in the middle of a game (the opponent's last take given); about a quarter "
        "of the positions are lost"
    )
    size_name = "largest possible pile"
    answer_format = "the number of objects to take, for example 3; or none if every move loses"
    tags = ("logic", "game-theory", "fibonacci")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        largest, midgame = plan(difficulty)
        in_middle = midgame and rng.random() < MIDGAME_SHARE
        pile, previous = draw_position(largest, in_middle, rng.random() < LOST_SHARE, rng)
        most = most_allowed(pile, previous)
        wins = [t for t in range(1, most + 1) if move_wins(pile, t)]
        if in_middle:
            situation = (
                f"A game is under way: the pile now holds {pile} objects and your opponent's last move took "
                f"{previous}, so you may take from 1 to {most} objects{' (the whole pile)' if most == pile else ''}."
            )
        else:
            situation = (
                f"The pile holds {pile} objects and you make the first move, so you may take from 1 to {most} "
                "objects (anything but the whole pile)."
            )
        prompt = (
            "Two players play Fibonacci Nim with one pile of objects. The first move takes at least one object but "
            "not the whole pile. After that, each move takes at least one object and at most twice as many as the "
            "opponent took on the move just before (and at most what is left). The player who takes the last "
            f"object wins.\n{situation}\n"
            "It is your turn. A winning move is one after which you can win whatever your opponent does, with "
            "perfect play from both sides. Give a winning move as the number of objects to take (any winning "
            "move counts), or answer none if every move loses against perfect play."
        )
        data = {"pile": pile, "previous": previous}
        return Instance(prompt=prompt, answer=str(wins[0]) if wins else "none", data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        pile = data["pile"]
        most = most_allowed(pile, data["previous"])
        lost = smallest_term(pile) > most
        text = plain_answer(answer, 60)
        if text == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        text = text.removeprefix("take ")
        for suffix in (" objects", " object"):
            text = text.removesuffix(suffix)
        try:
            take = read_natural(text, max_digits=6)
        except ParseError as error:
            raise ParseError("expected the number of objects to take, or none") from error
        if not 1 <= take <= most:
            return Verdict.wrong(f"a move may take 1 to {most} objects here")
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if not move_wins(pile, take):
            return Verdict.wrong("that move leaves your opponent a winning position")
        return Verdict.right()
