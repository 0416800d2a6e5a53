"""logic/nim_winning_move: find a winning move in Nim, misère Nim or Nim with a cap on each move, or say that
the position is lost.

The checker plays the move on the position and asks the theory (``games.nim_is_lost``) whether the opponent is
left a lost position, so every winning move counts, not only the reference one. About a quarter of the positions
are lost (built by completing the last heap), so answering "none" every time does not pay.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import NIM_BOUNDED, NIM_MISERE, NIM_NORMAL, nim_is_lost, nim_winning_moves, plain_answer

#: Share of posed positions that are lost (the answer is "none").
LOST_SHARE = 0.25
#: Positions drawn while looking for the outcome the coin asked for.
MAX_DRAWS = 100
#: Digits a heap number or a count may have in an answer.
MAX_DIGITS = 9

_HEAP_FIRST = re.compile(r"heap (\d{1,9}) ?[:,]? ?take (\d{1,9})(?: objects?)?")
_TAKE_FIRST = re.compile(r"take (\d{1,9})(?: objects?)? from heap (\d{1,9})")

RULES = {
    NIM_NORMAL: "The player who takes the last object wins (a player who cannot move loses).",
    NIM_MISERE: "Misère rule: the player who takes the last object LOSES (so a player facing an empty table wins).",
    NIM_BOUNDED: "The player who takes the last object wins (a player who cannot move loses).",
}


def plan(difficulty: int) -> tuple[int, int, tuple[str, ...]]:
    """(heaps, largest heap, variants in play): heaps 2 + L/4 to level 30, then one more per 60 levels; the
    largest heap 5 + 2 L to level 30, then one more per level; misère from level 4, capped moves from level 8."""
    lvl = level(difficulty)
    heaps = 2 + slow(lvl, 4, 60, knee=30)
    largest = 5 + 2 * min(lvl, 30) + max(0, lvl - 30)
    variants = (NIM_NORMAL,) + ((NIM_MISERE,) if lvl >= 4 else ()) + ((NIM_BOUNDED,) if lvl >= 8 else ())
    return heaps, largest, variants


def draw_position(
    count: int, largest: int, variant: str, limit: int, want_lost: bool, rng: random.Random
) -> list[int]:
    """Random heaps of 1 .. largest; for a lost position the last heap is chosen to cancel the others."""
    for _ in range(MAX_DRAWS):
        if variant == NIM_MISERE and rng.random() < 0.35:
            # the misère endgame, where it differs from normal play: mostly single objects
            heaps = [1 if rng.random() < 0.6 else rng.randint(1, largest) for _ in range(count)]
        else:
            heaps = [rng.randint(1, largest) for _ in range(count)]
        if want_lost:
            modulus = limit + 1 if variant == NIM_BOUNDED else largest + 1
            rest = 0
            for h in heaps[:-1]:
                rest ^= h % modulus
            options = [h for h in range(rest or modulus, largest + 1, modulus)]
            if variant == NIM_MISERE and all(h <= 1 for h in heaps[:-1]):
                options = [1] if sum(heaps[:-1]) % 2 == 0 else []  # leave an odd number of single objects
            if not options:
                continue
            heaps[-1] = rng.choice(options)
        if nim_is_lost(heaps, variant, limit) == want_lost:
            return heaps
    return heaps


def format_move(heap: int, take: int) -> str:
    return f"heap {heap + 1}: take {take}"


class NimWinningMove(Environment):
    id = "logic/nim_winning_move"
    version = 1
    description = (
        "Find a winning move in Nim (normal play, misère, or at most k objects per move), or say the position "
        "is lost."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): heaps 2 + L/4 to level 30, then one more per 60 "
        "levels; heap sizes up to 5 + 2 L to level 30, then +1 per level; misère Nim from level 4, at most k "
        "objects per move from level 8; about a quarter of the positions are lost"
    )
    size_name = "largest possible heap"
    answer_format = (
        "heap i: take t for a winning move (heaps are numbered from 1; t objects are taken from heap i), for "
        "example heap 2: take 3; or none if the position is lost"
    )
    tags = ("logic", "game-theory", "nim")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, largest, variants = plan(difficulty)
        variant = rng.choice(variants)
        limit = rng.randint(2, max(2, min(largest // 2, 2 + level(difficulty) // 5))) if variant == NIM_BOUNDED else 0
        heaps = draw_position(count, largest, variant, limit, rng.random() < LOST_SHARE, rng)
        moves = nim_winning_moves(heaps, variant, limit)
        listing = "\n".join(f"heap {i + 1}: {h}" for i, h in enumerate(heaps))
        amount = f"from 1 to {limit} objects" if variant == NIM_BOUNDED else "any number of objects (at least one)"
        prompt = (
            f"Two players play Nim with {count} heaps of objects:\n{listing}\n\n"
            f"They take turns; a move takes {amount} from a single heap. "
            f"{RULES[variant]} It is your turn. A winning move is one after which you can win whatever your "
            "opponent does, with perfect play from both sides. Give a winning move (any winning move counts), "
            "or answer none if there is none, i.e. every move loses against perfect play."
        )
        answer = format_move(*moves[0]) if moves else "none"
        data = {"heaps": heaps, "variant": variant, "limit": limit}
        return Instance(prompt=prompt, answer=answer, data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        heaps, variant, limit = data["heaps"], data["variant"], data["limit"]
        lost = nim_is_lost(heaps, variant, limit)
        text = plain_answer(answer, 80)
        if text == "none":
            return Verdict.right() if lost else Verdict.wrong("the position is not lost: a winning move exists")
        match = _HEAP_FIRST.fullmatch(text)
        if match:
            heap, take = int(match.group(1)), int(match.group(2))
        elif match := _TAKE_FIRST.fullmatch(text):
            take, heap = int(match.group(1)), int(match.group(2))
        else:
            raise ParseError("expected heap i: take t, or none")
        if not 1 <= heap <= len(heaps):
            return Verdict.wrong(f"there is no heap {heap}: the heaps are numbered 1 to {len(heaps)}")
        if not 1 <= take <= heaps[heap - 1]:
            return Verdict.wrong(f"heap {heap} holds {heaps[heap - 1]}: a move takes 1 to {heaps[heap - 1]}")
        if variant == NIM_BOUNDED and take > limit:
            return Verdict.wrong(f"a move takes at most {limit} objects")
        after = list(heaps)
        after[heap - 1] -= take
        if lost:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if not nim_is_lost(after, variant, limit):
            return Verdict.wrong("that move leaves your opponent a winning position")
        return Verdict.right()
