"""logic/futoshiki: complete a Latin square from a few given numbers and inequalities between neighbours."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow, staged
from rlve_plugin_logic.grids import cell_name, format_grid, latin_conflict, read_number_grid
from rlve_plugin_logic.solvers.latin import LatinProblem
from rlve_plugin_logic.solvers.sudoku import Shape, random_full_grid

#: (side, givens at the first level of the stage, givens at the last): one given fewer per step.
#: The last stages keep a fifth of the cells given: below that, proving uniqueness of a 10x10 takes seconds.
STAGES = ((4, 5, 0), (5, 7, 0), (6, 9, 0), (7, 12, 2), (8, 16, 6), (9, 20, 10), (10, 28, 20))
#: Share of all neighbour inequalities drawn before the repair adds the ones it needs; each failed attempt
#: (a search over its node budget) draws a tenth more, so generation always ends: with all of them the
#: solution is already known to be unique.
INITIAL_INEQUALITIES = 0.25
NODES_PER_CELL = 40


def step_of(difficulty: int) -> int:
    """One step per level up to level 30, then one per two levels (the big grids are slow to make unique)."""
    return slow(level(difficulty), 1, 2, knee=30)


def _later_stages():
    """Past the table: one more empty cell per step (81 on), one more side per 10 steps, so the share of
    given cells slowly rises again (a third of an 11x11, 43% of a 14x14): that keeps generation bounded."""
    n, empty = 11, 81
    while True:
        yield n, n * n - empty, n * n - empty - 9
        n, empty = n + 1, empty + 10


def plan(difficulty: int) -> tuple[int, int]:
    """The side and the number of given cells."""
    return staged(step_of(difficulty), itertools.chain(STAGES, _later_stages()))


class Futoshiki(Environment):
    id = "logic/futoshiki"
    version = 1
    description = "Complete a futoshiki: a Latin square with given numbers and < / > signs between neighbours."
    difficulty_scales = (
        "side 4 to 10 and beyond, fewer given numbers at each level (one step per level to d 30, then one per "
        "two levels; none left at the end of sides 4 to 6); inequalities: as few as make the solution unique"
    )
    size_name = "empty cells"
    answer_format = "the completed grid, one row per line, the numbers of a row separated by spaces"
    tags = ("logic", "puzzle", "grid", "latin-square", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, given_count = plan(difficulty)
        made, attempt = None, 0
        while made is None:
            made = make_futoshiki(n, given_count, rng, min(1.0, INITIAL_INEQUALITIES + attempt / 10))
            attempt += 1
        solution, givens, less_than = made
        rows = [[givens.get(r * n + c, 0) for c in range(n)] for r in range(n)]
        shown = [[str(v) if v else "." for v in row] for row in rows]
        signs = [describe_inequality(n, a, b) for a, b in sorted(less_than, key=lambda p: (min(p), max(p)))]
        prompt = (
            f"Solve this {n}x{n} futoshiki. Fill every empty cell (shown as .) with a number from 1 to {n} so that "
            f"each row and each column contains every number from 1 to {n} exactly once, the given numbers stay "
            "as they are, and every inequality below holds. rXcY is the cell in row X, column Y (rows numbered "
            "from the top, columns from the left). The puzzle has exactly one solution.\n\n"
            f"{format_grid(shown)}\n\n"
            f"Inequalities: {', '.join(signs)}"
        )
        answer = format_grid([solution[r * n : (r + 1) * n] for r in range(n)])
        data = {"n": n, "givens": rows, "less_than": [list(p) for p in less_than]}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - given_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, givens = data["n"], data["givens"]
        grid = read_number_grid(answer, n, n, 1, n)
        for r in range(n):
            for c in range(n):
                if givens[r][c] and grid[r][c] != givens[r][c]:
                    return Verdict.wrong(f"{cell_name(r, c)} must stay the given {givens[r][c]}")
        conflict = latin_conflict(grid)
        if conflict:
            return Verdict.wrong(conflict)
        for a, b in data["less_than"]:
            if grid[a // n][a % n] >= grid[b // n][b % n]:
                return Verdict.wrong(f"the inequality {describe_inequality(n, a, b)} does not hold")
        return Verdict.right()


def describe_inequality(n: int, a: int, b: int) -> str:
    """``value(a) < value(b)`` written with the upper or left cell first, e.g. ``r1c2 > r1c3``."""
    first, second, sign = (a, b, "<") if a < b else (b, a, ">")
    return f"r{first // n + 1}c{first % n + 1} {sign} r{second // n + 1}c{second % n + 1}"


class GrowingLatinProblem(LatinProblem):
    """A LatinProblem whose root propagation starts from the root of the same puzzle less what touches the
    ``touched`` cells (a new given there, or a new ``<`` pair between them). Propagation only removes values
    that cannot fit, so its fixed point does not depend on where it starts: the root, and so the whole
    search, are those of a fresh start, without propagating every cell again."""

    def __init__(
        self,
        n: int,
        givens: dict[int, int],
        less_than: list[tuple[int, int]],
        previous: list[int] | None = None,
        touched: tuple[int, ...] = (),
    ):
        super().__init__(n, givens, less_than)
        self.previous, self.touched = previous, touched
        self.root: list[int] | None = None

    def initial(self) -> list[int] | None:
        if self.previous is None:
            self.root = super().initial()
        else:
            domains = list(self.previous)
            for cell in self.touched:
                if cell in self.givens:
                    domains[cell] &= 1 << (self.givens[cell] - 1)
            self.root = domains if all(domains) and self.propagate(domains, self.touched) else None
        return None if self.root is None else list(self.root)


def make_futoshiki(
    n: int, given_count: int, rng: random.Random, share: float = INITIAL_INEQUALITIES
) -> tuple[list[int], dict[int, int], list[tuple[int, int]]] | None:
    """(solution, givens, ``a < b`` pairs) with a unique solution, or None to try another square.

    Every neighbour inequality of the solution, plus the givens, must already pin the solution down (half
    the givens are placed at random, the others where a second solution differs, within the planned count). Then a
    random ``share`` of the inequalities is kept, and while a second solution exists, one of the others
    that it violates is added back: one always exists, since the full set is unique.
    """
    solution = random_full_grid(Shape(1, n), rng)
    pairs = [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)]
    pairs += [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]
    pairs = [(a, b) if solution[a] < solution[b] else (b, a) for a, b in pairs]
    node_limit = NODES_PER_CELL * n * n
    # Half the givens at random; the rest where a second solution differs, or at random while the search
    # is still too hard to finish (big grids), and any left over at random at the end.
    givens = {cell: solution[cell] for cell in rng.sample(range(n * n), given_count // 2)}
    root: list[int] | None = None
    touched: tuple[int, ...] = ()
    while True:
        problem = GrowingLatinProblem(n, givens, pairs, root, touched)
        solutions, complete = problem.solve(2, node_limit)
        root = problem.root
        if complete and len(solutions) == 1:
            break
        if len(givens) == given_count:
            return None
        if complete:
            other = solutions[0] if solutions[0] != solution else solutions[1]
            cell = rng.choice([i for i in range(n * n) if other[i] != solution[i]])
        else:
            cell = rng.choice([i for i in range(n * n) if i not in givens])
        givens[cell] = solution[cell]
        touched = (cell,)
    free = [i for i in range(n * n) if i not in givens]
    for cell in rng.sample(free, given_count - len(givens)):
        givens[cell] = solution[cell]
    rng.shuffle(pairs)
    keep = round(share * len(pairs))
    chosen, spare = pairs[:keep], pairs[keep:]
    root = None
    while True:
        problem = GrowingLatinProblem(n, givens, chosen, root, chosen[-1] if root else ())
        solutions, complete = problem.solve(2, node_limit)
        root = problem.root
        if not complete:
            return None
        if len(solutions) == 1:
            return solution, givens, chosen
        other = solutions[0] if solutions[0] != solution else solutions[1]
        violated = [p for p in spare if other[p[0]] > other[p[1]]]
        pick = rng.choice(violated)
        spare.remove(pick)
        chosen.append(pick)
