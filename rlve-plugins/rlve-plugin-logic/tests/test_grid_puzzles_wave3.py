"""Battleships: each puzzle is read back from its prompt, its rules are encoded as CNF here and solved with
python-sat (nothing shared with the pack's solvers): the reference answer must be a solution, and blocking it
must leave none. Then other spellings of the answer are accepted, and near misses rejected."""

from __future__ import annotations

import itertools
import re

from logic_test_helpers import assert_right, assert_wrong, env, find
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22

# -- CNF helpers ---------------------------------------------------------------------------------------------


def exactly(pool: IDPool, lits: list[int], k: int) -> list[list[int]]:
    if not lits:
        return [] if k == 0 else [[]]
    return CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses


def only_solution(clauses: list[list[int]], cell_vars: list[int]) -> list[int]:
    """The one model of ``clauses`` on ``cell_vars`` (as 0/1); fails if there is none or more than one."""
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        values = [int(v in model) for v in cell_vars]
        solver.add_clause([-v if value else v for v, value in zip(cell_vars, values)])
        assert not solver.solve(), "a second solution"
    return values


# -- battleships ---------------------------------------------------------------------------------------------


def read_battleships(prompt: str) -> tuple[int, list[list[str]], dict[int, int], list[int], list[int]]:
    """(side, grid of ?/~/#, ships per length, ship cells per row, per column) from the prompt text."""
    grid = [line.split() for line in prompt.splitlines() if line and set(line.split()) <= {"?", "~", "#"}]
    fleet = {int(length): int(count) for count, length in re.findall(r"(\d+) \w+ of length (\d)", prompt)}
    rows = [int(x) for x in re.search(r"per row \(rows 1 to \d+\): ([\d ]+)", prompt).group(1).split()]
    cols = [int(x) for x in re.search(r"per column \(columns 1 to \d+\): ([\d ]+)", prompt).group(1).split()]
    assert grid and sum(length * count for length, count in fleet.items()) == sum(rows) == sum(cols)
    return len(grid), grid, fleet, rows, cols


def battleships_by_sat(prompt: str) -> list[list[int]]:
    """The board fitting the prompt's clues, proved unique; a ship of length L is a placement variable that
    makes its cells ships and every cell touching it water, and every ship cell lies in some placement."""
    n, grid, fleet, rows, cols = read_battleships(prompt)
    pool = IDPool()
    x = [[pool.id(("x", r, c)) for c in range(n)] for r in range(n)]
    clauses: list[list[int]] = []
    covering: dict[tuple[int, int], list[int]] = {(r, c): [] for r in range(n) for c in range(n)}
    for length, count in fleet.items():
        ships = []
        for dr, dc in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
            for r in range(n - dr * (length - 1)):
                for c in range(n - dc * (length - 1)):
                    p = pool.id(("p", length, r, c, dr))
                    ships.append(p)
                    cells = {(r + k * dr, c + k * dc) for k in range(length)}
                    around = {
                        (a + i, b + j) for a, b in cells for i in (-1, 0, 1) for j in (-1, 0, 1)
                    } - cells
                    clauses += [[-p, x[a][b]] for a, b in cells]
                    clauses += [[-p, -x[a][b]] for a, b in around if 0 <= a < n and 0 <= b < n]
                    for cell in cells:
                        covering[cell].append(p)
        clauses += exactly(pool, ships, count)
    for (r, c), ps in covering.items():
        clauses.append([-x[r][c], *ps])
        if grid[r][c] != "?":
            clauses.append([x[r][c] if grid[r][c] == "#" else -x[r][c]])
    for r in range(n):
        clauses += exactly(pool, x[r], rows[r])
    for c in range(n):
        clauses += exactly(pool, [x[r][c] for r in range(n)], cols[c])
    values = only_solution(clauses, [v for row in x for v in row])
    return [values[r * n : r * n + n] for r in range(n)]


def board_text(board: list[list[int]], ship: str = "#", water: str = ".", sep: str = "") -> str:
    return "\n".join(sep.join(ship if v else water for v in row) for row in board)


def test_battleships_matches_sat():
    e = env("battleships")
    for d in (0, 5, 9, 16, 24, 30):
        for seed in range(4):
            p = e.sample(d, seed)
            board = battleships_by_sat(p.prompt)
            assert board_text(board) == p.answer
            assert_right(p, board_text(board, sep=" "))  # spaced cells
            assert_right(p, board_text(board, "1", "0"))  # 1 and 0 for ship and water


def test_battleships_near_misses():
    p = find("battleships", lambda p: "#" in p.prompt.split("\n\n")[1], difficulties=range(10, 31))
    rows = [list(line) for line in p.answer.splitlines()]
    n = len(rows)
    grid = [line.split() for line in p.prompt.split("\n\n")[1].splitlines()]
    known_ship = next((r, c) for r in range(n) for c in range(n) if grid[r][c] == "#")
    unknown_water = next((r, c) for r in range(n) for c in range(n) if grid[r][c] == "?" and rows[r][c] == ".")

    def flipped(cell: tuple[int, int]) -> str:
        copy = [list(row) for row in rows]
        r, c = cell
        copy[r][c] = "." if copy[r][c] == "#" else "#"
        return "\n".join("".join(row) for row in copy)

    assert_wrong(p, flipped(known_ship))  # contradicts a revealed cell
    assert_wrong(p, flipped(unknown_water))  # one ship cell too many in a row
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))  # a row missing
    assert_wrong(p, p.answer.replace("#", "X"))  # unknown symbol
    assert_wrong(p, "")


