"""graph/grid_bfs: the length of a shortest route between two cells of a grid maze."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level

WALL_CHANCE = 0.3


def grid_distances(grid: list[str], start: tuple[int, int]) -> list[list[int]]:
    """Steps from ``start`` to every cell moving up, down, left or right through open cells (-1: unreachable)."""
    rows, cols = len(grid), len(grid[0])
    dist = [[-1] * cols for _ in range(rows)]
    dist[start[0]][start[1]] = 0
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" and dist[nr][nc] < 0:
                dist[nr][nc] = dist[r][c] + 1
                queue.append((nr, nc))
    return dist


def largest_region(grid: list[str]) -> list[tuple[int, int]]:
    """The cells of the largest connected open region (the first one found, on ties), in one sweep."""
    rows, cols = len(grid), len(grid[0])
    region_of = [[-1] * cols for _ in range(rows)]
    best: list[tuple[int, int]] = []
    for r0 in range(rows):
        for c0 in range(cols):
            if grid[r0][c0] == "#" or region_of[r0][c0] >= 0:
                continue
            region_of[r0][c0] = r0 * cols + c0
            region = [(r0, c0)]
            for r, c in region:  # the list grows while we walk it: a breadth-first flood fill
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" and region_of[nr][nc] < 0:
                        region_of[nr][nc] = region_of[r][c]
                        region.append((nr, nc))
            if len(region) > len(best):
                best = region
    return best


def grid_shape(difficulty: int) -> tuple[int, int]:
    lev = level(difficulty)
    return 4 + (lev + 1) // 2, 4 + lev // 2  # rows * cols grows at every level


class GridBfs(Environment):
    id = "graph/grid_bfs"
    version = 1
    description = "Count the steps of a shortest route between two cells of a grid maze."
    difficulty_scales = (
        "grid: (4 + (L + 1) / 2) rows by (4 + L / 2) columns (L = d to 100, then +20 per doubling); 30% walls; "
        "the target is among the cells farthest from the start"
    )
    size_name = "cells"
    answer_format = "a single integer, the number of steps, for example 12"
    tags = ("graph", "grid", "path")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        rows, cols = grid_shape(difficulty)
        cells = [["#" if rng.random() < WALL_CHANCE else "." for _ in range(cols)] for _ in range(rows)]
        grid = ["".join(row) for row in cells]
        best_region = largest_region(grid)  # start there, so that the route can be long
        if len(best_region) < 2:  # practically never: an almost all-wall grid; open it up entirely
            grid = ["." * cols for _ in range(rows)]
            best_region = [(r, c) for r in range(rows) for c in range(cols)]
        start = rng.choice(best_region)
        dist = grid_distances(grid, start)
        far = max(dist[r][c] for r, c in best_region)
        target = rng.choice([(r, c) for r, c in best_region if dist[r][c] >= max(1, far - far // 4)])
        rows_text = [list(row) for row in grid]
        rows_text[start[0]][start[1]] = "S"
        rows_text[target[0]][target[1]] = "T"
        picture = "\n".join("".join(row) for row in rows_text)
        prompt = (
            f"A maze is drawn as a grid of {rows} rows and {cols} columns: '.' is an open cell, '#' is a wall, "
            "S is the start and T the target (both open).\n\n"
            f"{picture}\n\n"
            "One step moves from a cell to the open cell directly above, below, left or right of it (never "
            "diagonally, never through a wall or off the grid). What is the smallest number of steps from S "
            "to T?"
        )
        steps = dist[target[0]][target[1]]
        return Instance(
            prompt=prompt, answer=str(steps), data={"rows": picture.split("\n"), "steps": steps}, size=rows * cols
        )

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        steps = parse_int(answer, max_digits=len(str(data["steps"])) + 2)
        if steps != data["steps"]:
            return Verdict.wrong(f"{steps} steps is not the shortest route")
        return Verdict.right()
