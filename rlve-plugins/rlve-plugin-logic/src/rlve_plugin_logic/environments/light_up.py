"""logic/light_up: place lamps on the white cells of an akari grid so that every white cell is lit, no two
lamps see each other, and every numbered black cell has that many lamps next to it."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.grids import format_grid, read_grid
from rlve_plugin_logic.solvers.boards import lines, name, plan
from rlve_plugin_logic.solvers.counting import CountingProblem
from rlve_plugin_logic.solvers.sliding import neighbours_of


def _stages():
    """Side n with 2n - 4 white cells revealed at first, one fewer per step down to none, sides 5 to 12."""
    return tuple((n, 2 * n - 4, 0) for n in range(5, 13))


STAGES = _stages()
#: Share of black cells drawn at first (repairs add a few).
BLACK_SHARE = 0.2
#: Search nodes per cell allowed to one uniqueness proof (a layout whose proof runs over is drawn again).
NODES_PER_CELL = 50
WHITE = -1
MARKS = "A white cell marked L already holds a lamp, one marked x holds none; . is a white cell to decide. "


def segments(n: int, black: list[bool]) -> list[list[int]]:
    """The runs of white cells between black cells and edges, along every row and then every column."""
    runs = []
    for line in lines(n):
        run: list[int] = []
        for i in line + [-1]:
            if i >= 0 and not black[i]:
                run.append(i)
            elif run:
                runs.append(run)
                run = []
    return runs


def sight(n: int, black: list[bool]) -> tuple[list[list[int]], list[list[int]]]:
    """(segments, the white cells each cell sees: its own row and column segments, itself included)."""
    runs = segments(n, black)
    sees: list[set[int]] = [set() for _ in range(n * n)]
    for run in runs:
        for i in run:
            sees[i].update(run)
    return runs, [sorted(s) for s in sees]


def all_lit(black: list[bool], lamps: list[int], sees: list[list[int]]) -> bool:
    lit = [False] * len(black)
    for i, lamp in enumerate(lamps):
        if lamp:
            for j in sees[i]:
                lit[j] = True
    return all(lit[i] or black[i] for i in range(len(black)))


def make_light_up(n: int, rng: random.Random) -> tuple[list[bool], list[int]]:
    """(black cells, lamps): every black cell numbered, those lamps the only solution.

    Lamps go on unlit white cells in random order until all are lit. While a second solution exists, a
    white cell where it has a lamp and this one has none turns black (numbered), if every white cell stays
    lit without it: the second solution is then broken.
    """
    neighbours = neighbours_of(n, n)
    while True:
        black = [False] * (n * n)
        for i in rng.sample(range(n * n), round(BLACK_SHARE * n * n)):
            black[i] = True
        runs, sees = sight(n, black)
        lamps = [0] * (n * n)
        lit = [False] * (n * n)
        order = [i for i in range(n * n) if not black[i]]
        rng.shuffle(order)
        for i in order:
            if not lit[i]:
                lamps[i] = 1
                for j in sees[i]:
                    lit[j] = True
        for _ in range(2 * n):
            rules = [(run, 0, 1) for run in runs]
            rules += [(sees[i], 1, n * n) for i in range(n * n) if not black[i]]
            for i in range(n * n):
                if black[i]:
                    count = sum(lamps[m] for m in neighbours[i])
                    rules.append(([m for m in neighbours[i] if not black[m]], count, count))
            fixed = {i: 0 for i in range(n * n) if black[i]}
            found, complete = CountingProblem(n * n, rules).solve(fixed, limit=2, node_limit=NODES_PER_CELL * n * n)
            if not complete:
                break
            if len(found) == 1:
                return black, lamps
            other = found[0] if found[0] != lamps else found[1]
            candidates = [i for i in range(n * n) if other[i] and not lamps[i]]
            rng.shuffle(candidates)
            for cell in candidates:
                black[cell] = True
                runs, sees = sight(n, black)
                if all_lit(black, lamps, sees):
                    break
                black[cell] = False
            else:
                break


class LightUp(Environment):
    id = "logic/light_up"
    version = 1
    description = "Solve a light up (akari): lamps light every white cell, never see each other, match the digits."
    difficulty_scales = (
        "side 5 (d 0-6), 6 (7-15), 7 (16-26), 8 (27-39), ... up to 12 (from d 2560 on; a step per level to "
        "d 30, then per two levels); about a fifth of the cells black, all numbered; each side starts with "
        "2 x side - 4 white cells revealed and loses one per step down to none"
    )
    size_name = "cells, less the revealed ones"
    answer_format = (
        "the grid, one row per line, cells separated by spaces: L for a lamp, . for a white cell without a "
        "lamp, each black cell as in the puzzle (its digit)"
    )
    tags = ("logic", "puzzle", "grid", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, revealed_count = plan(difficulty, STAGES)
        black, lamps = make_light_up(n, rng)
        neighbours = neighbours_of(n, n)
        numbers = [sum(lamps[m] for m in neighbours[i]) if black[i] else WHITE for i in range(n * n)]
        revealed = set(rng.sample([i for i in range(n * n) if not black[i]], revealed_count))

        def shown(i: int) -> str:
            if black[i]:
                return str(numbers[i])
            if i in revealed:
                return "L" if lamps[i] else "x"
            return "."

        prompt = (
            f"Solve this {n}x{n} light up (akari) puzzle. A digit is a black cell; every other cell is white. "
            "Place lamps on some white cells so that (1) every white cell is lit: a lamp lights its own cell and "
            "every white cell in its row and its column up to the nearest black cell or the edge of the grid; "
            "(2) no lamp lights another lamp; (3) each black cell has exactly as many lamps as its digit on the "
            "white cells directly above, below, left and right of it. Rows are numbered from the top, columns "
            "from the left. "
            + (MARKS if revealed else ". is a white cell. ")
            + "The puzzle has exactly one solution.\n\n"
            + format_grid([[shown(r * n + c) for c in range(n)] for r in range(n)])
        )
        cells = [str(numbers[i]) if black[i] else "L" if lamps[i] else "." for i in range(n * n)]
        answer = format_grid([cells[r * n : r * n + n] for r in range(n)])
        known = [lamps[i] if i in revealed else -1 for i in range(n * n)]
        data = {"n": n, "numbers": numbers, "known": known}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - revealed_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, numbers, known = data["n"], data["numbers"], data["known"]
        grid = read_grid(answer, n, n, r"[LlXx.#0-4]", single_chars=True)
        black = [numbers[i] != WHITE for i in range(n * n)]
        lamps = [0] * (n * n)
        for i in range(n * n):
            cell = grid[i // n][i % n]
            if black[i]:
                if cell not in ("#", str(numbers[i])):
                    raise ParseError(f"{name(n, i)} is the black cell {numbers[i]}, the answer has {cell}")
            elif cell in "#01234":
                raise ParseError(f"{name(n, i)} is a white cell, the answer has {cell}")
            else:
                lamps[i] = int(cell in "Ll")
                if known[i] >= 0 and lamps[i] != known[i]:
                    return Verdict.wrong(f"{name(n, i)} is known to {'hold a lamp' if known[i] else 'have no lamp'}")
        runs, sees = sight(n, black)
        for run in runs:
            placed = [i for i in run if lamps[i]]
            if len(placed) > 1:
                return Verdict.wrong(f"the lamps at {name(n, placed[0])} and {name(n, placed[1])} see each other")
        for i in range(n * n):
            if not black[i] and not any(lamps[j] for j in sees[i]):
                return Verdict.wrong(f"{name(n, i)} is not lit")
        neighbours = neighbours_of(n, n)
        for i in range(n * n):
            if black[i]:
                count = sum(lamps[m] for m in neighbours[i])
                if count != numbers[i]:
                    return Verdict.wrong(f"the black cell {numbers[i]} at {name(n, i)} has {count} lamps beside it")
        return Verdict.right()
