"""Mixed logic tasks: Büchi automata lassos, Post correspondence, polyomino tilings and lambda normal forms.

Every instance is rebuilt from its prompt text and checked by an independent solver: networkx for the Büchi
emptiness check and a product-graph simulation of lassos, a breadth-first search over the prompt's tiles for
Post correspondence, python-sat exact cover for the tilings, and a normalisation-by-evaluation reducer written
here for the lambda terms.
"""

from __future__ import annotations

import re

import networkx as nx
import pytest
from logic_test_helpers import assert_right, assert_wrong, env
from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Minisat22


def find(name: str, predicate, difficulties, seeds=range(40)):
    """The first problem (by difficulty, then seed) satisfying ``predicate`` (without loading every pack)."""
    for difficulty in difficulties:
        for seed in seeds:
            problem = env(name).sample(difficulty, seed)
            if predicate(problem):
                return problem
    raise AssertionError(f"no logic/{name} problem satisfies the predicate")


# -- Büchi lasso words ------------------------------------------------------------------------------------------


def buchi_from_prompt(prompt: str):
    """(transitions, accepting, bound on |u|, bound on |v|, alphabet), read from the prompt's text only."""
    accepting = {int(x) for x in re.search(r"the accepting states are ([0-9, ]+)\.", prompt).group(1).split(",")}
    transitions = [(int(p), a, int(q)) for p, a, q in re.findall(r"^(\d+) --([a-z])--> (\d+)$", prompt, re.M)]
    u_bound, v_bound = map(int, re.search(r"at most (\d+) letters for u and 1 to (\d+) letters", prompt).groups())
    alphabet = re.search(r"alphabet \{([a-z, ]+)\}", prompt).group(1).replace(", ", "")
    return transitions, accepting, u_bound, v_bound, alphabet


def on_a_cycle(graph: nx.DiGraph, node) -> bool:
    return graph.has_edge(node, node) or any(node in c and len(c) > 1 for c in nx.strongly_connected_components(graph))


def buchi_nonempty(transitions, accepting) -> bool:
    """Networkx: some accepting state reachable from 0 lies on a cycle."""
    graph = nx.DiGraph()
    graph.add_node(0)
    graph.add_edges_from((p, q) for p, _, q in transitions)
    reachable = nx.descendants(graph, 0) | {0}
    return any(f in reachable and on_a_cycle(graph, f) for f in accepting)


def lasso_accepted(transitions, accepting, u: str, v: str) -> bool:
    """Product of the automaton with the lasso's positions: accepted when a reachable product node whose state
    is accepting lies on a cycle."""
    word = u + v
    product = nx.DiGraph()
    product.add_node((0, 0))
    for i, letter in enumerate(word):
        following = i + 1 if i + 1 < len(word) else len(u)
        product.add_edges_from(((p, i), (q, following)) for p, a, q in transitions if a == letter)
    reachable = nx.descendants(product, (0, 0)) | {(0, 0)}
    components = [c for c in nx.strongly_connected_components(product.subgraph(reachable))]
    return any(
        any(node[0] in accepting for node in c) and (len(c) > 1 or product.has_edge(next(iter(c)), next(iter(c))))
        for c in components
    )


@pytest.mark.parametrize("difficulty", [0, 3, 8, 14, 22, 30])
def test_buchi_reference_agrees_with_networkx(difficulty):
    for seed in range(8):
        problem = env("buchi_lasso_word").sample(difficulty, seed)
        transitions, accepting, u_bound, v_bound, _ = buchi_from_prompt(problem.prompt)
        nonempty = buchi_nonempty(transitions, accepting)
        if not nonempty:
            assert problem.answer == "empty"
            continue
        u, v = re.fullmatch(r"([a-z]*)\(([a-z]+)\)", problem.answer).groups()
        assert len(u) <= u_bound and 1 <= len(v) <= v_bound
        assert lasso_accepted(transitions, accepting, u, v)


def test_buchi_has_both_empty_and_nonempty_languages():
    assert find("buchi_lasso_word", lambda p: p.answer == "empty", difficulties=[10])
    assert find("buchi_lasso_word", lambda p: p.answer != "empty", difficulties=[10])


def test_buchi_accepts_other_lassos_of_the_same_word_and_formatting():
    problem = find("buchi_lasso_word", lambda p: p.answer != "empty" and len(p.answer) <= 8, difficulties=[12])
    u, v = re.fullmatch(r"([a-z]*)\(([a-z]+)\)", problem.answer).groups()
    assert_right(problem, f"{u}{v[0]}({v[1:]}{v[0]})")  # the same infinite word, rotated
    assert_right(problem, f"{u}({v}{v})")
    assert_right(problem, f"{u.upper()} ({v.upper()})^ω")
    assert_right(problem, f"{u}({v})^omega")


