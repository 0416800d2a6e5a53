"""logic/hitori: shade cells so that no number repeats among the unshaded cells of a row or column, no two
shaded cells touch, and the unshaded cells stay connected."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, read_binary_grid
from rlve_plugin_logic.solvers.boards import connected, known_grid, lines, name, plan
from rlve_plugin_logic.solvers.counting import CountingProblem
from rlve_plugin_logic.solvers.sliding import neighbours_of
from rlve_plugin_logic.solvers.sudoku import Shape, random_full_grid


def _stages():
    """Side n with 2n - 4 cells revealed at first, one fewer per step down to none, for sides 4 to 12."""
    return tuple((n, 2 * n - 4, 0) for n in range(4, 13))


STAGES = _stages()
#: Search nodes per cell allowed to one uniqueness proof (a grid whose proof runs over is drawn again).
NODES_PER_CELL = 50


def unshaded_connected(values: list[int], neighbours: list[list[int]]) -> bool:
    """Whether the unshaded cells (0) can still be joined through cells that are not shaded (0 or -1)."""
    start = next((i for i, v in enumerate(values) if v == 0), None)
    if start is None:
        return True
    seen = [False] * len(values)
    seen[start] = True
    stack = [start]
    while stack:
        for m in neighbours[stack.pop()]:
            if not seen[m] and values[m] != 1:
                seen[m] = True
                stack.append(m)
    return all(seen[i] for i, v in enumerate(values) if v == 0)


def hitori_rules(n: int, numbers: list[int], neighbours: list[list[int]]) -> list[tuple[list[int], int, int]]:
    """Never two shaded neighbours; of k equal numbers in a line, at least k - 1 shaded."""
    rules = [([i, m], 0, 1) for i in range(n * n) for m in neighbours[i] if m > i]
    for line in lines(n):
        by_number: dict[int, list[int]] = {}
        for i in line:
            by_number.setdefault(numbers[i], []).append(i)
        rules += [(cells, len(cells) - 1, len(cells)) for cells in by_number.values() if len(cells) > 1]
    return rules


def random_shading(n: int, neighbours: list[list[int]], rng: random.Random) -> list[int]:
    """Cells shaded in random order while none touches another and the rest stay connected, until no cell
    can be: then no extra cell could ever be shaded, which a unique hitori needs."""
    shade = [0] * (n * n)
    order = list(range(n * n))
    rng.shuffle(order)
    for i in order:
        if any(shade[m] for m in neighbours[i]):
            continue
        shade[i] = 1
        if not unshaded_connected(shade, neighbours):
            shade[i] = 0
    return shade


def copy_number(n: int, numbers: list[int], cell: int, shade: list[int], rng: random.Random) -> int:
    """The number of a random cell in the row or column of ``cell`` that ``shade`` leaves unshaded."""
    r, c = divmod(cell, n)
    line = [r * n + k for k in range(n)] + [k * n + c for k in range(n)]
    return numbers[rng.choice([i for i in line if i != cell and not shade[i]])]


def make_hitori(n: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """(numbers, shading) with that shading the only solution.

    The unshaded cells keep the numbers of a random Latin square; each shaded cell copies the number of an
    unshaded cell in its row or column. While a second shading solves it, a cell shaded here but not there
    copies a number that the second shading leaves unshaded in its row or column, which breaks it.
    """
    neighbours = neighbours_of(n, n)
    while True:
        shade = random_shading(n, neighbours, rng)
        numbers = random_full_grid(Shape(1, n), rng)
        for i in range(n * n):
            if shade[i]:
                numbers[i] = copy_number(n, numbers, i, shade, rng)
        for _ in range(2 * n):
            rules = hitori_rules(n, numbers, neighbours)
            problem = CountingProblem(n * n, rules, prune=lambda v: unshaded_connected(v, neighbours))
            found, complete = problem.solve(limit=2, node_limit=NODES_PER_CELL * n * n)
            if not complete:
                break
            if len(found) == 1:
                return numbers, shade
            other = found[0] if found[0] != shade else found[1]
            # never empty: the shading is maximal, so no other solution shades a superset of it
            cells = [i for i in range(n * n) if shade[i] and not other[i]]
            if not cells:
                break
            cell = rng.choice(cells)
            numbers[cell] = copy_number(n, numbers, cell, other, rng)


class Hitori(Environment):
    id = "logic/hitori"
    version = 1
    description = "Solve a hitori: shade cells so no number repeats in a line, no shaded cells touch, the rest connect."
    difficulty_scales = (
        "side 4 (d 0-4), 5 (5-11), 6 (12-20), 7 (21-...), ... up to 12 (from d 3520 on; a step per level to "
        "d 30, then per two levels); each side starts with 2 x side - 4 cells revealed and loses one per step "
        "down to none"
    )
    size_name = "cells not revealed"
    answer_format = (
        "the grid, one row per line, # for a shaded cell and . for an unshaded one, cells separated by spaces"
    )
    tags = ("logic", "puzzle", "grid", "shading", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, revealed_count = plan(difficulty, STAGES)
        numbers, shade = make_hitori(n, rng)
        revealed = rng.sample(range(n * n), revealed_count)
        prompt = (
            f"Solve this {n}x{n} hitori. Shade some cells of the grid so that (1) no number appears more than once "
            "among the unshaded cells of any row or any column, (2) no two shaded cells are next to each other "
            "horizontally or vertically (diagonally is fine), and (3) all unshaded cells form one group, "
            "connected through horizontal and vertical steps between unshaded cells.\n\n"
            f"{format_grid([numbers[r * n : (r + 1) * n] for r in range(n)])}"
        )
        if revealed:
            known = known_grid(n, shade, revealed, "#", "o")
            prompt += "\n\nSome cells are already known (# shaded, o unshaded, ? unknown):\n\n" + format_grid(known)
        prompt += "\n\nThe puzzle has exactly one solution."
        answer = format_grid([["#" if shade[r * n + c] else "." for c in range(n)] for r in range(n)])
        known_values = [-1] * (n * n)
        for cell in revealed:
            known_values[cell] = shade[cell]
        data = {"n": n, "numbers": numbers, "known": known_values}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - revealed_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, numbers, known = data["n"], data["numbers"], data["known"]
        # o (how the prompt marks known unshaded cells) is read as . too
        grid = read_binary_grid(answer.replace("o", ".").replace("O", "."), n, n, "#", ".")
        shade = [int(grid[i // n][i % n]) for i in range(n * n)]
        for i in range(n * n):
            if known[i] >= 0 and shade[i] != known[i]:
                return Verdict.wrong(f"{name(n, i)} is known to be {'shaded' if known[i] else 'unshaded'}")
        neighbours = neighbours_of(n, n)
        for i in range(n * n):
            for m in neighbours[i]:
                if m > i and shade[i] and shade[m]:
                    return Verdict.wrong(f"shaded cells {name(n, i)} and {name(n, m)} touch")
        for k, line in enumerate(lines(n)):
            seen: set[int] = set()
            for i in line:
                if not shade[i]:
                    if numbers[i] in seen:
                        kind, index = ("row", k + 1) if k < n else ("column", k - n + 1)
                        return Verdict.wrong(f"{kind} {index} has {numbers[i]} unshaded twice")
                    seen.add(numbers[i])
        if not connected([i for i in range(n * n) if not shade[i]], neighbours):
            return Verdict.wrong("the unshaded cells are not all connected")
        return Verdict.right()
