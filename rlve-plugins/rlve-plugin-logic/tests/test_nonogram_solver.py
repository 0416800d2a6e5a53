"""The nonogram solver the generator relies on: exact line solving (checked against every line that fits),
the second-solution test, the reuse of earlier probes, and uniqueness of bigger generated puzzles (checked
with a SAT solver here, not with the pack's own solver)."""

from __future__ import annotations

import itertools
import random

from logic_test_helpers import env
from pysat.card import CardEnc
from pysat.solvers import Minisat22

from rlve_plugin_logic.environments.nonogram import make_nonogram, shape
from rlve_plugin_logic.solvers.nonogram import EMPTY, FILLED, FOUND, NONE, UNKNOWN, Board, line_masks, runs_of


def brute_line_masks(clue, cells):
    """(can be empty, can be filled) masks, known cells included, from every line that fits, or None."""
    fitting = [
        line
        for line in itertools.product((EMPTY, FILLED), repeat=len(cells))
        if runs_of(list(line)) == clue and all(cell in (UNKNOWN, value) for cell, value in zip(cells, line))
    ]
    if not fitting:
        return None
    can_empty = sum(1 << i for i in range(len(cells)) if any(line[i] == EMPTY for line in fitting))
    can_fill = sum(1 << i for i in range(len(cells)) if any(line[i] == FILLED for line in fitting))
    return can_empty, can_fill


def test_line_masks_match_every_fitting_line():
    rng = random.Random(7)
    for _ in range(1500):
        m = rng.randint(1, 11)
        if rng.random() < 0.8:
            clue = runs_of([rng.random() < 0.55 for _ in range(m)])
        else:  # a clue that may not fit at all
            clue = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
        cells = [UNKNOWN if rng.random() < 0.6 else rng.choice((EMPTY, FILLED)) for _ in range(m)]
        filled = sum(1 << i for i, cell in enumerate(cells) if cell == FILLED)
        empty = sum(1 << i for i, cell in enumerate(cells) if cell == EMPTY)
        assert line_masks(tuple(clue), m, filled, empty) == brute_line_masks(clue, cells), (clue, cells)


def clues_of(picture):
    return [runs_of(row) for row in picture], [runs_of(list(col)) for col in zip(*picture)]


def test_find_other_finds_the_swapped_picture_and_accepts_a_unique_one():
    picture = [[1, 0], [0, 1]]  # and 0 1 / 1 0 has the same clues
    board = Board(*clues_of(picture))
    assert board.settle_all()
    status, other, spent = board.find_other(picture, 1000)
    assert status == FOUND
    assert other != picture and clues_of(other) == clues_of(picture)
    assert 0 < spent <= 1000
    board.put(0, 0, picture[0][0])
    assert board.find_other(picture, 1000)[:2] == (NONE, None)
    assert board.open_cells() == []


def test_an_earlier_probe_brought_up_to_date_is_what_a_new_probe_settles_to():
    reused = 0
    for seed in range(8):
        rng = random.Random(seed)
        # sparse pictures: their clues leave most cells open, so probes are many and local
        picture = [[int(rng.random() < 0.4) for _ in range(14)] for _ in range(14)]
        board = Board(*clues_of(picture))
        assert board.settle_all()
        board.find_other(picture, 400)  # makes probes, and may settle cells
        for _ in range(4):
            if not board.open_cells():
                break
            r, c = rng.choice(board.open_cells())
            board.put(r, c, picture[r][c])
            for (pr, pc) in list(board.probes):
                if board.get(pr, pc) != UNKNOWN:
                    continue
                earlier = board._earlier_probe(pr, pc)
                if earlier is None:
                    continue
                reused += 1
                fresh = board.copy()
                assert fresh.put(pr, pc, 1 - picture[pr][pc])
                assert earlier.masks == fresh.masks, (seed, pr, pc)
    assert reused > 10


def placements(clue, m):
    """Every line of m cells with these runs: the k runs in order, with the spare cells spread over k + 1 gaps."""
    if not clue:
        yield [0] * m
        return
    spare = m - sum(clue) - (len(clue) - 1)
    for extra in itertools.combinations_with_replacement(range(spare + 1), len(clue)):
        line, start = [0] * m, 0
        for i, (run, shift) in enumerate(zip(clue, extra)):
            start = shift + sum(clue[:i]) + i
            line[start : start + run] = [1] * run
        yield line


def count_solutions(rows, cols, known, limit=2):
    """Solutions of the clues and the known cells by SAT: per line, exactly one placement of its runs."""
    h, w = len(rows), len(cols)
    top = h * w
    clauses = []

    def line(clue, cells):
        nonlocal top
        chosen = []
        for placement in placements(clue, len(cells)):
            assert runs_of(placement) == clue
            top += 1
            chosen.append(top)
            clauses.extend([-top, cell if value else -cell] for cell, value in zip(cells, placement))
        clauses.append(chosen)
        encoding = CardEnc.atmost(chosen, 1, top_id=top)
        top = max(top, encoding.nv)
        clauses.extend(encoding.clauses)

    for r in range(h):
        line(rows[r], [r * w + c + 1 for c in range(w)])
    for c in range(w):
        line(cols[c], [r * w + c + 1 for r in range(h)])
    clauses.extend([r * w + c + 1 if value else -(r * w + c + 1)] for r, c, value in known)
    found = 0
    with Minisat22(bootstrap_with=clauses) as solver:
        while found < limit and solver.solve():
            found += 1
            solver.add_clause([-literal for literal in solver.get_model()[: h * w]])
    return found


def test_generated_puzzles_have_exactly_one_solution_by_sat():
    for difficulty in (6, 12, 20, 26, 30):  # 7x7 to 19x19
        for seed in range(3):
            data = env("nonogram").sample(difficulty, seed).data
            assert count_solutions(data["rows"], data["cols"], data["known"]) == 1, (difficulty, seed)


def test_make_nonogram_reveals_only_picture_cells_and_those_make_it_unique():
    for difficulty in (14, 30):
        height, width = shape(difficulty)
        for seed in range(3):
            picture, known = make_nonogram(height, width, random.Random(seed))
            assert len(picture) == height and all(len(row) == width for row in picture)
            assert all(picture[r][c] == value for (r, c), value in known.items())
            rows, cols = clues_of(picture)
            assert count_solutions(rows, cols, [(r, c, v) for (r, c), v in known.items()]) == 1, (difficulty, seed)
