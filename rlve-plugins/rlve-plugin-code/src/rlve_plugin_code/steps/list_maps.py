"""Steps on a list of integers ``xs`` that keep a list (filter, map, reorder, slice...), and the conditions they use."""

from __future__ import annotations

import random

from rlve_plugin_code.steps.base import Shape, Step, Variant

LIMIT = 10**9


def _sign_text(c: int) -> str:
    return f"add {c} to" if c > 0 else f"subtract {-c} from"


# -- predicates: (text, code, function) ---------------------------------------------------------


def predicate(rng: random.Random, shape: Shape) -> tuple[str, str, object, str, object]:
    """A condition on x, with a plausible wrong version: (text, code, fn, bug_code, bug_fn)."""
    kind = rng.choice(
        ["even", "odd", "divisible", "not_divisible", "greater", "less", "at_least", "at_most", "positive"]
    )
    c = rng.randint(2, 5)
    t = rng.randint(-min(shape.bound, 20), min(shape.bound, 20))
    if kind == "even":
        return "even", "x % 2 == 0", lambda x: x % 2 == 0, "x % 2 == 1", lambda x: x % 2 == 1
    if kind == "odd":
        return "odd", "x % 2 == 1", lambda x: x % 2 == 1, "x % 2 == 0", lambda x: x % 2 == 0
    if kind == "divisible":
        return (f"divisible by {c}", f"x % {c} == 0", lambda x: x % c == 0, f"x % {c} != 0", lambda x: x % c != 0)
    if kind == "not_divisible":
        return (f"not divisible by {c}", f"x % {c} != 0", lambda x: x % c != 0, f"x % {c} == 0", lambda x: x % c == 0)
    if kind == "greater":
        return f"greater than {t}", f"x > {t}", lambda x: x > t, f"x >= {t}", lambda x: x >= t
    if kind == "less":
        return f"less than {t}", f"x < {t}", lambda x: x < t, f"x <= {t}", lambda x: x <= t
    if kind == "at_least":
        return f"at least {t}", f"x >= {t}", lambda x: x >= t, f"x > {t}", lambda x: x > t
    if kind == "at_most":
        return f"at most {t}", f"x <= {t}", lambda x: x <= t, f"x < {t}", lambda x: x < t
    return "positive (greater than 0)", "x > 0", lambda x: x > 0, "x >= 0", lambda x: x >= 0


# -- steps that keep a list -----------------------------------------------------------------------


def keep_matching(rng, shape):
    text, code, fn, bug_code, bug_fn = predicate(rng, shape)
    step = Step(
        f"keep only the elements that are {text}",
        f"xs = [x for x in xs if {code}]",
        lambda xs: [x for x in xs if fn(x)],
        (Variant(f"xs = [x for x in xs if {bug_code}]", lambda xs: [x for x in xs if bug_fn(x)]),),
    )
    return step, shape


def remove_matching(rng, shape):
    text, code, fn, bug_code, bug_fn = predicate(rng, shape)
    step = Step(
        f"remove the elements that are {text}",
        f"xs = [x for x in xs if not ({code})]",
        lambda xs: [x for x in xs if not fn(x)],
        (Variant(f"xs = [x for x in xs if {code}]", lambda xs: [x for x in xs if fn(x)]),),
    )
    return step, shape


def add_constant(rng, shape):
    c = rng.choice([-1, 1]) * rng.randint(1, 9)
    if shape.bound + abs(c) > LIMIT:
        return None
    sign = "+" if c > 0 else "-"
    step = Step(
        f"{_sign_text(c)} every element",
        f"xs = [x {sign} {abs(c)} for x in xs]",
        lambda xs: [x + c for x in xs],
        (Variant(f"xs = [x {'-' if c > 0 else '+'} {abs(c)} for x in xs]", lambda xs: [x - c for x in xs]),),
    )
    return step, Shape(shape.bound + abs(c), shape.max_len)


def multiply_constant(rng, shape):
    c = rng.choice([-3, -2, 2, 3, 4, 5])
    if shape.bound * abs(c) > LIMIT:
        return None
    shown = f"({c})" if c < 0 else str(c)
    step = Step(
        f"multiply every element by {c}",
        f"xs = [x * {shown} for x in xs]",
        lambda xs: [x * c for x in xs],
        (Variant(f"xs = [x + {shown} for x in xs]", lambda xs: [x + c for x in xs]),),
    )
    return step, Shape(shape.bound * abs(c), shape.max_len)


