"""logic/work_rates: pipes that fill (or drain) a tank at their own rates, switched on at different times.

Each pipe alone fills (or empties) the whole tank in a whole number of hours; pipes are switched on one
after another and never off. The tank fills at the first moment its content reaches 1; the content never
drops below 0 (generation rejects instances where a drain would work on an empty tank), so the answer is
one exact piecewise-linear computation in fractions.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_logic.names import person_names
from rlve_plugin_logic.number_answers import read_fraction

_UNITS = ("hours", "hour", "h")


def plan(difficulty: int) -> int:
    """Pipes: 2 + L (L = level, capped at 40)."""
    return 2 + level(difficulty, cap=40)


def fill_time(pipes: list[tuple[int, int, bool]]) -> Fraction | None:
    """Hours from 0 until the tank is full, for pipes (start hour, hours alone, drains); None if it never fills
    or would go below empty (both rejected at generation)."""
    events = sorted(pipes)
    content, rate, now = Fraction(0), Fraction(0), Fraction(0)
    for index, (start, hours, drains) in enumerate(events):
        if rate > 0 and now + (1 - content) / rate <= start:
            return now + (1 - content) / rate
        content += rate * (start - now)
        if content < 0 or (content == 0 and rate < 0):
            return None
        now = Fraction(start)
        rate += Fraction(-1 if drains else 1, hours)
        if content == 0 and rate < 0 and (index + 1 == len(events) or events[index + 1][0] > start):
            return None
    if rate <= 0:
        return None
    return now + (1 - content) / rate


def draw_pipes(count: int, rng: random.Random) -> list[tuple[int, int, bool]]:
    """Pipes in opening order, each opened before the ones already open would fill the tank, so none is idle.

    The tank's content and net rate are carried along (one step per pipe) rather than recomputed each time.
    """
    pipes = [(0, rng.randint(2, 6 + 2 * count), False)]
    content, rate, now = Fraction(0), Fraction(1, pipes[0][1]), 0
    for _ in range(count - 1):
        if rate > 0:
            full = now + (1 - content) / rate  # later than `now`: the tank is not full yet
            latest = max(now, -(-full.numerator // full.denominator) - 1)
        else:
            latest = now + 3
        start, hours, drains = rng.randint(now, latest), rng.randint(2, 6 + 3 * count), rng.random() < 0.3
        content += rate * (start - now)
        now = start
        rate += Fraction(-1 if drains else 1, hours)
        pipes.append((start, hours, drains))
    return pipes


class WorkRates(Environment):
    id = "logic/work_rates"
    version = 1
    description = "Pipes filling and draining a tank, switched on at different times: the exact time it is full."
    difficulty_scales = "pipes 2 + L (L = d up to 40, then capped); start times and times alone grow with the pipes"
    size_name = "pipes"
    answer_format = "the number of hours as an integer or a reduced fraction a/b, for example 37/6"
    tags = ("logic", "arithmetic", "rates", "exact")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = plan(difficulty)
        names = person_names(count, rng)
        while True:
            pipes = draw_pipes(count, rng)
            total = fill_time(pipes)
            if total is not None and total > pipes[-1][0]:
                break  # every pipe matters: the last one is opened before the tank is full
        lines = []
        for name, (start, hours, drain) in sorted(zip(names, pipes), key=lambda item: (item[1][0], item[0])):
            job = "empties a full tank" if drain else "fills the empty tank"
            lines.append(f"- Pipe {name} alone {job} in {hours} hours; it is opened {start} hours after noon.")
        prompt = (
            "A tank is empty at noon. The pipes below each work at a constant rate; a pipe that fills adds and a "
            "pipe that drains removes water at that rate, all rates add up, and once opened a pipe stays open.\n"
            + "\n".join(lines)
            + "\nThe water never drops below empty. How many hours after noon is the tank first full? Give the "
            "exact number of hours as an integer or a fraction a/b in lowest terms, for example 37/6."
        )
        answer = str(total.numerator) if total.denominator == 1 else f"{total.numerator}/{total.denominator}"
        return Instance(prompt=prompt, answer=answer, data={"time": [total.numerator, total.denominator]}, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = read_fraction(answer, _UNITS)
        if value != Fraction(*data["time"]):
            return Verdict.wrong(f"the tank is not first full {value} hours after noon")
        return Verdict.right()