def test_buchi_every_accepted_random_lasso_is_accepted_and_others_rejected():
    import random

    rng = random.Random(5)
    problem = find("buchi_lasso_word", lambda p: p.answer != "empty", difficulties=[6])
    transitions, accepting, u_bound, v_bound, alphabet = buchi_from_prompt(problem.prompt)
    verdicts = {True: 0, False: 0}
    for _ in range(300):
        u = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))
        v = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
        truth = lasso_accepted(transitions, accepting, u, v)
        verdicts[truth] += 1
        (assert_right if truth else assert_wrong)(problem, f"{u}({v})")
    assert verdicts[True] and verdicts[False]


def test_buchi_rejects_near_misses():
    nonempty = find("buchi_lasso_word", lambda p: p.answer != "empty", difficulties=[9])
    transitions, accepting, u_bound, v_bound, alphabet = buchi_from_prompt(nonempty.prompt)
    u, v = re.fullmatch(r"([a-z]*)\(([a-z]+)\)", nonempty.answer).groups()
    assert_wrong(nonempty, "empty")
    assert_wrong(nonempty, f"{u}({v * (v_bound // len(v) + 1)})")  # v over its bound
    assert_wrong(nonempty, f"{u}{v}")  # no loop
    assert_wrong(nonempty, f"{u}()")
    assert_wrong(nonempty, f"{u}(d)")
    empty = find("buchi_lasso_word", lambda p: p.answer == "empty", difficulties=[9])
    assert_right(empty, "Empty.")
    assert_wrong(empty, "(a)")
    assert_wrong(empty, "ab(b)")


# -- Post correspondence ----------------------------------------------------------------------------------------


def pcp_from_prompt(prompt: str) -> tuple[list[tuple[str, str]], int]:
    """(tiles in the prompt's order, the bound k), read from the prompt's text only."""
    tiles = [(top, bottom) for _, top, bottom in re.findall(r"tile (\d+): top (\S+)\s+bottom (\S+)", prompt)]
    bound = int(re.search(r"a sequence of 1 to (\d+) tiles", prompt).group(1))
    return tiles, bound


def pcp_all_short_solutions(tiles, bound: int) -> list[list[int]]:
    """Every solution of at most ``bound`` tiles (1-based), by plain breadth-first search over partial sequences
    whose rows still agree, both rows kept in full."""
    solutions = []
    layer = [((), "", "")]
    for _ in range(bound):
        following = []
        for sequence, top, bottom in layer:
            for number, (t, b) in enumerate(tiles, start=1):
                upper, lower = top + t, bottom + b
                if not (upper.startswith(lower) or lower.startswith(upper)):
                    continue
                if upper == lower:
                    solutions.append([*sequence, number])
                following.append(((*sequence, number), upper, lower))
        layer = following
    return solutions


@pytest.mark.parametrize("difficulty", [0, 2, 5, 9, 14])
def test_post_correspondence_reference_is_a_solution_and_a_search_finds_one(difficulty):
    for seed in range(5):
        problem = env("post_correspondence").sample(difficulty, seed)
        tiles, bound = pcp_from_prompt(problem.prompt)
        reference = [int(x) for x in problem.answer.split()]
        assert len(reference) <= bound
        assert "".join(tiles[n - 1][0] for n in reference) == "".join(tiles[n - 1][1] for n in reference)
        solutions = pcp_all_short_solutions(tiles, min(bound, len(reference)))
        assert reference in solutions
        for other in solutions[:5]:
            assert_right(problem, " ".join(map(str, other)))


@pytest.mark.parametrize("difficulty", [20, 30])
def test_post_correspondence_reference_holds_at_higher_levels(difficulty):
    for seed in range(4):
        problem = env("post_correspondence").sample(difficulty, seed)
        tiles, bound = pcp_from_prompt(problem.prompt)
        reference = [int(x) for x in problem.answer.split()]
        assert len(reference) <= bound
        assert "".join(tiles[n - 1][0] for n in reference) == "".join(tiles[n - 1][1] for n in reference)


def test_post_correspondence_accepts_other_solutions_and_formats():
    def has_two(problem):
        tiles, bound = pcp_from_prompt(problem.prompt)
        return len(pcp_all_short_solutions(tiles, bound)) >= 2

    problem = find("post_correspondence", has_two, difficulties=[3, 4, 5, 6])
    tiles, bound = pcp_from_prompt(problem.prompt)
    for solution in pcp_all_short_solutions(tiles, bound):
        assert_right(problem, " ".join(map(str, solution)))
    assert_right(problem, "[" + ", ".join(problem.answer.split()) + "]")


