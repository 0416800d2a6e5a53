"""Invertible steps on a list of integers: each with its code, its function and its inverse's code.

Used by code/invert_function: the model sees the forward code and must write the inverse. The inverse
code lines only make the reference answer; the tests need only the forward functions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rlve_plugin_code.steps.list_maps import LIMIT


@dataclass(frozen=True)
class Invertible:
    code: str
    apply: Callable[[list[int]], list[int]]
    inverse: tuple[str, ...]  # lines that undo ``code`` (on ``xs``)
    bound: Callable[[int, int], int]  # (bound, length) -> bound afterwards


def _keep(bound: int, _length: int) -> int:
    return bound


def reverse(rng: random.Random) -> Invertible:
    return Invertible("xs = xs[::-1]", lambda xs: xs[::-1], ("xs = xs[::-1]",), _keep)


def add_constant(rng: random.Random) -> Invertible:
    c = rng.choice([-1, 1]) * rng.randint(1, 9)
    return Invertible(
        f"xs = [x + {c} for x in xs]" if c > 0 else f"xs = [x - {-c} for x in xs]",
        lambda xs: [x + c for x in xs],
        (f"xs = [x - {c} for x in xs]" if c > 0 else f"xs = [x + {-c} for x in xs]",),
        lambda bound, _: bound + abs(c),
    )


def xor_constant(rng: random.Random) -> Invertible:
    c = rng.randint(1, 31)
    return Invertible(
        f"xs = [x ^ {c} for x in xs]",
        lambda xs: [x ^ c for x in xs],
        (f"xs = [x ^ {c} for x in xs]",),
        lambda bound, _: bound + 32,
    )


def negate(rng: random.Random) -> Invertible:
    return Invertible("xs = [-x for x in xs]", lambda xs: [-x for x in xs], ("xs = [-x for x in xs]",), _keep)


def multiply(rng: random.Random) -> Invertible:
    c = rng.choice([-3, -2, 2, 3, 5])
    shown = f"({c})" if c < 0 else str(c)
    return Invertible(
        f"xs = [x * {shown} for x in xs]",
        lambda xs: [x * c for x in xs],
        (f"xs = [x // {shown} for x in xs]",),
        lambda bound, _: bound * abs(c),
    )


def rotate_left(rng: random.Random) -> Invertible:
    c = rng.randint(1, 4)
    return Invertible(
        f"xs = xs[{c} % len(xs):] + xs[:{c} % len(xs)] if xs else xs",
        lambda xs: xs[c % len(xs) :] + xs[: c % len(xs)] if xs else xs,
        (f"xs = xs[len(xs) - {c} % len(xs):] + xs[:len(xs) - {c} % len(xs)] if xs else xs",),
        _keep,
    )


def add_position(rng: random.Random) -> Invertible:
    c = rng.choice([-3, -2, -1, 1, 2, 3])
    plus, minus = ("+", "-") if c > 0 else ("-", "+")
    return Invertible(
        f"xs = [x {plus} {abs(c)} * i for i, x in enumerate(xs)]",
        lambda xs: [x + c * i for i, x in enumerate(xs)],
        (f"xs = [x {minus} {abs(c)} * i for i, x in enumerate(xs)]",),
        lambda bound, length: bound + abs(c) * length,
    )


def running_total(rng: random.Random) -> Invertible:
    return Invertible(
        "xs = [sum(xs[:i + 1]) for i in range(len(xs))]",
        lambda xs: [sum(xs[: i + 1]) for i in range(len(xs))],
        ("xs = [b - a for a, b in zip([0] + xs, xs)]",),
        lambda bound, length: bound * max(length, 1),
    )


def swap_pairs(rng: random.Random) -> Invertible:
    code = "xs = [xs[i ^ 1] if i ^ 1 < len(xs) else xs[i] for i in range(len(xs))]"
    return Invertible(
        code,
        lambda xs: [xs[i ^ 1] if i ^ 1 < len(xs) else xs[i] for i in range(len(xs))],
        (code,),
        _keep,
    )


def evens_then_odds(rng: random.Random) -> Invertible:
    return Invertible(
        "xs = xs[::2] + xs[1::2]",
        lambda xs: xs[::2] + xs[1::2],
        (
            "half = (len(xs) + 1) // 2",
            "xs = [xs[i // 2] if i % 2 == 0 else xs[half + i // 2] for i in range(len(xs))]",
        ),
        _keep,
    )


def add_previous(rng: random.Random) -> Invertible:
    return Invertible(
        "xs = [x + (xs[i - 1] if i > 0 else 0) for i, x in enumerate(xs)]",
        lambda xs: [x + (xs[i - 1] if i > 0 else 0) for i, x in enumerate(xs)],
        (
            "original = []",
            "for i, y in enumerate(xs):",
            "    original.append(y - (original[i - 1] if i > 0 else 0))",
            "xs = original",
        ),
        lambda bound, _: 2 * bound,
    )


def append_total(rng: random.Random) -> Invertible:
    return Invertible(
        "xs = xs + [sum(xs)]",
        lambda xs: xs + [sum(xs)],
        ("xs = xs[:-1]",),
        lambda bound, length: bound * max(length, 1),
    )


def prepend_length(rng: random.Random) -> Invertible:
    return Invertible("xs = [len(xs)] + xs", lambda xs: [len(xs)] + xs, ("xs = xs[1:]",), _keep)


#: (lowest difficulty, factory)
INVERTIBLE = (
    (0, reverse),
    (0, add_constant),
    (0, negate),
    (2, multiply),
    (2, rotate_left),
    (4, xor_constant),
    (4, add_position),
    (6, swap_pairs),
    (6, evens_then_odds),
    (8, running_total),
    (8, add_previous),
    (10, append_total),
    (10, prepend_length),
)


def draw_invertible(rng: random.Random, difficulty: int, count: int, bound: int, length: int) -> list[Invertible]:
    """``count`` steps whose values stay under LIMIT for inputs within ``bound`` and ``length``."""
    factories = [factory for lowest, factory in INVERTIBLE if lowest <= difficulty]
    chosen: list[Invertible] = []
    previous = None
    for _ in range(count):
        for _attempt in range(30):
            factory = rng.choice(factories)
            step = factory(rng)
            grown = step.bound(bound, length + len(chosen))
            if factory is not previous and grown <= LIMIT:
                chosen.append(step)
                bound, previous = grown, factory
                break
    return chosen
