"""Thermometers, aquarium, suguru, kurodoko, norinori, magnets and dominosa: each puzzle is read back from its
prompt, its rules are encoded as CNF here and solved with python-sat (nothing shared with the pack's solvers): the
reference answer must be a solution, and blocking it must leave none. Then other spellings of the answer are
accepted, and near misses rejected."""

from __future__ import annotations

import re

from logic_test_helpers import assert_right, assert_wrong, env
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22


def exactly(pool: IDPool, lits: list[int], k: int) -> list[list[int]]:
    if not lits:
        return [] if k == 0 else [[]]
    return CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses


def blocks(prompt: str) -> list[str]:
    return prompt.split("\n\n")


def token_grid(block: str) -> list[list[str]]:
    return [line.split() for line in block.splitlines()]


def counts_after(prompt: str, label: str) -> list[int]:
    return [int(x) for x in re.search(label + r"[^:]*: ([0-9 ]+)", prompt).group(1).split()]


def known_cells(prompt: str) -> dict[tuple[int, int], bool]:
    """The revealed cells of the prompt (True filled), read from the grid after 'already known'."""
    parts = blocks(prompt)
    heading = next((k for k, part in enumerate(parts) if "already known" in part), None)
    if heading is None:
        return {}
    grid = token_grid(parts[heading + 1])
    return {(r, c): t == "#" for r, row in enumerate(grid) for c, t in enumerate(row) if t != "?"}


def unique_shading(n: int, clauses: list[list[int]], pool: IDPool, prompt: str) -> list[list[int]]:
    """Adds the line counts and revealed cells to ``clauses`` (cell variables ``('x', r, c)``), solves, proves the
    solution unique, and returns it as 0/1 rows."""
    cell = {(r, c): pool.id(("x", r, c)) for r in range(n) for c in range(n)}
    rows = counts_after(prompt, "per row")
    cols = counts_after(prompt, "per column")
    assert len(rows) == len(cols) == n
    for r in range(n):
        clauses += exactly(pool, [cell[r, c] for c in range(n)], rows[r])
    for c in range(n):
        clauses += exactly(pool, [cell[r, c] for r in range(n)], cols[c])
    for (r, c), filled in known_cells(prompt).items():
        clauses.append([cell[r, c] if filled else -cell[r, c]])
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        solution = [[int(cell[r, c] in model) for c in range(n)] for r in range(n)]
        solver.add_clause([-cell[key] if cell[key] in model else cell[key] for key in cell])
        assert not solver.solve(), "a second solution"
    return solution


def shading_of(answer: str) -> list[list[int]]:
    return [[int(t == "#") for t in line.split()] for line in answer.splitlines()]


def flipped(answer: str, r: int, c: int) -> str:
    rows = [line.split() for line in answer.splitlines()]
    rows[r][c] = "." if rows[r][c] == "#" else "#"
    return "\n".join(" ".join(row) for row in rows)


# -- thermometers --------------------------------------------------------------------------------------------


def thermometers_by_sat(prompt: str) -> list[list[int]]:
    """A cell filled at position k > 1 needs the cell at position k - 1 of its thermometer filled."""
    labels = token_grid(blocks(prompt)[1])
    n = len(labels)
    assert all(len(row) == n and all(re.fullmatch(r"[A-Za-z][1-9]", t) for t in row) for row in labels)
    where = {t: (r, c) for r, row in enumerate(labels) for c, t in enumerate(row)}
    assert len(where) == n * n
    pool = IDPool()
    clauses = []
    for token, (r, c) in where.items():
        if token[1] != "1":
            before = where[token[0] + str(int(token[1]) - 1)]
            clauses.append([-pool.id(("x", r, c)), pool.id(("x", *before))])
    return unique_shading(n, clauses, pool, prompt)


def test_thermometers_match_sat():
    e = env("thermometers")
    for d in (0, 4, 9, 15, 22, 30, 55):
        for seed in range(3):
            p = e.sample(d, seed)
            assert shading_of(p.answer) == thermometers_by_sat(p.prompt)
            assert_right(p, p.answer.replace(" ", "").replace("#", "1").replace(".", "0"))
            assert_right(p, p.answer.replace(".", "x"))


