"""logic/lights_out: choose which buttons to press so that every light of a Lights Out board goes off."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.grids import format_grid, read_number_grid


def shape(difficulty: int) -> tuple[int, int]:
    """3x3, 3x4, 4x4, ... one side longer per level to level 30 (18x18), then per four levels."""
    lvl = level(difficulty)
    step = slow(lvl, 1, 4, knee=30)
    return 3 + step // 2, 3 + (step + 1) // 2


def press_all(presses: list[list[int]]) -> list[list[int]]:
    """The lights toggled by pressing these buttons (1 = pressed) on an all-off board."""
    height, width = len(presses), len(presses[0])
    lights = [[0] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if presses[r][c]:
                for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < height and 0 <= cc < width:
                        lights[rr][cc] ^= 1
    return lights


class LightsOut(Environment):
    id = "logic/lights_out"
    version = 1
    description = "Lights Out: find buttons to press so that every light on the board is switched off."
    difficulty_scales = "board 3x3, 3x4, 4x4, ... one side longer per level to d 30 (18x18), then per four levels"
    size_name = "cells"
    answer_format = (
        "a grid of the same size, one row per line, 1 for a button you press and 0 for one you do not, cells "
        "separated by spaces (or not separated)"
    )
    tags = ("logic", "puzzle", "grid", "linear-algebra")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        height, width = shape(difficulty)
        while True:
            presses = [[rng.randint(0, 1) for _ in range(width)] for _ in range(height)]
            lights = press_all(presses)
            if sum(map(sum, lights)) >= 2:
                break
        prompt = (
            f"This Lights Out board has {height} rows and {width} columns of lights; 1 is a light that is on, 0 one "
            "that is off. Every light is also a button: pressing it switches that light and its neighbours directly "
            "above, below, left and right (those that exist) between on and off. Pressing a button twice undoes "
            "the first press, and the order of presses does not matter. Which buttons do you press so that all "
            f"the lights are off? Any set of presses that switches everything off counts.\n\n{format_grid(lights)}"
        )
        return Instance(prompt=prompt, answer=format_grid(presses), data={"lights": lights}, size=height * width)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        lights = data["lights"]
        height, width = len(lights), len(lights[0])
        presses = read_number_grid(answer, height, width, 0, 1)
        toggled = press_all(presses)
        on = sum(lights[r][c] ^ toggled[r][c] for r in range(height) for c in range(width))
        if on:
            return Verdict.wrong(f"{on} light{'s are' if on > 1 else ' is'} still on")
        return Verdict.right()
