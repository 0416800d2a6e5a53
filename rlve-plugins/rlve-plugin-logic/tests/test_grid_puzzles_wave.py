"""Skyscrapers, kenken, hitori, light up, star battle and tents: each puzzle is read back from its prompt,
its rules are encoded as CNF here and solved with python-sat (nothing shared with the pack's solvers); the
reference must be a solution and, once blocked, no other may exist. Then other spellings and other valid
solutions are accepted, and near misses rejected."""

from __future__ import annotations

import itertools
import re
from math import prod

from logic_test_helpers import assert_right, assert_wrong, env, grid_text, parse_rows, score
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22

# -- reading the prompts -------------------------------------------------------------------------------------


def blocks_of(prompt: str) -> list[str]:
    return [b for b in prompt.split("\n\n") if b.strip()]


def grid_block(prompt: str, index: int = 0) -> list[list[str]]:
    """The ``index``-th block of the prompt that is a grid (several lines of space-separated short tokens)."""
    grids = [
        [line.split() for line in block.splitlines()]
        for block in blocks_of(prompt)
        if len(block.splitlines()) > 1 and all(len(tok) <= 2 for tok in block.split())
    ]
    return grids[index]


def numbers_after(prompt: str, label: str) -> list[int]:
    line = next(line for line in prompt.splitlines() if line.startswith(label))
    return [int(x) for x in line.split(":")[1].split()]


def side_of(prompt: str) -> int:
    return int(re.search(r"this (\d+)x\d+", prompt).group(1))


# -- CNF helpers ---------------------------------------------------------------------------------------------


class Cnf:
    def __init__(self):
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def var(self, *key) -> int:
        return self.pool.id(key)

    def exactly(self, lits, k):
        self.clauses += CardEnc.equals(lits=list(lits), bound=k, vpool=self.pool, encoding=EncType.seqcounter).clauses

    def at_most_one(self, lits):
        lits = list(lits)
        self.clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]

    def one_of_tuples(self, cells_vars, tuples):
        """The cells take one of ``tuples``: a selector per tuple implies its values."""
        selectors = []
        for values in tuples:
            s = self.pool.id(("sel", len(self.clauses), values))
            selectors.append(s)
            self.clauses += [[-s, cells_vars[i][v]] for i, v in enumerate(values)]
        self.clauses.append(selectors)

    def solver(self):
        return Minisat22(bootstrap_with=self.clauses)


def latin_cnf(n: int) -> tuple[Cnf, list[dict[int, int]]]:
    """One value per cell, every value once per row and column; x[cell][value] variables."""
    cnf = Cnf()
    x = [{v: cnf.var("x", i, v) for v in range(1, n + 1)} for i in range(n * n)]
    for i in range(n * n):
        cnf.exactly(x[i].values(), 1)
    for k in range(n):
        for v in range(1, n + 1):
            cnf.exactly([x[k * n + c][v] for c in range(n)], 1)
            cnf.exactly([x[r * n + k][v] for r in range(n)], 1)
    return cnf, x


def assert_latin_unique(cnf: Cnf, x, reference: list[list[int]]):
    n = len(reference)
    with cnf.solver() as solver:
        assert solver.solve(assumptions=[x[r * n + c][reference[r][c]] for r in range(n) for c in range(n)])
        assert solver.solve()
        model = set(solver.get_model())
        found = [[next(v for v in x[r * n + c] if x[r * n + c][v] in model) for c in range(n)] for r in range(n)]
        assert found == reference
        solver.add_clause([-x[r * n + c][reference[r][c]] for r in range(n) for c in range(n)])
        assert not solver.solve(), "a second solution exists"


def assert_binary_unique(cnf: Cnf, cells: dict[int, int], reference: dict[int, int], check_model=None):
    """``cells``: board cell -> variable. ``check_model(true_cells)`` returns extra clauses for a model that
    breaks a rule CNF does not hold (hitori's connectivity), or [] when the model is a real solution."""
    with cnf.solver() as solver:
        assert solver.solve(assumptions=[v if reference[i] else -v for i, v in cells.items()])

        def next_real_solution():
            while solver.solve():
                model = set(solver.get_model())
                on = {i for i, v in cells.items() if v in model}
                cuts = check_model(on) if check_model else []
                if not cuts:
                    return on
                for cut in cuts:
                    solver.add_clause(cut)
            return None

        first = next_real_solution()
        assert first == {i for i in cells if reference[i]}
        solver.add_clause([-v if reference[i] else v for i, v in cells.items()])
        assert next_real_solution() is None, "a second solution exists"


