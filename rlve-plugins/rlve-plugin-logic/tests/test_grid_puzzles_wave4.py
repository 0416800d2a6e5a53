"""Shikaku, nurikabe and hashiwokakero: each puzzle is read back from its prompt, its rules are encoded as CNF
here and solved with python-sat (nothing shared with the pack's solvers): the reference answer must be a
solution, and blocking it must leave none. Then other spellings of the answer are accepted, and near misses
rejected."""

from __future__ import annotations

import re

from logic_test_helpers import assert_right, assert_wrong, env, find
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22


def exactly(pool: IDPool, lits: list[int], k: int) -> list[list[int]]:
    if not lits:
        return [] if k == 0 else [[]]
    return CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses


def number_grid(prompt: str) -> list[list[str]]:
    """The prompt's puzzle grid: its lines made only of . and numbers."""
    lines = [line.split() for line in prompt.splitlines()]
    return [toks for toks in lines if toks and all(t == "." or t.isdigit() for t in toks)]


def orthogonal(r: int, c: int, rows: int, cols: int) -> list[tuple[int, int]]:
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in steps if 0 <= a < rows and 0 <= b < cols]


# -- shikaku -------------------------------------------------------------------------------------------------


def shikaku_by_sat(prompt: str) -> set[frozenset[tuple[int, int]]]:
    """The rectangles fitting the prompt's numbers, proved unique: a variable per rectangle of a number's area
    that holds that number and no other; one rectangle per number, every cell in exactly one rectangle."""
    grid = number_grid(prompt)
    rows, cols = map(int, re.search(r"grid of (\d+) rows and (\d+) columns", prompt).groups())
    assert len(grid) == rows and all(len(row) == cols for row in grid)
    numbers = {(r, c): int(grid[r][c]) for r in range(rows) for c in range(cols) if grid[r][c] != "."}
    pool = IDPool()
    rect_of: dict[int, frozenset[tuple[int, int]]] = {}
    covering: dict[tuple[int, int], list[int]] = {(r, c): [] for r in range(rows) for c in range(cols)}
    clauses: list[list[int]] = []
    for (r, c), area in numbers.items():
        options = []
        for h in range(1, area + 1):
            w = area // h
            if area % h:
                continue
            for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
                for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                    cells = frozenset((a, b) for a in range(top, top + h) for b in range(left, left + w))
                    if not any(other in cells for other in numbers if other != (r, c)):
                        v = pool.id(cells)
                        rect_of[v] = cells
                        options.append(v)
                        for cell in cells:
                            covering[cell].append(v)
        clauses += exactly(pool, options, 1)
    for vs in covering.values():
        clauses += exactly(pool, vs, 1)
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve(), "no solution"
        chosen = [v for v in solver.get_model() if v in rect_of]
        solver.add_clause([-v for v in chosen])
        assert not solver.solve(), "a second solution"
    return {rect_of[v] for v in chosen}


def rectangles_of(labels: list[list[str]]) -> set[frozenset[tuple[int, int]]]:
    groups: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(labels):
        for c, label in enumerate(row):
            groups.setdefault(label, set()).add((r, c))
    return {frozenset(cells) for cells in groups.values()}


def test_shikaku_matches_sat():
    e = env("shikaku")
    for d in (0, 3, 9, 16, 24, 30):
        for seed in range(3):
            p = e.sample(d, seed)
            labels = [line.split() for line in p.answer.splitlines()]
            assert rectangles_of(labels) == shikaku_by_sat(p.prompt)
            # other labels (numbers, commas) for the same rectangles
            names: dict[str, str] = {}
            renamed = [[names.setdefault(x, str(len(names) + 1)) for x in row] for row in labels]
            assert_right(p, "\n".join(",".join(row) for row in renamed))


def test_shikaku_rules():
    e = env("shikaku")
    data = {"rows": 2, "cols": 2, "clues": [[0, 2], [3, 2]]}
    assert e.check(data, "A A\nB B").correct
    assert e.check(data, "a b\na b").correct  # both splits fit these numbers
    assert not e.check(data, "A A\nA A").correct  # two numbers in one rectangle
    assert not e.check(data, "A B\nB B").correct  # an L is not a rectangle
    line = {"rows": 1, "cols": 3, "clues": [[0, 2], [2, 1]]}
    assert e.check(line, "A A B").correct
    assert not e.check(line, "A B B").correct  # areas 1 and 2 against numbers 2 and 1
    assert not e.check(line, "A B A").correct  # label A used for two separate pieces


