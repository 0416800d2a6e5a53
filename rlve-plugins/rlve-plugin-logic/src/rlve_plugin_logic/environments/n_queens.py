"""logic/n_queens: complete an n-queens placement from some queens already on the board (any completion)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level, slow

#: Min-conflicts moves per queen before a restart (it needs about one per queen on big boards).
MOVES_PER_QUEEN = 50
#: Search nodes per queen before random backtracking restarts with new column orders.
NODES_PER_QUEEN = 50
#: Boards up to this side are solved by random backtracking, bigger ones by min-conflicts (measured
#: crossover: backtracking is 5x faster at 8 and 3x at 12, and slower from 16 on).
BACKTRACKING_UP_TO = 12


def board_side(difficulty: int) -> int:
    """4 + d up to level 30 (a 34x34 board), then one more per two levels."""
    return 4 + slow(level(difficulty), 1, 2, knee=30)


def random_backtracking(n: int, rng: random.Random) -> list[int]:
    """A random n-queens solution by depth-first search over bitmasks, each row trying columns in a random
    order (small boards: there it beats local search several times over). A restart with new orders after
    ``NODES_PER_QUEEN * n`` nodes cuts the heavy tail of unlucky orders."""
    while True:
        orders = [rng.sample(range(n), n) for _ in range(n)]
        cols = [0] * n
        if _place(0, n, orders, cols, 0, 0, 0, [NODES_PER_QUEEN * n]):
            return cols


def _place(row: int, n: int, orders, cols, used: int, diag: int, anti: int, budget: list[int]) -> bool | None:
    """Fill ``cols[row:]``. True: solved; False: no completion from here; None: out of budget, restart."""
    if row == n:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return None
    for c in orders[row]:
        if not (used >> c & 1 or diag >> (row + c) & 1 or anti >> (row - c + n) & 1):
            cols[row] = c
            below = (used | 1 << c, diag | 1 << (row + c), anti | 1 << (row - c + n))
            found = _place(row + 1, n, orders, cols, *below, budget)
            if found is not False:
                return found
    return False


def min_conflicts(n: int, rng: random.Random) -> list[int]:
    """A random n-queens solution by min-conflicts local search with restarts (big boards)."""
    while True:
        cols = [0] * n
        col_count, diag_count, anti_count = [0] * n, [0] * (2 * n), [0] * (2 * n)
        # greedy start: each row takes a column with the fewest conflicts so far (random among ties)
        for r in range(n):
            costs = [col_count[c] + diag_count[r + c] + anti_count[r - c + n] for c in range(n)]
            low = min(costs)
            c = rng.choice([c for c in range(n) if costs[c] == low])
            cols[r] = c
            col_count[c] += 1
            diag_count[r + c] += 1
            anti_count[r - c + n] += 1
        for _move in range(MOVES_PER_QUEEN * n):
            conflicted = [
                r for r in range(n) if col_count[cols[r]] + diag_count[r + cols[r]] + anti_count[r - cols[r] + n] > 3
            ]
            if not conflicted:
                return cols
            r = rng.choice(conflicted)
            c = cols[r]
            col_count[c] -= 1
            diag_count[r + c] -= 1
            anti_count[r - c + n] -= 1
            costs = [col_count[c] + diag_count[r + c] + anti_count[r - c + n] for c in range(n)]
            low = min(costs)
            c = rng.choice([c for c in range(n) if costs[c] == low])
            cols[r] = c
            col_count[c] += 1
            diag_count[r + c] += 1
            anti_count[r - c + n] += 1


def random_solution(n: int, rng: random.Random) -> list[int]:
    if n <= BACKTRACKING_UP_TO:
        return random_backtracking(n, rng)
    return min_conflicts(n, rng)


class NQueens(Environment):
    id = "logic/n_queens"
    # 2: small boards solved by random backtracking (other placements for the same seed, 5x faster)
    version = 2
    description = "Complete an n-queens placement: n queens on an n x n board, some already placed, none attacking."
    difficulty_scales = "board side 4 + d up to d 30, then one more per two levels; a quarter of the queens given"
    size_name = "board side"
    answer_format = (
        "the column (1 to n) of the queen in each row, for rows 1 to n in order, separated by spaces, "
        "for example 2 4 1 3"
    )
    tags = ("logic", "puzzle", "chess", "constraint-satisfaction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = board_side(difficulty)
        solution = random_solution(n, rng)
        given_rows = sorted(rng.sample(range(n), max(1, n // 4)))
        placed = [[r, solution[r]] for r in given_rows]
        listed = ", ".join(f"row {r + 1} column {c + 1}" for r, c in placed)
        prompt = (
            f"Place {n} queens on a {n}x{n} chessboard so that no two queens attack each other: no two share a "
            f"row, a column or a diagonal. Rows are numbered 1 to {n} from the top and columns 1 to {n} from the "
            f"left. These {len(placed)} queens are already on the board and must stay: {listed}. "
            "Any placement that meets the rules is accepted."
        )
        answer = " ".join(str(c + 1) for c in solution)
        return Instance(prompt=prompt, answer=answer, data={"n": n, "placed": placed}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        cols = [c - 1 for c in parse_int_list(answer, max_items=n + 1, max_digits=len(str(n)) + 1)]
        if len(cols) != n:
            return Verdict.wrong(f"expected a column for each of the {n} rows, got {len(cols)}")
        for r, c in enumerate(cols):
            if not 0 <= c < n:
                return Verdict.wrong(f"row {r + 1}: column {c + 1} is off the board (columns 1 to {n})")
        for r, c in data["placed"]:
            if cols[r] != c:
                return Verdict.wrong(f"the queen given in row {r + 1} is in column {c + 1}")
        seen: dict[tuple[str, int], int] = {}
        for r, c in enumerate(cols):
            for key in (("column", c), ("diagonal", r + c), ("diagonal", r - c - n)):
                if key in seen:
                    return Verdict.wrong(f"the queens of rows {seen[key] + 1} and {r + 1} share a {key[0]}")
                seen[key] = r
        return Verdict.right()