def test_post_correspondence_rejects_near_misses():
    problem = env("post_correspondence").sample(10, 1)
    tiles, bound = pcp_from_prompt(problem.prompt)
    reference = [int(x) for x in problem.answer.split()]
    valid = {tuple(s) for s in pcp_all_short_solutions(tiles, bound)}
    assert_wrong(problem, " ".join(map(str, reference[:-1])))
    for swap in range(1, len(tiles) + 1):
        changed = [swap, *reference[1:]]
        if tuple(changed) not in valid:
            assert_wrong(problem, " ".join(map(str, changed)))
    assert_wrong(problem, " ".join(map(str, reference * 2)))  # a solution, but longer than k
    assert_wrong(problem, " ".join(map(str, [*reference[:-1], len(tiles) + 1])))
    assert_wrong(problem, "0 " + problem.answer)
    assert_wrong(problem, "")
    assert_wrong(problem, "tile one")


# -- polyomino tiling -------------------------------------------------------------------------------------------


def tiling_from_prompt(prompt: str):
    """(region as a set of cells, rows, columns, piece name -> cells as drawn), from the prompt's text only."""
    region_text = re.search(r"the edge\):\n\n(.*?)\n\n", prompt, re.S).group(1)
    lines = [line.split() for line in region_text.splitlines()]
    region = {(r, c) for r, line in enumerate(lines) for c, cell in enumerate(line) if cell == "."}
    pieces = {}
    for name, drawing in re.findall(r"Piece (\w+) \(\d+ cells\):\n(.*?)(?:\n\n|$)", prompt, re.S):
        pieces[name] = {
            (r, c) for r, line in enumerate(drawing.splitlines()) for c, cell in enumerate(line.split()) if cell == name
        }
    return region, len(lines), len(lines[0]), pieces


def shape_variants(cells) -> set[frozenset]:
    """The rotations and reflections of a set of cells, each shifted to touch row 0 and column 0."""
    variants = set()
    current = list(cells)
    for _ in range(2):
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            top, left = min(r for r, _ in current), min(c for _, c in current)
            variants.add(frozenset((r - top, c - left) for r, c in current))
        current = [(r, -c) for r, c in current]
    return variants


def tiling_by_sat(region, pieces, forbidden: list[list[int]] = ()):
    """Exact cover with python-sat: one variable per placement of a piece; every piece placed once and every
    cell covered once. Returns (placements, model or None)."""
    placements = []  # (name, cells)
    for name, cells in pieces.items():
        for variant in shape_variants(cells):
            for top, left in region:
                moved = frozenset((r + top, c + left) for r, c in variant)
                if moved <= region:
                    placements.append((name, moved))
    placements = list(dict.fromkeys(placements))
    by_piece: dict[str, list[int]] = {name: [] for name in pieces}
    by_cell: dict[tuple[int, int], list[int]] = {cell: [] for cell in region}
    for i, (name, cells) in enumerate(placements, start=1):
        by_piece[name].append(i)
        for cell in cells:
            by_cell[cell].append(i)
    pool = IDPool(start_from=len(placements) + 1)
    formula = CNF()
    for lits in (*by_piece.values(), *by_cell.values()):
        formula.extend(CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)
    for clause in forbidden:
        formula.append(clause)
    with Minisat22(bootstrap_with=formula.clauses) as solver:
        if not solver.solve():
            return placements, None
        return placements, [lit for lit in solver.get_model() if 0 < lit <= len(placements)]


def label_grid(rows, cols, chosen) -> str:
    grid = [["#"] * cols for _ in range(rows)]
    for name, cells in chosen:
        for r, c in cells:
            grid[r][c] = name
    return "\n".join(" ".join(row) for row in grid)


@pytest.mark.parametrize("difficulty", [0, 3, 6, 8, 11])
def test_polyomino_region_is_tileable_by_sat_and_reference_is_a_tiling(difficulty):
    for seed in range(3):
        problem = env("polyomino_tiling").sample(difficulty, seed)
        region, rows, cols, pieces = tiling_from_prompt(problem.prompt)
        reference = [line.split() for line in problem.answer.splitlines()]
        assert {(r, c) for r in range(rows) for c in range(cols) if reference[r][c] != "#"} == region
        for name, cells in pieces.items():
            placed = {(r, c) for r in range(rows) for c in range(cols) if reference[r][c] == name}
            assert shape_variants(placed) == shape_variants(cells)
        placements, model = tiling_by_sat(region, pieces)
        assert model is not None
        assert_right(problem, label_grid(rows, cols, [placements[lit - 1] for lit in model]))


