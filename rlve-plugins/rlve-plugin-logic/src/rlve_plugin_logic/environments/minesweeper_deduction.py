"""logic/minesweeper_deduction: from a partly uncovered minesweeper board, name the covered cells that are
certainly mines (or certainly safe) in every mine layout that fits the numbers shown."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_pairs
from rlve_plugin_logic.grids import format_grid
from rlve_plugin_logic.solvers.backbone import backbone
from rlve_plugin_logic.solvers.boards import name, plan, touching

#: Share of the cells that hold a mine.
MINE_SHARE = 0.2
#: Search nodes allowed to one deduction (a board whose proof runs over is drawn again).
NODE_LIMIT = 400
#: Boards drawn until one has a non-empty answer (the last one is kept whatever its answer).
DRAWS = 4
COVERED = "?"


def _stages():
    """Side n; uncovered cells from 60% down to 40% of the safe ones, one fewer per step; sides 4 to 10."""
    stages = []
    covered = 0  # the most covered cells so far: a new side starts with more (the size keeps growing)
    for n in range(4, 11):
        safe = n * n - round(MINE_SHARE * n * n)
        first = min(round(0.6 * safe), n * n - covered - 1)
        stages.append((n, first, round(0.4 * safe)))
        covered = n * n - round(0.4 * safe)
    return tuple(stages)


STAGES = _stages()


def numbers_of(n: int, mines: list[int]) -> list[int]:
    """The number every cell would show: its mines among the up to 8 cells around it."""
    return [sum(mines[j] for j in touching(n, i)) for i in range(n * n)]


def deduce(n: int, mines: list[int], uncovered: set[int]) -> dict[int, int] | None:
    """The covered cells whose content every layout that fits the uncovered numbers agrees on: cell -> mine (1/0)."""
    numbers = numbers_of(n, mines)
    rules = []
    for i in uncovered:
        around = [j for j in touching(n, i) if j not in uncovered]
        if around:
            rules.append((around, numbers[i], numbers[i]))
    return backbone(n * n, rules, mines, NODE_LIMIT)


def make_board(n: int, uncovered_count: int, rng: random.Random) -> tuple[list[int], set[int], dict[int, int]]:
    """(mines, uncovered cells, certain covered cells) for a random board."""
    draws = 0
    while True:
        mines = [0] * (n * n)
        for i in rng.sample(range(n * n), round(MINE_SHARE * n * n)):
            mines[i] = 1
        uncovered = set(rng.sample([i for i in range(n * n) if not mines[i]], uncovered_count))
        certain = deduce(n, mines, uncovered)
        if certain is None:
            continue
        draws += 1
        if draws >= DRAWS or (any(certain.values()) and not all(certain.values())):
            return mines, uncovered, certain


class MinesweeperDeduction(Environment):
    id = "logic/minesweeper_deduction"
    version = 1
    description = "Minesweeper deduction: name the covered cells that are certainly mines (or certainly safe)."
    difficulty_scales = (
        "side 4 (d 0-3), 5 (4-8), 6 (9-14), 7 (15-22), 8 (23-37), 9 (38-59), 10 (from d 60 on; a step per "
        "level to d 30, then per two levels); a fifth of the cells are mines; each side starts with 60% of the "
        "safe cells uncovered and loses one per step down to 40%; certain mines or certain safe cells asked for, "
        "at random"
    )
    size_name = "covered cells"
    answer_format = (
        "the cells as (row, column) pairs, 1-based, rows from the top and columns from the left, separated by "
        "spaces, e.g. (1, 2) (3, 4); in any order; none if there are no such cells"
    )
    tags = ("logic", "puzzle", "grid", "minesweeper", "deduction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, uncovered_count = plan(difficulty, STAGES)
        mines, uncovered, certain = make_board(n, uncovered_count, rng)
        asked = rng.choice(("mine", "safe"))
        wanted = 1 if asked == "mine" else 0
        numbers = numbers_of(n, mines)
        shown = [[str(numbers[r * n + c]) if r * n + c in uncovered else COVERED for c in range(n)] for r in range(n)]
        cells = sorted(i for i, v in certain.items() if v == wanted)
        question = (
            "List every covered cell that is a mine in every layout of mines consistent with the numbers shown."
            if asked == "mine"
            else "List every covered cell that is safe (holds no mine) in every layout of mines consistent with "
            "the numbers shown."
        )
        prompt = (
            f"This is a {n}x{n} minesweeper board. A digit is an uncovered cell: it holds no mine, and the digit is "
            "the number of mines among the up to 8 cells around it (horizontally, vertically and diagonally "
            f"adjacent). {COVERED} is a covered cell, which may or may not hold a mine. The total number of mines "
            f"is not given: any number of mines on the covered cells is possible. {question} Rows are numbered "
            "from 1 at the top, columns from 1 at the left. Answer with the cells as (row, column) pairs "
            "separated by spaces, e.g. (1, 2) (3, 4), in any order, or with the word none if there is no such "
            "cell.\n\n" + format_grid(shown)
        )
        answer = " ".join(f"({i // n + 1}, {i % n + 1})" for i in cells) or "none"
        data = {"n": n, "uncovered": sorted(uncovered), "asked": asked, "cells": cells}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - uncovered_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, asked, expected = data["n"], data["asked"], set(data["cells"])
        uncovered = set(data["uncovered"])
        text = answer.strip()
        if text.lower().rstrip(".") in ("none", "no cells", "[]", "{}"):
            pairs = []
        else:
            if len(text) > 12 * n * n + 16:
                raise ParseError("the answer is longer than any list of cells of this board")
            pairs = parse_int_pairs(text, max_items=n * n, max_digits=4)
        given: set[int] = set()
        for r, c in pairs:
            if not (1 <= r <= n and 1 <= c <= n):
                raise ParseError(f"({r}, {c}) is not a cell of the {n}x{n} board")
            cell = (r - 1) * n + c - 1
            if cell in given:
                raise ParseError(f"({r}, {c}) is listed twice")
            if cell in uncovered:
                return Verdict.wrong(f"{name(n, cell)} is uncovered, not a covered cell")
            given.add(cell)
        kind = "a mine" if asked == "mine" else "safe"
        for cell in sorted(expected - given):
            return Verdict.wrong(f"{name(n, cell)} is certainly {kind} and is missing")
        for cell in sorted(given - expected):
            return Verdict.wrong(f"{name(n, cell)} is not certainly {kind}")
        return Verdict.right()
