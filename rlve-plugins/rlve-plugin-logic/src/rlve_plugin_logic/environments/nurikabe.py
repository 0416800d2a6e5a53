"""logic/nurikabe: shade cells so that every number sits in an island of that many cells, one number per
island, while the shaded sea stays connected and has no 2x2 pool."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_grid
from rlve_plugin_logic.solvers.bitboards import Bitboard, cells_of
from rlve_plugin_logic.solvers.boards import known_grid, name, plan

#: (side, revealed cells at the first level of the stage, at the last): one fewer per step.
STAGES = ((5, 8, 0), (6, 10, 0), (7, 12, 0), (8, 14, 0))
#: The largest island drawn (a clue is one digit), and how many times a clue moves inside its island to break
#: a second solution before the board is drawn again.
MAX_ISLAND = 5
REPAIRS = 20
#: Search nodes allowed to one uniqueness proof (a board whose proof runs over is drawn again).
NODE_LIMIT = 1500


def random_land(bb: Bitboard, rng: random.Random) -> int | None:
    """Land (island) cells, as a mask, such that the sea is connected and has no 2x2 pool, and no island has
    more than MAX_ISLAND cells: every all-sea 2x2 block, in random order, gets a land cell where the rules
    allow one; then islands grow by random cells next to them. None when a pool cannot be broken."""
    land = 0

    def fits(new_land: int, cell_bit: int) -> bool:
        island = bb.fill(cell_bit, new_land)
        return island.bit_count() <= MAX_ISLAND and bb.connected(bb.full & ~new_land)

    blocks = bb.blocks()
    rng.shuffle(blocks)
    for block in blocks:
        if block & land:
            continue
        cells = cells_of(block)
        rng.shuffle(cells)
        for cell in cells:
            if fits(land | 1 << cell, 1 << cell):
                land |= 1 << cell
                break
        else:
            return None
    for _ in range(bb.rows):
        border = cells_of(bb.around(land))
        cell = rng.choice(border)
        if fits(land | 1 << cell, 1 << cell):
            land |= 1 << cell
    return land


def island_shapes(bb: Bitboard, clues: dict[int, int]) -> dict[int, list[tuple[int, int]]]:
    """For each clue cell, every island it could have: (cells, cells around them), connected, of the clue's
    size, neither holding nor touching another clue."""
    out = {}
    for cell, size in clues.items():
        others = sum(1 << c for c in clues if c != cell)
        allowed = bb.full & ~others & ~bb.around(others)
        out[cell] = [(shape, bb.around(shape)) for shape in bb.shapes(cell, size, allowed)]
    return out


def solve(bb: Bitboard, clues: dict[int, int], limit: int = 2) -> tuple[list[int], bool]:
    """Up to ``limit`` solutions (land cells as a mask) and whether the search finished in NODE_LIMIT nodes.

    Places one island per clue, the clue with the fewest islands left first; a node dies when a clue has no
    island left, a 2x2 block can no longer hold land, or cells that can no longer be land are cut off from
    each other by placed islands (the sea would split).
    """
    blocks = bb.blocks()
    solutions: list[int] = []
    nodes = 0

    def search(land: int, shore: int, options: dict[int, list[tuple[int, int]]]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        taken = land | shore
        remaining = {}
        possible = land
        for cell, shapes in options.items():
            fitting = [(s, h) for s, h in shapes if not s & taken and not h & land]
            if not fitting:
                return True
            for s, _ in fitting:
                possible |= s
            remaining[cell] = fitting
        for block in blocks:
            if not block & possible:
                return True
        sea = bb.full & ~possible
        if sea and bb.fill(sea & -sea, bb.full & ~land) & sea != sea:
            return True
        if not remaining:
            solutions.append(land)
            return len(solutions) < limit
        cell = min(remaining, key=lambda c: len(remaining[c]))
        rest = {c: shapes for c, shapes in remaining.items() if c != cell}
        for shape, halo in remaining[cell]:
            if not search(land | shape, shore | halo, rest):
                return False
        return True

    finished = search(0, 0, island_shapes(bb, clues))
    return solutions, finished or len(solutions) >= limit


def make_nurikabe(n: int, rng: random.Random) -> tuple[dict[int, int], int]:
    """(clue cell -> island size, land mask) with that land the only solution. While a second solution exists,
    the clue of an island it does not have moves to a cell of that island that it shades."""
    bb = Bitboard(n, n)
    while True:
        land = random_land(bb, rng)
        if land is None:
            continue
        islands = bb.components(land)
        clue_of = [rng.choice(cells_of(island)) for island in islands]
        for _ in range(REPAIRS):
            clues = {cell: island.bit_count() for cell, island in zip(clue_of, islands)}
            found, complete = solve(bb, clues)
            if not complete or not found:
                break
            if len(found) == 1:
                return clues, land
            other = found[0] if found[0] != land else found[1]
            changed = [k for k, island in enumerate(islands) if island & ~other]
            k = rng.choice(changed)
            # a cell the second solution leaves shaded: it cannot be a numbered cell there
            clue_of[k] = rng.choice(cells_of(islands[k] & ~other))


class Nurikabe(Environment):
    id = "logic/nurikabe"
    version = 1
    description = "Solve a nurikabe: numbered islands of that many cells in a connected sea with no 2x2 pool."
    difficulty_scales = (
        "side 5 (d 0-8), 6 (9-19), 7 (20-35), 8 (from d 36 on; a step per level to d 30, then per two levels); "
        f"islands of up to {MAX_ISLAND} cells; each side starts with some cells revealed and loses one per step "
        "down to none"
    )
    size_name = "cells not revealed"
    answer_format = (
        "the grid, one row per line, # for a sea (shaded) cell and . for an island cell (a numbered cell may keep "
        "its number), cells separated by spaces"
    )
    tags = ("logic", "puzzle", "grid", "shading", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, revealed_count = plan(difficulty, STAGES)
        clues, land = make_nurikabe(n, rng)
        is_land = [land >> i & 1 for i in range(n * n)]
        revealed = rng.sample(range(n * n), revealed_count)
        shown = [[str(clues.get(r * n + c, ".")) for c in range(n)] for r in range(n)]
        prompt = (
            f"Solve this {n}x{n} nurikabe. Shade some cells (the sea) and leave the others unshaded (the islands) "
            "so that (1) every island, a group of unshaded cells connected horizontally or vertically, holds "
            "exactly one number, and that number is how many cells the island has; (2) every number is on an "
            "unshaded cell; (3) all shaded cells form one group, connected horizontally or vertically; and (4) no "
            "2x2 square of cells is entirely shaded. A . is a cell without a number.\n\n"
            f"{format_grid(shown)}"
        )
        if revealed:
            known = known_grid(n, is_land, revealed, "o", "#")
            prompt += "\n\nSome cells are already known (# shaded, o unshaded, ? unknown):\n\n" + format_grid(known)
        prompt += (
            "\n\nThe puzzle has exactly one solution. Answer with the grid, one row per line, # for a shaded cell "
            "and . for an unshaded one (a numbered cell may be written as its number), cells separated by spaces."
        )
        answer = format_grid(
            [[str(clues[i]) if i in clues else "." if is_land[i] else "#" for i in range(r * n, r * n + n)]
             for r in range(n)]
        )
        known_values = [-1] * (n * n)
        for cell in revealed:
            known_values[cell] = is_land[cell]
        data = {"n": n, "clues": [[cell, size] for cell, size in sorted(clues.items())], "known": known_values}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - revealed_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, known = data["n"], data["known"]
        clues = {cell: size for cell, size in data["clues"]}
        grid = read_grid(answer, n, n, r"[#.oO0-9]", single_chars=True)
        land = 0
        for i in range(n * n):
            token = grid[i // n][i % n]
            if token.isdigit() and clues.get(i) != int(token):
                return Verdict.wrong(f"{name(n, i)} is written {token}, but the puzzle has no such number there")
            if token != "#":
                land |= 1 << i
        for i in range(n * n):
            if known[i] >= 0 and (land >> i & 1) != known[i]:
                return Verdict.wrong(f"{name(n, i)} is known to be {'unshaded' if known[i] else 'shaded'}")
        for cell in clues:
            if not land >> cell & 1:
                return Verdict.wrong(f"the number at {name(n, cell)} is shaded")
        bb = Bitboard(n, n)
        for island in bb.components(land):
            numbers = [cell for cell in clues if island >> cell & 1]
            where = name(n, (island & -island).bit_length() - 1)
            if len(numbers) != 1:
                return Verdict.wrong(f"the island at {where} holds {len(numbers)} numbers, it needs exactly one")
            if island.bit_count() != clues[numbers[0]]:
                return Verdict.wrong(
                    f"the island of the number at {name(n, numbers[0])} has {island.bit_count()} cells, "
                    f"it needs {clues[numbers[0]]}"
                )
        sea = bb.full & ~land
        if not bb.connected(sea):
            return Verdict.wrong("the shaded cells are not all connected")
        for block in bb.blocks():
            if not block & land:
                return Verdict.wrong(f"the 2x2 square at {name(n, (block & -block).bit_length() - 1)} is all shaded")
        return Verdict.right()