def test_thermometers_near_misses():
    e = env("thermometers")
    p = e.sample(20, 1)
    n = p.data["n"]
    # a gap: fill a thermometer's second cell while its bulb is empty, keeping the counts elsewhere honest
    piece = next(piece for piece in p.data["pieces"] if len(piece) > 1 and p.data["known"][piece[0]] < 0)
    board = shading_of(p.answer)
    r0, c0 = divmod(piece[0], n)
    r1, c1 = divmod(piece[1], n)
    gapped = [list(row) for row in board]
    gapped[r0][c0], gapped[r1][c1] = 0, 1
    assert_wrong(p, "\n".join(" ".join("#" if v else "." for v in row) for row in gapped))
    free = next(i for i in range(n * n) if p.data["known"][i] < 0)
    assert_wrong(p, flipped(p.answer, *divmod(free, n)))  # a line count off by one
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))  # a row missing
    assert_wrong(p, p.answer.replace("#", "*"))
    assert_wrong(p, "")
    data = {"n": 2, "pieces": [[0, 1], [3, 2]], "rows": [1, 1], "cols": [1, 1], "known": [-1, -1, -1, -1]}
    assert e.check(data, "# .\n. #").correct
    assert not e.check(data, ". #\n# .").correct  # both thermometers filled away from the bulb
    assert not e.check(dict(data, known=[0, -1, -1, -1]), "# .\n. #").correct  # against a revealed cell


# -- aquarium ------------------------------------------------------------------------------------------------


def aquarium_by_sat(prompt: str) -> list[list[int]]:
    """Water in a cell of a tank puts water in every cell of the tank in its row and the rows below."""
    labels = token_grid(blocks(prompt)[1])
    n = len(labels)
    assert all(len(row) == n and all(re.fullmatch(r"[A-Za-z]", t) for t in row) for row in labels)
    pool = IDPool()
    clauses = []
    cells = [(r, c) for r in range(n) for c in range(n)]
    for r, c in cells:
        for rr, cc in cells:
            if labels[rr][cc] == labels[r][c] and rr >= r and (rr, cc) != (r, c):
                clauses.append([-pool.id(("x", r, c)), pool.id(("x", rr, cc))])
    return unique_shading(n, clauses, pool, prompt)


def test_aquarium_matches_sat():
    e = env("aquarium")
    for d in (0, 4, 9, 15, 22, 30, 80):
        for seed in range(3):
            p = e.sample(d, seed)
            assert shading_of(p.answer) == aquarium_by_sat(p.prompt)
            assert_right(p, p.answer.replace(" ", ",").replace("#", "1").replace(".", "0"))


def test_aquarium_near_misses():
    e = env("aquarium")
    p = e.sample(25, 2)
    n = p.data["n"]
    free = next(i for i in range(n * n) if p.data["known"][i] < 0)
    assert_wrong(p, flipped(p.answer, *divmod(free, n)))
    assert_wrong(p, p.answer + "\n" + p.answer.splitlines()[0])  # a row too many
    assert_wrong(p, p.answer.replace("#", "W"))
    # one tank A over two rows, one B beside it: water must be level inside a tank
    data = {"n": 2, "regions": [0, 1, 0, 1], "rows": [1, 1], "cols": [1, 1], "known": [-1] * 4}
    assert e.check(data, "# .\n. #").correct is False  # A wet at the top but dry below
    assert e.check(dict(data, regions=[0, 0, 1, 1]), "# .\n. #").correct is False  # A half full in one row
    assert e.check(dict(data, regions=[0, 0, 0, 1]), "# .\n. #").correct is False  # A wet on top, dry beside
    assert e.check(dict(data, regions=[0, 0, 0, 1], rows=[0, 2]), ". .\n# #").correct
    assert e.check(dict(data, regions=[0, 1, 0, 1], rows=[0, 2], cols=[1, 1]), ". .\n# #").correct


# -- suguru --------------------------------------------------------------------------------------------------


