"""The list-of-integers domain: its steps (``list_maps``, ``list_finals``), inputs, and when each step appears."""

from __future__ import annotations

import random

from rlve_plugin_code.steps.base import Domain, Shape
from rlve_plugin_code.steps.list_finals import (
    alternating_sum,
    count_matching,
    count_rises,
    distinct_count,
    largest,
    length,
    position_of_largest,
    product_modulo,
    smallest,
    sum_of_squares,
    total,
)
from rlve_plugin_code.steps.list_maps import (
    absolute,
    add_constant,
    append_value,
    clamp,
    deduplicate,
    differences,
    drop_first,
    even_positions,
    floor_divide,
    keep_matching,
    multiply_constant,
    neighbour_sums,
    remainder,
    remove_matching,
    reverse,
    rotate_left,
    running_total,
    sort_ascending,
    sort_descending,
    square,
    take_first,
    times_position,
)


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