def test_polyomino_accepts_a_different_tiling():
    """Block the reference tiling's placements in the SAT encoding; any other tiling found must be accepted."""
    accepted = 0
    for seed in range(12):
        problem = env("polyomino_tiling").sample(5, seed)
        region, rows, cols, pieces = tiling_from_prompt(problem.prompt)
        reference = [line.split() for line in problem.answer.splitlines()]
        planted = {(name, frozenset((r, c) for r in range(rows) for c in range(cols) if reference[r][c] == name))
                   for name in pieces}  # fmt: skip
        placements, _ = tiling_by_sat(region, pieces)
        blocking = [-(i + 1) for i, placement in enumerate(placements) if placement in planted]
        _, model = tiling_by_sat(region, pieces, [blocking])
        if model is not None:
            other = label_grid(rows, cols, [placements[lit - 1] for lit in model])
            assert other != problem.answer
            assert_right(problem, other)
            accepted += 1
    assert accepted


def test_polyomino_accepts_lower_case_and_unspaced_rows():
    problem = env("polyomino_tiling").sample(4, 2)
    assert_right(problem, problem.answer.lower())
    assert_right(problem, "\n".join(line.replace(" ", "") for line in problem.answer.splitlines()))
    assert_right(problem, problem.answer.replace("#", "."))


def test_polyomino_rejects_near_misses():
    problem = env("polyomino_tiling").sample(8, 1)
    grid = [line.split() for line in problem.answer.splitlines()]
    text = lambda g: "\n".join(" ".join(row) for row in g)  # noqa: E731
    # two neighbouring cells of different pieces swapped
    for r, row in enumerate(grid):
        c = next((c for c in range(len(row) - 1) if "#" not in (row[c], row[c + 1]) and row[c] != row[c + 1]), None)
        if c is not None:
            swapped = [list(line) for line in grid]
            swapped[r][c], swapped[r][c + 1] = row[c + 1], row[c]
            assert_wrong(problem, text(swapped))
            break
    names = sorted({cell for row in grid for cell in row} - {"#"})
    merged = [[names[0] if cell == names[1] else cell for cell in row] for row in grid]
    assert_wrong(problem, text(merged))  # one piece missing, another too big
    hole = next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell == "#")
    covered = [list(line) for line in grid]
    covered[hole[0]][hole[1]] = names[0]
    assert_wrong(problem, text(covered))
    uncovered = [list(line) for line in grid]
    first = next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell != "#")
    uncovered[first[0]][first[1]] = "#"
    assert_wrong(problem, text(uncovered))
    assert_wrong(problem, text(grid[:-1]))
    assert_wrong(problem, text([[("Z" if cell == names[0] else cell) for cell in row] for row in grid]))


# -- lambda normal forms ----------------------------------------------------------------------------------------


def lambda_parse(text: str):
    """Named syntax tree: ("var", name), ("lam", name, body), ("app", f, x); \\ for λ and λx y. M allowed."""
    tokens = re.findall(r"λ|\\|\.|\(|\)|[a-z][a-z0-9_']*", text)
    assert "".join(tokens) == re.sub(r"\s+", "", text), text
    pos = 0

    def term():
        nonlocal pos
        if tokens[pos] in ("λ", "\\"):
            names = []
            pos += 1
            while tokens[pos] != ".":
                names.append(tokens[pos])
                pos += 1
            pos += 1
            body = term()
            for name in reversed(names):
                body = ("lam", name, body)
            return body
        result = atom()
        while pos < len(tokens) and tokens[pos] != ")":
            result = ("app", result, term() if tokens[pos] in ("λ", "\\") else atom())
        return result

    def atom():
        nonlocal pos
        token = tokens[pos]
        pos += 1
        if token == "(":
            inner = term()
            pos += 1
            return inner
        return ("var", token)

    tree = term()
    assert pos == len(tokens)
    return tree


class Thunk:
    def __init__(self, compute):
        self.compute, self.value = compute, None

    def force(self):
        if self.compute is not None:
            self.value, self.compute = self.compute(), None
        return self.value


def nbe_eval(tree, scope):
    """Lazy evaluation into semantic values: ("fun", python function on thunks) or ("stuck", head, thunks)."""
    if tree[0] == "var":
        return scope[tree[1]].force() if tree[1] in scope else ("stuck", ("free", tree[1]), [])
    if tree[0] == "lam":
        return ("fun", lambda thunk: nbe_eval(tree[2], {**scope, tree[1]: thunk}))
    function = nbe_eval(tree[1], scope)
    argument = Thunk(lambda: nbe_eval(tree[2], scope))
    return function[1](argument) if function[0] == "fun" else ("stuck", function[1], [*function[2], argument])


