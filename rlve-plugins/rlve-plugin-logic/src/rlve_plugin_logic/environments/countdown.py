"""logic/countdown: reach a target number from given numbers, each used at most once, with + - * / and brackets.

The target comes from a random expression tree over a random subset of the numbers, so a solution exists;
any expression that uses the numbers within their multiplicities and evaluates exactly to the target scores.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve.scaling import level, slow
from rlve_plugin_logic.expressions import Limits, evaluate

LARGE = (25, 50, 75, 100)
MAX_TRIES = 200


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(numbers given, numbers the generating expression uses, largest small number, largest target).

    The small numbers' range widens at every level (more distinct values, larger products to reason about),
    the count of numbers every five levels; ``size`` is the largest small number, so it grows at every level.
    """
    lvl = level(difficulty)
    given = 3 + slow(lvl, 5, 20)
    used = min(given, 2 + lvl // 4)
    return given, used, 10 + lvl, 100 * (1 + lvl)


def _build(rng: random.Random, values: list[int]) -> tuple[Fraction, str]:
    """A random expression over all of ``values`` (in the given order): its value and fully bracketed text."""
    if len(values) == 1:
        return Fraction(values[0]), str(values[0])
    cut = rng.randint(1, len(values) - 1)
    (a, ta), (b, tb) = _build(rng, values[:cut]), _build(rng, values[cut:])
    ops = ["+", "-", "*"] + (["/"] if b != 0 and (a / b).denominator == 1 else [])
    op = rng.choice(ops)
    value = {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else a}[op]
    # bracket every compound operand, so the text reads back as the same tree
    wrap_a = ta if cut == 1 else f"({ta})"
    wrap_b = tb if len(values) - cut == 1 else f"({tb})"
    text = f"{wrap_a} {op} {wrap_b}"
    return value, text


class Countdown(Environment):
    id = "logic/countdown"
    version = 2
    description = "Combine given numbers (each at most once) with + - * / and brackets to hit a target exactly."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): numbers given 3 + L // 5 (then +1 per 20 levels past "
        "L 100); numbers the generating expression uses 2 + L // 4 (at most all); small numbers up to 10 + L "
        "(the size); target up to 100 (1 + L)"
    )
    size_name = "largest small number"
    answer_format = "one arithmetic expression using the given numbers, for example (25 - 5) * 3 + 7"
    tags = ("logic", "arithmetic", "countdown", "expression")
    max_answer_chars = 2000

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        given, used, small_max, target_max = plan(difficulty)
        numbers = [rng.choice(LARGE) if rng.random() < 0.25 else rng.randint(1, small_max) for _ in range(given)]
        target, reference = 0, ""
        for _ in range(MAX_TRIES):
            chosen = rng.sample(numbers, used)
            value, text = _build(rng, chosen)
            # a whole number in range that is not simply one of the given numbers
            if value.denominator == 1 and 1 <= value <= target_max and int(value) not in numbers:
                target, reference = int(value), text
                break
        else:  # practically unreachable; the sum of the chosen numbers is always a valid target
            chosen = rng.sample(numbers, used)
            target, reference = sum(chosen), " + ".join(map(str, chosen))
        shown = ", ".join(map(str, numbers))
        prompt = (
            f"Numbers: {shown}\nTarget: {target}\n"
            "Write an arithmetic expression that equals the target exactly. Use only the given numbers, each at most "
            "as many times as it appears in the list (you need not use them all), the operations + - * / and "
            "brackets. Division is exact (fractions are allowed along the way); there is no power operator, no "
            "negation sign and no joining of digits into new numbers."
        )
        data = {"numbers": numbers, "target": target}
        return Instance(prompt=prompt, answer=reference, data=data, size=small_max)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        numbers: list[int] = data["numbers"]
        text = answer.strip().strip(".").strip()
        if text.count("=") > 1:
            raise ParseError("more than one '='")
        if "=" in text:  # "expression = target" is fine, if the right side really is the target
            text, claimed = text.split("=")
            if parse_int(claimed.strip(), max_digits=12) != data["target"]:
                raise ParseError("the number after '=' is not the target")
        limits = Limits(max_literals=len(numbers), max_digits=max(len(str(x)) for x in numbers))
        value, literals = evaluate(text, limits)
        missing = Counter(literals) - Counter(numbers)
        if missing:
            extra = sorted(missing)[0]
            return Verdict.wrong(f"uses {extra} more often than it is given")
        if value != data["target"]:
            return Verdict.wrong(f"the expression equals {value}, not {data['target']}")
        return Verdict.right()
