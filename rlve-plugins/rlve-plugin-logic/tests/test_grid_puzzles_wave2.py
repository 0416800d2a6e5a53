"""Minesweeper deduction and killer sudoku: each puzzle is read back from its prompt, its rules are encoded as
CNF here and solved with python-sat (nothing shared with the pack's solvers). Then other spellings and other
valid answers are accepted, and near misses rejected."""

from __future__ import annotations

import itertools

from logic_test_helpers import assert_right, assert_wrong, env, find
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22

# -- reading the prompts and CNF helpers ---------------------------------------------------------------------


def last_grid(prompt: str) -> list[list[str]]:
    """The last block of the prompt made of rows of short tokens (the puzzle grid)."""
    blocks = [block for block in prompt.split("\n\n") if block.strip()]
    grids = [b for b in blocks if all(len(tok) <= 2 for tok in b.split()) and len(b.splitlines()) > 1]
    return [line.split() for line in grids[-1].splitlines()]


def cells_of(answer: str) -> set[tuple[int, int]]:
    if answer == "none":
        return set()
    return {tuple(int(x) for x in pair.split(", ")) for pair in answer[1:-1].split(") (")}


def exactly(pool: IDPool, lits: list[int], k: int) -> list[list[int]]:
    if not lits:
        return [] if k == 0 else [[]]
    return CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses


# -- minesweeper deduction -----------------------------------------------------------------------------------


def certain_cells(prompt: str) -> set[tuple[int, int]]:
    """The covered cells every mine layout fitting the digits agrees on, of the kind the prompt asks for."""
    grid = last_grid(prompt)
    n = len(grid)
    pool = IDPool()
    mine = {(r, c): pool.id((r, c)) for r in range(n) for c in range(n) if grid[r][c] == "?"}
    clauses = []
    for r, c in itertools.product(range(n), range(n)):
        if grid[r][c] != "?":
            around = [mine[(rr, cc)] for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2) if (rr, cc) in mine]
            clauses += exactly(pool, around, int(grid[r][c]))
    wanted = 1 if "is a mine in every layout" in prompt else 0
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve()
        return {
            (r + 1, c + 1)
            for (r, c), v in mine.items()
            if not solver.solve(assumptions=[-v if wanted else v])  # the other value is impossible
        }


def test_minesweeper_matches_sat_backbone():
    ms = env("minesweeper_deduction")
    asked = set()
    for d in (0, 3, 9, 17, 30, 60):
        for seed in range(6):
            problem = ms.sample(d, seed)
            assert cells_of(problem.answer) == certain_cells(problem.prompt), (d, seed)
            assert_right(problem, problem.answer)
            asked.add(problem.data["asked"])
    assert asked == {"mine", "safe"}


def test_minesweeper_accepts_other_spellings_and_rejects_near_misses():
    problem = find("minesweeper_deduction", lambda p: len(cells_of(p.answer)) >= 2)
    cells = sorted(cells_of(problem.answer))
    assert_right(problem, " ".join(f"({r},{c})" for r, c in reversed(cells)))
    assert_right(problem, "; ".join(f"{r} {c}" for r, c in cells))
    assert_right(problem, "[" + ", ".join(f"({r}, {c})" for r, c in cells) + "]")
    assert_wrong(problem, " ".join(f"({r}, {c})" for r, c in cells[1:]))  # one missing
    grid = last_grid(problem.prompt)
    n = len(grid)
    covered = [(r + 1, c + 1) for r in range(n) for c in range(n) if grid[r][c] == "?"]
    other = next(cell for cell in covered if cell not in cells)
    assert_wrong(problem, " ".join(f"({r}, {c})" for r, c in cells + [other]))  # one too many
    shown = next((r + 1, c + 1) for r in range(n) for c in range(n) if grid[r][c] != "?")
    assert_wrong(problem, " ".join(f"({r}, {c})" for r, c in cells + [shown]))  # an uncovered cell
    assert_wrong(problem, problem.answer + f" ({cells[0][0]}, {cells[0][1]})")  # listed twice
    assert_wrong(problem, f"({n + 1}, 1)")
    assert_wrong(problem, "none")
    assert_wrong(problem, "")
    assert_wrong(problem, "(1, 2, 3)")