def neighbours(n: int, i: int) -> list[int]:
    r, c = divmod(i, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


def king_pairs(n: int):
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                yield i, (r + dr) * n + c + dc


def known_units(known: list[list[str]], var: dict[int, int], yes: str) -> list[list[int]]:
    """Unit clauses for the revealed cells of a known-cells grid (``yes``, anything else but ``?`` is no)."""
    cells = [cell for row in known for cell in row]
    return [[var[i]] if cell == yes else [-var[i]] for i, cell in enumerate(cells) if cell != "?"]


def connected_cells(n: int, cells: list[int]) -> bool:
    group, stack = {cells[0]}, [cells[0]]
    while stack:
        for m in neighbours(n, stack.pop()):
            if m in cells and m not in group:
                group.add(m)
                stack.append(m)
    return len(group) == len(cells)


def answer_cells(problem) -> list[str]:
    return [cell for row in parse_rows(problem.answer) for cell in row]


# -- skyscrapers ---------------------------------------------------------------------------------------------


def seen(heights) -> int:
    top = count = 0
    for h in heights:
        if h > top:
            top, count = h, count + 1
    return count


def skyscrapers_cnf(prompt: str, *, givens: bool = True, clues: bool = True):
    n = side_of(prompt)
    shown = grid_block(prompt)
    seen_from = {side: numbers_after(prompt, f"Seen from the {side}") for side in ("left", "right", "top", "bottom")}
    cnf, x = latin_cnf(n)
    if givens:
        cnf.clauses += [[x[r * n + c][int(shown[r][c])]] for r in range(n) for c in range(n) if shown[r][c] != "."]
    if clues:
        orders = list(itertools.permutations(range(1, n + 1)))
        for k in range(n):
            for line, start, end in (
                ([x[k * n + c] for c in range(n)], "left", "right"),
                ([x[r * n + k] for r in range(n)], "top", "bottom"),
            ):
                want = (seen_from[start][k], seen_from[end][k])
                cnf.one_of_tuples(line, [p for p in orders if (seen(p), seen(p[::-1])) == want])
    return n, cnf, x


def other_square(cnf: Cnf, x, reference: list[list[int]]) -> list[list[int]] | None:
    """A solution of ``cnf`` other than ``reference``, or None."""
    n = len(reference)
    with cnf.solver() as solver:
        solver.add_clause([-x[r * n + c][reference[r][c]] for r in range(n) for c in range(n)])
        if not solver.solve():
            return None
        model = set(solver.get_model())
        return [[next(v for v in x[r * n + c] if x[r * n + c][v] in model) for c in range(n)] for r in range(n)]


def test_skyscrapers_are_unique_by_sat():
    for difficulty in (0, 6, 12, 18, 30):
        for seed in range(2):
            problem = env("skyscrapers").sample(difficulty, seed)
            _, cnf, x = skyscrapers_cnf(problem.prompt)
            reference = [[int(v) for v in row] for row in parse_rows(problem.answer)]
            assert_latin_unique(cnf, x, reference)


def test_skyscrapers_accept_spellings_and_other_solutions_and_reject_near_misses():
    problem = env("skyscrapers").sample(17, 3)  # 5x5, no givens: the clues alone make it unique
    assert not any(map(any, problem.data["givens"]))
    rows = parse_rows(problem.answer)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, "\n".join(", ".join(row) for row in rows))
    # two rows swapped: still a Latin square, not the only solution, so some clue breaks
    assert_wrong(problem, grid_text([rows[1], rows[0], *rows[2:]]), "skyscrapers")
    bad = [list(row) for row in rows]
    bad[0][0], bad[0][1] = bad[0][1], bad[0][0]
    assert_wrong(problem, grid_text(bad), "repeats")
    assert not score(problem, grid_text(rows[:-1])).format_ok
    assert not score(problem, grid_text([*rows[:-1], [*rows[-1][:-1], "6"]])).format_ok
    # a 6x6 needs givens; without them another square fits the clues, and it is right too
    for seed in range(10):
        problem = env("skyscrapers").sample(20, seed)
        n, cnf, x = skyscrapers_cnf(problem.prompt, givens=False)
        reference = [[int(v) for v in row] for row in parse_rows(problem.answer)]
        other = other_square(cnf, x, reference)
        if other is not None:
            break
    assert other is not None
    free = problem.model_copy(update={"data": {**problem.data, "givens": [[0] * n for _ in range(n)]}})
    assert_right(free, grid_text(other))
    assert_wrong(problem, grid_text(other), "given")  # it breaks a given of the real puzzle