def titled_grid(prompt: str, title: str) -> list[list[str]]:
    block = next(part for part in blocks(prompt) if part.startswith(title))
    return token_grid(block.split("\n", 1)[1])


def suguru_by_sat(prompt: str) -> list[list[int]]:
    """A variable per cell and number up to its region's size: one number per cell, each number once per region,
    touching cells (diagonals too) never equal, the givens fixed."""
    labels = titled_grid(prompt, "Regions:")
    given = titled_grid(prompt, "Given numbers")
    n = len(labels)
    assert len(given) == n and all(len(row) == n for row in labels + given)
    size = {label: sum(row.count(label) for row in labels) for row in labels for label in row}
    pool = IDPool()
    clauses = []
    cells = [(r, c) for r in range(n) for c in range(n)]

    def x(r: int, c: int, v: int) -> int:
        return pool.id((r, c, v))

    for r, c in cells:
        k = size[labels[r][c]]
        clauses += exactly(pool, [x(r, c, v) for v in range(1, k + 1)], 1)
        if given[r][c] != ".":
            clauses.append([x(r, c, int(given[r][c]))])
        for rr, cc in cells:
            if (rr, cc) > (r, c) and max(abs(rr - r), abs(cc - c)) == 1:
                for v in range(1, min(k, size[labels[rr][cc]]) + 1):
                    clauses.append([-x(r, c, v), -x(rr, cc, v)])
    for label, k in size.items():
        members = [(r, c) for r, c in cells if labels[r][c] == label]
        for v in range(1, k + 1):
            clauses += exactly(pool, [x(r, c, v) for r, c in members], 1)
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        solution = [[next(v for v in range(1, 6) if x(r, c, v) in model) for c in range(n)] for r in range(n)]
        solver.add_clause([-x(r, c, solution[r][c]) for r, c in cells])
        assert not solver.solve(), "a second solution"
    return solution


def test_suguru_matches_sat():
    e = env("suguru")
    for d in (0, 6, 12, 13, 19, 20, 30, 200):
        for seed in range(3):
            p = e.sample(d, seed)
            assert [[int(t) for t in line.split()] for line in p.answer.splitlines()] == suguru_by_sat(p.prompt)
            assert_right(p, p.answer.replace(" ", ""))
            assert_right(p, p.answer.replace(" ", ", "))


def test_suguru_near_misses():
    e = env("suguru")
    p = e.sample(24, 0)
    n = p.data["n"]
    rows = [line.split() for line in p.answer.splitlines()]
    free = next(i for i in range(n * n) if not p.data["givens"][i])
    r, c = divmod(free, n)
    bumped = [list(row) for row in rows]
    bumped[r][c] = str(int(bumped[r][c]) % 5 + 1)  # one number changed
    assert_wrong(p, "\n".join(" ".join(row) for row in bumped))
    assert_wrong(p, "\n".join(" ".join(row) for row in rows[:-1]))
    assert_wrong(p, p.answer.replace("1", "6"))  # out of range
    assert_wrong(p, p.answer.replace("1", "x"))
    assert_wrong(p, "")
    # a region of two cells over a region of two cells: the rows are fine, but diagonal neighbours match
    data = {"n": 2, "regions": [0, 0, 1, 1], "givens": [0, 0, 0, 0]}
    assert not e.check(data, "1 2\n2 1").correct  # diagonal neighbours hold equal numbers
    assert not e.check(data, "1 2\n1 2").correct  # vertical neighbours hold equal numbers
    assert e.check({"n": 2, "regions": [0, 0, 0, 0], "givens": [0, 0, 0, 0]}, "4 1\n2 3").correct
    assert not e.check({"n": 2, "regions": [0, 0, 0, 0], "givens": [0, 0, 0, 0]}, "1 1\n2 3").correct
    assert not e.check({"n": 2, "regions": [0, 0, 0, 0], "givens": [3, 0, 0, 0]}, "4 1\n2 3").correct


# -- kurodoko ------------------------------------------------------------------------------------------------


