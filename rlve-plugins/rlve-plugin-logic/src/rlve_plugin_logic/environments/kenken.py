"""logic/kenken: fill a Latin square so that the numbers of every cage make its target with its operation."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_logic.grids import format_grid, latin_conflict, read_number_grid
from rlve_plugin_logic.solvers.boards import plan
from rlve_plugin_logic.solvers.cages import (
    SYMBOLS,
    cage_tuples,
    cage_value,
    choose_operation,
    operations,
    random_cages,
)
from rlve_plugin_logic.solvers.latin import LatinProblem
from rlve_plugin_logic.solvers.latin_groups import group_rule
from rlve_plugin_logic.solvers.sudoku import Shape, random_full_grid

#: (side, one-cell cages at the first level of the stage, at the last): one fewer per step. A one-cell
#: cage gives its number away; the other cages have 2 or 3 cells (up to 4 from side 7).
STAGES = ((4, 4, 0), (5, 12, 0), (6, 15, 3), (7, 16, 4), (8, 22, 6), (9, 24, 16))
#: Search nodes per cell allowed to one uniqueness proof.
NODES_PER_CELL = 100
#: Operations changed to break a second solution before the cages are drawn again, and layouts drawn
#: before the square is.
REPAIRS = 5
LAYOUTS = 20
LABELS = string.ascii_uppercase + string.ascii_lowercase


def largest_cage(n: int) -> int:
    return 3 if n <= 6 else 4


def make_kenken(
    n: int, singles: int, rng: random.Random
) -> tuple[list[int], list[list[int]], list[tuple[str, int]]]:
    """(solution, cages, (operation, target) per cage) with a unique solution and exactly ``singles``
    one-cell cages.

    Cages are drawn at random; while a second solution exists, a cage where it differs gets another
    operation that the second solution breaks, a few times, before the cages (and then the square) are
    drawn again.
    """
    while True:
        solution = random_full_grid(Shape(1, n), rng)
        lone = rng.sample(range(n * n), singles)
        for _ in range(LAYOUTS):
            cages = random_cages(n, lone, largest_cage(n), rng)
            if cages is None or len(cages) > len(LABELS):
                continue
            ops = [choose_operation([solution[i] for i in cage], rng) for cage in cages]
            rules = [(tuple(cage), group_rule(n, cage_tuples(n, cage, *op))) for cage, op in zip(cages, ops)]
            for _ in range(REPAIRS):
                found, complete = LatinProblem(n, None, (), rules).solve(2, NODES_PER_CELL * n * n)
                if not complete:
                    break
                if len(found) == 1:
                    return solution, cages, ops
                other = found[0] if found[0] != solution else found[1]
                k = rng.choice([k for k, cage in enumerate(cages) if any(other[i] != solution[i] for i in cage)])
                fixes = [
                    op
                    for op in operations([solution[i] for i in cages[k]])
                    if op != ops[k] and cage_value(op[0], [other[i] for i in cages[k]]) != op[1]
                ]
                if not fixes:
                    break
                ops[k] = rng.choice(fixes)
                rules[k] = (tuple(cages[k]), group_rule(n, cage_tuples(n, cages[k], *ops[k])))


class Kenken(Environment):
    id = "logic/kenken"
    version = 1
    description = "Solve a kenken: a Latin square whose cages must make their targets with + - × ÷."
    difficulty_scales = (
        "side 4 (d 0-4), 5 (5-17), 6 (18-30), then 7, 8 and 9 (a step per two levels; 9x9 with 16 one-cell "
        "cages from d 140 on); within a side one one-cell cage (a given number) "
        "fewer per step, none left on 4x4 and 5x5; the other cages have 2 or 3 cells, up to 4 from side 7"
    )
    size_name = "open candidates (cells outside one-cell cages x side)"
    answer_format = "the completed grid, one row per line, the numbers of a row separated by spaces"
    tags = ("logic", "puzzle", "grid", "latin-square", "arithmetic", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, singles = plan(difficulty, STAGES)
        solution, cages, ops = make_kenken(n, singles, rng)
        # cages labelled in reading order of their first cell
        order = sorted(range(len(cages)), key=lambda k: cages[k][0])
        cages = [cages[k] for k in order]
        ops = [ops[k] for k in order]
        label = [""] * (n * n)
        for k, cage in enumerate(cages):
            for cell in cage:
                label[cell] = LABELS[k]
        lines = []
        for k, (op, target) in enumerate(ops):
            if op == "=":
                lines.append(f"{LABELS[k]}: {target} (one cell)")
            else:
                lines.append(f"{LABELS[k]}: {target} {SYMBOLS[op]}")
        prompt = (
            f"Solve this {n}x{n} kenken. Fill every cell with a number from 1 to {n} so that each row and each "
            f"column contains every number from 1 to {n} exactly once. The cells with the same letter form a "
            "cage, and the numbers of each cage must make its target with its operation: + (they add up to the "
            "target), × (they multiply to the target), - (two cells: the larger minus the smaller is the "
            "target), ÷ (two cells: the larger divided by the smaller is the target). A one-cell cage holds its "
            "target. A number may repeat within a cage if the repeats are in different rows and columns. The "
            "puzzle has exactly one solution.\n\n"
            f"{format_grid([label[r * n : (r + 1) * n] for r in range(n)])}\n\n"
            "Cages:\n" + "\n".join(lines)
        )
        answer = format_grid([solution[r * n : (r + 1) * n] for r in range(n)])
        data = {"n": n, "cages": [[cage, op, target] for cage, (op, target) in zip(cages, ops)]}
        return Instance(prompt=prompt, answer=answer, data=data, size=(n * n - singles) * n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        grid = read_number_grid(answer, n, n, 1, n)
        conflict = latin_conflict(grid)
        if conflict:
            return Verdict.wrong(conflict)
        for k, (cage, op, target) in enumerate(data["cages"]):
            made = cage_value(op, [grid[i // n][i % n] for i in cage])
            if made != target:
                got = "no whole number" if made is None else made
                how = SYMBOLS[op] or "one cell"
                return Verdict.wrong(f"cage {LABELS[k]} ({how}) makes {got}, its target is {target}")
        return Verdict.right()