def square(rng, shape):
    if shape.bound * shape.bound > LIMIT:
        return None
    step = Step(
        "replace every element by its square",
        "xs = [x * x for x in xs]",
        lambda xs: [x * x for x in xs],
        (Variant("xs = [x * 2 for x in xs]", lambda xs: [x * 2 for x in xs]),),
    )
    return step, Shape(shape.bound * shape.bound, shape.max_len)


def floor_divide(rng, shape):
    c = rng.randint(2, 5)
    step = Step(
        f"replace every element by the quotient of dividing it by {c}, rounded down towards minus infinity "
        f"(as Python's // does: -7 // {c} is {-7 // c})",
        f"xs = [x // {c} for x in xs]",
        lambda xs: [x // c for x in xs],
        (Variant(f"xs = [int(x / {c}) for x in xs]", lambda xs: [int(x / c) for x in xs]),),
    )
    return step, Shape(shape.bound // c + 1, shape.max_len)


def remainder(rng, shape):
    c = rng.randint(3, 9)
    step = Step(
        f"replace every element by its remainder modulo {c}, a number from 0 to {c - 1} even for negative "
        f"elements (as Python's % does: -7 % {c} is {-7 % c})",
        f"xs = [x % {c} for x in xs]",
        lambda xs: [x % c for x in xs],
        (Variant(f"xs = [abs(x) % {c} for x in xs]", lambda xs: [abs(x) % c for x in xs]),),
    )
    return step, Shape(c - 1, shape.max_len)


def absolute(rng, shape):
    step = Step(
        "replace every element by its absolute value",
        "xs = [abs(x) for x in xs]",
        lambda xs: [abs(x) for x in xs],
        (Variant("xs = [max(x, 0) for x in xs]", lambda xs: [max(x, 0) for x in xs]),),
    )
    return step, shape


def clamp(rng, shape):
    low = rng.randint(-min(shape.bound, 15), 0)
    high = low + rng.randint(2, 20)
    step = Step(
        f"clamp every element into the range from {low} to {high}: smaller elements become {low}, "
        f"larger ones become {high}",
        f"xs = [min(max(x, {low}), {high}) for x in xs]",
        lambda xs: [min(max(x, low), high) for x in xs],
        (Variant(f"xs = [max(min(x, {low}), {high}) for x in xs]", lambda xs: [max(min(x, low), high) for x in xs]),),
    )
    return step, Shape(max(abs(low), abs(high)), shape.max_len)


def times_position(rng, shape):
    if shape.bound * shape.max_len > LIMIT:
        return None
    step = Step(
        "multiply each element by its position, counting positions from 1",
        "xs = [x * (i + 1) for i, x in enumerate(xs)]",
        lambda xs: [x * (i + 1) for i, x in enumerate(xs)],
        (Variant("xs = [x * i for i, x in enumerate(xs)]", lambda xs: [x * i for i, x in enumerate(xs)]),),
    )
    return step, Shape(shape.bound * shape.max_len, shape.max_len)


def reverse(rng, shape):
    step = Step(
        "reverse the order of the elements",
        "xs = xs[::-1]",
        lambda xs: xs[::-1],
        (Variant("xs = xs[:-1][::-1]", lambda xs: xs[:-1][::-1]),),
    )
    return step, shape


def sort_ascending(rng, shape):
    step = Step(
        "sort the elements from smallest to largest",
        "xs = sorted(xs)",
        sorted,
        (Variant("xs = sorted(xs, reverse=True)", lambda xs: sorted(xs, reverse=True)),),
    )
    return step, shape


def sort_descending(rng, shape):
    step = Step(
        "sort the elements from largest to smallest",
        "xs = sorted(xs, reverse=True)",
        lambda xs: sorted(xs, reverse=True),
        (Variant("xs = sorted(xs)", sorted),),
    )
    return step, shape


def take_first(rng, shape):
    c = rng.randint(2, max(2, shape.max_len - 1))
    step = Step(
        f"keep only the first {c} elements (all of them if there are fewer)",
        f"xs = xs[:{c}]",
        lambda xs: xs[:c],
        (Variant(f"xs = xs[:{c - 1}]", lambda xs: xs[: c - 1]), Variant(f"xs = xs[{c}:]", lambda xs: xs[c:])),
    )
    return step, Shape(shape.bound, min(shape.max_len, c))


def drop_first(rng, shape):
    c = rng.randint(1, 3)
    step = Step(
        f"remove the first {c} elements (the list becomes empty if it is shorter)"
        if c > 1
        else "remove the first element (an empty list stays empty)",
        f"xs = xs[{c}:]",
        lambda xs: xs[c:],
        (Variant(f"xs = xs[{c + 1}:]", lambda xs: xs[c + 1 :]),),
    )
    return step, shape


def rotate_left(rng, shape):
    c = rng.randint(1, 4)
    step = Step(
        f"rotate the list left by {c} position{'s' if c > 1 else ''}: move the first element to the end, "
        f"{c} time{'s' if c > 1 else ''} (an empty list stays empty)",
        f"xs = xs[{c} % len(xs):] + xs[:{c} % len(xs)] if xs else xs",
        lambda xs: xs[c % len(xs) :] + xs[: c % len(xs)] if xs else xs,
        (
            Variant(
                f"xs = xs[-({c} % len(xs)):] + xs[:-({c} % len(xs))] if xs else xs",
                lambda xs: xs[-(c % len(xs)) :] + xs[: -(c % len(xs))] if xs else xs,
            ),
        ),
    )
    return step, shape


def deduplicate(rng, shape):
    step = Step(
        "remove repeated values, keeping only the first occurrence of each value, in order",
        "xs = list(dict.fromkeys(xs))",
        lambda xs: list(dict.fromkeys(xs)),
        (Variant("xs = sorted(set(xs))", lambda xs: sorted(set(xs))),),
    )
    return step, shape


def even_positions(rng, shape):
    step = Step(
        "keep only the elements at even positions (positions 0, 2, 4, ... counting from 0)",
        "xs = xs[::2]",
        lambda xs: xs[::2],
        (Variant("xs = xs[1::2]", lambda xs: xs[1::2]),),
    )
    return step, shape


def running_total(rng, shape):
    if shape.bound * shape.max_len > LIMIT:
        return None
    step = Step(
        "replace each element by the sum of itself and all the elements before it (a running total)",
        "xs = [sum(xs[:i + 1]) for i in range(len(xs))]",
        lambda xs: [sum(xs[: i + 1]) for i in range(len(xs))],
        (Variant("xs = [sum(xs[:i]) for i in range(len(xs))]", lambda xs: [sum(xs[:i]) for i in range(len(xs))]),),
    )
    return step, Shape(shape.bound * shape.max_len, shape.max_len)


def differences(rng, shape):
    step = Step(
        "replace the list by the differences of neighbouring elements, each element minus the one before it "
        "(the result is one element shorter; a list with fewer than 2 elements becomes empty)",
        "xs = [b - a for a, b in zip(xs, xs[1:])]",
        lambda xs: [b - a for a, b in zip(xs, xs[1:])],
        (Variant("xs = [a - b for a, b in zip(xs, xs[1:])]", lambda xs: [a - b for a, b in zip(xs, xs[1:])]),),
    )
    return step, Shape(2 * shape.bound, max(shape.max_len - 1, 0))


def neighbour_sums(rng, shape):
    step = Step(
        "replace the list by the sums of neighbouring elements, each element plus the one after it "
        "(the result is one element shorter; a list with fewer than 2 elements becomes empty)",
        "xs = [a + b for a, b in zip(xs, xs[1:])]",
        lambda xs: [a + b for a, b in zip(xs, xs[1:])],
        (Variant("xs = [a + b for a, b in zip(xs, xs[2:])]", lambda xs: [a + b for a, b in zip(xs, xs[2:])]),),
    )
    return step, Shape(2 * shape.bound, max(shape.max_len - 1, 0))


def append_value(rng, shape):
    c = rng.randint(-9, 9)
    step = Step(
        f"append the number {c} at the end",
        f"xs = xs + [{c}]",
        lambda xs: xs + [c],
        (Variant(f"xs = [{c}] + xs", lambda xs: [c] + xs),),
    )
    return step, Shape(max(shape.bound, abs(c)), shape.max_len + 1)
