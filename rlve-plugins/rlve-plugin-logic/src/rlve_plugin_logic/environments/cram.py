"""logic/cram: a winning move in Cram (players alternately place a domino, either way round, on two adjacent free
cells of a board with blocked cells; whoever cannot place one loses), or none.

Cram is the impartial twin of Domineering, so a board splits into its regions of free cells (orthogonally
connected) and, by the Sprague-Grundy theorem, is worth the XOR of their Grundy values; a region's value comes
from an exhaustive memoised search (mex over every placement, each leaving smaller regions). The generator
blocks cells until no region exceeds MAX_REGION cells, so the search stays small while the board grows.
Regions are memoised up to translation and the board's symmetries. The winning placements are listed in the
problem, so checking one is a look-up. About a quarter of the posed positions are lost.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.games import mex, plain_answer

#: The most free cells one region may have (cells are blocked until none is larger).
MAX_REGION = 10
#: Share of a fresh board's cells that are blocked, before regions are cut down.
BLOCKED_SHARE = 0.35
#: Share of posed positions that are lost (a winning placement already made), and boards drawn for a won one.
LOST_SHARE = 0.25
MAX_DRAWS = 4
#: The level stops growing here (near d = 3200): boards of at most 10 x 75 cells.
MAX_LEVEL = 200

#: The 8 symmetries of the square: sign of the row, sign of the column, whether rows and columns swap.
SYMMETRIES = tuple((flip_r, flip_c, swap) for flip_r in (1, -1) for flip_c in (1, -1) for swap in (False, True))

Cell = tuple[int, int]
Region = tuple[Cell, ...]

_CELLS = re.compile(r"\(? ?(\d{1,3}) ?, ?(\d{1,3}) ?\)? ?(?:and|to|-|,|;)? ?\(? ?(\d{1,3}) ?, ?(\d{1,3}) ?\)?")


def regions(cells: set[Cell]) -> list[set[Cell]]:
    """The orthogonally connected regions of ``cells``."""
    left, found = set(cells), []
    while left:
        start = left.pop()
        region, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in left:
                    left.remove(near)
                    region.add(near)
                    todo.append(near)
        found.append(region)
    return found


def canonical(region: set[Cell]) -> Region:
    """The region up to translation, rotation and reflection: the least of its 8 images, moved to the origin."""
    images = []
    for flip_r, flip_c, swap in SYMMETRIES:
        moved = [(flip_r * c, flip_c * r) if swap else (flip_r * r, flip_c * c) for r, c in region]
        low_r, low_c = min(r for r, _ in moved), min(c for _, c in moved)
        images.append(tuple(sorted((r - low_r, c - low_c) for r, c in moved)))
    return min(images)


def dominoes(cells: set[Cell]) -> list[tuple[Cell, Cell]]:
    """Every placement: two free cells side by side, the first above or left of the second."""
    return [((r, c), near) for r, c in sorted(cells) for near in ((r + 1, c), (r, c + 1)) if near in cells]


def value_of(cells: set[Cell]) -> int:
    """The Grundy value of a set of free cells: the XOR over its regions."""
    total = 0
    for region in regions(cells):
        total ^= region_value(region)
    return total


def region_value(region: set[Cell]) -> int:
    """A region's Grundy value, looked up by its translate first (cheap), by its canonical image on a miss."""
    low_r, low_c = min(r for r, _ in region), min(c for _, c in region)
    return value_of_shape(tuple(sorted((r - low_r, c - low_c) for r, c in region)))


@lru_cache(maxsize=100_000)
def value_of_shape(shape: Region) -> int:
    return value_of_canonical(canonical(set(shape)))


@lru_cache(maxsize=100_000)
def value_of_canonical(region: Region) -> int:
    cells = set(region)
    return mex(value_of(cells - {a, b}) for a, b in dominoes(cells))


def winning_placements(cells: set[Cell]) -> list[tuple[Cell, Cell]]:
    """Every placement after which the board is worth 0; only the region it lies in changes."""
    total = value_of(cells)
    if total == 0:
        return []
    wins = []
    for region in regions(cells):
        rest = total ^ region_value(region)
        wins.extend((a, b) for a, b in dominoes(region) if value_of(region - {a, b}) == rest)
    return sorted(wins)


