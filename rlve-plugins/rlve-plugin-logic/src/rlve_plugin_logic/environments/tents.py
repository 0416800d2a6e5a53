"""logic/tents: place one tent beside every tree, tents never touching, with the given tents per row and column."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.grids import format_grid, read_grid
from rlve_plugin_logic.solvers.boards import blocks, name, plan, touching
from rlve_plugin_logic.solvers.counting import CountingProblem
from rlve_plugin_logic.solvers.sliding import neighbours_of


def _stages():
    """Side n with 2n - 4 cells revealed at first, one fewer per step down to none, sides 5 to 12."""
    return tuple((n, 2 * n - 4, 0) for n in range(5, 13))


STAGES = _stages()
#: Tents (and trees) drawn at first, as a share of the cells (repairs add a few pairs).
TENT_SHARE = 0.18
#: Search nodes per cell allowed to one uniqueness proof (a layout whose proof runs over is drawn again).
NODES_PER_CELL = 50


def pairs_up(trees: list[int], tents: list[int], neighbours: list[list[int]]) -> bool:
    """Whether every tree gets its own orthogonally adjacent tent (a perfect matching, by augmenting paths).
    ``tents`` is a 0/1 list per cell; the caller has checked that tents and trees are as many."""
    owner: dict[int, int] = {}

    def claim(tree: int, seen: set[int]) -> bool:
        for cell in neighbours[tree]:
            if tents[cell] and cell not in seen:
                seen.add(cell)
                if cell not in owner or claim(owner[cell], seen):
                    owner[cell] = tree
                    return True
        return False

    return all(claim(tree, set()) for tree in trees)


def tents_problem(
    n: int, tree: list[int], rows: list[int], cols: list[int]
) -> tuple[CountingProblem, dict[int, int]]:
    """The counting problem of a tents puzzle and its fixed cells (trees, and cells next to no tree)."""
    neighbours = neighbours_of(n, n)
    trees = [i for i in range(n * n) if tree[i]]
    rules = [(range(r * n, r * n + n), rows[r], rows[r]) for r in range(n)]
    rules += [(range(c, n * n, n), cols[c], cols[c]) for c in range(n)]
    rules += [(block, 0, 1) for block in blocks(n)]
    rules += [(neighbours[t], 1, 4) for t in trees]
    fixed = {i: 0 for i in range(n * n) if tree[i] or not any(tree[m] for m in neighbours[i])}
    problem = CountingProblem(n * n, rules, accept=lambda tents: pairs_up(trees, tents, neighbours))
    return problem, fixed


def shown_in_answer(tree: list[int], tent: list[int], cell: int) -> str:
    return "T" if tree[cell] else "A" if tent[cell] else "."


def counts(n: int, tents: list[int]) -> tuple[list[int], list[int]]:
    """Tents per row and per column."""
    return [sum(tents[r * n : r * n + n]) for r in range(n)], [sum(tents[c::n]) for c in range(n)]


def make_tents(n: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """(trees, tents) as 0/1 per cell, those tents the only solution.

    Tents go on random cells that touch no tent, each with a tree on a free cell beside it. While a second
    solution exists, a cell where it has a tent and this one has none becomes a tree, with a new tent
    beside it that touches no tent: the second solution is then broken.
    """
    neighbours = neighbours_of(n, n)
    while True:
        tent, tree = [0] * (n * n), [0] * (n * n)
        order = list(range(n * n))
        rng.shuffle(order)
        placed = 0
        for i in order:
            if placed == round(TENT_SHARE * n * n):
                break
            if tree[i] or any(tent[m] for m in touching(n, i)):
                continue
            free = [m for m in neighbours[i] if not tent[m] and not tree[m]]
            if free:
                tent[i], tree[rng.choice(free)] = 1, 1
                placed += 1
        for _ in range(2 * n):
            problem, fixed = tents_problem(n, tree, *counts(n, tent))
            found, complete = problem.solve(fixed, limit=2, node_limit=NODES_PER_CELL * n * n)
            if not complete:
                break
            if len(found) == 1:
                return tree, tent
            other = found[0] if found[0] != tent else found[1]
            spots = [i for i in range(n * n) if other[i] and not tent[i]]
            rng.shuffle(spots)
            for cell in spots:
                beside = [m for m in neighbours[cell] if not tree[m] and not tent[m]]
                beside = [m for m in beside if not any(tent[k] for k in touching(n, m))]
                if beside:
                    tree[cell], tent[rng.choice(beside)] = 1, 1
                    break
            else:
                break


class Tents(Environment):
    id = "logic/tents"
    version = 1
    description = "Solve a tents puzzle: a tent beside each tree, no two tents touching, tents per row and column."
    difficulty_scales = (
        "side 5 (d 0-6), 6 (7-15), 7 (16-26), 8 (27-39), ... up to 12 (from d 2560 on; a step per level to "
        "d 30, then per two levels); about 18% of the cells hold a tent; each side starts with 2 x side - 4 "
        "cells revealed and loses one per step down to none"
    )
    size_name = "cells, less the revealed ones"
    answer_format = (
        "the grid, one row per line, cells separated by spaces: A for a tent, T for a tree (as in the puzzle), "
        ". for an empty cell"
    )
    tags = ("logic", "puzzle", "grid", "matching", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, revealed_count = plan(difficulty, STAGES)
        tree, tent = make_tents(n, rng)
        rows, cols = counts(n, tent)
        revealed = set(rng.sample([i for i in range(n * n) if not tree[i]], revealed_count))

        def shown(i: int) -> str:
            if tree[i]:
                return "T"
            if i in revealed:
                return "A" if tent[i] else "x"
            return "."

        marks = "A cell marked A already holds a tent, one marked x holds none. " if revealed else ""
        prompt = (
            f"Solve this {n}x{n} tents puzzle. T is a tree. Place tents on some of the other cells so that (1) the "
            "tents and the trees pair up one to one, each tent directly above, below, left or right of its own "
            "tree (so there are as many tents as trees); (2) no two tents touch, not even diagonally; (3) every "
            "row and every column holds the number of tents given for it. Rows are numbered from the top, "
            f"columns from the left. {marks}The puzzle has exactly one solution.\n\n"
            f"{format_grid([[shown(r * n + c) for c in range(n)] for r in range(n)])}\n\n"
            f"Tents per row (rows 1 to {n}): {' '.join(map(str, rows))}\n"
            f"Tents per column (columns 1 to {n}): {' '.join(map(str, cols))}"
        )
        answer = format_grid([[shown_in_answer(tree, tent, i) for i in range(r * n, r * n + n)] for r in range(n)])
        known = [tent[i] if i in revealed else -1 for i in range(n * n)]
        data = {"n": n, "trees": [i for i in range(n * n) if tree[i]], "rows": rows, "cols": cols, "known": known}
        return Instance(prompt=prompt, answer=answer, data=data, size=n * n - revealed_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, trees, known = data["n"], data["trees"], data["known"]
        grid = read_grid(answer, n, n, r"[TtAaXx.]", single_chars=True)
        tree = [0] * (n * n)
        for t in trees:
            tree[t] = 1
        tent = [0] * (n * n)
        for i in range(n * n):
            cell = grid[i // n][i % n].upper()
            if (cell == "T") != bool(tree[i]):
                raise ParseError(f"{name(n, i)} is {'a tree' if tree[i] else 'not a tree'}, the answer has {cell}")
            tent[i] = int(cell == "A")
            if known[i] >= 0 and tent[i] != known[i]:
                return Verdict.wrong(f"{name(n, i)} is known to {'hold a tent' if known[i] else 'hold no tent'}")
        for i in range(n * n):
            for m in touching(n, i):
                if m > i and tent[i] and tent[m]:
                    return Verdict.wrong(f"the tents at {name(n, i)} and {name(n, m)} touch")
        rows, cols = counts(n, tent)
        for kind, want, have in (("row", data["rows"], rows), ("column", data["cols"], cols)):
            for k, (w, h) in enumerate(zip(want, have)):
                if w != h:
                    return Verdict.wrong(f"{kind} {k + 1} has {h} tents, its clue is {w}")
        if sum(tent) != len(trees):
            return Verdict.wrong(f"{sum(tent)} tents for {len(trees)} trees")
        if not pairs_up(trees, tent, neighbours_of(n, n)):
            return Verdict.wrong("the tents cannot be paired one to one with adjacent trees")
        return Verdict.right()