def components(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    out, left = [], set(cells)
    while left:
        stack = [left.pop()]
        part = set(stack)
        while stack:
            r, c = stack.pop()
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if step in left:
                    left.discard(step)
                    part.add(step)
                    stack.append(step)
        out.append(part)
    return out


def connected_model(solver: Minisat22, shade: dict[tuple[int, int], int], n: int) -> set[int] | None:
    """A model whose unshaded cells are connected, adding a cut for every disconnected one found (if a component
    stays unshaded and its shaded border stays shaded, a cell of another component must be shaded); None if none."""
    while solver.solve():
        model = set(solver.get_model())
        white = {cell for cell, v in shade.items() if v not in model}
        parts = components(white)
        if len(parts) == 1:
            return model
        part, other = parts[0], parts[1]
        border = {
            step
            for r, c in part
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if step in shade and step not in part
        }
        d = next(iter(other))
        solver.add_clause([-shade[b] for b in border] + [shade[c] for c in part] + [shade[d]])
    return None


def kurodoko_by_sat(prompt: str) -> list[list[int]]:
    """A variable per cell (shaded) and per number, direction and distance (every cell up to there unshaded):
    each number counts its true distance variables, numbers unshaded, shaded cells never side by side, and the
    unshaded cells connected through lazily added cuts."""
    grid = next(token_grid(part) for part in blocks(prompt) if all(t == "." or t.isdigit() for t in part.split()))
    n = len(grid)
    assert all(len(row) == n for row in grid)
    pool = IDPool()
    shade = {(r, c): pool.id(("s", r, c)) for r in range(n) for c in range(n)}
    clauses = []
    for (r, c), s in shade.items():
        for step in ((r + 1, c), (r, c + 1)):
            if step in shade:
                clauses.append([-s, -shade[step]])
        if grid[r][c] == ".":
            continue
        clauses.append([-s])
        runs = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            before = None
            rr, cc = r + dr, c + dc
            while (rr, cc) in shade:
                run = pool.id(("run", r, c, rr, cc))
                # run <-> before and the cell unshaded
                clauses.append([-run, -shade[rr, cc]])
                if before is None:
                    clauses.append([run, shade[rr, cc]])
                else:
                    clauses += [[-run, before], [run, -before, shade[rr, cc]]]
                runs.append(run)
                before = run
                rr, cc = rr + dr, cc + dc
        clauses += exactly(pool, runs, int(grid[r][c]) - 1)
    with Minisat22(bootstrap_with=clauses) as solver:
        model = connected_model(solver, shade, n)
        assert model is not None, "no solution"
        solution = [[int(shade[r, c] in model) for c in range(n)] for r in range(n)]
        solver.add_clause([-s if s in model else s for s in shade.values()])
        assert connected_model(solver, shade, n) is None, "a second solution"
    return solution


def test_kurodoko_matches_sat():
    e = env("kurodoko")
    for d in (0, 5, 13, 14, 19, 20, 30, 500):
        for seed in range(3):
            p = e.sample(d, seed)
            assert shading_of(p.answer) == kurodoko_by_sat(p.prompt)
            assert_right(p, p.answer.replace(" ", "").replace("#", "1").replace(".", "0"))


def test_kurodoko_near_misses():
    e = env("kurodoko")
    p = e.sample(26, 1)
    n = p.data["n"]
    free = next(i for i in range(n * n) if not p.data["numbers"][i] and p.answer.split()[i] == ".")
    assert_wrong(p, flipped(p.answer, *divmod(free, n)))  # one more shaded cell
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))
    assert_wrong(p, p.answer.replace("#", "x"))
    assert_wrong(p, "")
    # a 3x3 with a 5 in the middle
    data = {"n": 3, "numbers": [0, 0, 0, 0, 5, 0, 0, 0, 0]}
    assert e.check(data, ". . .\n. . .\n. . .").correct
    assert e.check(data, "# . #\n. . .\n# . #").correct  # corners shaded, still connected
    assert not e.check(data, ". # .\n. . .\n. . .").correct  # the 5 would see 4
    blank = {"n": 3, "numbers": [0] * 9}
    assert e.check(blank, ". # .\n. . .\n. . .").correct
    assert not e.check(blank, ". # #\n. . .\n. . .").correct  # shaded side by side
    assert not e.check(blank, ". # .\n# . .\n. . .").correct  # the top-left corner cut off
    assert not e.check({"n": 3, "numbers": [1, 0, 0, 0, 0, 0, 0, 0, 0]}, "# . .\n. . .\n. . .").correct


