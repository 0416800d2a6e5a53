"""code/recursion_output: the value a call of generated recursive functions returns.

The functions recurse without memoization (two or three cases: a base case, then one recursive case or one
per parity of n), sometimes on n // 2, sometimes through a second function (mutual recursion). Run as
written they take exponential time; the reference fills a table from n = 0 upwards instead, so the call
argument can grow with the difficulty. Nothing is executed as Python and the answer is only parsed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import taper

#: Without a modulus, no value of the table may exceed this; past it the recursive cases take ``% MODULI``.
LIMIT = 10**5
MODULI = (97, 100, 101, 997, 1000, 1009)
NAMES = ("f", "g")


@dataclass(frozen=True)
class Term:
    """``coefficient * name(n - shift)``, or ``coefficient * name(n // divisor)`` when ``divisor`` is set."""

    coefficient: int
    name: str
    shift: int = 0
    divisor: int = 0

    def argument(self, n: int) -> int:
        return n // self.divisor if self.divisor else n - self.shift


@dataclass(frozen=True)
class Case:
    """A recursive case: the terms, plus ``n_coefficient * n + constant``."""

    terms: tuple[Term, ...]
    n_coefficient: int = 0
    constant: int = 0


@dataclass(frozen=True)
class Function:
    name: str
    threshold: int  # n < threshold is the base case ...
    base_coefficient: int  # ... returning base_coefficient * n + base_constant
    base_constant: int
    rest: Case  # the recursive case, or the odd one when ``even`` is set
    even: Case | None = None


def values(functions: tuple[Function, ...], modulus: int, top: int) -> dict[str, list[int]]:
    """Every function's value at 0..top, from the bottom up: each call's argument is below its own n."""
    table: dict[str, list[int]] = {function.name: [] for function in functions}
    for n in range(top + 1):
        for function in functions:
            if n < function.threshold:
                value = function.base_coefficient * n + function.base_constant
            else:
                case = function.even if function.even is not None and n % 2 == 0 else function.rest
                value = sum(term.coefficient * table[term.name][term.argument(n)] for term in case.terms)
                value += case.n_coefficient * n + case.constant
                if modulus:
                    value %= modulus
            table[function.name].append(value)
    return table


# -- rendering -------------------------------------------------------------------------------------------------


def _signed(parts: list[tuple[int, str]]) -> str:
    """``[(2, "f(n - 1)"), (-1, "n")]`` as ``2 * f(n - 1) - n``."""
    text = ""
    for coefficient, what in parts:
        size = abs(coefficient)
        body = what if size == 1 else f"{size} * {what}"
        if not text:
            text = body if coefficient > 0 else f"-{body}"
        else:
            text += f" + {body}" if coefficient > 0 else f" - {body}"
    return text


def _linear(coefficient: int, constant: int) -> str:
    """``coefficient * n + constant`` as a person writes it: ``n + 3``, ``2 * n``, ``5 - n``, ``4``."""
    if not coefficient:
        return str(constant)
    if coefficient < 0 and constant > 0:
        return f"{constant} - {_signed([(-coefficient, 'n')])}"
    text = _signed([(coefficient, "n")])
    if constant:
        text += f" + {constant}" if constant > 0 else f" - {-constant}"
    return text


def _case(case: Case, modulus: int) -> str:
    parts = []
    for term in case.terms:
        argument = f"n // {term.divisor}" if term.divisor else f"n - {term.shift}"
        parts.append((term.coefficient, f"{term.name}({argument})"))
    if case.n_coefficient:
        parts.append((case.n_coefficient, "n"))
    text = _signed(parts)
    if case.constant:
        text += f" + {case.constant}" if case.constant > 0 else f" - {-case.constant}"
    return f"({text}) % {modulus}" if modulus else text


def render(functions: tuple[Function, ...], modulus: int) -> str:
    blocks = []
    for function in functions:
        lines = [
            f"def {function.name}(n):",
            f"    if n < {function.threshold}:",
            f"        return {_linear(function.base_coefficient, function.base_constant)}",
        ]
        if function.even is not None:
            lines += ["    if n % 2 == 0:", f"        return {_case(function.even, modulus)}"]
        lines.append(f"    return {_case(function.rest, modulus)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n\n".join(blocks)


# -- drawing ---------------------------------------------------------------------------------------------------


def call_argument(difficulty: int) -> int:
    return 4 + 2 * taper(difficulty)


class _Draw:
    def __init__(self, rng: random.Random, difficulty: int):
        self.rng = rng
        self.difficulty = difficulty

    def case(self, threshold: int, names: tuple[str, ...], own: str, split: bool) -> Case:
        """A recursive case; a single call only where the other parity has its own case (``split``)."""
        rng, d = self.rng, self.difficulty
        count = rng.choice(([1] if split else []) + ([2, 2, 3] if d >= 12 else [2, 2]))
        # The calls a term may make: name(n - k) for k up to the threshold, and name(n // 2 or 3) from d=6.
        shifts = [(name, k, 0) for name in names for k in range(1, threshold + 1)]
        halvings = [(name, 0, q) for name in names for q in (2, 3)] if d >= 6 else []
        # The first term calls the function itself on n - k, so every case recurses all the way down.
        calls = [rng.choice([call for call in shifts if call[0] == own])]
        while len(calls) < count:
            pool = halvings if halvings and rng.random() < 0.3 else shifts
            left = [call for call in pool if call not in calls]  # no f(n - 1) + 2 * f(n - 1)
            if not left:
                break
            calls.append(rng.choice(left))
        coefficients = [1, 1, 1, 2, -1, 3] if d >= 2 else [1, 1, 2]
        terms = [Term(rng.choice(coefficients), name, shift, divisor) for name, shift, divisor in calls]
        n_coefficient = rng.choice([0, 0, 1, -1, 2]) if d >= 1 else 0
        constant = rng.choice([0, 0, rng.randint(1, 5), -rng.randint(1, 3)])
        return Case(tuple(terms), n_coefficient, constant)

    def function(self, name: str, names: tuple[str, ...]) -> Function:
        rng, d = self.rng, self.difficulty
        threshold = rng.randint(1, 3) if d >= 4 else 2
        base_coefficient = 0 if threshold == 1 else rng.choice([0, 0, 1, 2, -1]) if d >= 1 else rng.choice([0, 1])
        base_constant = rng.randint(0, 5)
        split = d >= 3 and rng.random() < 0.5
        even = self.case(threshold, names, name, split) if split else None
        rest = self.case(threshold, names, name, split)
        return Function(name, threshold, base_coefficient, base_constant, rest, even)

    def functions(self) -> tuple[Function, ...]:
        names = NAMES if self.difficulty >= 9 and self.rng.random() < 0.5 else NAMES[:1]
        while True:
            drawn = tuple(self.function(name, names) for name in names)
            # With two functions, each calls the other somewhere (mutual recursion).
            if len(drawn) == 1 or all(_calls_another(function) for function in drawn):
                return drawn


def _calls_another(function: Function) -> bool:
    cases = [case for case in (function.rest, function.even) if case is not None]
    return any(term.name != function.name for case in cases for term in case.terms)


class RecursionOutput(Environment):
    id = "code/recursion_output"
    version = 1
    description = "Give the value a call of generated recursive Python functions (no memoization) returns."
    difficulty_scales = (
        "call argument: 4 + 2d (slower past d=30); a case per parity from d=3, calls on n // 2 or n // 3 from d=6, "
        "mutual recursion from d=9, up to three terms from d=12; results taken modulo m once they would grow large"
    )
    size_name = "call argument"
    answer_format = "a single integer"
    tags = ("code", "tracing", "recursion")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = call_argument(difficulty)
        drawer = _Draw(rng, difficulty)
        while True:
            functions = drawer.functions()
            modulus = 0
            table = values(functions, modulus, n)
            if max(abs(value) for column in table.values() for value in column) > LIMIT:
                modulus = rng.choice(MODULI)
                table = values(functions, modulus, n)
            entry = table[NAMES[0]]
            if len(set(entry[functions[0].threshold :])) >= min(3, n - functions[0].threshold + 1):
                break
        value = entry[n]
        prompt = (
            f"Here {'are Python functions' if len(functions) > 1 else 'is a Python function'}:\n\n"
            f"```python\n{render(functions, modulus)}```\n\n"
            f"What does the call f({n}) return? (As written the recursion is slow, since nothing is memoized; "
            "only the value matters.)"
        )
        return Instance(prompt=prompt, answer=str(value), data={"value": value}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_int(answer, max_digits=len(str(abs(data["value"]))) + 2)
        if value != data["value"]:
            return Verdict.wrong(f"the call does not return {value}")
        return Verdict.right()
