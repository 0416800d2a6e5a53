"""Options and argument types several commands share, so they validate and explain the same way."""

from __future__ import annotations

import click

from rlve.environment import MAX_SEED


class BoundedInt(click.ParamType):
    """An integer in [low, high] whose error message says what is allowed in words."""

    def __init__(self, what: str, low: int, high: int | None):
        self.what, self.low, self.high = what, low, high
        self.name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip(), 10)
            except ValueError:
                self.fail(f"{value!r} is not an integer; {self.allowed()}", param, ctx)
        if number < self.low or (self.high is not None and number > self.high):
            self.fail(f"{number} is out of range; {self.allowed()}", param, ctx)
        return number

    def allowed(self) -> str:
        if self.high is None:
            return f"the {self.what} must be an integer >= {self.low} (there is no upper bound)"
        return f"the {self.what} must be an integer from {self.low} to {self.high}"


DIFFICULTY = BoundedInt("difficulty", 0, None)
SEED = BoundedInt("seed", 0, MAX_SEED)


def difficulty_option(default: int | None = 0) -> click.Option:
    return click.option(
        "--difficulty",
        "-d",
        type=DIFFICULTY,
        default=default,
        show_default=True,
        help="Difficulty level: any integer >= 0 (no upper bound).",
    )


def seed_option() -> click.Option:
    return click.option(
        "--seed",
        "-s",
        type=SEED,
        default=0,
        show_default=True,
        help=f"Seed: an integer from 0 to {MAX_SEED}.",
    )


def env_argument() -> click.Argument:
    return click.argument("env_id", metavar="ENV_ID")