# -- killer sudoku -------------------------------------------------------------------------------------------


def killer_solutions(prompt: str, limit: int = 3) -> list[list[list[int]]]:
    """Every solution (up to ``limit``) of the killer sudoku in the prompt, by SAT with blocking clauses."""
    grid = last_grid(prompt.split("\n\nCages:")[0])
    n = len(grid)
    box_rows, box_cols = (int(x) for x in prompt.split("boxes of ")[1].split(" columns")[0].split(" rows by "))
    cages = []
    for line in prompt.split("Cages:\n")[1].splitlines():
        if line.startswith("cage "):
            head, cells = line.split(": ")
            cells = [tuple(int(x) - 1 for x in pair.split(",")) for pair in cells[1:-1].split(") (")]
            cages.append((cells, int(head.split("sum ")[1])))
    pool = IDPool()
    x = {(r, c, v): pool.id((r, c, v)) for r in range(n) for c in range(n) for v in range(1, n + 1)}
    clauses = []
    units = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    units += [
        [(br + r, bc + c) for r in range(box_rows) for c in range(box_cols)]
        for br in range(0, n, box_rows)
        for bc in range(0, n, box_cols)
    ]
    for r, c in itertools.product(range(n), range(n)):
        clauses += exactly(pool, [x[r, c, v] for v in range(1, n + 1)], 1)
        if grid[r][c] != ".":
            clauses.append([x[r, c, int(grid[r][c])]])
    for unit in units:
        for v in range(1, n + 1):
            clauses += exactly(pool, [x[r, c, v] for r, c in unit], 1)
    for cells, total in cages:
        for v in range(1, n + 1):
            clauses += [[-x[a + (v,)], -x[b + (v,)]] for a, b in itertools.combinations(cells, 2)]
        # the sum: forbid every digit tuple (distinct digits) that misses it
        for digits in itertools.permutations(range(1, n + 1), len(cells)):
            if sum(digits) != total:
                clauses.append([-x[cell + (v,)] for cell, v in zip(cells, digits)])
    found = []
    with Minisat22(bootstrap_with=clauses) as solver:
        while len(found) < limit and solver.solve():
            model = set(solver.get_model())
            rows = [[next(v for v in range(1, n + 1) if x[r, c, v] in model) for c in range(n)] for r in range(n)]
            found.append(rows)
            solver.add_clause([-x[r, c, rows[r][c]] for r in range(n) for c in range(n)])
    return found


def test_killer_sudoku_matches_sat_and_is_unique():
    ks = env("killer_sudoku")
    for d in (0, 6, 12, 24, 30):
        for seed in range(3):
            problem = ks.sample(d, seed)
            found = killer_solutions(problem.prompt)
            assert len(found) == 1, (d, seed)
            assert found[0] == [[int(v) for v in line.split()] for line in problem.answer.splitlines()]


def test_killer_sudoku_accepts_spellings_and_rejects_near_misses():
    problem = env("killer_sudoku").sample(8, 1)
    rows = [line.split() for line in problem.answer.splitlines()]
    assert_right(problem, "\n".join("".join(row) for row in rows))
    assert_right(problem, "\n".join(", ".join(row) for row in rows))
    # two digits swapped within a row: rows stay complete, columns (or cages) break
    swapped = [list(row) for row in rows]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    assert_wrong(problem, "\n".join(" ".join(row) for row in swapped))
    # a Latin grid that ignores the cages: relabel two digits everywhere
    a, b = "1", "2"
    relabelled = [[b if v == a else a if v == b else v for v in row] for row in rows]
    assert_wrong(problem, "\n".join(" ".join(row) for row in relabelled))
    assert_wrong(problem, "\n".join(" ".join(row) for row in rows[:-1]))
    assert_wrong(problem, "\n".join(" ".join(row) for row in rows).replace(rows[0][0], "0", 1))
    assert_wrong(problem, "")
