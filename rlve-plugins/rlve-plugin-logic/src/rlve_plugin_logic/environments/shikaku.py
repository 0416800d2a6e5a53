"""logic/shikaku: split the grid into rectangles, each holding exactly one number, equal to its area."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.grids import cell_name, format_grid, read_grid

#: Board rows and columns at the first level; one of them grows by one per step, and the board stops growing
#: at MAX_SIDE x MAX_SIDE, where the number of rectangles carries on.
FIRST_SIDE = 3
MAX_SIDE = 18
#: The largest rectangle drawn, and how many times a clue is moved inside its rectangle to break a second
#: solution before the partition is drawn again.
MAX_AREA = 12
REPAIRS = 40
#: Search nodes allowed to one uniqueness proof (a partition whose proof runs over is drawn again).
NODE_LIMIT = 600


def board(difficulty: int) -> tuple[int, int]:
    """(rows, columns): one side grows per step (a step per level to level 30, then per two levels)."""
    step = min(slow(level(difficulty), 1, 2, knee=30), 2 * (MAX_SIDE - FIRST_SIDE))
    return FIRST_SIDE + (step + 1) // 2, FIRST_SIDE + step // 2


def rectangle_mask(top: int, left: int, height: int, width: int, cols: int) -> int:
    column = sum(1 << (r * cols) for r in range(height))  # one bit at the left of each of the rows
    return (((1 << width) - 1) << left) * column << (top * cols)


def random_partition(rows: int, cols: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
    """Rectangles (top, left, height, width) covering the board: the first free cell in reading order is the
    top-left corner of a random free rectangle of area 2 to MAX_AREA (1 only where nothing larger fits)."""
    free = [[True] * cols for _ in range(rows)]
    rects = []
    for r in range(rows):
        for c in range(cols):
            if not free[r][c]:
                continue
            width_room = 0
            while c + width_room < cols and free[r][c + width_room]:
                width_room += 1
            options = []
            for w in range(1, width_room + 1):
                h = 1
                # grow downwards while the next row of the rectangle is free (rectangles from earlier rows
                # may hang into it)
                while h * w <= MAX_AREA:
                    if h * w >= 2:
                        options.append((h, w))
                    if r + h >= rows or not all(free[r + h][c : c + w]):
                        break
                    h += 1
            h, w = rng.choice(options) if options else (1, 1)
            for rr in range(r, r + h):
                for cc in range(c, c + w):
                    free[rr][cc] = False
            rects.append((r, c, h, w))
    return rects


def placements(rows: int, cols: int, cell: int, area: int) -> list[int]:
    """The masks of every rectangle of ``area`` cells on the board that holds ``cell``."""
    r, c = divmod(cell, cols)
    masks = []
    for h in range(1, area + 1):
        if area % h:
            continue
        w = area // h
        for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
            for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                masks.append(rectangle_mask(top, left, h, w, cols))
    return masks


def candidates(rows: int, cols: int, clues: dict[int, int], cache: dict | None = None) -> dict[int, list[int]]:
    """For each clue cell, the masks of the rectangles of its area that hold it and no other clue (``cache``
    keeps the placements of each (cell, area) between calls on the same board)."""
    cache = {} if cache is None else cache
    clue_mask = sum(1 << i for i in clues)
    out = {}
    for cell, area in clues.items():
        if (cell, area) not in cache:
            cache[cell, area] = placements(rows, cols, cell, area)
        own = 1 << cell
        out[cell] = [m for m in cache[cell, area] if m & clue_mask == own]
    return out


def solve(
    rows: int, cols: int, clues: dict[int, int], limit: int = 2, cache: dict | None = None
) -> tuple[list[dict[int, int]], bool]:
    """Up to ``limit`` solutions (clue cell -> rectangle mask) and whether the search finished in NODE_LIMIT
    nodes. The areas add up to the board, so rectangles that never overlap cover it. Every node first places
    what is forced (a clue with one rectangle left, a cell only one rectangle can still cover), then branches
    on the clue with the fewest rectangles left; it dies when some cell no remaining rectangle can cover."""
    full = (1 << (rows * cols)) - 1
    solutions: list[dict[int, int]] = []
    nodes = 0

    def search(covered: int, options: dict[int, list[int]], chosen: dict[int, int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        while True:
            remaining = {}
            reach = twice = 0
            for cell, masks in options.items():
                fitting = [m for m in masks if not m & covered]
                if not fitting:
                    return True
                for m in fitting:
                    twice |= reach & m
                    reach |= m
                remaining[cell] = fitting
            options = remaining
            if not options:
                solutions.append(chosen)
                return len(solutions) < limit
            if reach | covered != full:
                return True
            once = reach & ~twice
            forced = {cell: masks[0] for cell, masks in options.items() if len(masks) == 1}
            forced.update((cell, m) for cell, masks in options.items() for m in masks if m & once)
            if not forced:
                break
            chosen = dict(chosen)
            for cell, mask in forced.items():
                if mask & covered:
                    return True  # two forced rectangles overlap
                covered |= mask
                chosen[cell] = mask
                del options[cell]
        cell = min(options, key=lambda c: len(options[c]))
        rest = {c: masks for c, masks in options.items() if c != cell}
        for mask in options[cell]:
            if not search(covered | mask, rest, {**chosen, cell: mask}):
                return False
        return True

    finished = search(0, candidates(rows, cols, clues, cache), {})
    return solutions, finished or len(solutions) >= limit


def make_shikaku(rows: int, cols: int, rng: random.Random) -> tuple[dict[int, int], list[tuple[int, int, int, int]]]:
    """(clue cell -> area, rectangles) with those rectangles the only solution. While a second solution exists,
    the clue of a rectangle it places differently moves to a cell of that rectangle that it gives to another
    clue, which rules it out."""
    while True:
        rects = random_partition(rows, cols, rng)
        clue_of = [(r + rng.randrange(h)) * cols + c + rng.randrange(w) for r, c, h, w in rects]
        planted = {rectangle_mask(*rect, cols) for rect in rects}
        cache: dict = {}
        for _ in range(REPAIRS):
            clues = {cell: h * w for cell, (_, _, h, w) in zip(clue_of, rects)}
            found, complete = solve(rows, cols, clues, cache=cache)
            if not complete or not found:
                break
            if len(found) == 1:
                return clues, rects
            other = found[0] if set(found[0].values()) != planted else found[1]
            moved = [k for k, cell in enumerate(clue_of) if other[cell] != rectangle_mask(*rects[k], cols)]
            k = rng.choice(moved)
            # a cell of the rectangle outside the one the second solution gives this clue: there, that cell
            # lies in another clue's rectangle, which would then hold two numbers
            outside = rectangle_mask(*rects[k], cols) & ~other[clue_of[k]]
            clue_of[k] = rng.choice([i for i in range(rows * cols) if outside >> i & 1])


class Shikaku(Environment):
    id = "logic/shikaku"
    version = 1
    description = "Solve a shikaku: split the grid into rectangles, each holding one number equal to its area."
    difficulty_scales = (
        f"board {FIRST_SIDE}x{FIRST_SIDE} at d 0, one more row or column per step (a step per level to d 30, "
        f"then per two levels) up to {MAX_SIDE}x{MAX_SIDE}; rectangles of area up to {MAX_AREA}"
    )
    size_name = "cells"
    answer_format = (
        "the grid, one row per line, each cell labelled with a name of its rectangle (letters or digits, up to "
        "3 characters; the same label for every cell of a rectangle, different labels for different rectangles)"
    )
    tags = ("logic", "puzzle", "grid", "partition", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, cols = board(difficulty)
        clues, rects = make_shikaku(rows, cols, rng)
        shown = [[str(clues.get(r * cols + c, ".")) for c in range(cols)] for r in range(rows)]
        prompt = (
            f"Solve this shikaku on a grid of {rows} rows and {cols} columns. Split the grid into rectangles "
            "(made of whole cells, every cell in exactly one rectangle) so that every rectangle holds exactly one "
            "number, and that number is the rectangle's area in cells. A . is a cell without a number.\n\n"
            f"{format_grid(shown)}\n\n"
            "The puzzle has exactly one solution. Answer with the grid, one row per line, writing in every cell a "
            "label of its rectangle: letters or digits, up to 3 characters, cells separated by spaces. All cells "
            "of one rectangle share a label and different rectangles have different labels (for example A, B, "
            "C, ...; the labels themselves do not matter)."
        )
        label = [[""] * cols for _ in range(rows)]
        for k, (r, c, h, w) in enumerate(rects):
            name = (chr(65 + k % 26) + chr(97 + k // 26)) if k >= 26 else chr(65 + k)
            for rr in range(r, r + h):
                for cc in range(c, c + w):
                    label[rr][cc] = name
        data = {"rows": rows, "cols": cols, "clues": [[cell, area] for cell, area in sorted(clues.items())]}
        return Instance(prompt=prompt, answer=format_grid(label), data=data, size=rows * cols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols = data["rows"], data["cols"]
        clues = {cell: area for cell, area in data["clues"]}
        grid = read_grid(answer, rows, cols, r"[A-Za-z0-9]{1,3}")
        cells_of: dict[str, list[tuple[int, int]]] = {}
        for r in range(rows):
            for c in range(cols):
                cells_of.setdefault(grid[r][c], []).append((r, c))
        for name, cells in cells_of.items():
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            height, width = max(r for r, _ in cells) - top + 1, max(c for _, c in cells) - left + 1
            if height * width != len(cells):
                return Verdict.wrong(f"the cells labelled {name} do not form one rectangle")
            numbers = [(r, c) for r, c in cells if r * cols + c in clues]
            if len(numbers) != 1:
                return Verdict.wrong(f"rectangle {name} holds {len(numbers)} numbers, it needs exactly one")
            r, c = numbers[0]
            if clues[r * cols + c] != len(cells):
                return Verdict.wrong(
                    f"rectangle {name} has area {len(cells)} but its number ({cell_name(r, c)}) is "
                    f"{clues[r * cols + c]}"
                )
        return Verdict.right()
