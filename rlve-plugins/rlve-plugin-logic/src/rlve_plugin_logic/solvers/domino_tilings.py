"""Random tilings of a rectangular board by dominoes (magnets lays its magnets on one, dominosa its set)."""

from __future__ import annotations

import random


def random_tiling(rows: int, cols: int, rng: random.Random) -> list[tuple[int, int]] | None:
    """Dominoes (first cell, second cell in reading order) covering the board: each free cell in reading order
    pairs with the free cell right of it or below it, at random; None when neither is free."""
    taken = [False] * (rows * cols)
    out = []
    for i in range(rows * cols):
        if taken[i]:
            continue
        r, c = divmod(i, cols)
        options = []
        if c + 1 < cols and not taken[i + 1]:
            options.append(i + 1)
        if r + 1 < rows:
            options.append(i + cols)
        if not options:
            return None
        j = rng.choice(options)
        taken[i] = taken[j] = True
        out.append((i, j))
    return out
