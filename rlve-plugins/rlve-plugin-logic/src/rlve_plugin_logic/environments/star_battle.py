"""logic/star_battle: place k stars in every row, column and region, no two stars touching."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_binary_grid
from rlve_plugin_logic.solvers.boards import blocks, connected, grow_regions, known_grid, lines, name, plan, touching
from rlve_plugin_logic.solvers.counting import CountingProblem
from rlve_plugin_logic.solvers.sliding import neighbours_of

#: (side, revealed cells at the first level of the stage, at the last): one fewer per step. One star per
#: row, column and region up to side 8, two from side 9 on.
STAGES = ((5, 6, 0), (6, 10, 0), (7, 12, 0), (8, 14, 0), (9, 16, 0))
#: Regions regrown (around the same stars) before the stars are drawn again, and repairs per layout.
LAYOUTS = 8
NODES_PER_CELL = 50
LABELS = string.ascii_uppercase


def stars_per_line(n: int) -> int:
    return 1 if n <= 8 else 2


def star_rules(n: int, k: int, regions: list[list[int]]) -> list[tuple[list[int], int, int]]:
    """k stars in every row, column and region; at most one in every 2x2 block (so none touch)."""
    rules = [(line, k, k) for line in lines(n)]
    rules += [(region, k, k) for region in regions]
    return rules + [(list(block), 0, 1) for block in blocks(n)]


def pair_regions(region: list[int], count: int, neighbours: list[list[int]], rng: random.Random) -> list[int] | None:
    """Merge ``count`` regions two by two into touching pairs (a random perfect matching); None if none."""
    touching_regions: list[set[int]] = [set() for _ in range(count)]
    for i, g in enumerate(region):
        for m in neighbours[i]:
            if region[m] != g:
                touching_regions[g].add(region[m])
    partner = [-1] * count

    def match() -> bool:
        free = [g for g in range(count) if partner[g] < 0]
        if not free:
            return True
        g = min(free, key=lambda x: sum(1 for y in touching_regions[x] if partner[y] < 0))
        options = [h for h in touching_regions[g] if partner[h] < 0]
        rng.shuffle(options)
        for h in options:
            partner[g], partner[h] = h, g
            if match():
                return True
            partner[g] = partner[h] = -1
        return False

    if not match():
        return None
    merged = {}
    for g in range(count):
        merged.setdefault(min(g, partner[g]), len(merged))
    return [merged[min(g, partner[g])] for g in region]


def make_star_battle(n: int, k: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """(region of every cell, stars as 0/1 per cell) with those stars the only solution.

    Stars are a random solution of the row, column and touching rules; regions grow around them (k = 2:
    around each star, then paired). While a second solution exists, a cell where it has a star and this one
    has none moves to a neighbouring region (if its own stays connected): that region then holds k + 1 of
    the second solution's stars.
    """
    neighbours = neighbours_of(n, n)
    while True:
        stars = CountingProblem(n * n, star_rules(n, k, [])).solve(limit=1, rng=rng)[0][0]
        for _ in range(LAYOUTS):
            region = grow_regions(n, [i for i in range(n * n) if stars[i]], neighbours, rng)
            if k == 2:
                region = pair_regions(region, 2 * n, neighbours, rng)
                if region is None:
                    continue
            for _ in range(3 * n):
                regions = [[i for i in range(n * n) if region[i] == g] for g in range(n)]
                found, complete = CountingProblem(n * n, star_rules(n, k, regions)).solve(
                    limit=2, node_limit=NODES_PER_CELL * n * n
                )
                if not complete:
                    break
                if len(found) == 1:
                    return region, stars
                other = found[0] if found[0] != stars else found[1]
                moves = [
                    (cell, region[m])
                    for cell in range(n * n)
                    if other[cell] and not stars[cell]
                    for m in neighbours[cell]
                    if region[m] != region[cell]
                    and connected([i for i in regions[region[cell]] if i != cell], neighbours)
                ]
                if not moves:
                    break
                cell, g = rng.choice(moves)
                region[cell] = g


class StarBattle(Environment):
    id = "logic/star_battle"
    version = 1
    description = "Solve a star battle: k stars in every row, column and region, no two stars touching."
    difficulty_scales = (
        "side 5 (d 0-6), 6 (7-17), 7 (18-30), then 8 and 9 (a step per two levels; the last board from d 94 "
        "on); one star per row, column and region up to 8x8, two on 9x9; each side starts with some cells "
        "revealed and loses one per step down to none"
    )
    size_name = "cells not revealed"
    answer_format = "the grid, one row per line, * for a star and . for an empty cell, cells separated by spaces"
    tags = ("logic", "puzzle", "grid", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, revealed_count = plan(difficulty, STAGES)
        k = stars_per_line(n)
        region, stars = make_star_battle(n, k, rng)
        # regions lettered in reading order of their first cell
        first_seen: dict[int, int] = {}
        for g in region:
            first_seen.setdefault(g, len(first_seen))
        region = [first_seen[g] for g in region]
        revealed = rng.sample(range(n * n), revealed_count)
        star_word = "star" if k == 1 else "stars"
        prompt = (
            f"Solve this {n}x{n} star battle. The letters split the grid into {n} regions. Place stars on some "
            f"cells so that every row, every column and every region holds exactly {k} {star_word}, and no two "
            "stars touch, not even diagonally.\n\n"
            f"{format_grid([[LABELS[region[r * n + c]] for c in range(n)] for r in range(n)])}"
        )
        if revealed:
            known = known_grid(n, stars, revealed, "*", "x")
            prompt += "\n\nSome cells are already known (* star, x no star, ? unknown):\n\n" + format_grid(known)
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["*" if stars[r * n + c] else "." for c in range(n)] for r in range(n)])
        known_values = [stars[i] if i in set(revealed) else -1 for i in range(n * n)]
        data = {"n": n, "k": k, "regions": region, "known": known_values}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - revealed_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, k, region, known = data["n"], data["k"], data["regions"], data["known"]
        # x (how the prompt marks known empty cells) is read as . too
        grid = read_binary_grid(answer.replace("x", ".").replace("X", "."), n, n, "*", ".")
        stars = [int(grid[i // n][i % n]) for i in range(n * n)]
        for i in range(n * n):
            if known[i] >= 0 and stars[i] != known[i]:
                return Verdict.wrong(f"{name(n, i)} is known to {'hold a star' if known[i] else 'be empty'}")
        for i in range(n * n):
            for m in touching(n, i):
                if m > i and stars[i] and stars[m]:
                    return Verdict.wrong(f"the stars at {name(n, i)} and {name(n, m)} touch")
        groups = [("row", str(r + 1), line) for r, line in enumerate(lines(n)[:n])]
        groups += [("column", str(c + 1), line) for c, line in enumerate(lines(n)[n:])]
        groups += [("region", LABELS[g], [i for i in range(n * n) if region[i] == g]) for g in range(n)]
        for kind, label, cells in groups:
            count = sum(stars[i] for i in cells)
            if count != k:
                return Verdict.wrong(f"{kind} {label} has {count} stars, it needs {k}")
        return Verdict.right()
