"""logic/polyomino_tiling: tile a grid region with holes by a given set of polyomino pieces.

The region comes from a planted tiling: cells are visited in reading order, and each free cell either becomes a
hole (now and then) or the seed of the next piece, which grows into random free neighbours up to its drawn size
(a piece stuck in a pocket smaller than the smallest size turns into holes). Once every piece is placed, the
free cells left in the last row are holes too. Pieces are shown in a random rotation or reflection. Any
tiling is right: the checker groups the answer's cells by label and compares each group with its piece up to
the eight rotations and reflections.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import isqrt
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.grids import format_grid, read_grid

MAX_PIECES = 60
HOLE_SHARE = 0.08

Shape = tuple[tuple[int, int], ...]


def plan(difficulty: int) -> tuple[int, int, int]:
    """(pieces, smallest size, largest size): pieces 2 + L to level 30, then one more per 4 levels (at most 60);
    sizes 2 to 4 cells, 2 to 5 from level 4, 3 to 5 from level 10."""
    lvl = level(difficulty)
    pieces = min(MAX_PIECES, 2 + slow(lvl, 1, 4, knee=30))
    return pieces, 2 if lvl < 10 else 3, 4 if lvl < 4 else 5


def piece_name(index: int) -> str:
    """A, B, ..., Z, then AA, AB, ..."""
    return chr(65 + index) if index < 26 else chr(64 + index // 26) + chr(65 + index % 26)


#: The eight rotations and reflections of the plane, as (row, column) -> (a r + b c, c' r + d c).
SYMMETRIES = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
              (1, 0, 0, -1), (0, 1, 1, 0), (-1, 0, 0, 1), (0, -1, -1, 0))  # fmt: skip


def normalised(cells) -> Shape:
    """The cells moved so that the smallest row and column are 0, sorted."""
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(cells) -> list[Shape]:
    """The eight rotations and reflections of a shape, normalised."""
    out = []
    for a, b, e, d in SYMMETRIES:
        rows = [a * r + b * c for r, c in cells]
        cols = [e * r + d * c for r, c in cells]
        top, left = min(rows), min(cols)
        out.append(tuple(sorted(zip([r - top for r in rows], [c - left for c in cols]))))
    return out


def canonical(cells) -> Shape:
    return min(orientations(cells))


@lru_cache(maxsize=256)
def placings(shape: Shape) -> frozenset[Shape]:
    """Every orientation of a piece (kept: pieces of up to 5 cells come in 21 shapes, so checking an answer
    normalises each of its groups once and looks it up)."""
    return frozenset(orientations(shape))


def planted_tiling(pieces: int, low: int, high: int, rng: random.Random) -> tuple[list[list[int]], int, int]:
    """(grid of piece index or -1 for a hole, rows, columns)."""
    cols = max(3, isqrt(pieces * (low + high) // 2) + 1)
    max_rows = 4 * pieces + 4
    grid = [[None] * cols for _ in range(max_rows)]  # None: still free
    placed = 0
    for r in range(max_rows):
        for c in range(cols):
            if placed == pieces:
                break
            if grid[r][c] is not None:
                continue
            if rng.random() < HOLE_SHARE:
                grid[r][c] = -1
                continue
            size = rng.randint(low, high)
            cells = [(r, c)]
            grid[r][c] = placed
            while len(cells) < size:
                frontier = sorted(
                    {
                        (rr + dr, cc + dc)
                        for rr, cc in cells
                        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= rr + dr < max_rows and 0 <= cc + dc < cols and grid[rr + dr][cc + dc] is None
                    }
                )
                if not frontier:
                    break
                rr, cc = rng.choice(frontier)
                grid[rr][cc] = placed
                cells.append((rr, cc))
            if len(cells) < low:  # stuck in a pocket: those cells are holes
                for rr, cc in cells:
                    grid[rr][cc] = -1
            else:
                placed += 1
    rows = 1 + max(r for r in range(max_rows) for c in range(cols) if grid[r][c] is not None and grid[r][c] >= 0)
    return [[-1 if cell is None else cell for cell in row] for row in grid[:rows]], rows, cols


def draw_piece(shape: Shape, name: str) -> str:
    height, width = 1 + max(r for r, _ in shape), 1 + max(c for _, c in shape)
    cells = set(shape)
    return format_grid([[name if (r, c) in cells else "." for c in range(width)] for r in range(height)])


class PolyominoTiling(Environment):
    id = "logic/polyomino_tiling"
    version = 1
    description = "Tile a grid region with holes by given polyomino pieces, each used once (rotated or flipped)."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): pieces 2 + L to level 30, then one more per 4 levels "
        f"(at most {MAX_PIECES}), of 2 to 4 cells, 2 to 5 from level 4, 3 to 5 from level 10; the region is "
        "about as wide as tall, with a hole in about one cell of twelve"
    )
    size_name = "pieces"
    answer_format = (
        "the grid, one row per line, cells separated by spaces: in each cell of the region the name of the piece "
        "covering it, and # in every cell outside the region"
    )
    tags = ("logic", "puzzle", "grid", "polyomino", "tiling", "exact-cover")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, low, high = plan(difficulty)
        grid, rows, cols = planted_tiling(count, low, high, rng)
        cells_of: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] >= 0:
                    cells_of[grid[r][c]].append((r, c))
        names = [piece_name(i) for i in range(count)]
        shown = [rng.choice(orientations(cells)) for cells in cells_of]
        drawings = "\n\n".join(
            f"Piece {name} ({len(shape)} cells):\n{draw_piece(shape, name)}" for name, shape in zip(names, shown)
        )
        region = format_grid([["." if cell >= 0 else "#" for cell in row] for row in grid])
        prompt = (
            f"Tile a region of a grid with {rows} rows and {cols} columns using polyomino pieces. In the region "
            "below, . is a cell of the region and # a cell outside it (a hole or the edge):\n\n"
            f"{region}\n\n"
            f"The {count} pieces, each drawn with its name in its cells:\n\n{drawings}\n\n"
            "Place every piece exactly once so that the pieces cover every cell of the region exactly once and "
            "nothing outside it. A piece may be rotated by any multiple of 90 degrees and may be flipped over "
            "(mirrored). Answer with the grid, one row per line, cells separated by spaces: in each cell of the "
            "region the name of the piece covering it, and # in every cell outside the region. Any valid tiling "
            "counts."
        )
        answer = format_grid([[names[cell] if cell >= 0 else "#" for cell in row] for row in grid])
        data = {
            "rows": rows,
            "cols": cols,
            "region": ["".join("." if cell >= 0 else "#" for cell in row) for row in grid],
            "pieces": {name: [list(cell) for cell in canonical(cells)] for name, cells in zip(names, cells_of)},
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        rows, cols, region, pieces = data["rows"], data["cols"], data["region"], data["pieces"]
        grid = read_grid(answer, rows, cols, r"[A-Za-z#.]{1,2}", single_chars=len(pieces) <= 26)
        cells_of: dict[str, list[tuple[int, int]]] = {}
        for r in range(rows):
            for c in range(cols):
                label = grid[r][c].upper()
                inside = region[r][c] == "."
                if label in ("#", "."):
                    if inside:
                        return Verdict.wrong(f"row {r + 1}, column {c + 1} is in the region but not covered")
                    continue
                if not inside:
                    return Verdict.wrong(f"row {r + 1}, column {c + 1} is outside the region but covered")
                if label not in pieces:
                    return Verdict.wrong(f"there is no piece {label}")
                cells_of.setdefault(label, []).append((r, c))
        missing = sorted(set(pieces) - set(cells_of))
        if missing:
            return Verdict.wrong(f"piece {missing[0]} is not placed")
        for name, cells in cells_of.items():
            if normalised(cells) not in placings(tuple(tuple(cell) for cell in pieces[name])):
                return Verdict.wrong(f"the cells labelled {name} do not have the shape of piece {name}")
        return Verdict.right()