# -- norinori ------------------------------------------------------------------------------------------------


def norinori_by_sat(prompt: str) -> list[list[int]]:
    """Two shaded cells per region, and a shaded cell has exactly one shaded orthogonal neighbour: at least one
    (a clause) and never two (a clause per pair of neighbours)."""
    labels = token_grid(blocks(prompt)[1])
    n = len(labels)
    assert all(len(row) == n and all(re.fullmatch(r"[A-Za-z]", t) for t in row) for row in labels)
    pool = IDPool()
    x = {(r, c): pool.id(("x", r, c)) for r in range(n) for c in range(n)}
    clauses = []
    for label in {t for row in labels for t in row}:
        clauses += exactly(pool, [x[cell] for cell in x if labels[cell[0]][cell[1]] == label], 2)
    for (r, c), v in x.items():
        around = [x[step] for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if step in x]
        clauses.append([-v, *around])
        clauses += [[-v, -a, -b] for k, a in enumerate(around) for b in around[k + 1 :]]
    for (r, c), filled in known_cells(prompt).items():
        clauses.append([x[r, c] if filled else -x[r, c]])
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        solution = [[int(x[r, c] in model) for c in range(n)] for r in range(n)]
        solver.add_clause([-v if v in model else v for v in x.values()])
        assert not solver.solve(), "a second solution"
    return solution


def test_norinori_matches_sat():
    e = env("norinori")
    for d in (0, 6, 7, 15, 16, 26, 30, 300):
        for seed in range(3):
            p = e.sample(d, seed)
            assert shading_of(p.answer) == norinori_by_sat(p.prompt)
            assert_right(p, p.answer.replace(".", "x"))
            assert_right(p, p.answer.replace(" ", "").replace("#", "1").replace(".", "0"))


def test_norinori_near_misses():
    e = env("norinori")
    p = e.sample(20, 0)
    n = p.data["n"]
    free = next(i for i in range(n * n) if p.data["known"][i] < 0)
    assert_wrong(p, flipped(p.answer, *divmod(free, n)))
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))
    assert_wrong(p, p.answer.replace("#", "*"))
    assert_wrong(p, "")
    # regions A (top-left 2x2), B (right column), C (bottom-left pair)
    data = {"n": 3, "regions": [0, 0, 1, 0, 0, 1, 2, 2, 1], "known": [-1] * 9}
    assert not e.check(data, "# # #\n. . .\n. . .").correct  # three in a row: the middle has two neighbours
    assert not e.check(data, "# . .\n# . #\n. . #").correct  # region C has none
    assert e.check({"n": 2, "regions": [0, 0, 1, 1], "known": [-1] * 4}, "# .\n# .").correct is False
    assert e.check({"n": 2, "regions": [0, 1, 0, 1], "known": [-1] * 4}, "# .\n# .").correct is False
    # dominoes may lie across two regions: A (top two rows) and B (bottom two rows) share two of them
    wide = {"n": 4, "regions": [0] * 8 + [1] * 8, "known": [-1] * 16}
    assert e.check(wide, ". . . .\n# . . #\n# . . #\n. . . .").correct
    assert e.check(wide, "# # . .\n. . . .\n. . # .\n. . # .").correct
    assert not e.check(dict(wide, known=[0] + [-1] * 15), "# # . .\n. . . .\n. . # .\n. . # .").correct


# -- magnets -------------------------------------------------------------------------------------------------


