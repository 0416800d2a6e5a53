"""Final steps on a list of integers ``xs``: the list becomes the result (a total, a count, the largest...)."""

from __future__ import annotations

import math

from rlve_plugin_code.steps.base import Step, Variant
from rlve_plugin_code.steps.list_maps import predicate


def total(rng, shape):
    return Step(
        "return the sum of the elements (0 for an empty list)",
        "return sum(xs)",
        sum,
        (Variant("return sum(xs[1:])", lambda xs: sum(xs[1:])),),
        final=True,
    ), shape


def count_matching(rng, shape):
    text, code, fn, bug_code, bug_fn = predicate(rng, shape)
    return Step(
        f"return how many elements are {text}",
        f"return sum(1 for x in xs if {code})",
        lambda xs: sum(1 for x in xs if fn(x)),
        (Variant(f"return sum(1 for x in xs if {bug_code})", lambda xs: sum(1 for x in xs if bug_fn(x))),),
        final=True,
    ), shape


def largest(rng, shape):
    return Step(
        "return the largest element (0 for an empty list)",
        "return max(xs, default=0)",
        lambda xs: max(xs, default=0),
        (Variant("return min(xs, default=0)", lambda xs: min(xs, default=0)),),
        final=True,
    ), shape


def smallest(rng, shape):
    return Step(
        "return the smallest element (0 for an empty list)",
        "return min(xs, default=0)",
        lambda xs: min(xs, default=0),
        (Variant("return max(xs, default=0)", lambda xs: max(xs, default=0)),),
        final=True,
    ), shape


def length(rng, shape):
    return Step(
        "return the number of elements",
        "return len(xs)",
        len,
        (Variant("return len(xs) - 1", lambda xs: len(xs) - 1),),
        final=True,
    ), shape


def alternating_sum(rng, shape):
    return Step(
        "return the alternating sum: the first element, minus the second, plus the third, minus the fourth, "
        "and so on (0 for an empty list)",
        "return sum(x if i % 2 == 0 else -x for i, x in enumerate(xs))",
        lambda xs: sum(x if i % 2 == 0 else -x for i, x in enumerate(xs)),
        (
            Variant(
                "return sum(-x if i % 2 == 0 else x for i, x in enumerate(xs))",
                lambda xs: sum(-x if i % 2 == 0 else x for i, x in enumerate(xs)),
            ),
        ),
        final=True,
    ), shape


def distinct_count(rng, shape):
    return Step(
        "return how many different values the list contains",
        "return len(set(xs))",
        lambda xs: len(set(xs)),
        (Variant("return len(xs)", len),),
        final=True,
    ), shape


def position_of_largest(rng, shape):
    return Step(
        "return the position (counting from 0) of the first occurrence of the largest element, or -1 for an empty list",
        "return xs.index(max(xs)) if xs else -1",
        lambda xs: xs.index(max(xs)) if xs else -1,
        (
            Variant(
                "return len(xs) - 1 - xs[::-1].index(max(xs)) if xs else -1",
                lambda xs: len(xs) - 1 - xs[::-1].index(max(xs)) if xs else -1,
            ),
        ),
        final=True,
    ), shape


def count_rises(rng, shape):
    return Step(
        "return how many elements are strictly greater than the element just before them",
        "return sum(1 for a, b in zip(xs, xs[1:]) if a < b)",
        lambda xs: sum(1 for a, b in zip(xs, xs[1:]) if a < b),
        (
            Variant(
                "return sum(1 for a, b in zip(xs, xs[1:]) if a <= b)",
                lambda xs: sum(1 for a, b in zip(xs, xs[1:]) if a <= b),
            ),
        ),
        final=True,
    ), shape


def product_modulo(rng, shape):
    m = rng.choice([7, 10, 11, 13, 97, 100, 1000])
    return Step(
        f"return the product of the elements modulo {m} (the product of an empty list is 1; the result is "
        f"from 0 to {m - 1}, as Python's % gives)",
        f"return math.prod(xs) % {m}",
        lambda xs: math.prod(xs) % m,
        (Variant(f"return math.prod(xs[1:]) % {m}", lambda xs: math.prod(xs[1:]) % m),),
        final=True,
        imports=("math",),
    ), shape


def sum_of_squares(rng, shape):
    return Step(
        "return the sum of the squares of the elements (0 for an empty list)",
        "return sum(x * x for x in xs)",
        lambda xs: sum(x * x for x in xs),
        (Variant("return sum(xs) * sum(xs)", lambda xs: sum(xs) * sum(xs)),),
        final=True,
    ), shape