# -- kenken --------------------------------------------------------------------------------------------------

OPS = {"+": sum, "×": prod}


def cage_ok(op: str, target: int, values) -> bool:
    if op in OPS:
        return OPS[op](values) == target
    if op == "-":
        return len(values) == 2 and max(values) - min(values) == target
    if op == "÷":
        return len(values) == 2 and max(values) == min(values) * target
    return len(values) == 1 and values[0] == target


def read_kenken(prompt: str):
    n = side_of(prompt)
    labels = grid_block(prompt)
    cages = {}
    for line in prompt.split("Cages:\n")[1].split("\n\n")[0].splitlines():
        m = re.fullmatch(r"(\w): (\d+) (?:([+×÷-])|\(one cell\))", line)
        cages[m.group(1)] = (m.group(3) or "=", int(m.group(2)))
    cells = {label: [r * n + c for r in range(n) for c in range(n) if labels[r][c] == label] for label in cages}
    return n, cages, cells


def test_kenken_is_unique_by_sat_and_subtraction_and_division_only_join_two_cells():
    for difficulty in (0, 4, 10, 18, 30, 60):
        for seed in range(2):
            problem = env("kenken").sample(difficulty, seed)
            n, cages, cells = read_kenken(problem.prompt)
            assert sorted(i for group in cells.values() for i in group) == list(range(n * n))
            cnf, x = latin_cnf(n)
            for label, (op, target) in cages.items():
                assert connected_cells(n, cells[label])
                if op in "-÷":
                    assert len(cells[label]) == 2
                tuples = [
                    t for t in itertools.product(range(1, n + 1), repeat=len(cells[label])) if cage_ok(op, target, t)
                ]
                cnf.one_of_tuples([x[i] for i in cells[label]], tuples)
            reference = [[int(v) for v in row] for row in parse_rows(problem.answer)]
            assert_latin_unique(cnf, x, reference)


def test_kenken_accepts_any_square_that_meets_the_cages_and_rejects_near_misses():
    problem = env("kenken").sample(25, 1)
    rows = parse_rows(problem.answer)
    n = len(rows)
    assert_right(problem, grid_text(rows, spaced=False))
    # one cage over the whole board (+ the sum of all numbers): every Latin square is right
    total = n * n * (n + 1) // 2
    loose = problem.model_copy(update={"data": {"n": n, "cages": [[list(range(n * n)), "+", total]]}})
    shifted = [[(r + c) % n + 1 for c in range(n)] for r in range(n)]
    assert_right(loose, grid_text(shifted))
    assert_right(loose, problem.answer)
    # a swap of two numbers in a row keeps rows Latin but breaks the columns
    swapped = [list(row) for row in rows]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    assert_wrong(problem, grid_text(swapped), "repeats")
    # the same square with its rows rotated is still Latin, but some cage misses its target
    rotated = rows[1:] + rows[:1]
    assert_wrong(problem, grid_text(rotated), "target")
    assert not score(problem, grid_text([*rows[:-1], [*rows[-1][:-1], "0"]])).format_ok


# -- hitori --------------------------------------------------------------------------------------------------


def hitori_cuts(n: int, shaded_var):
    """Cuts for a model whose unshaded cells fall apart: some cell around a component is unshaded, or a
    cell inside it, or one outside it, is shaded."""

    def check(shaded: set[int]):
        unshaded = [i for i in range(n * n) if i not in shaded]
        seen_cells: set[int] = set()
        components = []
        for start in unshaded:
            if start in seen_cells:
                continue
            comp, stack = {start}, [start]
            while stack:
                for m in neighbours(n, stack.pop()):
                    if m not in shaded and m not in comp:
                        comp.add(m)
                        stack.append(m)
            seen_cells |= comp
            components.append(comp)
        if len(components) < 2:
            return []
        cuts = []
        for comp in components:
            rim = {m for i in comp for m in neighbours(n, i)} - comp
            inside = next(iter(comp))
            outside = next(i for i in unshaded if i not in comp)
            cuts.append([-shaded_var[b] for b in rim] + [shaded_var[inside], shaded_var[outside]])
        return cuts

    return check


