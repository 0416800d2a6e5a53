"""logic/moores_nim: a winning move in Moore's Nim_k, where one move takes objects from up to k heaps at once, or
none.

Moore's theorem: the mover loses exactly when, in every binary digit place, the number of heaps with a 1 there is
a multiple of k + 1. A winning move is built from the highest digit down (``moore_winning_move``); the checker
plays the model's move and applies the theorem, so every winning move counts. About a quarter of the posed
positions are lost (a random position with a winning move already played).
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
#: The level stops growing here (near d = 5 * 10**14): heaps of up to 2005 objects, at most 35 heaps.
MAX_LEVEL = 1000
#: The most heaps one move may touch (k), reached at level 30.
MAX_K = 5

_PART = re.compile(r"(?:heap (\d{1,4}) ?[:,]? ?take (\d{1,6})|take (\d{1,6})(?: objects?)? from heap (\d{1,4}))")
_SEPARATOR = re.compile(r" ?(?:[;,]|and|\n) ?")


def is_lost(heaps: list[int], k: int) -> bool:
    """Moore's criterion: each binary digit place holds a multiple of k + 1 ones."""
    for place in range(max(heaps, default=0).bit_length()):
        if sum((h >> place) & 1 for h in heaps) % (k + 1):
            return False
    return True


def moore_winning_move(heaps: list[int], k: int) -> dict[int, int]:
    """A winning move as {heap index from 0: objects taken}, empty when the position is lost.

    Digit places from the highest down. A heap already reduced ("touched") has its lower digits free. In a place
    where the untouched heaps hold s ones, r = s mod (k + 1): if r plus the touched heaps is at most k, reduce r
    of those untouched heaps (their 1 becomes 0, their lower digits become free); otherwise at least k + 1 - r
    heaps are touched, and setting this digit to 1 in k + 1 - r of them completes the multiple.
    """
    touched: dict[int, int] = {}  # heap index -> its new size so far
    for place in reversed(range(max(heaps, default=0).bit_length())):
        bit = 1 << place
        ones = [i for i, h in enumerate(heaps) if i not in touched and h & bit]
        rest = len(ones) % (k + 1)
        if rest == 0:
            continue
        if rest + len(touched) <= k:
            for i in ones[:rest]:
                touched[i] = (heaps[i] >> (place + 1)) << (place + 1)  # higher digits kept, this one and below 0
        else:
            for i in list(touched)[: k + 1 - rest]:
                touched[i] |= bit
    return {i: heaps[i] - new for i, new in touched.items()}


def plan(difficulty: int) -> tuple[int, int, int]:
    """(heaps, largest heap, k): 3 + L/4 heaps to level 30, then one more per 40 levels; heaps up to 5 + 2 L;
    k = 2 + L/10, at most MAX_K and at most heaps - 1."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    count = 3 + slow(lvl, 4, 40, knee=30)
    return count, 5 + 2 * lvl, min(MAX_K, count - 1, 2 + lvl // 10)


def read_move(answer: str, count: int, k: int) -> dict[int, int]:
    """{heap number from 1: objects taken} from parts like heap i: take t, separated by ; , or and."""
    text = plain_answer(answer, 40 * (k + 1))
    parts = _SEPARATOR.split(text)
    if len(parts) > 2 * k + 2:
        raise ParseError(f"too many parts: a move takes from at most {k} heaps")
    move: dict[int, int] = {}
    for part in parts:
        match = _PART.fullmatch(part.strip())
        if not match:
            raise ParseError("expected heap i: take t, for each heap the move takes from (or none)")
        heap, take = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
        if int(heap) in move:
            raise ParseError(f"heap {heap} is named twice")
        move[int(heap)] = int(take)
    return move


class MooresNim(Environment):
    id = "logic/moores_nim"
    version = 1
    description = "Find a winning move in Moore's Nim (a move takes from up to k heaps at once), or say it is lost."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 1000): 3 + L/4 heaps to level 30, then one more "
        "per 40 levels; heaps of 1 to 5 + 2 L objects; k = 2 + L/10 heaps per move, at most 5; about a quarter of "
        "the positions are lost"
    )
    size_name = "largest possible heap"
    answer_format = (
        "the heaps the move takes from, each as heap i: take t, separated by semicolons (heaps numbered from 1), "
        "for example heap 1: take 3; heap 4: take 2; or none if the position is lost"
    )
    tags = ("logic", "game-theory", "nim")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, largest, k = plan(difficulty)
        heaps = [rng.randint(1, largest) for _ in range(count)]
        if rng.random() < LOST_SHARE:
            for i, take in moore_winning_move(heaps, k).items():
                heaps[i] -= take
        move = moore_winning_move(heaps, k)
        listing = "\n".join(f"heap {i + 1}: {h}" for i, h in enumerate(heaps))
        prompt = (
            f"Two players play Moore's Nim with k = {k} on {count} heaps of objects:\n{listing}\n\n"
            f"They take turns. A move chooses between 1 and {k} different non-empty heaps and takes at least one "
            "object from each chosen heap (any number, up to the whole heap; the amounts may differ). The player "
            "who takes the last object wins (a player who cannot move loses).\n"
            "It is your turn. A winning move is one after which you can win whatever your opponent does, with "
            "perfect play from both sides. Give a winning move (any winning move counts) as the list of heaps it "
            "takes from, each written heap i: take t (t objects from heap i; heaps numbered from 1), separated by "
            "semicolons, for example heap 1: take 3; heap 4: take 2; or answer none if every move loses against "
            "perfect play."
        )
        answer = "; ".join(f"heap {i + 1}: take {t}" for i, t in sorted(move.items())) or "none"
        return Instance(prompt=prompt, answer=answer, data={"heaps": heaps, "k": k}, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        heaps, k = data["heaps"], data["k"]
        lost = is_lost(heaps, k)
        if plain_answer(answer, 40 * (k + 1)) == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        move = read_move(answer, len(heaps), k)
        if len(move) > k:
            return Verdict.wrong(f"a move takes from at most {k} heaps, not {len(move)}")
        after = list(heaps)
        for heap, take in move.items():
            if not 1 <= heap <= len(heaps):
                return Verdict.wrong(f"there is no heap {heap}: the heaps are numbered 1 to {len(heaps)}")
            if not 1 <= take <= heaps[heap - 1]:
                return Verdict.wrong(f"heap {heap} holds {heaps[heap - 1]}: take 1 to {heaps[heap - 1]} from it")
            after[heap - 1] -= take
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if not is_lost(after, k):
            return Verdict.wrong("that move leaves your opponent a winning position")
        return Verdict.right()
