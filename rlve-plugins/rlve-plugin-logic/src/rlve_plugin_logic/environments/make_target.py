"""logic/make_target: the 24 game, generalised: use every given number exactly once to reach the target."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve.scaling import level, slow
from rlve_plugin_logic.expressions import Limits, evaluate


def plan(difficulty: int) -> tuple[int, int]:
    """(numbers, largest number): 3 + L/4 numbers (then one more per 20 levels), each from 1 to 9 + L."""
    lvl = level(difficulty)
    count = 3 + slow(lvl, 4, 20, knee=30)
    return count, 9 + lvl


def _precedence(op: str | None) -> int:
    return 3 if op is None else 2 if op in "*/" else 1


def random_tree(values: list[int], rng: random.Random) -> tuple[Fraction, str, str | None]:
    """A random expression over ``values`` (every one once): value, text with minimal brackets, top operator."""
    if len(values) == 1:
        return Fraction(values[0]), str(values[0]), None
    cut = rng.randint(1, len(values) - 1)
    a, ta, oa = random_tree(values[:cut], rng)
    b, tb, ob = random_tree(values[cut:], rng)
    ops = ["+", "-", "*"] + (["/"] if b != 0 else [])
    op = rng.choice(ops)
    value = {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else a}[op]
    left = ta if _precedence(oa) >= _precedence(op) else f"({ta})"
    # the right operand keeps its brackets unless it binds tighter, or the operator is associative
    tight = _precedence(ob) > _precedence(op) or (_precedence(ob) == _precedence(op) and op in "+*")
    right = tb if tight else f"({tb})"
    return value, f"{left} {op} {right}", op


class MakeTarget(Environment):
    id = "logic/make_target"
    version = 1
    description = "Use every given number exactly once with + - * / and brackets to make the target (the 24 game)."
    difficulty_scales = "numbers: 3 + L/4 (10 at d 30, then one more per 20 levels), each from 1 to 9 + L"
    size_name = "largest number"
    answer_format = "one arithmetic expression that uses every given number exactly once, for example (8 - 2) * 4 + 1"
    tags = ("logic", "arithmetic", "24-game", "expression")
    max_answer_chars = 4000

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, largest = plan(difficulty)
        numbers = sorted(rng.randint(1, largest) for _ in range(count))
        bound = 24 * 10 ** (difficulty // 10 if difficulty <= 30 else 3)
        trivial = {sum(numbers), math.prod(numbers)}
        target, reference = None, ""
        for _try in range(500):
            order = list(numbers)
            rng.shuffle(order)
            value, text, _ = random_tree(order, rng)
            if value.denominator == 1 and 1 <= value <= bound and int(value) not in trivial:
                target, reference = int(value), text
                break
        if target is None:  # practically never: fall back to the sum, which is always reachable
            target, reference = sum(numbers), " + ".join(map(str, numbers))
        prompt = (
            f"Numbers: {', '.join(map(str, numbers))}\nTarget: {target}\n\n"
            "Write an arithmetic expression that equals the target exactly and uses every one of the numbers "
            "exactly once (a number listed twice is used twice). Allowed: + - * / and brackets. Division is exact "
            "(fractions are allowed along the way); there is no power operator, no negation sign and no joining "
            "of digits into new numbers."
        )
        return Instance(prompt=prompt, answer=reference, data={"numbers": numbers, "target": target}, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        numbers, target = data["numbers"], data["target"]
        text = answer.strip().rstrip(".").strip()
        if text.count("=") > 1:
            raise ParseError("more than one '='")
        if "=" in text:  # "expression = target" is fine when the right side is the target
            text, claimed = text.split("=")
            if parse_int(claimed.strip(), max_digits=len(str(target)) + 1) != target:
                raise ParseError("the number after '=' is not the target")
        value, literals = evaluate(text, Limits(max_literals=len(numbers), max_digits=len(str(max(numbers)))))
        used, given = Counter(literals), Counter(numbers)
        if used != given:
            extra = sorted((used - given).elements())
            missing = sorted((given - used).elements())
            if extra:
                return Verdict.wrong(f"uses {extra[0]} more often than it is given")
            return Verdict.wrong(f"does not use {missing[0]}: every number must be used exactly once")
        if value != target:
            return Verdict.wrong(f"the expression equals {value}, not {target}")
        return Verdict.right()