def test_hitori_is_unique_by_sat():
    for difficulty in (0, 5, 12, 21, 30, 80):
        for seed in range(2):
            problem = env("hitori").sample(difficulty, seed)
            n = side_of(problem.prompt)
            numbers = [[int(v) for v in row] for row in grid_block(problem.prompt)]
            cnf = Cnf()
            s = {i: cnf.var("s", i) for i in range(n * n)}
            for i in range(n * n):
                for m in neighbours(n, i):
                    if m > i:
                        cnf.clauses.append([-s[i], -s[m]])
            for k in range(n):
                for line in ([k * n + c for c in range(n)], [r * n + k for r in range(n)]):
                    for a, b in itertools.combinations(line, 2):
                        if numbers[a // n][a % n] == numbers[b // n][b % n]:
                            cnf.clauses.append([s[a], s[b]])
            if "already known" in problem.prompt:
                known = grid_block(problem.prompt, 1)
                cnf.clauses += known_units(known, s, "#")
            reference = {i: int(cell == "#") for i, cell in enumerate(answer_cells(problem))}
            assert_binary_unique(cnf, s, reference, hitori_cuts(n, s))


def test_hitori_accepts_spellings_and_other_shadings_and_rejects_each_broken_rule():
    problem = env("hitori").sample(30, 0)
    rows = parse_rows(problem.answer)
    n = len(rows)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, grid_text([["o" if v == "." else v for v in row] for row in rows]))  # o as unshaded
    assert_right(problem, grid_text([["1" if v == "#" else "0" for v in row] for row in rows]))
    # a grid of distinct numbers needs no shading, but one corner may be shaded too: both are right
    distinct = {"n": 3, "numbers": list(range(1, 10)), "known": [-1] * 9}
    free = problem.model_copy(update={"data": distinct})
    assert_right(free, ". . .\n. . .\n. . .")
    assert_right(free, "# . .\n. . .\n. . .")
    assert_wrong(free, ". # .\n# . .\n. . .", "connected")  # the corner is cut off
    assert_wrong(free, "# # .\n. . .\n. . .", "touch")
    # unshading every cell leaves repeated numbers; shading a neighbour of a shaded cell makes them touch
    unknown = problem.model_copy(update={"data": {**problem.data, "known": [-1] * (n * n)}})
    assert_wrong(unknown, grid_text([["."] * n for _ in range(n)]), "twice")
    r, c = next((r, c) for r in range(n) for c in range(n - 1) if rows[r][c] == "#")
    touching = [list(row) for row in rows]
    touching[r][c + 1] = "#"
    assert_wrong(unknown, grid_text(touching), "touch")
    known = problem.data["known"]
    flipped = [list(row) for row in rows]
    i = next(i for i in range(n * n) if known[i] >= 0)
    flipped[i // n][i % n] = "." if known[i] else "#"
    assert_wrong(problem, grid_text(flipped), "known")
    assert not score(problem, grid_text(rows[:-1])).format_ok
    assert not score(problem, grid_text([*rows[:-1], [*rows[-1][:-1], "5"]])).format_ok


# -- light up ------------------------------------------------------------------------------------------------


def read_light_up(prompt: str):
    grid = grid_block(prompt)
    n = len(grid)
    cells = [cell for row in grid for cell in row]
    black = [cell.isdigit() for cell in cells]
    runs = []
    for k in range(n):
        for line in ([k * n + c for c in range(n)], [r * n + k for r in range(n)]):
            run = []
            for i in [*line, None]:
                if i is not None and not black[i]:
                    run.append(i)
                elif run:
                    runs.append(run)
                    run = []
    return n, cells, black, runs


def test_light_up_is_unique_by_sat():
    for difficulty in (0, 7, 16, 27, 30, 100):
        for seed in range(2):
            problem = env("light_up").sample(difficulty, seed)
            n, cells, black, runs = read_light_up(problem.prompt)
            cnf = Cnf()
            lamp = {i: cnf.var("l", i) for i in range(n * n) if not black[i]}
            for run in runs:
                cnf.at_most_one(lamp[i] for i in run)
            for i in lamp:
                cnf.clauses.append(sorted({lamp[j] for run in runs if i in run for j in run}))
                if cells[i] in "Lx":
                    cnf.clauses.append([lamp[i] if cells[i] == "L" else -lamp[i]])
            for i in range(n * n):
                if black[i]:
                    around = [lamp[m] for m in neighbours(n, i) if m in lamp]
                    if around:
                        cnf.exactly(around, int(cells[i]))
                    else:
                        assert cells[i] == "0"
            reference = {i: int(cell == "L") for i, cell in enumerate(answer_cells(problem)) if i in lamp}
            assert_binary_unique(cnf, lamp, reference)


def test_light_up_accepts_spellings_and_other_placements_and_rejects_each_broken_rule():
    problem = env("light_up").sample(12, 0)
    rows = parse_rows(problem.answer)
    n = len(rows)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, grid_text([["#" if v.isdigit() else v.lower() for v in row] for row in rows]))
    assert_right(problem, grid_text([["x" if v == "." else v for v in row] for row in rows]))
    # a 2x2 board of white cells is lit by two lamps on either diagonal
    open_board = problem.model_copy(update={"data": {"n": 2, "numbers": [-1] * 4, "known": [-1] * 4}})
    assert_right(open_board, "L .\n. L")
    assert_right(open_board, ". L\nL .")
    assert_wrong(open_board, "L L\n. .", "see each other")
    assert_wrong(open_board, "L .\n. .", "not lit")
    # one lamp moved along its row or column: some cell goes dark, a number breaks, or two lamps meet
    cells = [cell for row in rows for cell in row]
    lamps = [i for i, v in enumerate(cells) if v == "L"]
    unknown = problem.model_copy(update={"data": {**problem.data, "known": [-1] * (n * n)}})
    assert_wrong(unknown, grid_text([["." if v == "L" else v for v in row] for row in rows]), "not lit")
    for i in lamps:  # any one lamp taken away (unique solution: something breaks)
        changed = list(cells)
        changed[i] = "."
        assert not score(unknown, grid_text([changed[r * n : r * n + n] for r in range(n)])).correct
    known = problem.data["known"]
    i = next(i for i in range(n * n) if known[i] >= 0)
    flipped = list(cells)
    flipped[i] = "." if known[i] else "L"
    assert_wrong(problem, grid_text([flipped[r * n : r * n + n] for r in range(n)]), "known")
    assert not score(problem, grid_text([["L" if v.isdigit() else v for v in row] for row in rows])).format_ok
    assert not score(problem, grid_text(rows[:-1])).format_ok


