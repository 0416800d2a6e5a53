"""Sudoku, futoshiki, binario, nonogram and kakurasu: unique solutions (counted by brute force here, not by
the pack's solvers, on the small levels), every spelling of the solution accepted, wrong grids rejected."""

from __future__ import annotations

import itertools
import random

from logic_test_helpers import assert_right, assert_wrong, env, grid_text, parse_rows, score

from rlve_plugin_logic.environments.kakurasu import clues_of
from rlve_plugin_logic.solvers.nonogram import runs_of
from rlve_plugin_logic.solvers.sudoku import Shape, count_solutions, random_full_grid
from rlve_plugin_logic.solvers.sudoku_puzzles import random_band_grid

# -- independent brute-force counters (simple backtracking, nothing shared with the pack) ------------------


def count_latin(n, givens, ok_cell, limit=2):
    """Latin squares of side n with ``givens`` (None = free) where ``ok_cell(grid, r, c)`` holds at each cell."""
    grid = [[None] * n for _ in range(n)]
    found = 0

    def place(i):
        nonlocal found
        if found >= limit:
            return
        if i == n * n:
            found += 1
            return
        r, c = divmod(i, n)
        choices = [givens[r][c]] if givens[r][c] else range(1, n + 1)
        for v in choices:
            if any(grid[r][k] == v for k in range(c)) or any(grid[k][c] == v for k in range(r)):
                continue
            grid[r][c] = v
            if ok_cell(grid, r, c):
                place(i + 1)
            grid[r][c] = None

    place(0)
    return found


def box_ok(br, bc):
    def ok(grid, r, c):
        top, left = r - r % br, c - c % bc
        return all(
            grid[rr][cc] != grid[r][c]
            for rr in range(top, top + br)
            for cc in range(left, left + bc)
            if (rr, cc) != (r, c) and grid[rr][cc] is not None
        )

    return ok


def test_sudoku_small_puzzles_have_exactly_one_solution_by_brute_force():
    for difficulty in range(0, 11):  # 4x4 and 6x6
        for seed in range(4):
            problem = env("sudoku").sample(difficulty, seed)
            data = problem.data
            givens = [[v or None for v in row] for row in data["puzzle"]]
            n = data["box_rows"] * data["box_cols"]
            assert count_latin(n, givens, box_ok(data["box_rows"], data["box_cols"])) == 1, (difficulty, seed)


def test_sudoku_nine_by_nine_and_bigger_are_unique_and_have_the_planned_blanks():
    for difficulty in (11, 20, 29, 30, 43):
        problem = env("sudoku").sample(difficulty, 1)
        data = problem.data
        shape = Shape(data["box_rows"], data["box_cols"])
        flat = [v for row in data["puzzle"] for v in row]
        assert count_solutions(shape, flat) == 1
        assert flat.count(0) == problem.size


def test_sudoku_big_grids_are_unique_and_quick():
    for difficulty in (100, 2000):  # 25x25 and 36x36: the band-built grids and the one-by-one digging
        problem = env("sudoku").sample(difficulty, 0)
        data = problem.data
        shape = Shape(data["box_rows"], data["box_cols"])
        flat = [v for row in data["puzzle"] for v in row]
        assert shape.n == (25 if difficulty == 100 else 36)
        assert count_solutions(shape, flat) == 1
        assert flat.count(0) == problem.size
        assert_right(problem, problem.answer)


def test_sudoku_band_grids_are_valid_for_every_box_shape():
    for br, bc in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 5), (5, 6), (6, 6), (6, 7)]:
        shape = Shape(br, bc)
        for seed in range(2):
            grid = random_band_grid(shape, random.Random(seed))
            n = shape.n
            rows = [grid[r * n : (r + 1) * n] for r in range(n)]
            assert all(sorted(row) == list(range(1, n + 1)) for row in rows), (br, bc)
            assert all(sorted(col) == list(range(1, n + 1)) for col in zip(*rows)), (br, bc)
            assert count_solutions(shape, grid) == 1, (br, bc)  # the solver also rejects clashing boxes


