"""logic/flood_it: make a grid one colour with the fewest floods from its top-left corner.

The flooded region is the set of squares connected to the top-left square through squares of its colour. A move
picks a colour; the whole region takes it, and so joins every neighbouring area of that colour. The grid is one
colour when the region covers it.

The grid is cut into its areas (maximal connected groups of one colour); the region is always a union of areas,
and a move adds the areas of the chosen colour that touch it. A breadth-first search over regions (bit masks of
areas, only moves that add something) gives the exact fewest moves. The number of areas is the size: random
grids are recoloured a square at a time until they have exactly as many areas as the level asks.
"""

from __future__ import annotations

import random
from collections import deque
from math import isqrt
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level, slow
from rlve_plugin_logic.grids import format_grid

#: Areas at most, however high the level.
MAX_AREAS = 40
#: Regions the search may find before the grid is drawn again (a few milliseconds of pure Python).
MAX_REGIONS = 6000
#: Recolourings tried per grid while steering its number of areas to the target.
MAX_RECOLOURS = 400


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(areas, colours, rows, columns): areas 5 + L to level 30, then one more per eight levels (at most 40: the
    search over regions grows fast with them); 3 colours, 4 from level 6; a near-square grid of about 1.8 squares
    per area."""
    lvl = level(difficulty)
    areas = min(MAX_AREAS, 5 + slow(lvl, 1, 8, knee=30))
    colours = 3 + (lvl >= 6)
    cells = max(6, (9 * areas) // 5)
    rows = max(2, isqrt(cells))
    return areas, colours, rows, -(-cells // rows)


def areas_of(grid: list[int], rows: int, cols: int) -> tuple[list[int], list[int], list[int]]:
    """(the area of each square, the colour of each area, the neighbouring areas of each area as a bit mask);
    areas are numbered in reading order of their first square, so the top-left square is in area 0."""
    area = [-1] * (rows * cols)
    colours: list[int] = []
    for first in range(rows * cols):
        if area[first] >= 0:
            continue
        number = len(colours)
        area[first] = number
        colours.append(grid[first])
        stack = [first]
        while stack:
            square = stack.pop()
            r, c = divmod(square, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                nxt = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and area[nxt] < 0 and grid[nxt] == grid[first]:
                    area[nxt] = number
                    stack.append(nxt)
    touching = [0] * len(colours)
    for square in range(rows * cols):
        r, c = divmod(square, cols)
        for nxt in ((square + cols) if r + 1 < rows else square, (square + 1) if c + 1 < cols else square):
            a, b = area[square], area[nxt]
            if a != b:
                touching[a] |= 1 << b
                touching[b] |= 1 << a
    return area, colours, touching


def border_of(region: int, touching: list[int]) -> int:
    """The areas outside the region that touch it, as a bit mask."""
    border, rest = 0, region
    while rest:
        low = rest & -rest
        border |= touching[low.bit_length() - 1]
        rest ^= low
    return border & ~region


def colour_masks(colours: list[int], count: int) -> list[int]:
    """For each colour, its areas as a bit mask."""
    return [sum(1 << a for a, colour in enumerate(colours) if colour == c) for c in range(count)]


def fewest_floods(colours: list[int], touching: list[int], count: int, limit: int) -> list[int] | None:
    """A shortest list of colours that floods every area, by breadth-first search over regions (a move adds the
    areas of the chosen colour that touch the region); None when more than ``limit`` regions are found first."""
    everything = (1 << len(colours)) - 1
    masks = colour_masks(colours, count)
    parent: dict[int, tuple[int, int] | None] = {1: None}
    queue = deque([1])
    while queue:
        region = queue.popleft()
        if region == everything:
            moves = []
            while parent[region] is not None:
                region, colour = parent[region]
                moves.append(colour)
            return moves[::-1]
        border = border_of(region, touching)
        for colour, mask in enumerate(masks):
            gained = border & mask
            if gained and region | gained not in parent:
                parent[region | gained] = (region, colour)
                queue.append(region | gained)
        if len(parent) > limit:
            return None
    return None


def steered_grid(areas: int, count: int, rows: int, cols: int, rng: random.Random) -> list[int] | None:
    """A random grid of ``count`` colours recoloured one square at a time (keeping changes that do not move
    away from the target) until it has exactly ``areas`` areas; None if that takes too long."""
    grid = [rng.randrange(count) for _ in range(rows * cols)]
    have = len(areas_of(grid, rows, cols)[1])
    for _ in range(MAX_RECOLOURS):
        if have == areas:
            return grid
        square, colour = rng.randrange(rows * cols), rng.randrange(count)
        old = grid[square]
        grid[square] = colour
        now = len(areas_of(grid, rows, cols)[1])
        if abs(now - areas) <= abs(have - areas):
            have = now
        else:
            grid[square] = old
    return None


class FloodIt(Environment):
    id = "logic/flood_it"
    version = 1
    description = "Flood-it: make a grid one colour with the fewest floods of the region at its top-left corner."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): 5 + L areas (connected one-colour groups) to level 30, "
        "then one more per eight levels (at most 40), on a near-square grid of about 1.8 squares per area; 3 "
        "colours, 4 from level 6"
    )
    size_name = "areas"
    answer_format = "the colours chosen, in order, separated by spaces, for example 2 3 1 2"
    tags = ("logic", "puzzle", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        areas, count, rows, cols = plan(difficulty)
        while True:
            grid = steered_grid(areas, count, rows, cols, rng)
            if grid is None:
                continue
            _, colours, touching = areas_of(grid, rows, cols)
            moves = fewest_floods(colours, touching, count, MAX_REGIONS)
            if moves:  # a grid that is one colour already (never at these sizes) or too slow is drawn again
                break
        shown = [[v + 1 for v in grid[r * cols : (r + 1) * cols]] for r in range(rows)]
        prompt = (
            f"Flood-it on a {rows}x{cols} grid of colours 1 to {count} (top row first):\n\n" + format_grid(shown)
            + "\n\nThe flooded region is the top-left square together with every square connected to it through "
            "squares of its colour (moving up, down, left or right). A move picks a colour and paints the whole "
            "region with it; the region then also contains every square of that colour connected to it. Picking "
            "the region's own colour changes nothing (it is allowed, but wastes a move). Make the whole grid one "
            "colour in as few moves as possible: only a shortest solution counts, and any shortest one is "
            "accepted. Write the colours picked, in order, separated by spaces, for example 2 3 1 2."
        )
        answer = " ".join(str(colour + 1) for colour in moves)
        data = {"grid": shown, "colours": count, "moves": len(moves)}
        return Instance(prompt=prompt, answer=answer, data=data, size=areas)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        shown, count, optimum = data["grid"], data["colours"], data["moves"]
        rows, cols = len(shown), len(shown[0])
        picks = parse_int_list(answer.strip().strip("."), max_items=2 * optimum + 8, max_digits=2)
        if not picks:
            raise ParseError("expected the colours picked, for example 2 3 1")
        _, colours, touching = areas_of([v - 1 for row in shown for v in row], rows, cols)
        masks = colour_masks(colours, count)
        region = 1
        for number, pick in enumerate(picks, start=1):
            if not 1 <= pick <= count:
                return Verdict.wrong(f"move {number}: there is no colour {pick}")
            region |= border_of(region, touching) & masks[pick - 1]
        if region != (1 << len(colours)) - 1:
            return Verdict.wrong("after the last move the grid is not one colour")
        if len(picks) > optimum:
            return Verdict.wrong(f"the solution takes {len(picks)} moves; the fewest possible is {optimum}")
        return Verdict.right()
