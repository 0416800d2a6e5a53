"""logic/hashiwokakero: join numbered islands with horizontal and vertical bridges (one or two per pair), no
bridges crossing, each island with as many bridges as its number, every island reachable from every other."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow, staged
from rlve_plugin_logic.grids import cell_name, format_grid

#: (board side, islands at the first level of the stage, at the last): one more island per step.
STAGES = (
    (6, 3, 6), (7, 7, 10), (8, 11, 14), (9, 15, 18), (10, 19, 22), (11, 23, 26), (12, 27, 30), (13, 31, 34),
    (14, 35, 40),
)
#: Search nodes allowed to one uniqueness proof (a layout whose proof runs over is drawn again).
NODE_LIMIT = 2000
_LINE_NUMBERS = re.compile(r"\d{1,3}")


def plan_board(difficulty: int) -> tuple[int, int]:
    """(side, islands): one more island per level to level 30, then per two levels; the last stage stays."""
    step = slow(level(difficulty), 1, 2, knee=30)
    last = sum(final - first + 1 for _, first, final in STAGES) - 1
    return staged(min(step, last), STAGES)


def potential_edges(n: int, islands: list[int]) -> list[tuple[int, int]]:
    """Pairs (a, b) of island indices, a < b, facing each other along a row or column with nothing between."""
    at = {cell: k for k, cell in enumerate(islands)}
    edges = []
    for k, cell in enumerate(islands):
        r, c = divmod(cell, n)
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while rr < n and cc < n and rr * n + cc not in at:
                rr, cc = rr + dr, cc + dc
            if rr < n and cc < n:
                edges.append((k, at[rr * n + cc]))
    return edges


def span(n: int, islands: list[int], edge: tuple[int, int]) -> set[int]:
    """The cells strictly between the two islands of an edge."""
    a, b = sorted((islands[edge[0]], islands[edge[1]]))
    step = 1 if a // n == b // n else n
    return set(range(a + step, b, step))


def crossings(n: int, islands: list[int], edges: list[tuple[int, int]]) -> list[list[int]]:
    """For each edge, the edges whose bridges would cross it."""
    spans = [span(n, islands, e) for e in edges]
    horizontal = [islands[a] // n == islands[b] // n for a, b in edges]
    out: list[list[int]] = [[] for _ in edges]
    for i in range(len(edges)):
        for j in range(i + 1, len(edges)):
            if horizontal[i] != horizontal[j] and spans[i] & spans[j]:
                out[i].append(j)
                out[j].append(i)
    return out


def random_layout(n: int, count: int, rng: random.Random) -> tuple[list[int], dict[tuple[int, int], int]] | None:
    """(island cells, bridges {(a, b): 1 or 2}) with ``count`` islands joined by a tree of bridges: each new
    island lies at a random free spot straight from an existing one, the way there crossing no bridge and no
    island, and touching no other island. None when the board runs out of room."""
    islands = [rng.randrange(n * n)]
    taken = set(islands)  # island cells
    used: set[int] = set()  # cells under a bridge
    bridges: dict[tuple[int, int], int] = {}
    tries = 0
    while len(islands) < count:
        tries += 1
        if tries > 40 * count:
            return None
        k = rng.randrange(len(islands))
        r, c = divmod(islands[k], n)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        path = []  # the free cells straight ahead, up to half the board
        rr, cc = r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and len(path) < max(2, n // 2):
            cell = rr * n + cc
            if cell in used or cell in taken:
                break
            path.append(cell)
            rr, cc = rr + dr, cc + dc
        if len(path) < 2:
            continue
        length = rng.randint(2, len(path))
        target = path[length - 1]
        tr, tc = divmod(target, n)
        steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
        if any((tr + a) * n + tc + b in taken for a, b in steps if 0 <= tr + a < n and 0 <= tc + b < n):
            continue
        islands.append(target)
        taken.add(target)
        used.update(path[: length - 1])
        bridges[(k, len(islands) - 1)] = rng.choice((1, 2))
    return islands, bridges


def solve(n: int, islands: list[int], clues: list[int], limit: int = 2) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solutions (bridges per potential edge, in ``potential_edges`` order) and whether the
    search finished within NODE_LIMIT nodes.

    Each edge has a range [low, high] of bridges. Propagation, to a fixed point: an island's edges must be
    able to reach its number (high sums) and not pass it (low sums), which tightens each edge; an edge with
    a bridge closes the edges crossing it. A node dies when the edges that may still carry a bridge leave the
    islands disconnected. Search splits the range of the undecided edge with the narrowest range.
    """
    edges = potential_edges(n, islands)
    crossing = crossings(n, islands, edges)
    incident: list[list[int]] = [[] for _ in islands]
    for e, (a, b) in enumerate(edges):
        incident[a].append(e)
        incident[b].append(e)
    solutions: list[list[int]] = []
    nodes = 0

    def propagate(low: list[int], high: list[int]) -> bool:
        changed = True
        while changed:
            changed = False
            for i, mine in enumerate(incident):
                lows = sum(low[e] for e in mine)
                highs = sum(high[e] for e in mine)
                if lows > clues[i] or highs < clues[i]:
                    return False
                for e in mine:
                    top = min(high[e], clues[i] - (lows - low[e]))
                    bottom = max(low[e], clues[i] - (highs - high[e]))
                    if top < bottom:
                        return False
                    if top != high[e] or bottom != low[e]:
                        high[e], low[e] = top, bottom
                        changed = True
                        lows = sum(low[x] for x in mine)
                        highs = sum(high[x] for x in mine)
            for e in range(len(edges)):
                if low[e] > 0:
                    for f in crossing[e]:
                        if high[f] > 0:
                            if low[f] > 0:
                                return False
                            high[f] = 0
                            changed = True
        return True

    def connected(high: list[int]) -> bool:
        seen = {0}
        stack = [0]
        while stack:
            i = stack.pop()
            for e in incident[i]:
                if high[e]:
                    a, b = edges[e]
                    j = b if a == i else a
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
        return len(seen) == len(islands)

    def search(low: list[int], high: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        if not propagate(low, high) or not connected(high):
            return True
        open_edges = [e for e in range(len(edges)) if low[e] != high[e]]
        if not open_edges:
            solutions.append(list(low))
            return len(solutions) < limit
        e = min(open_edges, key=lambda x: high[x] - low[x])
        middle = (low[e] + high[e]) // 2
        for lo, hi in ((low[e], middle), (middle + 1, high[e])):
            new_low, new_high = list(low), list(high)
            new_low[e], new_high[e] = lo, hi
            if not search(new_low, new_high):
                return False
        return True

    finished = search([0] * len(edges), [2] * len(edges))
    return solutions, finished or len(solutions) >= limit


def make_hashi(n: int, count: int, rng: random.Random) -> tuple[list[int], list[int], dict[tuple[int, int], int]]:
    """(island cells, numbers, bridges) with those bridges the only solution; layouts are drawn until one is."""
    while True:
        layout = random_layout(n, count, rng)
        if layout is None:
            continue
        islands, bridges = layout
        clues = [0] * count
        for (a, b), k in bridges.items():
            clues[a] += k
            clues[b] += k
        found, complete = solve(n, islands, clues)
        if complete and len(found) == 1:
            return islands, clues, bridges


def read_bridges(answer: str, max_lines: int) -> list[tuple[int, int, int, int, int]]:
    """Lines of five numbers: row and column of one island, of the other, and the number of bridges."""
    text = answer.strip()
    if len(text) > 40 * (max_lines + 1):
        raise ParseError(f"more than {max_lines} lines")
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > max_lines:
        raise ParseError(f"more than {max_lines} lines")
    out = []
    for line in lines:
        # separators only, and at most one pair of brackets around each island: (1, 1) - (1, 4): 2
        if re.search(r"[^\d\s,;:()\-x=]", line, re.IGNORECASE) or line.count("(") > 2 or line.count(")") > 2:
            raise ParseError(f"unexpected text in {line[:30]!r}")
        numbers = [int(x) for x in _LINE_NUMBERS.findall(line)]
        if len(numbers) != 5:
            raise ParseError(f"expected 5 numbers (row, column, row, column, bridges) in {line[:30]!r}")
        out.append(tuple(numbers))
    return out


class Hashiwokakero(Environment):
    id = "logic/hashiwokakero"
    version = 1
    description = "Solve a hashiwokakero: join numbered islands by straight, non-crossing single or double bridges."
    difficulty_scales = (
        "islands 3 at d 0, one more per step (a step per level to d 30, then per two levels) up to 40 (from d 44 "
        "on), on a board of side 6 (d 0-3) growing by one every four islands to 14"
    )
    size_name = "islands"
    answer_format = (
        "one line per pair of islands joined by bridges: row and column of one island, row and column of the "
        "other, and the number of bridges (1 or 2), e.g. 1 1 1 4 2"
    )
    tags = ("logic", "puzzle", "grid", "graph", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, count = plan_board(difficulty)
        islands, clues, bridges = make_hashi(n, count, rng)
        shown = [["."] * n for _ in range(n)]
        for cell, clue in zip(islands, clues):
            shown[cell // n][cell % n] = str(clue)
        prompt = (
            f"Solve this {n}x{n} hashiwokakero. Each number is an island; a . is water. Join the islands with "
            "bridges so that (1) every bridge runs straight along a row or a column between two islands, over "
            "water only; (2) two islands are joined by at most two bridges; (3) bridges never cross each other; "
            "(4) every island has exactly as many bridges ending at it as its number; and (5) every island can "
            "be reached from every other one over bridges. Rows and columns are numbered from 1, from the top "
            "left.\n\n"
            f"{format_grid(shown)}\n\n"
            "The puzzle has exactly one solution. Answer with one line per pair of joined islands: the row and "
            "column of one island, the row and column of the other, and the number of bridges between them (1 "
            "or 2), for example 1 1 1 4 2. List each pair once, in any order."
        )
        lines = []
        for (a, b), k in sorted(bridges.items(), key=lambda item: sorted((islands[item[0][0]], islands[item[0][1]]))):
            (ra, ca), (rb, cb) = sorted((divmod(islands[a], n), divmod(islands[b], n)))
            lines.append(f"{ra + 1} {ca + 1} {rb + 1} {cb + 1} {k}")
        data = {"n": n, "islands": islands, "clues": clues}
        return Instance(prompt=prompt, answer="\n".join(lines), data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, islands, clues = data["n"], data["islands"], data["clues"]
        index = {cell: k for k, cell in enumerate(islands)}
        edges = potential_edges(n, islands)
        edge_of = {frozenset(e): k for k, e in enumerate(edges)}
        count = [0] * len(edges)
        for r1, c1, r2, c2, k in read_bridges(answer, len(edges)):
            ends = []
            for r, c in ((r1, c1), (r2, c2)):
                if not (1 <= r <= n and 1 <= c <= n and (r - 1) * n + c - 1 in index):
                    return Verdict.wrong(f"there is no island at row {r}, column {c}")
                ends.append(index[(r - 1) * n + c - 1])
            where = f"{cell_name(r1 - 1, c1 - 1)} and {cell_name(r2 - 1, c2 - 1)}"
            e = edge_of.get(frozenset(ends))
            if e is None or ends[0] == ends[1]:
                return Verdict.wrong(f"no bridge can join the islands at {where}")
            if not 1 <= k <= 2:
                return Verdict.wrong(f"{k} bridges between {where}: one or two are allowed")
            if count[e]:
                return Verdict.wrong(f"the islands at {where} are listed twice")
            count[e] = k
        for e, others in enumerate(crossings(n, islands, edges)):
            for f in others:
                if count[e] and count[f]:
                    return Verdict.wrong("two bridges cross")
        degree = [0] * len(islands)
        for (a, b), k in zip(edges, count):
            degree[a] += k
            degree[b] += k
        for i, cell in enumerate(islands):
            if degree[i] != clues[i]:
                return Verdict.wrong(
                    f"the island at {cell_name(cell // n, cell % n)} has {degree[i]} bridges, it needs {clues[i]}"
                )
        reached = {0}
        stack = [0]
        while stack:
            i = stack.pop()
            for (a, b), k in zip(edges, count):
                if k and i in (a, b):
                    j = b if a == i else a
                    if j not in reached:
                        reached.add(j)
                        stack.append(j)
        if len(reached) != len(islands):
            return Verdict.wrong("not every island can be reached from every other")
        return Verdict.right()
