"""logic/cellular_automaton: the row of an elementary cellular automaton after a number of steps.

An elementary automaton has one row of cells, each 0 or 1; at every step all cells change at once, each to the
bit of the Wolfram rule number selected by its neighbourhood (left, itself, right) read as a 3-bit number. The
edge cells see either fixed 0 cells beyond the row or the other end of the row (wrap-around); the prompt says
which, and spells out the rule's eight cases so that nothing depends on knowing the numbering.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import taper

#: Rules drawn until the final row is neither constant nor the starting row (rules such as 0, 255 or 204 make
#: the task a guess); the last draw is kept if none qualifies.
MAX_RULES = 20
#: Characters an answer may carry besides the cells: separators and brackets a model may add.
_NOISE = str.maketrans("", "", " \t\n,;[]()\"'`")


def plan(difficulty: int) -> tuple[int, int]:
    """(width, steps): width 6 + T and steps 1 + T/4, with T = taper(d) (d to 30, then sqrt, then log)."""
    grade = taper(difficulty)
    return 6 + grade, 1 + grade // 4


def step(row: list[int], rule: int, wrap: bool) -> list[int]:
    """One synchronous update of every cell."""
    width = len(row)
    padded = [row[-1] if wrap else 0, *row, row[0] if wrap else 0]
    return [rule >> (4 * padded[i] + 2 * padded[i + 1] + padded[i + 2]) & 1 for i in range(width)]


def run(row: list[int], rule: int, wrap: bool, steps: int) -> list[int]:
    for _ in range(steps):
        row = step(row, rule, wrap)
    return row


def rule_cases(rule: int) -> str:
    """``111 -> 0, 110 -> 1, ...``: the new centre cell for each neighbourhood, highest first."""
    return ", ".join(f"{n:03b} -> {rule >> n & 1}" for n in range(7, -1, -1))


def read_row(answer: str, width: int) -> list[int]:
    """A row of 0/1 cells, written together or separated by spaces or commas (length bounded before work)."""
    if len(answer) > 4 * width + 40:
        raise ParseError(f"expected {width} cells")
    text = answer.translate(_NOISE)
    if text.lower().startswith("row:"):
        text = text[4:]
    if not text or set(text) - {"0", "1"}:
        raise ParseError("expected a row of 0 and 1 cells")
    if len(text) != width:
        raise ParseError(f"expected {width} cells, got {len(text)}")
    return [int(c) for c in text]


class CellularAutomaton(Environment):
    id = "logic/cellular_automaton"
    version = 1
    description = "Run an elementary (1-D, two-state, radius-1) cellular automaton with a Wolfram rule for t steps."
    difficulty_scales = (
        "T = taper(d) (d up to 30, then + sqrt, then + log2): row width 6 + T, steps 1 + T/4; random rule "
        "(not one that ends constant or back at the start) and boundary (fixed 0 cells or wrap-around)"
    )
    size_name = "cells in the row"
    answer_format = "the row after the last step as a string of 0s and 1s, leftmost cell first (e.g. 0110100)"
    tags = ("logic", "automata", "cellular-automaton", "simulation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        width, steps = plan(difficulty)
        wrap = rng.random() < 0.5
        start = [rng.randint(0, 1) for _ in range(width)]
        if not any(start):
            start[rng.randrange(width)] = 1
        for _ in range(MAX_RULES):
            rule = rng.randrange(1, 255)
            final = run(start, rule, wrap, steps)
            if final != start and 0 < sum(final) < width:
                break
        boundary = (
            "the row wraps around: the left neighbour of the leftmost cell is the rightmost cell, and the right "
            "neighbour of the rightmost cell is the leftmost cell"
            if wrap
            else "the cells beyond both ends of the row are fixed at 0 (the leftmost cell has a 0 as left neighbour, "
            "the rightmost cell a 0 as right neighbour)"
        )
        prompt = (
            f"An elementary cellular automaton has a row of {width} cells, each 0 or 1, and follows Wolfram rule "
            f"{rule}. At every step all cells are updated at the same time: a cell's new value depends on its "
            "neighbourhood, the three old values (left neighbour, the cell itself, right neighbour). Reading the "
            "neighbourhood as a 3-bit binary number n (from 0 to 7), the new value is bit n of the rule number "
            f"({rule} = {rule:08b} in binary, bit 7 first). That is, for each neighbourhood:\n\n"
            f"    {rule_cases(rule)}\n\n"
            f"Boundary: {boundary}.\n\n"
            f"Starting row (leftmost cell first): {''.join(map(str, start))}\n\n"
            f"What is the row after {steps} step{'s' if steps > 1 else ''}? Answer with the {width} cells as a "
            "string of 0s and 1s, leftmost cell first."
        )
        answer = "".join(map(str, final))
        data = {"rule": rule, "wrap": wrap, "start": start, "steps": steps, "final": final}
        return Instance(prompt=prompt, answer=answer, data=data, size=width)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        final = data["final"]
        row = read_row(answer, len(final))
        wrong = [i + 1 for i, (got, want) in enumerate(zip(row, final)) if got != want]
        if wrong:
            return Verdict.wrong(f"cell {wrong[0]} (from the left) is wrong, {len(wrong)} cell(s) in all")
        return Verdict.right()
