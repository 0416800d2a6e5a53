"""Judging "every solution x in 0..m-1, or none": shared by the congruence-solving environments.

The answer must list each solution once, in any order, and nothing else; ``none`` is right exactly when
there are no solutions. Each wrong answer gets the first reason that applies, in a fixed order.
"""

from __future__ import annotations

from collections.abc import Callable

from rlve import Verdict
from rlve_plugin_math.numbers import digits_of, parse_integers, says_none


def check_solution_set(
    answer: str,
    *,
    count: int,
    modulus: int,
    is_solution: Callable[[int], bool],
    not_a_solution: str,
    has_solutions: str,
) -> Verdict:
    """``count`` solutions in ``0..modulus-1``; ``not_a_solution`` is the reason for a listed non-solution, with
    ``{x}`` standing for it, and ``has_solutions`` the reason when ``none`` is wrong."""
    if says_none(answer):
        return Verdict.right() if count == 0 else Verdict.wrong(has_solutions)
    values = parse_integers(
        answer, max_items=max(count, 1) + 1, max_digits=digits_of(modulus) + 2, names=(("x",),)
    )
    if not values:
        return Verdict.wrong("no solutions listed")
    seen = set()
    for x in values:
        if not 0 <= x < modulus:
            return Verdict.wrong(f"{x} is not between 0 and {modulus - 1}")
        if not is_solution(x):
            return Verdict.wrong(not_a_solution.format(x=x))
        if x in seen:
            return Verdict.wrong(f"{x} is listed twice")
        seen.add(x)
    if len(values) != count:
        return Verdict.wrong(f"there are {count} solutions, {len(values)} listed")
    return Verdict.right()