def test_shikaku_near_misses():
    p = find("shikaku", lambda p: True, difficulties=range(10, 14))
    labels = [line.split() for line in p.answer.splitlines()]
    r, c = next((r, c) for r, row in enumerate(labels) for c in range(len(row) - 1) if row[c] != row[c + 1])
    moved = [list(row) for row in labels]
    moved[r][c + 1] = moved[r][c]  # one cell handed to the rectangle beside it
    assert_wrong(p, "\n".join(" ".join(row) for row in moved))
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))  # a row missing
    assert_wrong(p, p.answer.replace("A", "A!"))  # not a label
    assert_wrong(p, "")


# -- nurikabe ------------------------------------------------------------------------------------------------


def nurikabe_by_sat(prompt: str) -> list[list[int]]:
    """The land (1) and sea (0) fitting the prompt, proved unique. Local rules go into CNF: island labels (a
    land cell carries the label of one number, touching land cells the same label, each label on as many
    cells as its number), no all-sea 2x2 square, the known cells. Connectivity is added lazily: a land group
    without its number, or a sea split in two, found in a model becomes a clause that rules out that group
    (sound for every solution), until a model passes every rule."""
    n = int(re.search(r"Solve this (\d+)x\1 nurikabe", prompt).group(1))
    grid = number_grid(prompt)
    assert len(grid) == n and all(len(row) == n for row in grid)
    known = [line.split() for line in prompt.splitlines() if line and set(line.split()) <= {"?", "#", "o"}]
    numbers = [((r, c), int(grid[r][c])) for r in range(n) for c in range(n) if grid[r][c] != "."]
    cells = [(r, c) for r in range(n) for c in range(n)]
    pool = IDPool()
    land = {cell: pool.id(("land", cell)) for cell in cells}
    label = {
        (cell, i): pool.id(("label", cell, i))
        for i, ((r, c), size) in enumerate(numbers)
        for cell in cells
        if abs(cell[0] - r) + abs(cell[1] - c) < size
    }
    clauses: list[list[int]] = []
    for cell in cells:
        mine = [v for (where, _), v in label.items() if where == cell]
        clauses.append([-land[cell], *mine])
        clauses += [[-v, land[cell]] for v in mine]
        clauses += [[-a, -b] for k, a in enumerate(mine) for b in mine[k + 1 :]]
        for other in orthogonal(*cell, n, n):
            for i in range(len(numbers)):
                a, b = label.get((cell, i)), label.get((other, i))
                if a:  # two touching land cells carry the same label
                    clauses.append([-a, -land[other], b] if b else [-a, -land[other]])
    for i, (cell, size) in enumerate(numbers):
        clauses.append([label[cell, i]])
        clauses += exactly(pool, [v for (_, j), v in label.items() if j == i], size)
    for r in range(n - 1):
        for c in range(n - 1):
            clauses.append([land[r + a, c + b] for a in (0, 1) for b in (0, 1)])
    if known:
        assert len(known) == n
        clauses += [[land[r, c] if known[r][c] == "o" else -land[r, c]] for r, c in cells if known[r][c] != "?"]
    number_cells = {cell for cell, _ in numbers}

    def groups(members: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
        out, left = [], set(members)
        while left:
            stack = [left.pop()]
            group = set(stack)
            while stack:
                for m in orthogonal(*stack.pop(), n, n):
                    if m in left:
                        left.remove(m)
                        group.add(m)
                        stack.append(m)
            out.append(group)
        return out

    def border(group: set[tuple[int, int]]) -> set[tuple[int, int]]:
        return {m for cell in group for m in orthogonal(*cell, n, n)} - group

    def next_solution(solver: Minisat22) -> list[list[int]] | None:
        while solver.solve():
            model = set(solver.get_model())
            is_land = {cell for cell in cells if land[cell] in model}
            cuts = []
            for group in groups(is_land):
                if not group & number_cells:
                    cuts.append([-land[x] for x in group] + [land[x] for x in border(group)])
            seas = groups(set(cells) - is_land)
            if len(seas) > 1:
                for group in seas:
                    outside = next(x for x in cells if x not in is_land and x not in group)
                    cuts.append([land[x] for x in group] + [-land[x] for x in border(group)] + [land[outside]])
            if not cuts:
                return [[int((r, c) in is_land) for c in range(n)] for r in range(n)]
            for cut in cuts:
                solver.add_clause(cut)
        return None

    with Minisat22(bootstrap_with=clauses) as solver:
        found = next_solution(solver)
        assert found is not None, "no solution"
        solver.add_clause([-land[r, c] if found[r][c] else land[r, c] for r, c in cells])
        assert next_solution(solver) is None, "a second solution"
    return found


def nurikabe_text(prompt: str, land: list[list[int]], sea: str = "#", island: str = ".", sep: str = " ") -> str:
    """An answer: numbers on numbered island cells, ``island`` on the other island cells, ``sea`` elsewhere."""
    grid = number_grid(prompt)
    return "\n".join(
        sep.join(sea if not v else grid[r][c] if grid[r][c] != "." else island for c, v in enumerate(row))
        for r, row in enumerate(land)
    )


def known_cells(prompt: str) -> list[list[str]]:
    return [line.split() for line in prompt.splitlines() if line and set(line.split()) <= {"?", "#", "o"}]


def test_nurikabe_matches_sat():
    e = env("nurikabe")
    for d in (0, 6, 12, 20, 27, 30):
        for seed in range(3):
            p = e.sample(d, seed)
            land = nurikabe_by_sat(p.prompt)
            assert nurikabe_text(p.prompt, land) == p.answer
            # numbers written as . too, no spaces; o for island cells
            assert_right(p, "\n".join("".join("." if v else "#" for v in row) for row in land))
            assert_right(p, nurikabe_text(p.prompt, land, island="o"))


def test_nurikabe_rules():
    e = env("nurikabe")
    data = {"n": 3, "clues": [[0, 2], [8, 1]], "known": [-1] * 9}
    assert not e.check(data, "2 . #\n# # #\n# # 1").correct  # the bottom-left 2x2 square is all shaded
    data = {"n": 2, "clues": [[0, 2]], "known": [-1] * 4}
    assert e.check(data, "2 .\n# #").correct
    assert e.check(data, "2 #\n. #").correct  # another island shape, also valid
    assert not e.check(data, "2 #\n# .").correct  # the island is split, and the sea too
    assert not e.check(data, "2 .\n. #").correct  # an island of 3 cells
    data = {"n": 2, "clues": [[0, 1], [3, 1]], "known": [-1] * 4}
    assert not e.check(data, "1 #\n# 1").correct  # the sea is cut in two (its cells touch diagonally only)
    data = {"n": 3, "clues": [[0, 1], [2, 1], [6, 1], [8, 1]], "known": [-1] * 9}
    assert e.check(data, "1 # 1\n# # #\n1 # 1").correct
    assert not e.check(data, "1 # 1\n# . #\n1 # 1").correct  # an island without a number
    assert not e.check(data, "2 # 1\n# # #\n1 # 1").correct  # a number rewritten


def test_nurikabe_near_misses():
    p = find("nurikabe", lambda p: any("o" in row for row in known_cells(p.prompt)), difficulties=range(7, 16))
    land = nurikabe_by_sat(p.prompt)
    n = len(land)
    known = known_cells(p.prompt)
    grid = number_grid(p.prompt)

    def flipped(r: int, c: int) -> str:
        copy = [list(row) for row in land]
        copy[r][c] = 1 - copy[r][c]
        return nurikabe_text(p.prompt, copy)

    r, c = next((r, c) for r in range(n) for c in range(n) if known[r][c] == "o" and grid[r][c] == ".")
    assert_wrong(p, flipped(r, c))  # a known island cell shaded
    r, c = next((r, c) for r in range(n) for c in range(n) if known[r][c] == "?" and not land[r][c])
    assert_wrong(p, flipped(r, c))  # one more island cell: some island grows, or one without a number appears
    r, c = next((r, c) for r in range(n) for c in range(n) if grid[r][c] != ".")
    assert_wrong(p, flipped(r, c))  # a number shaded
    lines = p.answer.splitlines()
    lines[r] = " ".join(str(int(x) % 9 + 1) if k == c else x for k, x in enumerate(lines[r].split()))
    assert_wrong(p, "\n".join(lines))  # a number changed
    assert_wrong(p, "\n".join(p.answer.splitlines()[:-1]))  # a row missing
    assert_wrong(p, "")


# -- hashiwokakero -------------------------------------------------------------------------------------------


Pair = frozenset[tuple[int, int]]


def hashi_by_sat(prompt: str) -> dict[Pair, int]:
    """The bridges fitting the prompt's islands, proved unique: per pair of islands facing each other, one
    variable for a first bridge and one for a second; bridge ends per island counted exactly, crossing pairs
    never both used. Connectivity is added lazily: when a model splits the islands, some bridge must leave
    one of its groups (sound for every solution), until a model is connected."""
    grid = number_grid(prompt)
    n = len(grid)
    islands = {(r, c): int(grid[r][c]) for r in range(n) for c in range(n) if grid[r][c] != "."}
    pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            a, b = r + dr, c + dc
            while a < n and b < n and (a, b) not in islands:
                a, b = a + dr, b + dc
            if a < n and b < n:
                pairs.append(((r, c), (a, b)))
    pool = IDPool()
    one = {pair: pool.id(("1", pair)) for pair in pairs}
    two = {pair: pool.id(("2", pair)) for pair in pairs}
    clauses = [[-two[p], one[p]] for p in pairs]
    for island, number in islands.items():
        lits = [v[p] for p in pairs if island in p for v in (one, two)]
        clauses += exactly(pool, lits, number)
    for (a, b) in pairs:
        for (c, d) in pairs:
            if a[0] == b[0] and c[1] == d[1]:  # (a, b) horizontal, (c, d) vertical
                if c[0] < a[0] < d[0] and a[1] < c[1] < b[1]:
                    clauses.append([-one[a, b], -one[c, d]])

    def next_solution(solver: Minisat22) -> dict[Pair, int] | None:
        while solver.solve():
            model = set(solver.get_model())
            used = {p: (one[p] in model) + (two[p] in model) for p in pairs if one[p] in model}
            start = next(iter(islands))
            group, stack = {start}, [start]
            while stack:
                x = stack.pop()
                for a, b in used:
                    y = b if a == x else a if b == x else None
                    if y is not None and y not in group:
                        group.add(y)
                        stack.append(y)
            if len(group) == len(islands):
                return {frozenset(p): k for p, k in used.items()}
            solver.add_clause([one[p] for p in pairs if (p[0] in group) != (p[1] in group)])
        return None

    with Minisat22(bootstrap_with=clauses) as solver:
        found = next_solution(solver)
        assert found is not None, "no solution"
        chosen = [(one[p], frozenset(p) in found) for p in pairs]
        chosen += [(two[p], found.get(frozenset(p)) == 2) for p in pairs]
        solver.add_clause([-v if used else v for v, used in chosen])
        assert next_solution(solver) is None, "a second solution"
    return found


def bridges_of(answer: str) -> dict[Pair, int]:
    out = {}
    for line in answer.splitlines():
        r1, c1, r2, c2, k = map(int, line.split())
        out[frozenset({(r1 - 1, c1 - 1), (r2 - 1, c2 - 1)})] = k
    return out


def test_hashiwokakero_matches_sat():
    e = env("hashiwokakero")
    for d in (0, 5, 12, 20, 30):
        for seed in range(3):
            p = e.sample(d, seed)
            found = hashi_by_sat(p.prompt)
            assert bridges_of(p.answer) == found
            # ends swapped, lines reversed, brackets and a colon
            lines = []
            for line in reversed(p.answer.splitlines()):
                r1, c1, r2, c2, k = line.split()
                lines.append(f"({r2}, {c2}) - ({r1}, {c1}): {k}")
            assert_right(p, "\n".join(lines))


def test_hashiwokakero_rules():
    e = env("hashiwokakero")
    # islands at the middles of the four sides of a 3x3 board: the two straight bridges would cross
    cross = {"n": 3, "islands": [1, 3, 5, 7], "clues": [1, 1, 1, 1]}
    assert not e.check(cross, "1 2 3 2 1\n2 1 2 3 1").correct
    # four corners of a 3x3 board, a number 1 on each: two separate bridges leave two groups
    corners = {"n": 3, "islands": [0, 2, 6, 8], "clues": [1, 1, 1, 1]}
    assert not e.check(corners, "1 1 1 3 1\n3 1 3 3 1").correct
    # corners again, numbered 1 2 / 1 2: bridges along the top, the right side and the bottom
    path = {"n": 3, "islands": [0, 2, 6, 8], "clues": [1, 2, 1, 2]}
    assert e.check(path, "1 1 1 3 1\n1 3 3 3 1\n3 3 3 1 1").correct
    square = {"n": 3, "islands": [0, 2, 6, 8], "clues": [2, 2, 2, 2]}
    assert e.check(square, "1 1 1 3 1\n1 3 3 3 1\n3 3 3 1 1\n3 1 1 1 1").correct
    assert e.check(square, "1 1 1 3 2\n3 1 3 3 2").correct is False  # degrees fit, but two groups
    assert e.check(square, "1 1 3 1 2\n1 3 3 3 2").correct is False
    assert not e.check(path, "1 1 1 3 1\n1 3 3 3 1\n3 3 3 1 1\n1 1 1 3 1").correct  # a pair listed twice
    row = {"n": 5, "islands": [0, 2, 4], "clues": [1, 2, 1]}
    assert not e.check(row, "1 1 1 5 1\n1 3 1 5 1").correct  # a bridge over an island
    assert not e.check(row, "1 1 1 3 3\n1 3 1 5 1").correct  # three bridges between one pair


def test_hashiwokakero_near_misses():
    p = find("hashiwokakero", lambda p: " 2" in p.answer and len(p.answer.splitlines()) > 4, range(10, 16))
    lines = p.answer.splitlines()
    doubled = next(k for k, line in enumerate(lines) if line.endswith(" 2"))
    assert_wrong(p, "\n".join(line[:-1] + "1" if k == doubled else line for k, line in enumerate(lines)))
    assert_wrong(p, "\n".join(lines[1:]))  # a bridge missing
    assert_wrong(p, p.answer.replace("\n", "\n[") + "]")  # stray brackets
    assert_wrong(p, "")