def test_battleships_rejects_touching_and_wrong_fleet():
    e = env("battleships")
    unknown = [-1] * 25
    # counts fit, but the two ships touch diagonally
    touching = "#....\n.##..\n.....\n.....\n....."
    data = {"n": 5, "fleet": [2, 1], "rows": [1, 2, 0, 0, 0], "cols": [1, 1, 1, 0, 0], "known": unknown}
    assert not e.check(data, touching).correct
    # counts fit, the ships do not touch, but the fleet is three submarines, not a destroyer and a submarine
    apart = "#.#..\n.....\n#....\n.....\n....."
    data = {"n": 5, "fleet": [2, 1], "rows": [2, 0, 1, 0, 0], "cols": [2, 0, 1, 0, 0], "known": unknown}
    assert not e.check(data, apart).correct
    right = "##...\n.....\n#....\n.....\n....."
    data = {"n": 5, "fleet": [2, 1], "rows": [2, 0, 1, 0, 0], "cols": [2, 1, 0, 0, 0], "known": unknown}
    assert e.check(data, right).correct


# -- hidato --------------------------------------------------------------------------------------------------


def hidato_grid(prompt: str) -> list[list[str]]:
    """The prompt's grid: its lines made only of . and numbers."""
    lines = [line.split() for line in prompt.splitlines()]
    return [toks for toks in lines if toks and all(t == "." or t.isdigit() for t in toks)]


def hidato_by_sat(prompt: str) -> list[list[int]]:
    """The numbering fitting the prompt's grid, proved unique: a variable per (cell, number), each cell one
    number, each number one cell, and a cell holding k below the last number has k + 1 on a touching cell."""
    grid = hidato_grid(prompt)
    n = len(grid)
    assert all(len(row) == n for row in grid)
    total = n * n
    pool = IDPool()
    cells = [(r, c) for r in range(n) for c in range(n)]
    v = {(cell, k): pool.id((cell, k)) for cell in cells for k in range(1, total + 1)}
    clauses: list[list[int]] = []
    for cell in cells:
        clauses += exactly(pool, [v[cell, k] for k in range(1, total + 1)], 1)
        r, c = cell
        if grid[r][c] != ".":
            clauses.append([v[cell, int(grid[r][c])]])
    for k in range(1, total + 1):
        clauses += exactly(pool, [v[cell, k] for cell in cells], 1)
    for r, c in cells:
        around = [(a, b) for a, b in cells if max(abs(a - r), abs(b - c)) == 1]
        for k in range(1, total):
            clauses.append([-v[(r, c), k], *(v[m, k + 1] for m in around)])
    number_vars = [[v[cell, k] for k in range(1, total + 1)] for cell in cells]
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        numbers = [next(k for k, x in enumerate(xs, 1) if x in model) for xs in number_vars]
        solver.add_clause([-number_vars[i][k - 1] for i, k in enumerate(numbers)])
        assert not solver.solve(), "a second solution"
    return [numbers[r * n : r * n + n] for r in range(n)]


def test_hidato_matches_sat():
    e = env("hidato")
    for d in (0, 4, 12, 20, 30):
        for seed in range(3):
            p = e.sample(d, seed)
            numbers = hidato_by_sat(p.prompt)
            assert "\n".join(" ".join(map(str, row)) for row in numbers) == p.answer
            assert_right(p, "\n".join(",".join(map(str, row)) for row in numbers))  # commas between numbers


def test_hidato_near_misses():
    p = find("hidato", lambda p: True, difficulties=range(12, 20))
    rows = [[int(x) for x in line.split()] for line in p.answer.splitlines()]
    grid = hidato_grid(p.prompt)
    n = len(rows)
    free = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == "."]
    given = next((r, c) for r in range(n) for c in range(n) if grid[r][c] not in (".", "1"))

    def text(numbers: list[list[int]]) -> str:
        return "\n".join(" ".join(map(str, row)) for row in numbers)

    # two free cells swapped: every number once, but some consecutive pair no longer touches
    (r1, c1), (r2, c2) = free[0], free[-1]
    swapped = [list(row) for row in rows]
    swapped[r1][c1], swapped[r2][c2] = swapped[r2][c2], swapped[r1][c1]
    assert_wrong(p, text(swapped))
    # a given number changed, and a number written twice
    changed = [list(row) for row in rows]
    changed[given[0]][given[1]] = 1 if rows[given[0]][given[1]] != 1 else 2
    assert_wrong(p, text(changed))
    twice = [list(row) for row in rows]
    twice[r1][c1] = rows[r2][c2]
    assert_wrong(p, text(twice))
    assert_wrong(p, text([[x + 1 for x in row] for row in rows]))  # off by one: N + 1 is out of range
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))
    assert_wrong(p, "")


