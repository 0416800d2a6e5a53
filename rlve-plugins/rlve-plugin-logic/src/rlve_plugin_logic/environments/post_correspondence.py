"""logic/post_correspondence: a Post correspondence problem with a planted solution of at most k tiles.

A random word S is cut twice into m non-empty pieces, with no cut point shared (so no proper prefix of the planted
tiles matches); the i-th top piece and the i-th bottom piece make the i-th planted tile, so the m planted tiles
in order spell S on both rows. Random distractor tiles join them and the tiles are shuffled. Any sequence of at
most k = m + 1 tiles (repeats allowed) whose two rows are equal is right; the bound keeps the planted solution
given twice out. The generator searches breadth-first for shorter solutions and redraws the instance while one
of fewer than half the planted length exists, so the planted length is near the real shortest.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level, slow

MAX_PLANTED = 12
MAX_WORD = 60
#: Overhang states the generator's search visits at most (it only has to rule out short solutions).
NODE_LIMIT = 3000
REDRAWS = 20

Tile = tuple[str, str]


def plan(difficulty: int) -> tuple[int, int, int, str]:
    """(planted length m, word length, distractor tiles, alphabet): m = 2 + L/4 to level 30, then one more per
    16 levels (at most 12); the word 4 + L letters to level 30, then one more per 4 levels (at most 60);
    distractors 1 + L/10 (at most 5); letters a, b, and c from level 16."""
    lvl = level(difficulty)
    planted = min(MAX_PLANTED, 2 + slow(lvl, 4, 16, knee=30))
    word = min(MAX_WORD, 4 + slow(lvl, 1, 4, knee=30))
    return planted, word, min(5, 1 + lvl // 10), "ab" if lvl < 16 else "abc"


def pieces(word: str, points: list[int]) -> list[str]:
    """``word`` cut at the given positions."""
    bounds = [0, *sorted(points), len(word)]
    return [word[a:b] for a, b in zip(bounds, bounds[1:])]


def shortest_solution(tiles: list[Tile], max_length: int, node_limit: int = NODE_LIMIT) -> list[int] | None:
    """A shortest sequence of tile indices (0-based) of at most ``max_length`` tiles whose rows are equal, by
    breadth-first search over overhangs: after some tiles one row is a prefix of the other and only the
    rest of the longer one (and which row it is) matters. None when none is found within ``node_limit``."""
    start: tuple[str, bool] = ("", True)
    parent: dict[tuple[str, bool], tuple[tuple[str, bool], int] | None] = {start: None}
    queue = deque([(start, 0)])
    while queue:
        state, depth = queue.popleft()
        if depth == max_length:
            continue
        rest, top_ahead = state
        for index, (top, bottom) in enumerate(tiles):
            upper, lower = (rest + top, bottom) if top_ahead else (top, rest + bottom)
            common = min(len(upper), len(lower))
            if upper[:common] != lower[:common]:
                continue
            nxt = (upper[common:], True) if len(upper) >= len(lower) else (lower[common:], False)
            if nxt[0] == "":
                sequence = [index]
                step = parent[state]
                while step is not None:
                    state, used = step
                    sequence.append(used)
                    step = parent[state]
                return sequence[::-1]
            if nxt not in parent:
                if len(parent) >= node_limit:
                    return None
                parent[nxt] = (state, index)
                queue.append((nxt, depth + 1))
    return None


def random_tile(alphabet: str, rng: random.Random) -> Tile:
    while True:
        top = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
        bottom = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
        if top != bottom:
            return top, bottom


class PostCorrespondence(Environment):
    id = "logic/post_correspondence"
    version = 1
    description = "Post correspondence: a sequence of at most k tiles whose top and bottom words spell the same."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): the planted solution has m = 2 + L/4 tiles to level 30, "
        f"then one more per 16 levels (at most {MAX_PLANTED}) spelling a word of 4 + L letters to level 30, then "
        f"one more per 4 levels (at most {MAX_WORD}); 1 + L/10 distractor tiles (at most 5); k = m + 1 (so the "
        "planted tiles given twice are too many); letters a, b, and c from level 16"
    )
    size_name = "letters of the planted solution's word"
    answer_format = "the tile numbers in order, separated by spaces, for example 2 1 3 2"
    tags = ("logic", "post-correspondence", "search", "strings")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        planted, length, distractors, alphabet = plan(difficulty)
        bound = planted + 1
        for _ in range(REDRAWS):
            word = "".join(rng.choice(alphabet) for _ in range(length))
            # two sets of cut points with no point in common: no proper prefix of the planted tiles matches
            points = rng.sample(range(1, length), 2 * (planted - 1))
            tops, bottoms = pieces(word, points[: planted - 1]), pieces(word, points[planted - 1 :])
            tiles = list(zip(tops, bottoms)) + [random_tile(alphabet, rng) for _ in range(distractors)]
            order = rng.sample(range(len(tiles)), len(tiles))  # order[shown position] = tile
            shown = [tiles[i] for i in order]
            if shortest_solution(shown, (planted + 1) // 2 - 1) is None:
                break
        position = {tile: shown_at for shown_at, tile in enumerate(order)}
        solution = [position[i] + 1 for i in range(planted)]
        width = max(len(t) for tile in shown for t in tile)
        listed = "\n".join(
            f"tile {i + 1}: top {top.ljust(width)}  bottom {bottom}" for i, (top, bottom) in enumerate(shown)
        )
        prompt = (
            f"A Post correspondence problem over the letters {', '.join(alphabet)}. Each tile has a top word and a "
            f"bottom word:\n{listed}\n\n"
            f"Choose a sequence of 1 to {bound} tiles (a tile may be used any number of times, in any order) so "
            "that the top words of the chosen tiles, written one after another, spell exactly the same word as "
            "their bottom words written one after another. Such a sequence of at most "
            f"{bound} tiles exists; any one counts. Answer with the tile numbers in order, separated by spaces."
        )
        data = {"tiles": [list(tile) for tile in shown], "bound": bound}
        return Instance(prompt=prompt, answer=" ".join(map(str, solution)), data=data, size=length)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        tiles, bound = data["tiles"], data["bound"]
        text = answer.strip().rstrip(".")
        if len(text) > 8 * (bound + 2):
            raise ParseError(f"more than {bound} tiles")
        numbers = parse_int_list(text, max_items=bound + 1, max_digits=3)
        if not numbers:
            raise ParseError("expected tile numbers")
        if len(numbers) > bound:
            return Verdict.wrong(f"{len(numbers)} tiles, at most {bound} are allowed")
        for number in numbers:
            if not 1 <= number <= len(tiles):
                return Verdict.wrong(f"there is no tile {number}")
        top = "".join(tiles[n - 1][0] for n in numbers)
        bottom = "".join(tiles[n - 1][1] for n in numbers)
        if top != bottom:
            return Verdict.wrong(f"the top row spells {top[:40]} but the bottom row spells {bottom[:40]}")
        return Verdict.right()