# -- star battle ---------------------------------------------------------------------------------------------


def test_star_battle_is_unique_by_sat_with_one_then_two_stars():
    for difficulty in (0, 7, 18, 30, 60, 94):
        for seed in range(2):
            problem = env("star_battle").sample(difficulty, seed)
            prompt = problem.prompt
            n = side_of(prompt)
            k = int(re.search(r"holds exactly (\d+) star", prompt).group(1))
            assert k == (1 if n <= 8 else 2)
            regions = grid_block(prompt)
            cnf = Cnf()
            star = {i: cnf.var("s", i) for i in range(n * n)}
            for line in range(n):
                cnf.exactly([star[line * n + c] for c in range(n)], k)
                cnf.exactly([star[r * n + line] for r in range(n)], k)
            labels = {label for row in regions for label in row}
            assert len(labels) == n
            for label in labels:
                region = [i for i in range(n * n) if regions[i // n][i % n] == label]
                assert connected_cells(n, region)
                cnf.exactly([star[i] for i in region], k)
            cnf.clauses += [[-star[a], -star[b]] for a, b in king_pairs(n)]
            if "already known" in prompt:
                known = grid_block(prompt, 1)
                cnf.clauses += known_units(known, star, "*")
            reference = {i: int(cell == "*") for i, cell in enumerate(answer_cells(problem))}
            assert_binary_unique(cnf, star, reference)


def test_star_battle_accepts_any_valid_placement_and_rejects_near_misses():
    problem = env("star_battle").sample(20, 2)
    rows = parse_rows(problem.answer)
    n = len(rows)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, grid_text([["1" if v == "*" else "0" for v in row] for row in rows]))
    # regions = rows: both non-touching placements of a 4x4 with one star per line are right
    data = {"n": 4, "k": 1, "regions": [i // 4 for i in range(16)], "known": [-1] * 16}
    by_rows = problem.model_copy(update={"data": data})
    assert_right(by_rows, ". * . .\n. . . *\n* . . .\n. . * .")
    assert_right(by_rows, ". . * .\n* . . .\n. . . *\n. * . .")
    assert_wrong(by_rows, "* . . .\n. * . .\n. . * .\n. . . *", "touch")
    # one star moved to the next free cell of its row: a column, a region or a neighbour breaks
    stars = [(r, row.index("*")) for r, row in enumerate(rows)] if problem.data["k"] == 1 else []
    for r, c in stars[:3]:
        moved = [list(row) for row in rows]
        moved[r][c], moved[r][(c + 1) % n] = ".", "*"
        assert not score(problem, grid_text(moved)).correct
    assert_wrong(problem, grid_text([["."] * n for _ in range(n)]))
    assert not score(problem, grid_text(rows[:-1])).format_ok


# -- tents ---------------------------------------------------------------------------------------------------


def test_tents_are_unique_by_sat_with_an_explicit_pairing():
    for difficulty in (0, 7, 16, 27, 30, 100):
        for seed in range(2):
            problem = env("tents").sample(difficulty, seed)
            prompt = problem.prompt
            grid = grid_block(prompt)
            n = len(grid)
            cells = [cell for row in grid for cell in row]
            rows = numbers_after(prompt, "Tents per row")
            cols = numbers_after(prompt, "Tents per column")
            cnf = Cnf()
            tent = {i: cnf.var("t", i) for i in range(n * n) if cells[i] != "T"}
            pair: dict[tuple[int, int], int] = {}
            for t in (i for i in range(n * n) if cells[i] == "T"):
                options = [cnf.var("p", t, m) for m in neighbours(n, t) if m in tent]
                for m in neighbours(n, t):
                    if m in tent:
                        pair[t, m] = cnf.var("p", t, m)
                        cnf.clauses.append([-pair[t, m], tent[m]])
                cnf.exactly(options, 1)
            for m in tent:
                into = [v for (t, cell), v in pair.items() if cell == m]
                cnf.at_most_one(into)
                cnf.clauses.append([-tent[m], *into])
                if cells[m] in "Ax":
                    cnf.clauses.append([tent[m] if cells[m] == "A" else -tent[m]])
            for k in range(n):
                cnf.exactly([tent[k * n + c] for c in range(n) if k * n + c in tent], rows[k])
                cnf.exactly([tent[r * n + k] for r in range(n) if r * n + k in tent], cols[k])
            cnf.clauses += [[-tent[a], -tent[b]] for a, b in king_pairs(n) if a in tent and b in tent]
            reference = {i: int(cell == "A") for i, cell in enumerate(answer_cells(problem)) if i in tent}
            assert_binary_unique(cnf, tent, reference)


def test_tents_accept_spellings_and_other_pairings_and_reject_each_broken_rule():
    problem = env("tents").sample(25, 0)
    rows = parse_rows(problem.answer)
    n = len(rows)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, grid_text([[v.lower() for v in row] for row in rows]))
    # two trees one above the other: two tent placements meet the same counts, both are right
    data = {"n": 4, "trees": [1, 5], "rows": [1, 1, 0, 0], "cols": [1, 0, 1, 0], "known": [-1] * 16}
    twice = problem.model_copy(update={"data": data})
    assert_right(twice, "A T . .\n. T A .\n. . . .\n. . . .")
    assert_right(twice, ". T A .\nA T . .\n. . . .\n. . . .")
    assert_wrong(twice, "A T . .\n. T . .\n. . A .\n. . . .", "row 2")
    # a tent that touches another one, diagonally
    data = {"n": 3, "trees": [0, 8], "rows": [0, 1, 1], "cols": [1, 1, 0], "known": [-1] * 9}
    touching = problem.model_copy(update={"data": data})
    assert_wrong(touching, "T . .\nA . .\n. A T", "touch")
    # a tent with no tree of its own: counts hold, pairing fails
    data = {"n": 3, "trees": [0], "rows": [1, 0, 0], "cols": [0, 0, 1], "known": [-1] * 9}
    lonely = problem.model_copy(update={"data": data})
    assert_wrong(lonely, "T . A\n. . .\n. . .", "paired")
    cells = [cell for row in rows for cell in row]
    tree_cell = cells.index("T")
    moved_tree = list(cells)
    moved_tree[tree_cell] = "."
    assert not score(problem, grid_text([moved_tree[r * n : r * n + n] for r in range(n)])).format_ok
    assert_wrong(problem, grid_text([["." if v == "A" else v for v in row] for row in rows]), "tent")
    assert not score(problem, grid_text(rows[:-1])).format_ok