def test_random_full_grid_draws_the_same_squares_as_before():
    # futoshiki builds its Latin squares with it: a faster solver must not change a single draw
    assert random_full_grid(Shape(1, 5), random.Random(7)) == [
        5, 1, 4, 2, 3, 2, 5, 3, 4, 1, 4, 2, 1, 3, 5, 3, 4, 5, 1, 2, 1, 3, 2, 5, 4,
    ]  # fmt: skip
    assert random_full_grid(Shape(2, 3), random.Random(7)) == [
        5, 1, 6, 4, 2, 3, 4, 2, 3, 5, 1, 6, 6, 5, 1, 3, 4, 2, 2, 3, 4, 6, 5, 1, 1, 6, 5, 2, 3, 4, 3, 4, 2, 1, 6, 5,
    ]  # fmt: skip


def test_sudoku_accepts_unspaced_and_comma_rows_and_rejects_broken_grids():
    problem = env("sudoku").sample(12, 0)
    rows = parse_rows(problem.answer)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, "\n".join(", ".join(row) for row in rows))
    puzzle = problem.data["puzzle"]
    r, c = next((r, c) for r in range(9) for c in range(9) if puzzle[r][c])
    changed = [list(row) for row in rows]
    changed[r][c] = str(puzzle[r][c] % 9 + 1)
    assert_wrong(problem, grid_text(changed), "must stay")
    # swap two empty cells of a row: rows stay fine, a column (or box) repeats
    free = [c for c in range(9) if not puzzle[0][c]]
    swapped = [list(row) for row in rows]
    swapped[0][free[0]], swapped[0][free[1]] = swapped[0][free[1]], swapped[0][free[0]]
    assert_wrong(problem, grid_text(swapped), "repeats")
    # the reasoning-gym exploit: the clues, and 1 everywhere else, earns nothing
    clue_copy = [[str(v) if v else "1" for v in row] for row in puzzle]
    assert_wrong(problem, grid_text(clue_copy))
    assert not score(problem, grid_text(rows[:-1])).format_ok  # a row missing
    assert not score(problem, grid_text([*rows[:-1], [*rows[-1][:-1], "0"]])).format_ok  # 0 is not allowed


