"""Steps on a list of integers ``xs``."""

from __future__ import annotations

import math
import random

from rlve_plugin_code.steps.base import Domain, Shape, Step, Variant

#: Numbers never grow past this, so expected values stay readable and cheap.
LIMIT = 10**9


def _sign_text(c: int) -> str:
    return f"add {c} to" if c > 0 else f"subtract {-c} from"


# -- predicates: (text, code, function) ---------------------------------------------------------


def _predicate(rng: random.Random, shape: Shape) -> tuple[str, str, object, str, object]:
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
    text, code, fn, bug_code, bug_fn = _predicate(rng, shape)
    step = Step(
        f"keep only the elements that are {text}",
        f"xs = [x for x in xs if {code}]",
        lambda xs: [x for x in xs if fn(x)],
        (Variant(f"xs = [x for x in xs if {bug_code}]", lambda xs: [x for x in xs if bug_fn(x)]),),
    )
    return step, shape


def remove_matching(rng, shape):
    text, code, fn, bug_code, bug_fn = _predicate(rng, shape)
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


# -- final steps: the list becomes the result --------------------------------------------------------


def total(rng, shape):
    return Step(
        "return the sum of the elements (0 for an empty list)",
        "return sum(xs)",
        sum,
        (Variant("return sum(xs[1:])", lambda xs: sum(xs[1:])),),
        final=True,
    ), shape


def count_matching(rng, shape):
    text, code, fn, bug_code, bug_fn = _predicate(rng, shape)
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


# -- the domain -------------------------------------------------------------------------------------


def value_bound(difficulty: int) -> int:
    return 9 + 3 * min(difficulty, 30)


def list_length(difficulty: int) -> int:
    return 6 + min(difficulty, 30) // 2


def random_list(rng: random.Random, difficulty: int) -> list[int]:
    bound = value_bound(difficulty)
    n = rng.randint(0, list_length(difficulty))
    # Small values half of the time, so that duplicates, ties and divisibility actually occur.
    small = rng.random() < 0.5
    return [rng.randint(-9, 9) if small else rng.randint(-bound, bound) for _ in range(n)]


def edge_lists(difficulty: int) -> list[list[int]]:
    bound = value_bound(difficulty)
    return [[], [0], [bound], [-bound, bound, -1], [3, 3, 3, 3], list(range(-4, 6))]


LISTS = Domain(
    name="list",
    param="xs",
    annotation="list[int]",
    noun="list of integers",
    result_annotations={"list": "list[int]", "int": "int"},
    steps=(
        (0, keep_matching),
        (0, add_constant),
        (0, multiply_constant),
        (0, reverse),
        (0, sort_ascending),
        (2, remove_matching),
        (2, absolute),
        (2, take_first),
        (2, sort_descending),
        (4, square),
        (4, floor_divide),
        (4, remainder),
        (4, drop_first),
        (4, append_value),
        (6, clamp),
        (6, even_positions),
        (6, deduplicate),
        (8, rotate_left),
        (8, running_total),
        (8, differences),
        (10, times_position),
        (10, neighbour_sums),
    ),
    finals=(
        (0, total),
        (0, length),
        (0, largest),
        (2, smallest),
        (2, count_matching),
        (4, distinct_count),
        (6, sum_of_squares),
        (6, alternating_sum),
        (8, position_of_largest),
        (8, count_rises),
        (10, product_modulo),
    ),
    random_input=random_list,
    edge_inputs=edge_lists,
    start_shape=lambda difficulty: Shape(value_bound(difficulty), list_length(difficulty)),
    function_names=("transform", "process", "crunch", "reshape", "digest", "compute"),
)
