"""logic/futoshiki: complete a Latin square from a few given numbers and inequalities between neighbours."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
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
    # version 2: the inequalities are added in one search for other solutions, not one search each: 7.1 -> 3.9 ms
    version = 2
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
        # work items: lines 0 .. 2n - 1, then the ``<`` pairs; per cell, the items that read it
        lines = len(self.lines)
        self.items_of: list[list[int]] = [[i // n, n + i % n] for i in range(n * n)]
        for k, (a, b) in enumerate(self.less_than):
            self.items_of[a].append(lines + k)
            self.items_of[b].append(lines + k)

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

    def add_pair(self, a: int, b: int) -> None:
        """One more ``a < b`` pair; domains already at a fixed point must be propagated from its cells."""
        self.less_than.append((a, b))
        item = len(self.lines) + len(self.less_than) - 1
        self.items_of[a].append(item)
        self.items_of[b].append(item)

    def rule_out_others(
        self, truth: list[int], add_pair_against: Callable[[list[int]], None], node_limit: int
    ) -> bool:
        """Search once, depth first, for every solution but ``truth``; ``add_pair_against(other)`` must add
        a pair (``add_pair``) that ``other`` breaks and ``truth`` obeys. False when the search takes more
        than ``node_limit`` nodes; else ``truth`` is now the only solution.

        A pair added deep in the search only removes solutions, so the subtrees already searched stay free
        of other solutions; every node on the way back propagates the new pairs before its next branch.
        """
        start = self.initial()
        nodes = 0

        def search(dom: list[int]) -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > node_limit:
                return False
            best, best_count = -1, self.n + 1
            for i, d in enumerate(dom):
                if d & (d - 1):
                    count = d.bit_count()
                    if count < best_count:
                        best, best_count = i, count
                        if count == 2:
                            break
            if best < 0:
                found = [d.bit_length() for d in dom]
                if found != truth:
                    add_pair_against(found)
                return True
            known = len(self.less_than)
            untried = dom[best]
            while untried:
                if len(self.less_than) > known:
                    added, known = self.less_than[known:], len(self.less_than)
                    if any(dom[a] & (dom[a] - 1) == 0 == dom[b] & (dom[b] - 1) and dom[a] >= dom[b] for a, b in added):
                        return True  # most often: this node already decided what a new pair forbids
                    if not self.propagate(dom, [cell for pair in added for cell in pair]):
                        return True
                    untried &= dom[best]
                    if not untried:
                        return True
                bit = untried & -untried
                untried ^= bit
                child = list(dom)
                child[best] = bit
                if self.propagate(child, (best,)) and not search(child):
                    return False
            return True

        return start is None or search(start)

    def propagate(self, dom: list[int], touched) -> bool:
        """``LatinProblem.propagate`` (there are no line rules) with its steps written out: one stack of the
        lines and pairs whose cells changed (``queued`` marks its members as bits), and the all-different
        rule in one pass over a line when it changes nothing. Every step only removes values that cannot
        fit, so the fixed point, a contradiction, and with them the search, are the same."""
        full, lines, pairs, items_of = self.full, self.lines, self.less_than, self.items_of
        line_count = len(lines)
        stack: list[int] = []
        queued = 0
        for i in touched:
            for item in items_of[i]:
                if not queued >> item & 1:
                    queued |= 1 << item
                    stack.append(item)
        while stack:
            item = stack.pop()
            queued ^= 1 << item
            if item >= line_count:
                a, b = pairs[item - line_count]
                da, db = dom[a], dom[b]
                na = da & ((1 << (db.bit_length() - 1)) - 1)  # below b's largest value
                nb = db & ~((1 << (da & -da).bit_length()) - 1)  # above a's smallest value
                if not na or not nb:
                    return False
                # one revision leaves the pair itself at its fixed point: only the other items of a and b
                queued |= 1 << item
                if na != da:
                    dom[a] = na
                    for other in items_of[a]:
                        if not queued >> other & 1:
                            queued |= 1 << other
                            stack.append(other)
                if nb != db:
                    dom[b] = nb
                    for other in items_of[b]:
                        if not queued >> other & 1:
                            queued |= 1 << other
                            stack.append(other)
                queued ^= 1 << item
                continue
            # all different on one line (narrow_all_different): a decided value leaves the other cells, a
            # value only one cell can take goes there; removing decided values leaves the counts of the
            # others as they are, so one count serves both
            cells = lines[item]
            decided = once = twice = 0
            for i in cells:
                d = dom[i]
                if d & (d - 1) == 0:
                    if not d or decided & d:
                        return False
                    decided |= d
                twice |= once & d
                once |= d
            if once != full:
                return False
            hidden = once & ~twice & ~decided
            if hidden or twice & decided:
                for i in cells:
                    d = dom[i]
                    if d & (d - 1):
                        narrowed = d & ~decided
                        single = narrowed & hidden
                        if single:
                            if single & (single - 1):
                                return False
                            narrowed = single
                        if narrowed != d:
                            if not narrowed:
                                return False
                            dom[i] = narrowed
                            for other in items_of[i]:
                                if not queued >> other & 1:
                                    queued |= 1 << other
                                    stack.append(other)
        return True


def make_futoshiki(
    n: int, given_count: int, rng: random.Random, share: float = INITIAL_INEQUALITIES
) -> tuple[list[int], dict[int, int], list[tuple[int, int]]] | None:
    """(solution, givens, ``a < b`` pairs) with a unique solution, or None to try another square.

    Every neighbour inequality of the solution, plus the givens, must already pin the solution down (half
    the givens are placed at random, the others where a second solution differs, within the planned count). Then a
    random ``share`` of the inequalities is kept, and for every second solution that one search meets, one
    of the others that it violates is added back: one always exists, since the full set is unique.
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
    problem = GrowingLatinProblem(n, givens, chosen)

    def add_pair_against(other: list[int]) -> None:
        violated = [p for p in spare if other[p[0]] > other[p[1]]]
        pick = rng.choice(violated)
        spare.remove(pick)
        problem.add_pair(*pick)

    if not problem.rule_out_others(solution, add_pair_against, node_limit):
        return None
    return solution, givens, problem.less_than
