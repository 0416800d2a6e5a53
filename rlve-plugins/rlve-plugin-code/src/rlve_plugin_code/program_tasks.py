"""What the program-tracing environments share: settings by difficulty and drawing a program that
runs within its step budget, keeps its numbers readable and does something observable."""

from __future__ import annotations

import random
from collections.abc import Callable

from rlve.scaling import taper
from rlve_plugin_code.programs import OutOfSteps, Program, Run, Settings, draw_program, execute

#: Values a program may reach: tracing is about control flow, not about multiplying huge numbers.
MAX_VALUE = 10**6
ATTEMPTS = 60


def settings(difficulty: int, prints: bool) -> Settings:
    t = taper(difficulty)
    return Settings(
        statements=3 + t,
        variables=min(len("abcdefgh"), 2 + t // 5),
        max_depth=1 + t // 6,
        loops=difficulty >= 2,
        whiles=difficulty >= 8,
        prints=prints,
        max_range=3 + min(t, 30) // 6,
        expression_depth=min(3, 1 + t // 10),
    )


def step_budget(difficulty: int) -> int:
    return 2_000 + 100 * taper(difficulty)


def draw_running_program(
    rng: random.Random,
    difficulty: int,
    prints: bool,
    accept: Callable[[Program, Run], bool],
    params: tuple[str, ...] = (),
    args: tuple[int, ...] = (),
) -> tuple[Program, Run]:
    """A program that finishes within the step budget, stays under MAX_VALUE and satisfies ``accept``.

    When no draw in ATTEMPTS qualifies, the statement count is lowered a little and drawing goes on,
    so generation always ends (in practice the first few draws qualify).
    """
    config = settings(difficulty, prints)
    while True:
        for _ in range(ATTEMPTS):
            program = draw_program(rng, config, params)
            try:
                run = execute(program, args, step_budget(difficulty))
            except OutOfSteps:
                continue
            if run.largest <= MAX_VALUE and accept(program, run):
                return program, run
        config.statements = max(1, config.statements - 1)
        config.max_range = max(2, config.max_range - 1)