def test_hidato_accepts_any_tour_with_no_givens_but_ends():
    e = env("hidato")
    data = {"n": 3, "given": {"1": 0, "9": 8}}
    assert e.check(data, "1 2 3\n6 5 4\n7 8 9").correct
    assert e.check(data, "1 3 4\n2 6 5\n7 8 9").correct  # 2 to 3 and 6 to 7 are diagonal steps
    assert not e.check(data, "1 2 3\n4 5 6\n7 8 9").correct  # 3 and 4 do not touch


# -- kakuro --------------------------------------------------------------------------------------------------

RUN_LINE = re.compile(r"row (\d+), column (\d+) to row (\d+), column (\d+): sum (\d+)")


def kakuro_by_sat(prompt: str) -> list[list[str]]:
    """The filling fitting the prompt's runs, proved unique: a variable per (white cell, digit), each white
    cell one digit, a digit at most once per run, and per run one chosen set of distinct digits with its sum
    (every cell of the run takes a digit of that set)."""
    grid = [
        toks for toks in (line.split() for line in prompt.splitlines())
        if toks and all(t in "#." or t.isdigit() for t in toks) and len(toks) > 1
    ]
    n = len(grid)
    assert all(len(row) == n for row in grid)
    pool = IDPool()
    whites = [(r, c) for r in range(n) for c in range(n) if grid[r][c] != "#"]
    x = {(cell, d): pool.id((cell, d)) for cell in whites for d in range(1, 10)}
    clauses: list[list[int]] = []
    for r, c in whites:
        clauses += exactly(pool, [x[(r, c), d] for d in range(1, 10)], 1)
        if grid[r][c] != ".":
            clauses.append([x[(r, c), int(grid[r][c])]])
    runs = [tuple(int(v) for v in m) for m in RUN_LINE.findall(prompt)]
    assert runs
    for r1, c1, r2, c2, total in runs:
        cells = [(r - 1, c - 1) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
        for d in range(1, 10):
            clauses += CardEnc.atmost(lits=[x[cell, d] for cell in cells], bound=1, vpool=pool).clauses
        choices = []
        for digits in itertools.combinations(range(1, 10), len(cells)):
            if sum(digits) == total:
                choice = pool.id(("set", r1, c1, r2, c2, digits))
                choices.append(choice)
                clauses += [[-choice, *(x[cell, d] for d in digits)] for cell in cells]
        clauses.append(choices)
    cell_vars = [x[cell, d] for cell in whites for d in range(1, 10)]
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        solver.add_clause([-v for v in cell_vars if v in model])
        assert not solver.solve(), "a second solution"
    filled = [list(row) for row in grid]
    for cell in whites:
        filled[cell[0]][cell[1]] = str(next(d for d in range(1, 10) if x[cell, d] in model))
    return filled


def test_kakuro_matches_sat():
    e = env("kakuro")
    for d in (0, 5, 12, 20, 30):
        for seed in range(4):
            p = e.sample(d, seed)
            filled = kakuro_by_sat(p.prompt)
            assert "\n".join(" ".join(row) for row in filled) == p.answer
            assert_right(p, "\n".join("".join(row) for row in filled))  # unspaced rows


def test_kakuro_near_misses():
    p = find("kakuro", lambda p: True, difficulties=range(15, 25))
    rows = [line.split() for line in p.answer.splitlines()]
    n = len(rows)

    def text(cells: list[list[str]]) -> str:
        return "\n".join(" ".join(row) for row in cells)

    r, c = next((r, c) for r in range(n) for c in range(n) if rows[r][c] not in "#9")
    bumped = [list(row) for row in rows]
    bumped[r][c] = str(int(rows[r][c]) + 1)  # off by one: both its runs' sums break (or a digit repeats)
    assert_wrong(p, text(bumped))
    # two cells of one across run swapped: the sum stays but the down runs change
    r, c = next((r, c) for r in range(n) for c in range(n - 1) if "#" not in (rows[r][c], rows[r][c + 1]))
    swapped = [list(row) for row in rows]
    swapped[r][c], swapped[r][c + 1] = rows[r][c + 1], rows[r][c]
    assert_wrong(p, text(swapped))
    filled_black = [list(row) for row in rows]
    filled_black[0][0] = "5"
    assert_wrong(p, text(filled_black))  # a digit in a black cell
    assert_wrong(p, text(rows).replace("#", "0"))
    assert_wrong(p, "")


def test_kakuro_rejects_repeated_digit_with_right_sum():
    e = env("kakuro")
    # a 3x3 grid whose white 2x2 block makes two across and two down runs
    runs = [([4, 5], 4), ([7, 8], 6), ([4, 7], 3), ([5, 8], 7)]
    data = {"n": 3, "runs": runs, "given": [0] * 9, "white": [0, 0, 0, 0, 1, 1, 0, 1, 1]}
    assert e.check(data, "# # #\n# 1 3\n# 2 4").correct
    assert not e.check(data, "# # #\n# 2 2\n# 1 5").correct  # across sum 4 made with a repeated 2