def plan(difficulty: int) -> tuple[int, int]:
    """(rows, columns): 3 + L/10 rows to level 30, then one more per 40 levels; 3 + L columns to level 30, then
    one more per 4 levels."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 3 + slow(lvl, 10, 40, knee=30), 3 + slow(lvl, 1, 4, knee=30)


def draw_board(rows: int, columns: int, rng: random.Random) -> set[Cell]:
    """Free cells (from 1): each blocked with BLOCKED_SHARE, then cells of oversized regions blocked at random."""
    free = {(r, c) for r in range(1, rows + 1) for c in range(1, columns + 1) if rng.random() >= BLOCKED_SHARE}
    oversized = [region for region in regions(free) if len(region) > MAX_REGION]
    while oversized:
        region = oversized.pop()
        free.discard(rng.choice(sorted(region)))
        oversized.extend(part for part in regions(region & free) if len(part) > MAX_REGION)
    return free


def format_placement(a: Cell, b: Cell) -> str:
    return f"({a[0]}, {a[1]}) ({b[0]}, {b[1]})"


class Cram(Environment):
    id = "logic/cram"
    version = 1
    description = (
        "Find a winning domino placement in Cram (either player may place a domino either way round) on a board "
        "with blocked cells, or say the position is lost."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 200): 3 + L/10 rows to level 30, then one more "
        "per 40 levels; 3 + L columns to level 30, then one more per 4 levels; about 35% of the cells blocked, "
        "more where needed so that no region of free cells exceeds 10 cells; about a quarter of the positions "
        "are lost"
    )
    size_name = "cells of the board"
    answer_format = (
        "a winning placement as the two cells it covers, (r1, c1) (r2, c2), rows and columns numbered from 1, "
        "for example (2, 3) (2, 4); or none if the position is lost"
    )
    tags = ("logic", "game-theory", "sprague-grundy", "search")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, columns = plan(difficulty)
        want_lost = rng.random() < LOST_SHARE
        for _ in range(MAX_DRAWS):  # boards that are lost as drawn are drawn again, unless a lost one is wanted
            free = draw_board(rows, columns, rng)
            if not dominoes(free):
                free |= {(1, 1), (1, 2)}  # keep a move on the board
            wins = winning_placements(free)
            if wins or want_lost:
                break
        if wins and want_lost:  # a lost position: the board after a winning placement
            free -= set(rng.choice(wins))
            wins = []
        picture = "\n".join(
            " ".join("." if (r, c) in free else "#" for c in range(1, columns + 1)) for r in range(1, rows + 1)
        )
        prompt = (
            f"Two players play Cram on a board of {rows} rows and {columns} columns; # marks a blocked cell and . "
            f"a free cell (rows numbered from 1 at the top, columns from 1 at the left):\n{picture}\n\n"
            "The players alternate. A move places a domino on two free cells that are side by side in a row or "
            "one above the other in a column (either player may place it either way round); those two cells are "
            "then no longer free. A player who cannot place a domino loses.\n"
            "It is your turn. A winning move is one after which you can win whatever your opponent does, with "
            "perfect play from both sides. Give a winning move (any winning move counts) as the two cells the "
            "domino covers, written (r1, c1) (r2, c2) with r for the row and c for the column, for example "
            "(2, 3) (2, 4); or answer none if every move loses against perfect play."
        )
        answer = format_placement(*wins[0]) if wins else "none"
        data = {"rows": rows, "columns": columns, "free": sorted(free), "wins": [[list(a), list(b)] for a, b in wins]}
        return Instance(prompt=prompt, answer=answer, data=data, size=rows * columns)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        wins = {(tuple(a), tuple(b)) for a, b in data["wins"]}
        text = plain_answer(answer, 60)
        if text == "none":
            return Verdict.wrong("the position is not lost: a winning move exists") if wins else Verdict.right()
        match = _CELLS.fullmatch(text)
        if not match:
            raise ParseError("expected two cells as (r1, c1) (r2, c2), or none")
        a, b = sorted([(int(match.group(1)), int(match.group(2))), (int(match.group(3)), int(match.group(4)))])
        free = {tuple(cell) for cell in data["free"]}
        for cell in (a, b):
            if cell not in free:
                return Verdict.wrong(f"cell ({cell[0]}, {cell[1]}) is not a free cell of the board")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            return Verdict.wrong("the two cells are not side by side")
        if not wins:
            return Verdict.wrong("the position is lost: every move, this one too, loses against perfect play")
        if (a, b) not in wins:
            return Verdict.wrong("that move leaves your opponent a winning position")
        return Verdict.right()