def nbe_read_back(value, depth: int) -> str:
    """The normal form in de Bruijn notation: binders by level turned into indices."""
    if value[0] == "fun":
        fresh = Thunk(lambda: ("stuck", ("bound", depth), []))
        return "(L " + nbe_read_back(value[1](fresh), depth + 1) + ")"
    kind, name = value[1]
    out = f"#{depth - 1 - name}" if kind == "bound" else f"${name}"
    for argument in value[2]:
        out = f"({out} {nbe_read_back(argument.force(), depth)})"
    return out


def de_bruijn(tree, scope=()) -> str:
    """A named tree in the same de Bruijn notation, for comparing answers up to renaming of bound variables."""
    if tree[0] == "var":
        return f"#{scope[::-1].index(tree[1])}" if tree[1] in scope else f"${tree[1]}"
    if tree[0] == "lam":
        return "(L " + de_bruijn(tree[2], (*scope, tree[1])) + ")"
    return f"({de_bruijn(tree[1], scope)} {de_bruijn(tree[2], scope)})"


def lambda_term_from_prompt(prompt: str) -> str:
    return re.search(r"no η-reduction\):\n\n(.*?)\n\n", prompt, re.S).group(1)


@pytest.mark.parametrize("difficulty", [0, 2, 5, 9, 14, 20, 30])
def test_lambda_normal_form_agrees_with_normalisation_by_evaluation(difficulty):
    for seed in range(8):
        problem = env("lambda_normal_form").sample(difficulty, seed)
        term = lambda_parse(lambda_term_from_prompt(problem.prompt))
        assert nbe_read_back(nbe_eval(term, {}), 0) == de_bruijn(lambda_parse(problem.answer))
        assert de_bruijn(term) != de_bruijn(lambda_parse(problem.answer))  # at least one step to take


def test_lambda_church_terms_denote_their_normal_form():
    problem = find("lambda_normal_form", lambda p: "Church" in p.prompt, difficulties=[16])
    term = lambda_parse(lambda_term_from_prompt(problem.prompt))
    expected = nbe_read_back(nbe_eval(term, {}), 0)
    numerals = {de_bruijn(lambda_parse("λf. λx. " + "f (" * n + "x" + ")" * n)): n for n in range(12)}
    booleans = {de_bruijn(lambda_parse("λt. λe. t")), de_bruijn(lambda_parse("λt. λe. e"))}
    assert expected in numerals or expected in booleans


def test_lambda_accepts_renamed_binders_and_shorthand():
    problem = find("lambda_normal_form", lambda p: p.answer.count("λ") >= 2, difficulties=[10, 12])
    names = {"x": "k", "y": "m", "z": "n", "w": "j", "u": "i", "v": "h"}
    renamed = re.sub(r"(?<![a-z0-9_'])([xyzwuv])(?![a-z0-9_'])", lambda m: names[m.group(1)], problem.answer)
    assert renamed != problem.answer
    assert_right(problem, renamed)
    assert_right(problem, problem.answer.replace("λ", "\\"))
    assert_right(problem, re.sub(r"λ(\w+)\. λ(\w+)\.", r"λ\1 \2.", problem.answer))
    assert_right(problem, f"({problem.answer})")


def test_lambda_rejects_near_misses():
    problem = find("lambda_normal_form", lambda p: "Church" in p.prompt and "x (" in p.answer, difficulties=[14])
    one_more = problem.answer.replace("λy. ", "λy. x (", 1) + ")"
    assert_wrong(problem, one_more)  # the numeral after
    assert_wrong(problem, lambda_term_from_prompt(problem.prompt))  # not reduced
    assert_wrong(problem, "λx. λy. y" if problem.answer != "λx. λy. y" else "λx. λy. x")
    assert_wrong(problem, "2")
    assert_wrong(problem, "λx x")
    assert_wrong(problem, "(" + problem.answer)
    assert_wrong(problem, "")
    free = find("lambda_normal_form", lambda p: re.search(r"\ba\b", p.answer) is not None, difficulties=[3, 4, 5, 6])
    other = "c" if re.search(r"\bb\b", free.answer) else "b"
    assert_wrong(free, re.sub(r"\ba\b", other, free.answer))
    swapped = find("lambda_normal_form", lambda p: p.answer.startswith("λx. λy. x"), difficulties=range(2, 12))
    assert_wrong(swapped, "λx. λy. y" + swapped.answer[len("λx. λy. x"):])