def magnets_by_sat(prompt: str) -> list[list[str]]:
    """Variables plus(r, c) and minus(r, c), never both: a domino's one end is + exactly when its other end is -;
    equal signs never side by side; the four line counts and the revealed cells."""
    labels = token_grid(blocks(prompt)[1])
    rows, cols = map(int, re.search(r"grid of (\d+) rows and (\d+) columns", prompt).groups())
    assert len(labels) == rows and all(len(row) == cols for row in labels)
    pool = IDPool()
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    plus = {cell: pool.id(("p", *cell)) for cell in cells}
    minus = {cell: pool.id(("m", *cell)) for cell in cells}
    clauses = [[-plus[cell], -minus[cell]] for cell in cells]
    ends: dict[str, list[tuple[int, int]]] = {}
    for r, c in cells:
        ends.setdefault(labels[r][c], []).append((r, c))
    for a, b in ends.values():
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        for x, y in ((a, b), (b, a)):
            clauses += [[-plus[x], minus[y]], [-minus[x], plus[y]]]
    for r, c in cells:
        for step in ((r + 1, c), (r, c + 1)):
            if step in plus:
                clauses += [[-plus[r, c], -plus[step]], [-minus[r, c], -minus[step]]]
    for sign, var in (("+", plus), ("-", minus)):
        per_row = counts_after(prompt, re.escape(sign) + " cells per row")
        per_col = counts_after(prompt, re.escape(sign) + " cells per column")
        for r in range(rows):
            clauses += exactly(pool, [var[r, c] for c in range(cols)], per_row[r])
        for c in range(cols):
            clauses += exactly(pool, [var[r, c] for r in range(rows)], per_col[c])
    parts = blocks(prompt)
    heading = next((k for k, part in enumerate(parts) if "already known" in part), None)
    if heading is not None:
        for r, row in enumerate(token_grid(parts[heading + 1])):
            for c, t in enumerate(row):
                if t != "?":
                    clauses += [[plus[r, c] if t == "+" else -plus[r, c]], [minus[r, c] if t == "-" else -minus[r, c]]]
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        model = set(solver.get_model())
        symbol = {cell: "+" if plus[cell] in model else "-" if minus[cell] in model else "." for cell in cells}
        solution = [[symbol[r, c] for c in range(cols)] for r in range(rows)]
        solver.add_clause([-v if v in model else v for v in [*plus.values(), *minus.values()]])
        assert not solver.solve(), "a second solution"
    return solution


def test_magnets_match_sat():
    e = env("magnets")
    for d in (0, 6, 7, 15, 16, 22, 30, 40, 400):
        for seed in range(3):
            p = e.sample(d, seed)
            assert [line.split() for line in p.answer.splitlines()] == magnets_by_sat(p.prompt)
            assert_right(p, p.answer.replace(" ", ""))


def test_magnets_near_misses():
    e = env("magnets")
    p = e.sample(18, 0)
    rows = [line.split() for line in p.answer.splitlines()]
    swapped = [[{"+": "-", "-": "+"}.get(t, t) for t in row] for row in rows]  # every magnet turned round
    assert_wrong(p, "\n".join(" ".join(row) for row in swapped))
    assert_wrong(p, "\n".join(" ".join(row) for row in rows[:-1]))
    assert_wrong(p, p.answer.replace("+", "#"))
    assert_wrong(p, "")
    # one horizontal domino over one horizontal domino
    data = {"rows": 2, "cols": 2, "dominoes": [[0, 1], [2, 3]], "plus": [1, 1, 1, 1], "minus": [1, 1, 1, 1]}
    data["known"] = ["?"] * 4
    assert e.check(data, "+ -\n- +").correct
    assert e.check(data, "- +\n+ -").correct  # the other solution of these counts
    assert not e.check(data, "+ -\n+ -").correct  # equal signs one above the other
    assert not e.check(dict(data, plus=[1, 0, 1, 0], minus=[0, 1, 0, 1]), "+ +\n- -").correct  # not magnets
    assert not e.check(dict(data, known=["-", "?", "?", "?"]), "+ -\n- +").correct
    neutral = dict(data, plus=[0, 0, 0, 0], minus=[0, 0, 0, 0])
    assert e.check(neutral, ". .\n. .").correct
    assert not e.check(neutral, "+ .\n. .").correct  # half a magnet


# -- dominosa ------------------------------------------------------------------------------------------------