def test_futoshiki_small_puzzles_have_exactly_one_solution_by_brute_force():
    for difficulty in range(0, 14):  # sides 4 and 5
        for seed in range(3):
            problem = env("futoshiki").sample(difficulty, seed)
            n, less = problem.data["n"], problem.data["less_than"]
            givens = [[v or None for v in row] for row in problem.data["givens"]]

            def ok(grid, r, c, less=less, n=n):
                for a, b in less:
                    va, vb = grid[a // n][a % n], grid[b // n][b % n]
                    if va is not None and vb is not None and va >= vb:
                        return False
                return True

            assert count_latin(n, givens, ok) == 1, (difficulty, seed)


def test_futoshiki_rejects_a_latin_square_that_breaks_an_inequality():
    problem = env("futoshiki").sample(5, 0)  # side 4, no givens
    assert all(v == 0 for row in problem.data["givens"] for v in row)
    rows = parse_rows(problem.answer)
    assert_right(problem, grid_text(rows, spaced=False))
    swapped = [rows[1], rows[0], *rows[2:]]  # still a Latin square, but the solution is unique
    assert_wrong(problem, grid_text(swapped), "inequality")
    assert_wrong(problem, grid_text([rows[0], *rows[:-1]]), "repeats")


def valid_binario_lines(n):
    out = []
    for bits in itertools.product((0, 1), repeat=n):
        if sum(bits) == n // 2 and all(not (bits[i] == bits[i + 1] == bits[i + 2]) for i in range(n - 2)):
            out.append(bits)
    return out


def test_binario_small_puzzles_have_exactly_one_solution_by_brute_force():
    for difficulty in range(0, 17):  # sides 4 and 6
        for seed in range(3):
            problem = env("binario").sample(difficulty, seed)
            n, puzzle = problem.data["n"], problem.data["puzzle"]
            lines = valid_binario_lines(n)
            options = [[ln for ln in lines if all(p < 0 or p == v for p, v in zip(puzzle[r], ln))] for r in range(n)]
            count = 0
            for rows in itertools.product(*options):
                cols = [tuple(rows[r][c] for r in range(n)) for c in range(n)]
                if len(set(rows)) == n and len(set(cols)) == n and all(col in lines for col in cols):
                    count += 1
            assert count == 1, (difficulty, seed)


def test_binario_wrong_grids_say_why():
    problem = env("binario").sample(18, 2)
    rows = [[int(v) for v in row] for row in parse_rows(problem.answer)]
    assert_right(problem, grid_text(rows, spaced=False))
    puzzle = problem.data["puzzle"]
    r, c = next((r, c) for r in range(len(rows)) for c in range(len(rows)) if puzzle[r][c] >= 0)
    flipped = [list(row) for row in rows]
    flipped[r][c] ^= 1
    assert_wrong(problem, grid_text(flipped), "must stay")
    r, c = next((r, c) for r in range(len(rows)) for c in range(len(rows)) if puzzle[r][c] < 0)
    flipped = [list(row) for row in rows]
    flipped[r][c] ^= 1
    assert_wrong(problem, grid_text(flipped), "ones")  # the row is no longer balanced


def test_nonogram_small_puzzles_have_exactly_one_solution_by_brute_force():
    for difficulty in range(0, 5):  # 4x4 to 6x6
        for seed in range(4):
            problem = env("nonogram").sample(difficulty, seed)
            rows, cols, known = problem.data["rows"], problem.data["cols"], problem.data["known"]
            width = len(cols)
            patterns = [
                [p for p in itertools.product((0, 1), repeat=width) if runs_of(list(p)) == clue] for clue in rows
            ]
            count = 0
            for grid in itertools.product(*patterns):
                if all(runs_of([grid[r][c] for r in range(len(rows))]) == cols[c] for c in range(width)) and all(
                    grid[r][c] == v for r, c, v in known
                ):
                    count += 1
            assert count == 1, (difficulty, seed)


def test_nonogram_accepts_ones_and_zeros_and_rejects_a_flipped_cell():
    problem = env("nonogram").sample(8, 1)
    rows = parse_rows(problem.answer)
    assert_right(problem, grid_text([["1" if v == "#" else "0" for v in row] for row in rows], spaced=False))
    flipped = [list(row) for row in rows]
    flipped[0][0] = "." if flipped[0][0] == "#" else "#"
    assert_wrong(problem, grid_text(flipped), "runs")
    assert not score(problem, grid_text([row[:-1] for row in rows])).format_ok


def test_kakurasu_small_puzzles_have_exactly_one_solution_by_brute_force():
    for difficulty in range(0, 15):  # sides 4 and 5
        for seed in range(3):
            problem = env("kakurasu").sample(difficulty, seed)
            rows, cols, known = problem.data["rows"], problem.data["cols"], problem.data["known"]
            n = len(rows)
            patterns = [
                [p for p in itertools.product((0, 1), repeat=n) if sum(c + 1 for c in range(n) if p[c]) == total]
                for total in rows
            ]
            count = 0
            for grid in itertools.product(*patterns):
                if clues_of(grid)[1] == cols and all(
                    known[r][c] < 0 or grid[r][c] == known[r][c] for r in range(n) for c in range(n)
                ):
                    count += 1
            assert count == 1, (difficulty, seed)


def test_kakurasu_wrong_grids_say_why():
    problem = env("kakurasu").sample(14, 0)  # 5x5, clues only
    assert all(v < 0 for row in problem.data["known"] for v in row)
    rows = parse_rows(problem.answer)
    assert_right(problem, grid_text(rows, spaced=False))
    assert_right(problem, grid_text([["x" if v == "." else v for v in row] for row in rows]))
    flipped = [list(row) for row in rows]
    flipped[2][3] = "." if flipped[2][3] == "#" else "#"
    assert_wrong(problem, grid_text(flipped), "adds up to")
    assert_wrong(problem, grid_text([["."] * 5] * 5), "adds up to")
