"""code/fast_submatrix_sums: answer many rectangle-sum queries on a generated matrix, faster than adding cells."""

from __future__ import annotations

import random
from math import isqrt

from rlve import Instance
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.timed_tasks import TimedFunctionEnvironment, draw_quadratic, grown_size, time_limit_text


def largest_cells(difficulty: int) -> int:
    """16 * 2^d cells, as many queries as cells: adding up each rectangle (cells^2 / 9 additions) fits the
    limit up to about d = 10 and is 10 times over it at d = 12; 2-D prefix sums take O(cells + queries)."""
    return grown_size(difficulty, 16, (2, 1), 160_000)


def matrix(rows: int, cols: int, a: int, b: int, c: int, s: int, m: int) -> list[list[int]]:
    return [[(a * i * j + b * i + c * j + s) % m for j in range(cols)] for i in range(rows)]


def rectangles(rows: int, cols: int, q: int, s: int, d: int, e: int) -> list[tuple[int, int, int, int]]:
    """Query k: rows and columns between the two ends each formula gives, ends included."""
    result = []
    for k in range(q):
        x, y = (d * k + s) % rows, (e * k * k + k + s) % rows
        u, v = (e * k + s) % cols, (d * k * k + k + s) % cols
        result.append((min(x, y), max(x, y), min(u, v), max(u, v)))
    return result


def rectangle_sum_total(grid: list[list[int]], queries: list[tuple[int, int, int, int]]) -> int:
    """2-D prefix sums: prefix[i][j] is the sum of grid[:i][:j]; a rectangle is four of them."""
    cols = len(grid[0]) if grid else 0
    prefix = [[0] * (cols + 1)]
    for row in grid:
        above, line, running = prefix[-1], [0], 0
        for j, value in enumerate(row):
            running += value
            line.append(above[j + 1] + running)
        prefix.append(line)
    return sum(
        prefix[r2 + 1][c2 + 1] - prefix[r1][c2 + 1] - prefix[r2 + 1][c1] + prefix[r1][c1] for r1, r2, c1, c2 in queries
    )


REFERENCE = """def rectangle_sums(rows, cols, q, s):
    # prefix[i][j] = sum of v[r][c] over r < i and c < j
    prefix = [[0] * (cols + 1)]
    for i in range(rows):
        above, line, running = prefix[-1], [0], 0
        for j in range(cols):
            running += ({a} * i * j + {b} * i + {c} * j + s) % {m}
            line.append(above[j + 1] + running)
        prefix.append(line)
    total = 0
    for k in range(q):
        x, y = ({d} * k + s) % rows, ({e} * k * k + k + s) % rows
        u, v = ({e} * k + s) % cols, ({d} * k * k + k + s) % cols
        r1, r2, c1, c2 = min(x, y), max(x, y), min(u, v), max(u, v)
        total += prefix[r2 + 1][c2 + 1] - prefix[r1][c2 + 1] - prefix[r2 + 1][c1] + prefix[r1][c1]
    return total
"""


class FastSubmatrixSums(TimedFunctionEnvironment):
    id = "code/fast_submatrix_sums"
    version = 1
    description = (
        "Write a Python function answering many rectangle-sum queries on a generated matrix, within a CPU time "
        "limit that rules out adding up each rectangle."
    )
    difficulty_scales = (
        "largest matrix: 16 * 2^d cells up to 160000, then +3200 per level (slower past d=30), with as many "
        "queries as cells, so adding up each rectangle stops fitting the time limit around d=11"
    )
    size_name = "cells of the largest matrix"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "matrices", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b, c, m, d, e = constants
        rows, cols, q, s = args
        return rectangle_sum_total(matrix(rows, cols, a, b, c, s, m), rectangles(rows, cols, q, s, d, e))

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, m = draw_quadratic(rng)
        c, d, e = (rng.randint(1, m - 1) for _ in range(3))
        cells = largest_cells(difficulty)
        side = isqrt(cells)
        small = min(6, side)
        calls = [[1, 1, 1, rng.randrange(m)], [1, small, 3, rng.randrange(m)], [small, 1, 3, rng.randrange(m)]]
        for _ in range(3):
            calls.append([rng.randint(2, small), rng.randint(2, small), rng.randint(1, 10), rng.randrange(m)])
        middle = rng.randint(max(1, side // 4), max(1, side // 2))
        calls += [[middle, middle, middle * middle, rng.randrange(m)]]
        calls += [[side, cells // side, cells, rng.randrange(m)]]
        rows, cols, q, s = 3, 4, 3, rng.randrange(m)
        grid = matrix(rows, cols, a, b, c, s, m)
        queries = rectangles(rows, cols, q, s, d, e)
        shown = ", ".join(f"rows {r1}..{r2} x columns {c1}..{c2}" for r1, r2, c1, c2 in queries)
        prompt = (
            "From four integers rows, cols, q and s, build a matrix v with rows rows and cols columns, and q "
            "queries:\n\n"
            f"    v[i][j] = ({a}*i*j + {b}*i + {c}*j + s) mod {m}    for 0 <= i < rows and 0 <= j < cols\n\n"
            f"(mod is the remainder, from 0 to {m - 1}). Query k, for k = 0, 1, ..., q - 1, asks for the sum of "
            "v[i][j] over the rectangle r1 <= i <= r2 and c1 <= j <= c2 (ends included), where r1 and r2 are the "
            f"smaller and the larger (or equal) of ({d}*k + s) mod rows and ({e}*k*k + k + s) mod rows, and c1 and c2 "
            f"the smaller and the larger (or equal) of ({e}*k + s) mod cols and ({d}*k*k + k + s) mod cols.\n\n"
            "Write a Python function\n\n    def rectangle_sums(rows: int, cols: int, q: int, s: int) -> int:\n\n"
            "that returns the sum of the answers to the q queries. The tests have rows >= 1, cols >= 1, at most "
            f"{cells} cells (rows * cols), 1 <= q <= {cells} and 0 <= s < {m}.\n\n"
            f"For example, with rows = {rows}, cols = {cols}, q = {q} and s = {s} the matrix is {grid}, the queries "
            f"are {shown}, and rectangle_sums({rows}, {cols}, {q}, {s}) == {rectangle_sum_total(grid, queries)}.\n\n"
            f"{time_limit_text(self.limits, 'adding up the cells of each rectangle')} "
            f"{hidden_tests('a 1 x 1 matrix, single rows and columns and the largest matrix included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "rectangle_sums", "arity": 4, "tests": tests, "constants": [a, b, c, m, d, e]}
        answer = REFERENCE.format(a=a, b=b, c=c, m=m, d=d, e=e)
        return Instance(prompt=prompt, answer=answer, data=data, size=cells)