def dominosa_by_sat(prompt: str) -> set[frozenset[tuple[int, int]]]:
    """A variable per pair of adjacent cells: every cell in exactly one chosen pair, every pair of numbers on
    exactly one, the given dominoes chosen."""
    k = int(re.search(r"double-(\d+) set", prompt).group(1))
    rows, cols = map(int, re.search(r"grid of (\d+) rows and (\d+) columns", prompt).groups())
    grid = next(token_grid(part) for part in blocks(prompt) if re.fullmatch(r"[0-9 \n]+", part))
    assert len(grid) == rows and all(len(row) == cols for row in grid)
    pool = IDPool()
    placement: dict[int, frozenset[tuple[int, int]]] = {}
    of_cell: dict[tuple[int, int], list[int]] = {(r, c): [] for r in range(rows) for c in range(cols)}
    of_pair: dict[tuple[int, int], list[int]] = {(a, b): [] for a in range(k + 1) for b in range(a, k + 1)}
    for r, c in of_cell:
        for other in ((r + 1, c), (r, c + 1)):
            if other in of_cell:
                v = pool.id(((r, c), other))
                placement[v] = frozenset({(r, c), other})
                of_cell[r, c].append(v)
                of_cell[other].append(v)
                a, b = sorted((int(grid[r][c]), int(grid[other[0]][other[1]])))
                of_pair[a, b].append(v)
    clauses = []
    for vs in [*of_cell.values(), *of_pair.values()]:
        clauses += exactly(pool, vs, 1)
    for r1, c1, r2, c2 in re.findall(r"row (\d+), column (\d+) with row (\d+), column (\d+)", prompt):
        cells = frozenset({(int(r1) - 1, int(c1) - 1), (int(r2) - 1, int(c2) - 1)})
        clauses.append([v for v, placed in placement.items() if placed == cells])
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        chosen = [v for v in solver.get_model() if v in placement]
        solver.add_clause([-v for v in chosen])
        assert not solver.solve(), "a second solution"
    return {placement[v] for v in chosen}


def dominoes_of(answer: str) -> set[frozenset[tuple[int, int]]]:
    groups: dict[str, set[tuple[int, int]]] = {}
    for r, line in enumerate(answer.splitlines()):
        for c, label in enumerate(line.split()):
            groups.setdefault(label, set()).add((r, c))
    return {frozenset(cells) for cells in groups.values()}


def test_dominosa_matches_sat():
    e = env("dominosa")
    for d in (0, 9, 10, 15, 21, 28, 30, 50):
        for seed in range(3):
            p = e.sample(d, seed)
            assert dominoes_of(p.answer) == dominosa_by_sat(p.prompt)
            # any labels will do: letters and digits, in another order
            names: dict[str, str] = {}
            relabelled = [
                [names.setdefault(t, f"d{len(names) + 1}") for t in line.split()] for line in p.answer.splitlines()
            ]
            assert_right(p, "\n".join(", ".join(row) for row in relabelled))


def test_dominosa_near_misses():
    e = env("dominosa")
    p = e.sample(12, 1)
    rows = [line.split() for line in p.answer.splitlines()]
    merged = [list(row) for row in rows]
    merged[0][1] = merged[0][0]  # three cells under one label
    assert_wrong(p, "\n".join(" ".join(row) for row in merged))
    assert_wrong(p, "\n".join(" ".join(row) for row in rows[:-1]))
    assert_wrong(p, p.answer.replace("1", "1!"))
    assert_wrong(p, "")
    # double-1 set (0-0, 0-1, 1-1) on a 2x3 grid
    data = {"k": 1, "numbers": [0, 0, 1, 1, 0, 1], "given": []}
    assert e.check(data, "a a b\nc c b").correct  # 0-0, 1-1 upright, 1-0
    assert e.check(data, "a b c\na b c").correct  # 0-1, 0-0, 1-1 upright: the toy has two solutions
    assert not e.check(data, "a b b\na c c").correct  # 0-1 twice, 1-1 missing
    assert not e.check(data, "a a b\nb c c").correct  # the b cells are not side by side
    assert not e.check(dict(data, given=[[0, 3]]), "a a b\nc c b").correct  # a given domino split
